import { createHash } from 'node:crypto';

/*
 * The portable hashes of the phpass library WordPress bundles (wp-includes/class-phpass.php,
 * `new PasswordHash( 8, true )`): `$P$` (and phpBB's `$H$`), salted MD5 iterated 2^n times.
 * WordPress wrote these for user passwords before 6.8 and for application passwords from 5.6
 * to 6.8; they still verify.
 */

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** phpass refuses longer passwords outright (a denial-of-service guard). */
export const PHPASS_MAX_PASSWORD_BYTES = 4096;

function md5(...parts: Buffer[]): Buffer {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** PasswordHash::encode64: phpass's own little-endian base64 over `count` bytes. */
function encode64(input: Buffer, count: number): string {
  let output = '';
  let i = 0;
  do {
    let value = input[i++]!;
    output += ITOA64[value & 0x3f];
    if (i < count) value |= input[i]! << 8;
    output += ITOA64[(value >> 6) & 0x3f];
    if (i++ >= count) break;
    if (i < count) value |= input[i]! << 16;
    output += ITOA64[(value >> 12) & 0x3f];
    if (i++ >= count) break;
    output += ITOA64[(value >> 18) & 0x3f];
  } while (i < count);
  return output;
}

/**
 * PasswordHash::crypt_private: the portable hash of `password` with the salt and cost of
 * `setting` (a stored hash). Returns phpass's failure markers `*0` / `*1` for a setting that is
 * not a portable hash, as PHP does, so a caller can tell and fall back to crypt().
 */
export function phpassCryptPrivate(password: string, setting: string): string {
  const failure = setting.startsWith('*0') ? '*1' : '*0';
  const id = setting.slice(0, 3);
  if (id !== '$P$' && id !== '$H$') return failure;
  const countLog2 = ITOA64.indexOf(setting.charAt(3));
  if (countLog2 < 7 || countLog2 > 30) return failure;
  const salt = setting.slice(4, 12);
  if (salt.length !== 8) return failure;

  const secret = Buffer.from(password, 'utf8');
  let hash = md5(Buffer.from(salt, 'latin1'), secret);
  for (let count = 2 ** countLog2; count > 0; count -= 1) hash = md5(hash, secret);
  return setting.slice(0, 12) + encode64(hash, 16);
}
