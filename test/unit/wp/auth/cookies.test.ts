import { describe, expect, it } from 'vitest';
import {
  authCookieHmac,
  hasGenuineHmac,
  loggedInCookieName,
  parseAuthCookie,
  parseCookieHeader,
  passwordFragment,
} from '../../../../src/wp/auth/cookies.js';
import { createNonce, nonceTick, verifyNonce } from '../../../../src/wp/auth/nonces.js';
import type { AuthKeys } from '../../../../src/wp/auth/salts.js';
import { hashSessionToken, isSessionTokenValid } from '../../../../src/wp/auth/session-tokens.js';
import { AUTH_VECTORS, REFERENCE_SITE_URL, secondsInTick } from './vectors.js';

const vector = AUTH_VECTORS.logged_in_cookie;
const salts = vector.keys_and_salts;
const KEYS: AuthKeys = {
  auth: { key: salts.AUTH_KEY, salt: salts.AUTH_SALT },
  logged_in: { key: salts.LOGGED_IN_KEY, salt: salts.LOGGED_IN_SALT },
  nonce: { key: salts.NONCE_KEY, salt: salts.NONCE_SALT },
};
const IN_TICK = secondsInTick(vector.nonce_tick, vector.nonce_life_seconds);

describe('logged-in cookie (WordPress vector)', () => {
  const cookie = parseAuthCookie(vector.logged_in_cookie_value)!;

  it('is named wordpress_logged_in_ + md5(siteurl)', () => {
    expect(loggedInCookieName(REFERENCE_SITE_URL)).toBe(vector.logged_in_cookie_name);
  });

  it('parses into login, expiration, token and hmac', () => {
    expect(cookie).toEqual({
      username: vector.user.user_login,
      expiration: String(vector.expiration),
      token: vector.token,
      hmac: vector.logged_in_cookie_value.split('|')[3],
    });
  });

  it('carries the hmac WordPress computes with the logged-in key and salt', () => {
    expect(authCookieHmac(KEYS, 'logged_in', vector.user, cookie.expiration, cookie.token)).toBe(cookie.hmac);
    expect(hasGenuineHmac(KEYS, 'logged_in', cookie, vector.user)).toBe(true);
  });

  it('stops matching when the password hash, the scheme, the keys or any part changes', () => {
    const otherPass = { ...vector.user, user_pass: `${vector.user.user_pass.slice(0, -4)}AAAA` };
    expect(hasGenuineHmac(KEYS, 'logged_in', cookie, otherPass)).toBe(false);
    expect(hasGenuineHmac(KEYS, 'auth', cookie, vector.user)).toBe(false);
    const otherKeys = { ...KEYS, logged_in: { key: KEYS.logged_in.key, salt: 'x' } };
    expect(hasGenuineHmac(otherKeys, 'logged_in', cookie, vector.user)).toBe(false);
    expect(hasGenuineHmac(KEYS, 'logged_in', { ...cookie, expiration: String(vector.expiration + 1) }, vector.user)).toBe(false);
    expect(hasGenuineHmac(KEYS, 'logged_in', { ...cookie, token: `${cookie.token}x` }, vector.user)).toBe(false);
  });

  it('binds to the last four characters of a $wp$ hash, to offset 8 of phpass and plain bcrypt hashes', () => {
    expect(passwordFragment('$wp$2y$10$Imt/A1LyfK.k9vTkniH0T.5zvtwQxh3vD8Fm5Fot4SzXjiI5Os5ra')).toBe('s5ra');
    expect(passwordFragment('$P$BE2qfminxiuQLxGok1hevSNAa5UHpv1')).toBe('minx');
    expect(passwordFragment('$2y$10$uE.e7m0j4PLFZ2ITx6Buc.Qx.uVbmpQCH1M9Q5YLZbQeG177Oo6Uq')).toBe('E.e7');
  });

  it('is malformed unless it has exactly four parts', () => {
    expect(parseAuthCookie('admin|1|token')).toBeUndefined();
    expect(parseAuthCookie('admin|1|token|hmac|extra')).toBeUndefined();
    expect(parseAuthCookie('')).toBeUndefined();
  });
});

