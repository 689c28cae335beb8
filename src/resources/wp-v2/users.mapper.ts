import { restAvatarUrls, type AvatarOptions } from '../../wp/auth/avatars.js';
import { userAllCaps, type RoleDefinitions } from '../../wp/auth/roles.js';
import type { UserProfileRow } from '../../wp/auth/users.repository.js';
import { asRecord, maybeUnserialize } from '../../wp/php/php-values.js';
import { authorPostsUrl, type SiteUrls } from '../../wp/site/urls.js';

/** The `context` values WP_REST_Controller::get_context_param allows for a user. */
export const USER_CONTEXTS = ['view', 'embed', 'edit'] as const;
export type UserContext = (typeof USER_CONTEXTS)[number];

/** Everything about a user and the site that WP_REST_Users_Controller::prepare_item_for_response reads. */
export interface UserSource {
  row: UserProfileRow;
  /** The user's meta by unprefixed name (first_name, ..., capabilities, persisted_preferences). */
  meta: {
    firstName: string;
    lastName: string;
    nickname: string;
    description: string;
    locale: string;
    /** `{prefix}capabilities` as stored, undefined without a row. */
    capabilities: string | undefined;
    /** `{prefix}persisted_preferences` as stored, undefined without a row. */
    persistedPreferences: string | undefined;
  };
  roles: RoleDefinitions;
  /** get_locale(): the site's WPLANG, `en_US` when empty or unset. */
  siteLocale: string;
  /** The `show_avatars` option: without it the schema (and so the answer) has no avatar_urls. */
  showAvatars: boolean;
  avatars: AvatarOptions;
  urls: SiteUrls;
}

/** Which fields each context shows (the schema's `context` lists), in the controller's order. */
const FIELD_CONTEXTS: ReadonlyArray<readonly [string, readonly UserContext[]]> = [
  ['id', ['embed', 'view', 'edit']],
  ['username', ['edit']],
  ['name', ['embed', 'view', 'edit']],
  ['first_name', ['edit']],
  ['last_name', ['edit']],
  ['email', ['edit']],
  ['url', ['embed', 'view', 'edit']],
  ['description', ['embed', 'view', 'edit']],
  ['link', ['embed', 'view', 'edit']],
  ['locale', ['edit']],
  ['nickname', ['edit']],
  ['slug', ['embed', 'view', 'edit']],
  ['roles', ['edit']],
  ['registered_date', ['edit']],
  ['capabilities', ['edit']],
  ['extra_capabilities', ['edit']],
  ['avatar_urls', ['embed', 'view', 'edit']],
  ['meta', ['view', 'edit']],
];

/** gmdate( 'c', strtotime( $user_registered ) ): the stored UTC time in ISO 8601 with `+00:00`. */
function registeredDate(userRegistered: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(userRegistered);
  if (!match) return userRegistered;
  const [, year, month, day, hour, minute, second] = match.map(Number) as [number, number, number, number, number, number, number];
  // Date.UTC rolls over out-of-range parts (a zero day or month) as strtotime does.
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const pad = (value: number) => String(value).padStart(2, '0');
  const yearText = date.getUTCFullYear() < 0 ? `-${String(-date.getUTCFullYear()).padStart(4, '0')}` : String(date.getUTCFullYear()).padStart(4, '0');
  return `${yearText}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}+00:00`;
}

/**
 * The registered user meta WP_REST_User_Meta_Fields shows: core's persisted_preferences (an
 * object shown in the edit context only; no row reads as the registered default '', which the
 * object schema sanitizes to an empty array).
 */
function metaFields(source: UserSource, context: UserContext): Record<string, unknown> | [] {
  if (context !== 'edit') return [];
  const stored = source.meta.persistedPreferences;
  const value = stored === undefined ? '' : maybeUnserialize(stored);
  const preferences = value === '' || value === false || typeof value !== 'object' ? [] : value;
  return { persisted_preferences: preferences };
}

/**
 * WP_REST_Users_Controller::prepare_item_for_response for `context`: the fields that context
 * shows, in the controller's order, then `_links` (self and collection). Roles are the keys of
 * the capabilities meta that name a role; `capabilities` is WP_User::$allcaps (the roles'
 * capabilities merged, then the user's own), `extra_capabilities` the meta as stored.
 */
export function toUserResource(source: UserSource, context: UserContext): Record<string, unknown> {
  const { row, meta, urls } = source;
  const caps = asRecord(meta.capabilities === undefined ? {} : maybeUnserialize(meta.capabilities));
  const values: Record<string, () => unknown> = {
    id: () => row.ID,
    username: () => row.user_login,
    name: () => row.display_name,
    first_name: () => meta.firstName,
    last_name: () => meta.lastName,
    email: () => row.user_email,
    url: () => row.user_url,
    description: () => meta.description,
    link: () => authorPostsUrl(urls, row.ID, row.user_nicename),
    locale: () => meta.locale || source.siteLocale,
    nickname: () => meta.nickname,
    slug: () => row.user_nicename,
    roles: () => Object.keys(caps).filter((name) => source.roles.has(name)),
    registered_date: () => registeredDate(row.user_registered),
    capabilities: () => Object.fromEntries(userAllCaps(meta.capabilities, source.roles)),
    extra_capabilities: () => caps,
    avatar_urls: () => restAvatarUrls(row.user_email, source.avatars, urls.base.startsWith('https:')),
    meta: () => metaFields(source, context),
  };
  const resource: Record<string, unknown> = {};
  for (const [field, contexts] of FIELD_CONTEXTS) {
    if (!contexts.includes(context)) continue;
    if (field === 'avatar_urls' && !source.showAvatars) continue;
    resource[field] = values[field]!();
  }
  resource._links = {
    self: [{ href: `${urls.restRoot}wp/v2/users/${row.ID}` }],
    collection: [{ href: `${urls.restRoot}wp/v2/users` }],
  };
  return resource;
}
