import type Koa from 'koa';
import type { Db } from '../db/create-db.js';
import type { Config } from '../config.js';
import { ANONYMOUS, type Viewer } from '../wp/auth/capabilities.js';
import { OptionName } from '../wp/constants.js';
import { selectOptions } from '../wp/site/options.repository.js';
import { selectNetworkOptions } from '../wp/site/network-options.repository.js';
import { parseRoleDefinitions, toViewer, userRolesOptionName } from '../wp/auth/roles.js';
import { authenticateApplicationPassword, type SignedInUser } from '../wp/auth/application-password-auth.js';
import { parseBasicAuthorization, type BasicCredentials } from '../wp/auth/basic-auth.js';
import { validateAuthCookie } from '../wp/auth/cookie-auth.js';
import { authCookieName, loggedInCookieName, parseAuthCookie, parseCookieHeader } from '../wp/auth/cookies.js';
import { AuthFailures, type AuthFailure } from '../wp/auth/errors.js';
import { createNonce, REST_NONCE_ACTION, verifyNonce } from '../wp/auth/nonces.js';
import { refusedSalts, resolveAuthKeys, type AuthKeys } from '../wp/auth/salts.js';
import { ChangeSet, tellChangeListeners, type ChangeListener } from '../wp/write/change-set.js';
import { AppError } from './errors.js';
import { parsePhpQuery, type PhpValue } from './php-query.js';
import { phpPostParams } from './body-params.js';
import { requestBodyOf } from './request-body.js';

/*
 * Who a REST request comes from, decided as WordPress decides it for /wp-json requests:
 *
 * 1. determine_current_user: the auth cookie, then the logged-in cookie (wp_validate_auth_cookie),
 *    then, if no cookie signed anyone in, HTTP Basic application passwords.
 * 2. rest_authentication_errors: a failed application password is a 401 with WordPress's error;
 *    then rest_cookie_check_errors: unless an application password signed the user in, a request
 *    carrying a REST nonce (`_wpnonce`, else `X-WP-Nonce`) must carry a valid one (403
 *    `rest_cookie_invalid_nonce`), and a cookie without a nonce counts as anonymous (CSRF).
 *
 * Cookies and nonces need the site's keys and salts; without them in the configuration cookie
 * authentication is off: cookies are ignored and only application passwords count. A REST nonce
 * is still checked where WordPress checks it, and, since no nonce can be verified without the
 * salts, refused as WordPress refuses an invalid one (recorded: a nonce sent without any cookie is
 * a 403 `rest_cookie_invalid_nonce`, unless an application password signed the user in).
 *
 * Some of what this reads are network options (get_site_option / get_network_option): the
 * `siteurl` COOKIEHASH is made from, `using_application_passwords` and wp_salt()'s fallbacks. On a
 * single site they are rows of its options table; on a multisite network, of `{base}sitemeta`.
 */

/** What the request carries that authentication reads. */
export interface AuthInput {
  method: string;
  authorization: string | undefined;
  cookieHeader: string | undefined;
  /** $_REQUEST['_wpnonce'] (query string, or a POST form body), else the X-WP-Nonce header. */
  nonce: string | undefined;
  /** $_SERVER['REMOTE_ADDR']. */
  remoteAddress: string;
}

export interface AuthResult {
  viewer: Viewer;
  /** Headers WordPress adds: a refreshed `X-WP-Nonce` after a cookie request passed its nonce. */
  headers: Record<string, string>;
}

export interface AuthenticatorDeps {
  db: Db;
  config: Pick<Config, 'tablePrefix' | 'baseTablePrefix' | 'authKeys'>;
  /** Where a failure to record an application password's use goes; the request goes on. */
  logError: (error: unknown) => void;
  /**
   * Told when a sign-in wrote the user's meta (an application password's `last_used`), as the
   * write runner tells them after a commit, so the site's object cache drops `user_meta:<id>`.
   */
  changeListeners?: readonly ChangeListener[];
}

/** An AuthFailure as the REST error WordPress serves for it. */
export function authError(failure: AuthFailure): AppError {
  return new AppError(failure.status, failure.code, failure.message);
}

