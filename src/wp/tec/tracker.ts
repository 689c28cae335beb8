import { TEC_POST_TYPES, Taxonomy, TecMeta } from '../constants.js';
import { isPhpNumeric, maybeUnserialize, phpSerialize } from '../php/php-values.js';
import type { PostRow } from '../posts/posts.repository.js';
import { storeMetaValue } from '../write/meta-rows.js';
import { metaStoreFor, settlePostMeta } from '../write/meta-store.js';
import type { MetaRow } from '../write/posts.repository.js';
import type { WriteScope } from '../write/transaction.js';
import { localTimestamp, postTypeOf, siteOf, unixNow } from '../write/write-env.js';

/*
 * Tribe__Tracker (tribe-common src/Tribe/Tracker.php): on events, venues and organizers TEC
 * stamps every changed meta key, post field and term taxonomy with the time of the change in one
 * serialized PHP array, `_tribe_modified_fields` (key => unix time). Event Aggregator reads it to
 * know which fields a site edited by hand. The row is written the first time anything is stamped,
 * so its meta_id falls between the rows of the save that made it, as the captures show.
 */

export const TRACKER_META_KEY = TecMeta.modifiedFields;

/** Main::filter_tracker_event_post_types. */
const TRACKED_POST_TYPES = TEC_POST_TYPES;

/** Main::filter_tracker_event_taxonomies. */
const TRACKED_TAXONOMIES: ReadonlySet<string> = new Set([Taxonomy.tag, Taxonomy.eventCategory]);

/** Tracker::get_excluded_meta_keys. */
const EXCLUDED_META_KEYS: ReadonlySet<string> = new Set(['_edit_lock', TRACKER_META_KEY]);

/** The post fields filter_watch_post_fields compares, in the order it stamps them. */
const TRACKED_POST_FIELDS = ['post_title', 'post_content', 'post_excerpt', 'post_status', 'post_type', 'post_parent'] as const;

/** Whether changes of this meta key on a post of this type are stamped. */
export function isTrackedMeta(postType: string | undefined, key: string): boolean {
  return postType !== undefined && TRACKED_POST_TYPES.has(postType) && !EXCLUDED_META_KEYS.has(key);
}

/**
 * get_post_meta($id, '_tribe_modified_fields', true) as the tracker reads it: the first row
 * decoded, as ordered entries; anything that is not a PHP array reads as none.
 */
export function decodeModifiedFields(stored: string | null | undefined): Map<string, unknown> {
  const decoded = stored === null || stored === undefined ? undefined : maybeUnserialize(stored);
  if (!decoded || typeof decoded !== 'object') return new Map();
  return new Map(Object.entries(decoded as Record<string, unknown>));
}

const PHP_INTEGER_KEY = /^(0|-?[1-9]\d{0,18})$/;

/** serialize() of the tracker's array, keys in the order PHP holds them. */
export function encodeModifiedFields(fields: ReadonlyMap<string, unknown>): string {
  const body = [...fields]
    .map(([key, value]) => (PHP_INTEGER_KEY.test(key) ? `i:${key};` : phpSerialize(key)) + phpSerialize(value))
    .join('');
  return `a:${fields.size}:{${body}}`;
}

/** Stamps `keys` with `time` (an existing key keeps its place, as PHP arrays do) and stores the array. */
async function stamp(scope: WriteScope, postId: number, keys: readonly string[], time: number): Promise<void> {
  const rows = (await metaStoreFor(scope, [postId])).rows(postId, TRACKER_META_KEY);
  const fields = decodeModifiedFields(rows[0]?.meta_value);
  for (const key of keys) fields.set(key, time);
  await storeMetaValue(scope, postId, TRACKER_META_KEY, encodeModifiedFields(fields));
  await settlePostMeta(scope);
}

/** current_time('timestamp'): the stamp of meta and post field changes (local time of the site). */
async function localStamp(scope: WriteScope): Promise<number> {
  return localTimestamp(unixNow(scope), await siteOf(scope));
}

/**
 * register_added_deleted_meta: after add_post_meta added a row, and before delete_post_meta
 * removes rows, of a tracked key of an event, venue or organizer.
 */
export async function trackMetaChanged(scope: WriteScope, postId: number, key: string): Promise<void> {
  if (!isTrackedMeta(await postTypeOf(scope, postId), key)) return;
  await stamp(scope, postId, [key], await localStamp(scope));
}

/**
 * PHP 8's `==` between two strings, as filter_watch_updated_meta compares the stored value with
 * the new one: numerically when both are numeric strings (`"1.0" == "1"`), exactly otherwise.
 */
export function phpLooseStringEquals(a: string, b: string): boolean {
  if (isPhpNumeric(a) && isPhpNumeric(b)) return Number(a) === Number(b);
  return a === b;
}

/**
 * filter_watch_updated_meta: before update_post_meta writes a tracked key, the key is stamped
 * when its stored value (the first row, '' when none) differs from the new one. A stored PHP
 * array never equals a string, so serialized values count as changed unless identical.
 * `storedRows` are the key's rows when the caller has just read them.
 */
export async function trackMetaUpdate(
  scope: WriteScope,
  postId: number,
  key: string,
  value: string,
  storedRows?: readonly MetaRow[],
): Promise<void> {
  if (!isTrackedMeta(await postTypeOf(scope, postId), key)) return;
  const rows = storedRows ?? (await metaStoreFor(scope, [postId])).rows(postId, key);
  const previous = rows[0]?.meta_value ?? '';
  if (phpLooseStringEquals(previous, value)) return;
  await stamp(scope, postId, [key], await localStamp(scope));
}

/**
 * filter_watch_post_fields (on post_updated): each of title, content, excerpt, status, type and
 * parent that differs between the rows before and after the update is stamped. Nothing is stored
 * for a post without stamps when nothing changed.
 */
export async function trackPostFieldsChanged(scope: WriteScope, before: PostRow, after: PostRow): Promise<void> {
  if (!TRACKED_POST_TYPES.has(before.post_type)) return;
  const changed = TRACKED_POST_FIELDS.filter((field) => String(before[field]) !== String(after[field]));
  const rows = (await metaStoreFor(scope, [after.ID])).rows(after.ID, TRACKER_META_KEY);
  if (changed.length === 0 && decodeModifiedFields(rows[0]?.meta_value).size === 0) return;
  await stamp(scope, after.ID, changed, await localStamp(scope));
}

/**
 * track_taxonomy_term_changes (on set_object_terms): stamps the taxonomy of an event, venue or
 * organizer whose terms of `tribe_events_cat` or `post_tag` were set, when the set changed.
 * Unlike the other stamps this one is PHP's time(), not the site's local time. Pass
 * `changed: false` when the term_taxonomy IDs are the same as before: nothing is stored then.
 */
export async function trackTermsChanged(scope: WriteScope, postId: number, taxonomy: string, changed = true): Promise<void> {
  if (!changed || !TRACKED_TAXONOMIES.has(taxonomy)) return;
  const postType = await postTypeOf(scope, postId);
  if (postType === undefined || !TRACKED_POST_TYPES.has(postType)) return;
  await stamp(scope, postId, [taxonomy], unixNow(scope));
}
