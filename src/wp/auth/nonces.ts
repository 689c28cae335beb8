import { isPhpEmpty } from '../php/php-empty.js';
import { hashEquals } from './password-hashes.js';
import { wpHash, type AuthKeys } from './salts.js';

/*
 * WordPress nonces (wp_create_nonce / wp_verify_nonce): ten hex characters of
 * wp_hash(tick|action|uid|session token, 'nonce'), valid for the current half-day tick and the
 * one before it. The REST API's action is `wp_rest`.
 */

export const REST_NONCE_ACTION = 'wp_rest';

/** The `nonce_life` WordPress uses unless a plugin filters it: one day. */
export const NONCE_LIFE_SECONDS = 86_400;

/** wp_nonce_tick: which half of the nonce life `nowSeconds` falls in. */
export function nonceTick(nowSeconds: number): number {
  return Math.ceil(nowSeconds / (NONCE_LIFE_SECONDS / 2));
}

function nonceFor(keys: AuthKeys, tick: number, action: string, userId: number, token: string): string {
  return wpHash(keys, `${tick}|${action}|${userId}|${token}`, 'nonce').slice(-12, -2);
}

/** wp_create_nonce for the given user and session token at `nowSeconds`. */
export function createNonce(keys: AuthKeys, action: string, userId: number, token: string, nowSeconds: number): string {
  return nonceFor(keys, nonceTick(nowSeconds), action, userId, token);
}

/**
 * wp_verify_nonce: 1 when made in the current tick, 2 in the previous one, false otherwise
 * (a nonce PHP calls empty, `''` or `'0'`, never verifies).
 */
export function verifyNonce(
  keys: AuthKeys,
  nonce: string,
  action: string,
  userId: number,
  token: string,
  nowSeconds: number,
): 1 | 2 | false {
  if (isPhpEmpty(nonce)) return false;
  const tick = nonceTick(nowSeconds);
  if (hashEquals(nonceFor(keys, tick, action, userId, token), nonce)) return 1;
  if (hashEquals(nonceFor(keys, tick - 1, action, userId, token), nonce)) return 2;
  return false;
}