/**
 * Decides the Viewer of one request. Returns ANONYMOUS without touching the database when the
 * request carries no credentials. Throws AppError with WordPress's code, message and status
 * (401 `invalid_username` / `invalid_email` / `incorrect_password`, 403 `rest_cookie_invalid_nonce`).
 */
export async function authenticate(deps: AuthenticatorDeps, input: AuthInput, now: Date): Promise<AuthResult> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const configuredKeys = deps.config.authKeys;
  const credentials = parseBasicAuthorization(input.authorization);
  const cookies = configuredKeys ? parseCookieHeader(input.cookieHeader) : new Map<string, string>();
  const nonce = input.nonce;
  const mayCarryWordPressCookie = [...cookies.keys()].some((name) => name.startsWith('wordpress_'));
  if (!credentials && !mayCarryWordPressCookie && nonce === undefined) return { viewer: ANONYMOUS, headers: {} };

  const rolesOption = userRolesOptionName(deps.config.tablePrefix);
  const { site: options, network } = await selectAuthOptions(
    deps,
    [rolesOption],
    [OptionName.siteurl, OptionName.usingApplicationPasswords, ...(configuredKeys ? refusedSalts(configuredKeys) : [])],
  );
  const keys = configuredKeys ? resolveAuthKeys(configuredKeys, network) : undefined;
  // wp_cookie_constants: COOKIEHASH is md5( get_site_option( 'siteurl' ) ), the network's URL.
  const siteUrl = network.get(OptionName.siteurl) ?? '';
  const loggedInCookie = cookies.get(loggedInCookieName(siteUrl));

  let signedIn: SignedInUser | undefined;
  let signedInByCookie = false;
  if (keys) {
    signedIn = await signInByCookies(deps, keys, input.method, nowSeconds, [
      ['auth', cookies.get(authCookieName(siteUrl))],
      ['logged_in', loggedInCookie],
    ]);
    signedInByCookie = signedIn !== undefined;
  }
  // WP_Application_Passwords::is_in_use: get_network_option( get_main_network_id(), ... ).
  if (!signedIn && credentials && isTruthyOption(network.get(OptionName.usingApplicationPasswords))) {
    signedIn = await signInByApplicationPassword(deps, credentials, input.remoteAddress, nowSeconds);
  }

  const headers: Record<string, string> = {};
  // rest_cookie_check_errors: nothing to check once an application password signed the user in.
  if (signedInByCookie || !signedIn) {
    if (nonce === undefined) return { viewer: ANONYMOUS, headers };
    if (!keys) throw authError(AuthFailures.cookieInvalidNonce);
    const userId = signedIn?.user.ID ?? 0;
    // wp_get_session_token(): the logged-in cookie's token, whether or not that cookie validated.
    const token = parseAuthCookie(loggedInCookie)?.token ?? '';
    if (verifyNonce(keys, nonce, REST_NONCE_ACTION, userId, token, nowSeconds) === false) {
      throw authError(AuthFailures.cookieInvalidNonce);
    }
    headers['X-WP-Nonce'] = createNonce(keys, REST_NONCE_ACTION, userId, token, nowSeconds);
  }
  if (!signedIn) return { viewer: ANONYMOUS, headers };
  const roles = parseRoleDefinitions(options.get(rolesOption));
  const viewer = toViewer(signedIn.user.ID, signedIn.capabilitiesMeta, roles);
  if (!keys) return { viewer, headers };
  // wp_get_session_token(): the logged-in cookie's token; none for an application password.
  const token = parseAuthCookie(loggedInCookie)?.token ?? '';
  const userId = signedIn.user.ID;
  const verify = (nonce: string, action: string) => verifyNonce(keys, nonce, action, userId, token, nowSeconds) !== false;
  return { viewer: Object.freeze({ ...viewer, verifyNonce: verify }), headers };
}

/**
 * The network whose options are read: get_main_network_id() (application passwords) and the
 * current network (get_site_option) are both network 1 on a single-network install. Installs with
 * several networks (PRIMARY_NETWORK_ID, sub-sites of network 2) are not reproduced.
 */
const MAIN_NETWORK_ID = 1;

