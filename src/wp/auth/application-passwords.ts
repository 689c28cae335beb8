import { maybeUnserialize, phpFloatval } from '../php/php-values.js';
import { wpVerifyFastHash } from './password-hashes.js';

/*
 * WP_Application_Passwords: a user's application passwords are the `_application_passwords`
 * user meta, a PHP-serialized list of items (uuid, app_id, name, password hash, created,
 * last_used, last_ip).
 */

/** One stored item, as decoded; other keys a plugin may have added are kept for re-saving. */
export type ApplicationPasswordItem = Record<string, unknown> & { password?: unknown; uuid?: unknown };

/** WordPress records a use at most once a day. */
const USAGE_RECORD_INTERVAL_SECONDS = 86_400;

/**
 * get_user_application_passwords: the stored list, or an empty one when the meta is missing or
 * not an array. Keys are kept as PHP had them (a list, or an array with gaps after a deletion).
 */
export function parseApplicationPasswords(meta: string | undefined): Record<string, ApplicationPasswordItem> {
  if (meta === undefined) return {};
  const decoded = maybeUnserialize(meta);
  if (typeof decoded !== 'object' || decoded === null) return {};
  const items: Record<string, ApplicationPasswordItem> = {};
  for (const [key, item] of Object.entries(decoded as Record<string, unknown>)) {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) items[key] = item as ApplicationPasswordItem;
  }
  return items;
}

/**
 * What wp_authenticate_application_password compares: the supplied password with every character
 * outside a-z, A-Z and 0-9 removed (the spaces of the `abcd efgh ...` display form and anything
 * else), since generated application passwords are purely alphanumeric.
 */
export function normalizeApplicationPassword(supplied: string): string {
  return supplied.replace(/[^a-z\d]/gi, '');
}

/**
 * The key of the first stored item whose hash the password verifies against, checked in stored
 * order as WordPress does, or undefined when none does. Items without a string hash never match.
 */
export async function findMatchingApplicationPassword(
  items: Record<string, ApplicationPasswordItem>,
  password: string,
): Promise<string | undefined> {
  for (const [key, item] of Object.entries(items)) {
    if (typeof item.password !== 'string') continue;
    if (await wpVerifyFastHash(password, item.password)) return key;
  }
  return undefined;
}

/**
 * record_application_password_usage: the list with `last_used` (unix seconds) and `last_ip` set
 * on the item that authenticated, or undefined when WordPress would write nothing because that
 * item was last used less than a day ago.
 */
export function withRecordedUsage(
  items: Record<string, ApplicationPasswordItem>,
  key: string,
  nowSeconds: number,
  remoteAddress: string,
): Record<string, ApplicationPasswordItem> | undefined {
  const item = items[key];
  if (!item) return undefined;
  // PHP's `+` reads the stored `last_used` (null, an integer, or a numeric string) as a number.
  if (phpFloatval(item.last_used) + USAGE_RECORD_INTERVAL_SECONDS > nowSeconds) return undefined;
  return { ...items, [key]: { ...item, last_used: nowSeconds, last_ip: remoteAddress } };
}
