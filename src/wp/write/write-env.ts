import type { SiteSettings } from '../site/site.js';
import { formatInZone, formatUtc, zoneOffsetSeconds } from '../tec/dates.js';
import type { ChangeSet } from './change-set.js';
import { selectPostType } from '../posts/posts.repository.js';
import type { WriteScope } from './transaction.js';

/*
 * What the post core reads about the write beyond its rows: the site (zone, permalinks,
 * home URL), who writes, and WordPress's clock readings. Kept per transaction, keyed on the
 * scope's ChangeSet (one per transaction), so callers may copy or extend the scope object freely.
 */

interface ScopeCache {
  postTypes: Map<number, string>;
}

const caches = new WeakMap<ChangeSet, ScopeCache>();

function cacheOf(scope: WriteScope): ScopeCache {
  let cache = caches.get(scope.changes);
  if (!cache) {
    cache = { postTypes: new Map() };
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
  const known = cache.postTypes.get(postId);
  if (known !== undefined) return known;
  const type = await selectPostType(scope.trx, postId);
  if (type !== undefined) cache.postTypes.set(postId, type);
  return type;
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