/**
 * is_multisite(). WordPress reads the MULTISITE constant of wp-config.php, which the sidecar is not
 * given; it infers it from the prefixes instead: tables under a prefix other than the network's
 * base prefix (`wp_2_` under `wp_`) can only be a sub-site's. The network's main site shares the
 * base prefix, so it counts as a single site and its network options are read from its options
 * table, where WordPress does not keep them.
 */
export function isMultisiteNetwork(config: Pick<Config, 'tablePrefix' | 'baseTablePrefix'>): boolean {
  return config.baseTablePrefix !== config.tablePrefix;
}

/**
 * The site options (get_option) and network options (get_site_option / get_network_option) of
 * the given names: on a single site both are rows of its options table, read in one query; on a
 * multisite network the network ones are rows of `{base}sitemeta`, read alongside.
 */
async function selectAuthOptions(
  deps: AuthenticatorDeps,
  siteNames: readonly string[],
  networkNames: readonly string[],
): Promise<{ site: Map<string, string>; network: Map<string, string> }> {
  if (!isMultisiteNetwork(deps.config)) {
    const options = await selectOptions(deps.db, [...siteNames, ...networkNames]);
    return { site: options, network: options };
  }
  const [site, network] = await Promise.all([
    selectOptions(deps.db, siteNames),
    selectNetworkOptions(deps.db, MAIN_NETWORK_ID, networkNames),
  ]);
  return { site, network };
}

async function signInByCookies(
  deps: AuthenticatorDeps,
  keys: AuthKeys,
  method: string,
  nowSeconds: number,
  candidates: ReadonlyArray<readonly ['auth' | 'logged_in', string | undefined]>,
): Promise<SignedInUser | undefined> {
  for (const [scheme, value] of candidates) {
    if (!value) continue;
    const user = await validateAuthCookie(deps.db, {
      keys,
      scheme,
      value,
      tablePrefix: deps.config.tablePrefix,
      nowSeconds,
      method,
    });
    if (user) return user;
  }
  return undefined;
}

/** wp_validate_application_password, whose WP_Error rest_application_password_check_errors serves. */
async function signInByApplicationPassword(
  deps: AuthenticatorDeps,
  credentials: BasicCredentials,
  remoteAddress: string,
  nowSeconds: number,
): Promise<SignedInUser> {
  const outcome = await authenticateApplicationPassword(deps.db, {
    credentials,
    tablePrefix: deps.config.tablePrefix,
    nowSeconds,
    remoteAddress,
    onRecordError: deps.logError,
  });
  if (!outcome.ok) throw authError(outcome.failure);
  if (outcome.recordedUsage) {
    const changes = new ChangeSet();
    changes.noteUserMeta(outcome.signedIn.user.ID);
    await tellChangeListeners(deps.changeListeners ?? [], changes, deps.logError);
  }
  return outcome.signedIn;
}

/** `(bool) get_option(...)`: a missing option, '' and '0' are false. */
function isTruthyOption(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0';
}

/**
 * What authentication reads off a Koa request: the Authorization and Cookie headers, the REST
 * nonce where WordPress looks for it (`_wpnonce` in $_REQUEST, i.e. the query string or a POST
 * form body, before the X-WP-Nonce header) and the peer address.
 */
export function authInputFromKoa(ctx: Koa.Context): AuthInput {
  const fromQuery = parsePhpQuery(ctx.querystring)._wpnonce;
  // PHP fills $_POST (and so $_REQUEST) from form bodies of POST requests only.
  const fromForm = phpPostParams(requestBodyOf(ctx), ctx.method)._wpnonce;
  const requestNonce = fromForm ?? fromQuery;
  const header = ctx.get('X-WP-Nonce');
  return {
    method: ctx.method.toUpperCase(),
    authorization: ctx.get('Authorization') || undefined,
    cookieHeader: ctx.get('Cookie') || undefined,
    nonce: requestNonce !== undefined ? phpString(requestNonce) : ctx.headers['x-wp-nonce'] !== undefined ? header : undefined,
    remoteAddress: remoteAddress(ctx.req.socket.remoteAddress),
  };
}

/** PHP's `(string)` of a request value: arrays become "Array". */
function phpString(value: PhpValue): string {
  return typeof value === 'string' ? value : 'Array';
}

/** An IPv4 peer on a dual-stack socket shows as `::ffff:a.b.c.d`; PHP sees `a.b.c.d`. */
function remoteAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
