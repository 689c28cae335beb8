import { POST_TYPE_TAXONOMIES, PostType } from '../constants.js';
import type { ChangeSet } from '../write/change-set.js';

/** One object-cache entry as WordPress names it: `wp_cache_delete( key, group )`. */
export interface CacheEntry {
  readonly group: string;
  readonly key: string;
}

/** The groups and fixed keys below, spelled once. */
const Group = {
  posts: 'posts',
  postMeta: 'post_meta',
  terms: 'terms',
  termMeta: 'term_meta',
  options: 'options',
  userMeta: 'user_meta',
  users: 'users',
  tec: 'tribe-events',
  general: 'general',
  calendar: 'calendar',
  transient: 'transient',
  timeinfo: 'timeinfo',
} as const;

const LAST_CHANGED = 'last_changed';
const ALL_OPTIONS = 'alloptions';
const NOT_OPTIONS = 'notoptions';
const TIMEZONES = ['server', 'gmt', 'blog'] as const;

/**
 * The entries WordPress (7.1) and TEC (6.17.2) would have deleted for the rows a committed write
 * changed, so that a site running a persistent object cache reads them fresh
 * (object-cache.md §5, plus the parity keys of §3). In order, without duplicates:
 *
 * - every post written and every post whose meta changed: `posts:<id>`, `posts:post_parent:<id>`,
 *   `post_meta:<id>` (clean_post_cache; new IDs too, an empty `post_meta` can exist for them);
 * - every post written: `<tax>_relationships:<id>` for each taxonomy of its type, and for its type
 *   the misc keys clean_post_cache / _transition_post_status / the calendar and multi-author
 *   hooks drop (`general:wp_get_archives`, `timeinfo:lastpostdate:<tz>[:<type>]`, ...);
 * - `posts:last_changed` when a post or postmeta row changed;
 * - `terms:<id>` for every term changed (count included), created or deleted, and its taxonomy's
 *   `all_ids` / `get` (clean_taxonomy_cache drops them on create, edit and delete; dropping them on
 *   a count change too costs nothing and needs no more bookkeeping), and `term_meta:<id>` of every
 *   term created or deleted;
 * - `<tax>_relationships:<id>` for every object whose relationships changed;
 * - `terms:last_changed` when a term or relationship changed, or a post was written
 *   (clean_object_term_cache bumps it for every cleaned post);
 * - per option row written: `options:alloptions` when autoloaded, else `options:<name>`, and
 *   `options:notoptions` when the row is new;
 * - the fixed-name `tribe-events` keys the write named;
 * - per user whose usermeta changed: `user_meta:<id>`, then `users:last_changed`.
 *
 * A `last_changed` entry is deleted rather than set: the next reader stores a new microtime(),
 * which salts every query cache of the group anew. TEC's timestamped entries
 * (`tribe-events:…<tribe_last_save_post>`) are never deleted: the moved option makes them unreachable.
 */
export function entriesToInvalidate(changes: ChangeSet): CacheEntry[] {
  const entries = new Map<string, CacheEntry>();
  const add = (group: string, key: string | number) => {
    const entry = { group, key: String(key) };
    entries.set(`${entry.group}\u0000${entry.key}`, entry);
  };

  const postIds = new Set<number>([...changes.posts.keys(), ...changes.postMeta]);
  for (const id of postIds) {
    add(Group.posts, id);
    add(Group.posts, `post_parent:${id}`);
    add(Group.postMeta, id);
  }
  for (const [id, postType] of changes.posts) {
    for (const taxonomy of POST_TYPE_TAXONOMIES[postType] ?? []) add(`${taxonomy}_relationships`, id);
  }
  if (changes.posts.size > 0) {
    add(Group.general, 'wp_get_archives');
    add(Group.calendar, 'get_calendar');
    add(Group.transient, 'is_multi_author');
    const postTypes = new Set([...changes.posts.values()].filter((postType) => postType !== PostType.revision));
    for (const timezone of TIMEZONES) {
      add(Group.timeinfo, `lastpostmodified:${timezone}`);
      add(Group.timeinfo, `lastpostdate:${timezone}`);
      for (const postType of postTypes) add(Group.timeinfo, `lastpostdate:${timezone}:${postType}`);
    }
  }
  if (changes.postsChanged) add(Group.posts, LAST_CHANGED);

  for (const termId of changes.terms.keys()) add(Group.terms, termId);
  // wp_delete_term deletes the term's meta row by row, each dropping `term_meta:<id>`; a new ID
  // may have an empty one cached.
  for (const termId of changes.termsAddedOrRemoved.keys()) add(Group.termMeta, termId);
  for (const taxonomy of new Set(changes.terms.values())) {
    add(taxonomy, 'all_ids');
    add(taxonomy, 'get');
  }
  for (const [objectId, taxonomies] of changes.relationships) {
    for (const taxonomy of taxonomies) add(`${taxonomy}_relationships`, objectId);
  }
  if (changes.termsChanged || changes.posts.size > 0) add(Group.terms, LAST_CHANGED);

  for (const [name, { created, autoload }] of changes.options) {
    add(Group.options, autoload ? ALL_OPTIONS : name);
    if (created) add(Group.options, NOT_OPTIONS);
  }

  for (const key of changes.tecCacheKeys) add(Group.tec, key);

  for (const userId of changes.userMeta) add(Group.userMeta, userId);
  if (changes.userMeta.size > 0) add(Group.users, LAST_CHANGED);

  return [...entries.values()];
}
