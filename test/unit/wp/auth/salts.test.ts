import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_PHRASE, refusedSalts, resolveAuthKeys, wpHash, type AuthKeys } from '../../../../src/wp/auth/salts.js';

const KEYS: AuthKeys = {
  auth: { key: 'ak', salt: 'as' },
  logged_in: { key: 'lk', salt: 'ls' },
  nonce: { key: 'nk', salt: 'ns' },
};

describe('wp_salt() and wp_hash()', () => {
  it('hashes with HMAC-MD5 keyed by key . salt of the scheme', () => {
    // hash_hmac('md5', 'data', 'lkls') in PHP; node:crypto's HMAC-MD5 gives the same.
    expect(wpHash(KEYS, 'data', 'logged_in')).toBe('fc49126786f0c0f29b76fe8a72fc9319');
    expect(wpHash(KEYS, 'data', 'logged_in')).not.toBe(wpHash(KEYS, 'data', 'nonce'));
  });

  it('refuses the sample placeholder and values shared by two constants', () => {
    const keys: AuthKeys = { ...KEYS, auth: { key: PLACEHOLDER_PHRASE, salt: 'same' }, nonce: { key: 'same', salt: 'ns' } };
    expect(refusedSalts(keys).sort()).toEqual(['auth_key', 'auth_salt', 'nonce_key']);
    expect(refusedSalts(KEYS)).toEqual([]);
  });

  it('takes refused values from the database options, and never an empty key', () => {
    const keys: AuthKeys = { ...KEYS, logged_in: { key: PLACEHOLDER_PHRASE, salt: 'ls' } };
    expect(resolveAuthKeys(keys, new Map([['logged_in_key', 'from-db']])).logged_in).toEqual({ key: 'from-db', salt: 'ls' });
    const missing = resolveAuthKeys(keys, new Map()).logged_in.key;
    expect(missing).not.toBe('');
    expect(missing).not.toBe(PLACEHOLDER_PHRASE);
  });
});
