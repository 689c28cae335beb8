import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** fixtures/auth-vectors.json: hashes, a logged-in cookie and a REST nonce made by WordPress 7.1. */

export interface PasswordHashVector {
  password: string;
  format: 'phpass' | 'wp-bcrypt' | 'generic-blake2b' | 'legacy-md5' | 'plain-bcrypt';
  hash: string;
  verifies: boolean;
}

export interface LoggedInCookieVector {
  keys_and_salts: Record<'AUTH_KEY' | 'AUTH_SALT' | 'LOGGED_IN_KEY' | 'LOGGED_IN_SALT' | 'NONCE_KEY' | 'NONCE_SALT', string>;
  user: { ID: number; user_login: string; user_pass: string };
  session_tokens_usermeta: string;
  token: string;
  expiration: number;
  logged_in_cookie_name: string;
  logged_in_cookie_value: string;
  nonce_action: string;
  nonce_tick: number;
  nonce_life_seconds: number;
  nonce: string;
}

interface AuthVectors {
  password_hashes: PasswordHashVector[];
  logged_in_cookie: LoggedInCookieVector;
}

const FILE = fileURLToPath(new URL('../../../../fixtures/auth-vectors.json', import.meta.url));

export const AUTH_VECTORS: AuthVectors = JSON.parse(readFileSync(FILE, 'utf8')) as AuthVectors;

/** The reference site's `siteurl` option, which names the cookie. */
export const REFERENCE_SITE_URL = 'http://127.0.0.1:8080';

/** An instant inside the nonce's tick: tick = ceil(t / (life / 2)). */
export function secondsInTick(tick: number, lifeSeconds: number): number {
  return tick * (lifeSeconds / 2) - 60;
}