describe('session tokens (WordPress vector)', () => {
  it('stores sessions under sha256(token)', () => {
    expect(vector.session_tokens_usermeta).toContain(hashSessionToken(vector.token));
  });

  it('accepts the token until its expiration, inclusive', () => {
    expect(isSessionTokenValid(vector.session_tokens_usermeta, vector.token, vector.expiration)).toBe(true);
    expect(isSessionTokenValid(vector.session_tokens_usermeta, vector.token, vector.expiration + 1)).toBe(false);
  });

  it('refuses other tokens, a missing meta and garbage', () => {
    expect(isSessionTokenValid(vector.session_tokens_usermeta, `${vector.token}x`, IN_TICK)).toBe(false);
    expect(isSessionTokenValid(undefined, vector.token, IN_TICK)).toBe(false);
    expect(isSessionTokenValid('a:1:{i:0;', vector.token, IN_TICK)).toBe(false);
    expect(isSessionTokenValid('not serialized', vector.token, IN_TICK)).toBe(false);
  });

  it('accepts the old format, where a session is its bare expiration', () => {
    const meta = `a:1:{s:64:"${hashSessionToken('abc')}";i:2000000000;}`;
    expect(isSessionTokenValid(meta, 'abc', 1999999999)).toBe(true);
  });
});

describe('REST nonce (WordPress vector)', () => {
  it('falls in the recorded tick', () => {
    expect(nonceTick(IN_TICK)).toBe(vector.nonce_tick);
  });

  it('is the nonce WordPress made for user 1 and the cookie session', () => {
    expect(createNonce(KEYS, vector.nonce_action, vector.user.ID, vector.token, IN_TICK)).toBe(vector.nonce);
    expect(verifyNonce(KEYS, vector.nonce, vector.nonce_action, vector.user.ID, vector.token, IN_TICK)).toBe(1);
  });

  it('stays valid through the next tick (answer 2), not the one after', () => {
    const halfLife = vector.nonce_life_seconds / 2;
    expect(verifyNonce(KEYS, vector.nonce, 'wp_rest', 1, vector.token, IN_TICK + halfLife)).toBe(2);
    expect(verifyNonce(KEYS, vector.nonce, 'wp_rest', 1, vector.token, IN_TICK + 2 * halfLife)).toBe(false);
  });

  it('fails for another user, session, action, an altered nonce, or one PHP calls empty', () => {
    expect(verifyNonce(KEYS, vector.nonce, 'wp_rest', 0, vector.token, IN_TICK)).toBe(false);
    expect(verifyNonce(KEYS, vector.nonce, 'wp_rest', 1, '', IN_TICK)).toBe(false);
    expect(verifyNonce(KEYS, vector.nonce, 'other', 1, vector.token, IN_TICK)).toBe(false);
    expect(verifyNonce(KEYS, vector.nonce.replace(/.$/, '0'), 'wp_rest', 1, vector.token, IN_TICK)).toBe(false);
    expect(verifyNonce(KEYS, '', 'wp_rest', 1, vector.token, IN_TICK)).toBe(false);
    expect(verifyNonce(KEYS, '0', 'wp_rest', 1, vector.token, IN_TICK)).toBe(false);
  });
});

describe('Cookie header as PHP reads it into $_COOKIE', () => {
  it('URL-decodes values (WordPress sends `|` as %7C) and keeps the first of repeated names', () => {
    const cookies = parseCookieHeader('a=1; wordpress_logged_in_x=admin%7C1%7Ct%7Ch; a=2;b=x+y');
    expect(cookies.get('wordpress_logged_in_x')).toBe('admin|1|t|h');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('b')).toBe('x y');
  });

  it('survives malformed escapes and empty headers', () => {
    expect(parseCookieHeader('c=%E0%A4%A; d').get('c')).toBe('%E0%A4%A'.replace('%E0%A4', '\ufffd'));
    expect(parseCookieHeader(undefined).size).toBe(0);
    expect(parseCookieHeader('').size).toBe(0);
  });
});
