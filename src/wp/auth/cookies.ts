import { createHash, createHmac } from 'node:crypto';
import { phpUrldecode } from '../php/php-values.js';
import { hashEquals } from './password-hashes.js';
import { wpHash, type AuthKeys } from './salts.js';

/*
 * WordPress's authentication cookies (wp-includes/pluggable.php): `user_login|expiration|token|hmac`
 * where hmac = HMAC-SHA256(login|expiration|token) keyed with wp_hash(login|frag|expiration|token,
 * scheme), frag being four characters of the user's password hash, so a password change logs
 * every session out.
 */

export type CookieScheme = 'auth' | 'logged_in';

export interface AuthCookie {
  username: string;
  expiration: string;
  token: string;
  hmac: string;
}

/** COOKIEHASH: md5 of the `siteurl` option as stored. */
export function cookieHash(siteUrlOption: string): string {
  return createHash('md5').update(siteUrlOption, 'utf8').digest('hex');
}

/** LOGGED_IN_COOKIE: sent with every request to the site, /wp-json included. */
export function loggedInCookieName(siteUrlOption: string): string {
  return `wordpress_logged_in_${cookieHash(siteUrlOption)}`;
}

/** AUTH_COOKIE of a site served over HTTP (WordPress scopes it to /wp-admin and the plugins path). */
export function authCookieName(siteUrlOption: string): string {
  return `wordpress_${cookieHash(siteUrlOption)}`;
}

/**
 * $_COOKIE as PHP builds it from a Cookie header: pairs split on `;`, values URL-decoded, and
 * the first of two cookies with the same name kept.
 */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const pair = part.replace(/^[\s]+/, '');
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (name === '' || cookies.has(name)) continue;
    cookies.set(name, equals === -1 ? '' : phpUrldecode(pair.slice(equals + 1)));
  }
  return cookies;
}

/** wp_parse_auth_cookie: exactly four `|`-separated parts, or undefined. */
export function parseAuthCookie(value: string | undefined): AuthCookie | undefined {
  if (!value) return undefined;
  const parts = value.split('|');
  if (parts.length !== 4) return undefined;
  const [username, expiration, token, hmac] = parts as [string, string, string, string];
  return { username, expiration, token, hmac };
}

/**
 * The four characters of the password hash a cookie is bound to: from offset 8 for phpass and
 * plain bcrypt hashes (as before WordPress 6.8), the last four for any other format.
 */
export function passwordFragment(userPass: string): string {
  if (userPass.startsWith('$P$') || userPass.startsWith('$2y$')) return userPass.slice(8, 12);
  return userPass.slice(-4);
}

/** The hmac wp_generate_auth_cookie puts in a cookie for this user, expiration and token. */
export function authCookieHmac(
  keys: AuthKeys,
  scheme: CookieScheme,
  user: { user_login: string; user_pass: string },
  expiration: string,
  token: string,
): string {
  const key = wpHash(keys, `${user.user_login}|${passwordFragment(user.user_pass)}|${expiration}|${token}`, scheme);
  return createHmac('sha256', key).update(`${user.user_login}|${expiration}|${token}`, 'utf8').digest('hex');
}

/**
 * The hmac check of wp_validate_auth_cookie, for the user found by the cookie's login: whether
 * the cookie carries the hmac this user's current password hash gives. WordPress hashes the login
 * as the cookie spells it (the database lookup ignored case).
 */
export function hasGenuineHmac(
  keys: AuthKeys,
  scheme: CookieScheme,
  cookie: AuthCookie,
  user: { user_login: string; user_pass: string },
): boolean {
  const expected = authCookieHmac(keys, scheme, { ...user, user_login: cookie.username }, cookie.expiration, cookie.token);
  return hashEquals(expected, cookie.hmac);
}
