import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { blake2b } from '@noble/hashes/blake2.js';
import bcrypt from 'bcryptjs';
import { PHPASS_MAX_PASSWORD_BYTES, phpassCryptPrivate } from './phpass.js';

/*
 * WordPress's password hash formats and how it checks each (wp-includes/pluggable.php and
 * functions.php, WordPress 6.8+):
 *   `$generic$...`   wp_fast_hash: keyed BLAKE2b, what application passwords get since 6.8
 *   `$wp$2y$...`     wp_hash_password since 6.8: bcrypt over base64(HMAC-SHA384(password))
 *   `$P$...`         phpass portable hashes: user passwords before 6.8, app passwords 5.6-6.7
 *   `$2y$...`        plain bcrypt (password_hash), as bcrypt plugins wrote before 6.8
 *   32 hex digits    plain MD5 from WordPress 2.4 and older
 */

/** The key wp_fast_hash gives sodium_crypto_generichash, and its digest length. */
const FAST_HASH_KEY = new TextEncoder().encode('wp_fast_hash_6.8+');
const FAST_HASH_BYTES = 30;
export const FAST_HASH_PREFIX = '$generic$';

/** wp_hash_password's pre-hash key: bcrypt sees base64(HMAC-SHA384(password, 'wp-sha384')). */
const BCRYPT_PREHASH_KEY = 'wp-sha384';

/** PHP's hash_equals: constant time over equal lengths (a length difference shows, as in PHP). */
export function hashEquals(known: string, supplied: string): boolean {
  const a = Buffer.from(known, 'utf8');
  const b = Buffer.from(supplied, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** wp_fast_hash: `$generic$` + URL-safe unpadded base64 of a keyed 30-byte BLAKE2b digest. */
export function wpFastHash(message: string): string {
  const digest = blake2b(new TextEncoder().encode(message), { key: FAST_HASH_KEY, dkLen: FAST_HASH_BYTES });
  return FAST_HASH_PREFIX + Buffer.from(digest).toString('base64url');
}

/** password_verify for the bcrypt family; false for a malformed hash or another algorithm. */
async function bcryptVerify(password: string, hash: string): Promise<boolean> {
  if (!/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/**
 * PasswordHash::CheckPassword (phpass, portable mode): a `$P$` / `$H$` hash is recomputed;
 * anything else goes to PHP's crypt(), of which only bcrypt is reproduced here (DES and MD5-crypt
 * hashes never came out of WordPress).
 */
export async function phpassCheckPassword(password: string, storedHash: string): Promise<boolean> {
  if (Buffer.byteLength(password, 'utf8') > PHPASS_MAX_PASSWORD_BYTES) return false;
  const computed = phpassCryptPrivate(password, storedHash);
  if (computed.startsWith('*')) return bcryptVerify(password, storedHash);
  return hashEquals(computed, storedHash);
}

/**
 * wp_verify_fast_hash, which WP_Application_Passwords::check_password is: a `$generic$` hash is
 * recomputed; any other goes to phpass's CheckPassword (so `$P$` and plain bcrypt verify, while
 * a `$wp$` or MD5 hash never matches an application password, as in WordPress).
 */
export async function wpVerifyFastHash(message: string, hash: string): Promise<boolean> {
  if (!hash.startsWith(FAST_HASH_PREFIX)) return phpassCheckPassword(message, hash);
  return hashEquals(hash, wpFastHash(message));
}

/**
 * wp_check_password (WordPress 6.8+), how user passwords are checked: MD5 for short hashes, the
 * `$wp` pre-hashed bcrypt, phpass for `$P$`, and password_verify for anything else.
 */
export async function wpCheckPassword(password: string, hash: string): Promise<boolean> {
  if (hash.length <= 32) return hashEquals(hash, createHash('md5').update(password, 'utf8').digest('hex'));
  if (Buffer.byteLength(password, 'utf8') > PHPASS_MAX_PASSWORD_BYTES) return false;
  if (hash.startsWith('$wp')) {
    const prehashed = createHmac('sha384', BCRYPT_PREHASH_KEY).update(password, 'utf8').digest('base64');
    return bcryptVerify(prehashed, hash.slice(3));
  }
  if (hash.startsWith('$P$')) return phpassCheckPassword(password, hash);
  return bcryptVerify(password, hash);
}
