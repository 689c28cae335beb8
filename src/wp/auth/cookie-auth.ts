import type { Db } from '../../db/create-db.js';
import { UserMeta } from '../constants.js';
import { phpIntval } from '../php/php-values.js';
import { capabilitiesMetaKey } from './roles.js';
import { selectUserByLogin, selectUserMeta } from './users.repository.js';
import type { SignedInUser } from './application-password-auth.js';
import { hasGenuineHmac, parseAuthCookie, type CookieScheme } from './cookies.js';
import type { AuthKeys } from './salts.js';
import { isSessionTokenValid } from './session-tokens.js';
import { sanitizeLogin } from './user-names.js';

export interface AuthCookieRequest {
  keys: AuthKeys;
  scheme: CookieScheme;
  /** The cookie's value as PHP decoded it. */
  value: string | undefined;
  tablePrefix: string;
  nowSeconds: number;
  method: string;
}

/** `(int) $expiration`: the cookie's leading number (`1e3` is 1000), 0 when there is none. */
function expirationSeconds(expiration: string): number {
  return phpIntval(expiration);
}

/**
 * wp_validate_auth_cookie: the signed-in user when the cookie is well formed, not expired (POST
 * gets an hour's grace), names an existing user, carries the hmac this user's password hash gives,
 * and its session token is among the user's live `session_tokens`; undefined otherwise.
 */
export async function validateAuthCookie(db: Db, request: AuthCookieRequest): Promise<SignedInUser | undefined> {
  const cookie = parseAuthCookie(request.value);
  if (!cookie) return undefined;
  const grace = request.method === 'POST' ? 3600 : 0;
  if (expirationSeconds(cookie.expiration) + grace < request.nowSeconds) return undefined;
  const login = sanitizeLogin(cookie.username);
  const user = login === undefined ? undefined : await selectUserByLogin(db, login);
  if (!user) return undefined;
  if (!hasGenuineHmac(request.keys, request.scheme, cookie, user)) return undefined;
  const capabilitiesKey = capabilitiesMetaKey(request.tablePrefix);
  const meta = await selectUserMeta(db, user.ID, [UserMeta.sessionTokens, capabilitiesKey]);
  if (!isSessionTokenValid(meta.get(UserMeta.sessionTokens), cookie.token, request.nowSeconds)) return undefined;
  return { user, capabilitiesMeta: meta.get(capabilitiesKey) };
}
