import type { SiteSettings } from '../site/site.js';
import { formatInZone, formatUtc, zoneOffsetSeconds } from '../tec/dates.js';
import type { ChangeSet } from './change-set.js';
import { selectPostsByIds, selectPostType, type PostRow } from '../posts/posts.repository.js';
import { selectPostForUpdate, selectPostWithMetaForUpdate, updatePostRow } from './posts.repository.js';
import { holdPostMeta, holdsPostMeta } from './meta-store.js';
import type { WriteScope } from './transaction.js';

/*
 * What the post core reads about the write beyond its rows: the site (zone, permalinks,
 * home URL), who writes, and WordPress's clock readings. Kept per transaction, keyed on the
 * scope's ChangeSet (one per transaction), so callers may copy or extend the scope object freely.
 */

interface ScopeCache {
  postTypes: Map<number, string>;
  /**
   * Post rows as the write read them (undefined: no such post), dropped when the write changes the
   * row: a read of an unchanged row is never repeated, a changed one is read again.
   */
  postRows: Map<number, PostRow | undefined>;
  /** Posts whose rows the write has locked (held to its commit). */
  lockedPosts: Set<number>;
  /** The other posts holding a locked post's name, read with its lock (takeNamesakes). */
  namesakes: Map<number, { name: string; posts: PostRow[] }>;
}

const caches = new WeakMap<ChangeSet, ScopeCache>();

function cacheOf(scope: WriteScope): ScopeCache {
  let cache = caches.get(scope.changes);
  if (!cache) {
    cache = { postTypes: new Map(), postRows: new Map(), lockedPosts: new Set(), namesakes: new Map() };
    caches.set(scope.changes, cache);
  }
  return cache;
}

/** The scope's site settings. */
export function siteOf(scope: WriteScope): Promise<SiteSettings> {
  return Promise.resolve(scope.site);
}

/** A post's type (get_post()->post_type), read once per transaction; undefined when no post. */
export async function postTypeOf(scope: WriteScope, postId: number): Promise<string | undefined> {
  const cache = cacheOf(scope);
  const known = cache.postTypes.get(postId) ?? cache.postRows.get(postId)?.post_type;
  if (known !== undefined) return known;
  const type = await selectPostType(scope.trx, postId);
  if (type !== undefined) cache.postTypes.set(postId, type);
  return type;
}

/**
 * get_post inside the write for each of `ids`: the rows not read yet (or changed since) in one
 * statement; a missing post is absent from the map.
 */
export async function postRowsOf(scope: WriteScope, ids: readonly number[]): Promise<Map<number, PostRow>> {
  const { postRows } = cacheOf(scope);
  const missing = [...new Set(ids)].filter((id) => !postRows.has(id));
  if (missing.length > 0) {
    const rows = new Map((await selectPostsByIds(scope.trx, missing)).map((row) => [row.ID, row]));
    for (const id of missing) postRows.set(id, rows.get(id));
  }
  const found = new Map<number, PostRow>();
  for (const id of ids) {
    const row = postRows.get(id);
    if (row) found.set(id, row);
  }
  return found;
}

/** get_post inside the write: the row, read once until the write changes it; undefined when no such post. */
export async function postRowOf(scope: WriteScope, id: number): Promise<PostRow | undefined> {
  return (await postRowsOf(scope, [id])).get(id);
}

/**
 * The post's row read and locked until the commit (SELECT ... FOR UPDATE): another write of the
 * same post waits here, then reads what this one wrote. Read under the lock the first time (a
 * copy read earlier without it may be stale); kept for the write's later postRowOf, and for a
 * later lockedPostRowOf while the write has not changed the row (the lock holds it still).
 */
export async function lockedPostRowOf(scope: WriteScope, id: number): Promise<PostRow | undefined> {
  const cache = cacheOf(scope);
  if (cache.lockedPosts.has(id) && cache.postRows.has(id)) return cache.postRows.get(id);
  let row: PostRow | undefined;
  if (holdsPostMeta(scope, id)) {
    row = await selectPostForUpdate(scope.trx, id);
  } else {
    // Every post locked here is one the write rewrites, meta included: read its meta with the lock.
    const locked = await selectPostWithMetaForUpdate(scope.trx, id);
    row = locked.post;
    if (row) holdPostMeta(scope, id, locked.meta);
    if (row && locked.namesakes) cache.namesakes.set(id, { name: row.post_name, posts: locked.namesakes });
  }
  cache.postRows.set(id, row);
  if (row) cache.lockedPosts.add(id);
  return row;
}

/**
 * The other posts holding `name`, as read with the post's lock (lockedPostRowOf), when that was
 * the post's name then; once: a later step of the write may have renamed some of them.
 */
export function takeNamesakes(scope: WriteScope, postId: number, name: string): PostRow[] | undefined {
  const { namesakes } = cacheOf(scope);
  const read = namesakes.get(postId);
  namesakes.delete(postId);
  return read?.name === name ? read.posts : undefined;
}

/** The write changed the post's row: the next postRowOf reads it again. */
export function forgetPostRow(scope: WriteScope, id: number): void {
  const cache = cacheOf(scope);
  // A post keeps its type: postTypeOf still knows it without a read.
  const type = cache.postRows.get(id)?.post_type;
  if (type !== undefined) cache.postTypes.set(id, type);
  cache.postRows.delete(id);
}

/** Remembers the type of a post the write just inserted. */
export function rememberPostType(scope: WriteScope, postId: number, postType: string): void {
  cacheOf(scope).postTypes.set(postId, postType);
}

/** PHP's time(): the unix time of the write's "now". */
export function unixNow(scope: WriteScope): number {
  return Math.floor(scope.now.getTime() / 1000);
}

/**
 * current_time('timestamp'): unix time shifted by the site's UTC offset at that instant (the
 * `gmt_offset` WordPress derives from `timezone_string`).
 */
export function localTimestamp(unix: number, site: SiteSettings): number {
  return unix + zoneOffsetSeconds(site.timezone, unix);
}

/** current_time('mysql') and current_time('mysql', true): the write's "now" as local and UTC `Y-m-d H:i:s`. */
export function mysqlNow(scope: WriteScope, site: SiteSettings): { local: string; gmt: string } {
  const unix = unixNow(scope);
  return { local: formatInZone(unix, site.timezone), gmt: formatUtc(unix) };
}

/** Sets columns of a post row, and drops the write's copy of it. */
export async function writePostRow(scope: WriteScope, id: number, fields: Parameters<typeof updatePostRow>[2]): Promise<void> {
  await updatePostRow(scope.trx, id, fields);
  forgetPostRow(scope, id);
}
