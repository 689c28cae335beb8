import type { ChangeSet } from '../wp/write/change-set.js';
import { ChangeTags, isAnswerlessOption } from './change-tags.js';

/**
 * One committed change as the feed reports it: which rows of which kinds changed, where in the
 * source's order it stands, and when. `everything` says the source cannot tell what changed (a
 * probe saw the database move; the binlog position was lost; a table was truncated or altered),
 * so whatever is cached must be dropped whole.
 */
export interface DataChange {
  source: 'service' | 'binlog' | 'probe';
  /** The source's position: a binlog `file:position`, a log sequence number, or a write count. */
  position: string;
  at: Date;
  everything: boolean;
  /** Post ID -> post type, for posts whose row or meta changed (type '' when only meta was seen). */
  posts: ReadonlyMap<number, string>;
  /** Posts created or deleted (trashed counts as deleted), for notifications. */
  postLifecycle: ReadonlyMap<number, 'created' | 'deleted'>;
  /** Term ID -> taxonomy ('' when unknown) for terms whose rows or relationships changed. */
  terms: ReadonlyMap<number, string>;
  termLifecycle: ReadonlyMap<number, 'created' | 'deleted'>;
  users: ReadonlySet<number>;
  options: ReadonlySet<string>;
  /**
   * What the change touched, in the tags cached answers depend on (dependencies.ts, change-tags.ts);
   * none: everything (a change built without them).
   */
  touched?: ReadonlySet<string> | undefined;
}

/** What a change touched, or undefined when it may have touched everything. */
export function touchedByChange(change: DataChange): ReadonlySet<string> | undefined {
  if (change.everything || change.touched === undefined) return undefined;
  return change.touched;
}

const NO_IDS = new Map<number, never>() as ReadonlyMap<number, never>;

/** A change the source cannot describe: everything may have changed. */
export function everythingChanged(source: DataChange['source'], position: string, at: Date): DataChange {
  return { source, position, at, everything: true, posts: NO_IDS, postLifecycle: NO_IDS, terms: NO_IDS, termLifecycle: NO_IDS, users: new Set(), options: new Set() };
}

/** What one of this service's committed writes changed, from the ChangeSet its writers filled. */
export function fromChangeSet(changes: ChangeSet, position: string, at: Date): DataChange {
  const posts = new Map(changes.posts);
  for (const id of [...changes.postMeta, ...changes.relationships.keys()]) if (!posts.has(id)) posts.set(id, '');
  const terms = new Map(changes.terms);
  return {
    touched: touchedByChangeSet(changes),
    source: 'service',
    position,
    at,
    everything: false,
    posts,
    postLifecycle: new Map(changes.postLifecycle),
    terms,
    termLifecycle: new Map([...changes.termsAddedOrRemoved].map(([id]) => [id, changes.termsCreated.has(id) ? 'created' : 'deleted'] as const)),
    users: new Set(changes.userMeta),
    options: new Set(changes.options.keys()),
  };
}

/**
 * The tags a committed write touched. Options and users are read by nearly every answer (site
 * settings, permalinks, authors, capabilities): a change to one touches everything.
 */
function touchedByChangeSet(changes: ChangeSet): ReadonlySet<string> | undefined {
  if ([...changes.options.keys()].some((name) => !isAnswerlessOption(name)) || changes.userMeta.size > 0) return undefined;
  const touched = new ChangeTags();
  for (const [id, postType] of changes.posts) touched.postRow(id, postType, changes.postColumns.get(id) ?? 'all');
  for (const id of changes.postMeta) {
    const keys = changes.postMetaKeys.get(id);
    touched.postMeta(id, changes.posts.get(id) ?? '', keys === 'all' ? undefined : keys);
  }
  for (const id of changes.relationships.keys()) touched.relationships(id, changes.posts.get(id) ?? '');
  for (const id of changes.terms.keys()) touched.term(id);
  return touched.tags;
}
