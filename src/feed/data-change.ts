import type { ChangeSet } from '../wp/write/change-set.js';

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
