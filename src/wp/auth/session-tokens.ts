import { createHash } from 'node:crypto';
import { maybeUnserialize } from '../php/php-values.js';

/*
 * WP_User_Meta_Session_Tokens: a user's sessions live in the `session_tokens` user meta, a
 * PHP-serialized array keyed by sha256(token) whose values hold at least `expiration`.
 */

/** WP_Session_Tokens::hash_token. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * WP_Session_Tokens::verify: whether the stored sessions (the raw `session_tokens` meta value)
 * hold this token with an expiration not yet passed. Old sessions stored as a bare expiration
 * integer count too (prepare_session).
 */
export function isSessionTokenValid(sessionsMeta: string | undefined, token: string, nowSeconds: number): boolean {
  if (sessionsMeta === undefined) return false;
  const sessions = maybeUnserialize(sessionsMeta);
  if (typeof sessions !== 'object' || sessions === null) return false;
  const session = (sessions as Record<string, unknown>)[hashSessionToken(token)];
  const expiration =
    typeof session === 'number' ? session : (session as Record<string, unknown> | null | undefined)?.expiration;
  // is_still_valid: `$session['expiration'] >= time()`; PHP compares a numeric string as a number.
  const seconds = typeof expiration === 'number' ? expiration : Number(expiration);
  return expiration !== undefined && expiration !== null && Number.isFinite(seconds) && seconds >= nowSeconds;
}
