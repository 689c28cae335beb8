import { describe, expect, it } from 'vitest';
import {
  hashEquals,
  phpassCheckPassword,
  wpCheckPassword,
  wpFastHash,
  wpVerifyFastHash,
} from '../../../../src/wp/auth/password-hashes.js';
import { phpassCryptPrivate } from '../../../../src/wp/auth/phpass.js';
import { AUTH_VECTORS, type PasswordHashVector } from './vectors.js';

const VECTORS = AUTH_VECTORS.password_hashes;

/** How WordPress checks each format: user-password hashes by wp_check_password, fast hashes by wp_verify_fast_hash. */
function verifierFor(vector: PasswordHashVector): (password: string, hash: string) => Promise<boolean> {
  return vector.format === 'generic-blake2b' ? wpVerifyFastHash : wpCheckPassword;
}

describe('password hashes: every WordPress-made vector gives the answer WordPress gave', () => {
  it('has vectors of every format, both verifying and not', () => {
    const formats = new Set(VECTORS.map((vector) => vector.format));
    expect([...formats].sort()).toEqual(['generic-blake2b', 'legacy-md5', 'phpass', 'plain-bcrypt', 'wp-bcrypt']);
    expect(VECTORS.some((vector) => !vector.verifies)).toBe(true);
  });

  for (const vector of VECTORS) {
    it(`${vector.format} ${JSON.stringify(vector.password)} -> ${vector.verifies}`, async () => {
      expect(await verifierFor(vector)(vector.password, vector.hash)).toBe(vector.verifies);
    });
  }

  it('wp_fast_hash reproduces every $generic$ hash byte for byte', () => {
    for (const vector of VECTORS.filter((item) => item.format === 'generic-blake2b' && item.verifies)) {
      expect(wpFastHash(vector.password)).toBe(vector.hash);
    }
  });

  it('phpass crypt_private reproduces every $P$ hash from its own setting', () => {
    for (const vector of VECTORS.filter((item) => item.format === 'phpass' && item.verifies)) {
      expect(phpassCryptPrivate(vector.password, vector.hash)).toBe(vector.hash);
    }
  });
});

describe('application password hashes (wp_verify_fast_hash, WP_Application_Passwords::check_password)', () => {
  const correct = 'correct horse battery staple';
  const hashOf = (format: PasswordHashVector['format']) =>
    VECTORS.find((vector) => vector.format === format && vector.password === correct)!.hash;

  it('accepts $generic$ (6.8+), $P$ (5.6 to 6.7) and plain bcrypt hashes', async () => {
    expect(await wpVerifyFastHash(correct, hashOf('generic-blake2b'))).toBe(true);
    expect(await wpVerifyFastHash(correct, hashOf('phpass'))).toBe(true);
    expect(await wpVerifyFastHash(correct, hashOf('plain-bcrypt'))).toBe(true);
  });

  it('never matches a $wp$ user-password hash or an MD5, which phpass cannot check', async () => {
    expect(await wpVerifyFastHash(correct, hashOf('wp-bcrypt'))).toBe(false);
    expect(await wpVerifyFastHash(correct, hashOf('legacy-md5'))).toBe(false);
  });

  it('rejects a wrong password in each accepted format', async () => {
    for (const format of ['generic-blake2b', 'phpass', 'plain-bcrypt'] as const) {
      expect(await wpVerifyFastHash(`${correct}!`, hashOf(format))).toBe(false);
    }
  });
});

describe('malformed and hostile input', () => {
  it('answers false, never throws, for hashes of no known format', async () => {
    for (const hash of ['', '$generic$', '$P$', '$P$Bshort', '$2y$10$tooShort', '$wp$2y$10$x', '$argon2id$v=19$m=65536', '*0']) {
      await expect(wpVerifyFastHash('password', hash)).resolves.toBe(false);
      await expect(wpCheckPassword('password', hash)).resolves.toBe(false);
    }
  });

  it('refuses passwords longer than 4096 bytes, as phpass and wp_check_password do', async () => {
    const long = 'a'.repeat(4097);
    const phpass = VECTORS.find((vector) => vector.format === 'phpass')!.hash;
    expect(await phpassCheckPassword(long, phpass)).toBe(false);
    expect(await wpCheckPassword(long, '$wp$2y$10$QYUIJ5JAjNlp2dkOzRpjH.bdsd2hpRBDVUvQ9LbIGykUwt4ze7U2.')).toBe(false);
  });

  it('compares hashes by value only when lengths agree', () => {
    expect(hashEquals('abc', 'abc')).toBe(true);
    expect(hashEquals('abc', 'abd')).toBe(false);
    expect(hashEquals('abc', 'abcd')).toBe(false);
  });
});
