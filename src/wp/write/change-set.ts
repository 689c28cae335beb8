/**
 * What one write changed, noted by the code that writes each row, so that the one place that
 * needs to know (the site's object cache after commit, later the change feed) reads it here and
 * never guesses from the request. A ChangeSet belongs to one transaction.
 */
export class ChangeSet {
  /** Every post row inserted, updated, trashed or deleted (revisions too): ID -> post type. */
  readonly posts = new Map<number, string>();
  /** Posts this write created, or deleted or trashed (for change notifications): ID -> which. */
  readonly postLifecycle = new Map<number, 'created' | 'deleted'>();
  /**
   * Of `posts`, the columns each write set to a different value, or 'all' (created, deleted, or
   * written by code that did not say): what the response cache needs to tell a title edit from a
   * move into or out of a list.
   */
  readonly postColumns = new Map<number, Set<string> | 'all'>();
  /** Posts whose postmeta rows were added, changed or deleted. */
  readonly postMeta = new Set<number>();
  /** Of `postMeta`, the keys written, or 'all' when a write did not say. */
  readonly postMetaKeys = new Map<number, Set<string> | 'all'>();
  /** Every term whose `terms` / `term_taxonomy` row changed (count included), was created or deleted: term_id -> taxonomy. */
  readonly terms = new Map<number, string>();
  /** Terms created or deleted (their taxonomy's `all_ids` / `get` lists change): term_id -> taxonomy. */
  readonly termsAddedOrRemoved = new Map<number, string>();
  /** Of termsAddedOrRemoved, the ones created. */
  readonly termsCreated = new Set<number>();
  /** Objects whose term relationships changed: object ID -> the taxonomies of its type. */
  readonly relationships = new Map<number, Set<string>>();
  /** Options rows written: name -> whether the row is new and whether it is autoloaded. */
  readonly options = new Map<string, { created: boolean; autoload: boolean }>();
  /** Users whose usermeta changed. */
  readonly userMeta = new Set<number>();
  /** Fixed-name keys of TEC's persistent cache group (`tribe-events`) to drop. */
  readonly tecCacheKeys = new Set<string>();

  /** A post row written; `columns` the ones whose value changed, when the writer knows them. */
  notePost(id: number, postType: string, lifecycle?: 'created' | 'deleted', columns?: Iterable<string>): void {
    this.posts.set(id, postType);
    if (lifecycle) this.postLifecycle.set(id, lifecycle);
    noteNames(this.postColumns, id, lifecycle ? undefined : columns);
  }

  noteMeta(postId: number, key?: string): void {
    this.postMeta.add(postId);
    noteNames(this.postMetaKeys, postId, key === undefined ? undefined : [key]);
  }

  /**
   * Of the post's written keys, those whose rows a write deleted and added again with the values
   * they had (TEC's save does so with the all-day and organizer rows on every update): no reader
   * sees them change, so they are no longer counted as written. The post stays in `postMeta`
   * (its rows' ids moved).
   */
  forgetUnchangedMeta(postId: number, keys: Iterable<string>): void {
    const noted = this.postMetaKeys.get(postId);
    if (noted === undefined || noted === 'all') return;
    for (const key of keys) noted.delete(key);
  }

  /** The post's meta keys noted so far: a copy, or 'all'. */
  metaKeysNoted(postId: number): ReadonlySet<string> | 'all' {
    const noted = this.postMetaKeys.get(postId);
    return noted === 'all' ? 'all' : new Set(noted);
  }

  noteTerm(termId: number, taxonomy: string): void {
    this.terms.set(termId, taxonomy);
  }

  noteTermAddedOrRemoved(termId: number, taxonomy: string, created = false): void {
    this.terms.set(termId, taxonomy);
    this.termsAddedOrRemoved.set(termId, taxonomy);
    if (created) this.termsCreated.add(termId);
    else this.termsCreated.delete(termId);
  }

  noteRelationships(objectId: number, taxonomies: Iterable<string>): void {
    const known = this.relationships.get(objectId) ?? new Set<string>();
    for (const taxonomy of taxonomies) known.add(taxonomy);
    this.relationships.set(objectId, known);
  }

  noteOption(name: string, created: boolean, autoload: boolean): void {
    const before = this.options.get(name);
    this.options.set(name, { created: created || (before?.created ?? false), autoload });
  }

  noteUserMeta(userId: number): void {
    this.userMeta.add(userId);
  }

  noteTecCacheKey(key: string): void {
    this.tecCacheKeys.add(key);
  }

  /** Whether any post or postmeta row changed. */
  get postsChanged(): boolean {
    return this.posts.size > 0 || this.postMeta.size > 0;
  }

  /** Whether any term, term_taxonomy or term_relationships row changed. */
  get termsChanged(): boolean {
    return this.terms.size > 0 || this.relationships.size > 0;
  }

  get isEmpty(): boolean {
    return !this.postsChanged && !this.termsChanged && this.options.size === 0 && this.userMeta.size === 0 && this.tecCacheKeys.size === 0;
  }
}

/** Adds `names` to what `id` has noted; undefined names make it 'all'. */
function noteNames(noted: Map<number, Set<string> | 'all'>, id: number, names: Iterable<string> | undefined): void {
  const known = noted.get(id);
  if (known === 'all') return;
  if (names === undefined) {
    noted.set(id, 'all');
    return;
  }
  const set = known ?? new Set<string>();
  for (const name of names) set.add(name);
  noted.set(id, set);
}

/** Told about every committed write, after the commit; never told about a rolled-back one. */
export type ChangeListener = (changes: ChangeSet) => Promise<void>;

/**
 * Tells each listener in turn about committed changes. A listener's failure is logged and the
 * others are still told: the rows are committed, and a failed listener must not make the write
 * (or the sign-in that recorded a use) look failed.
 */
export async function tellChangeListeners(
  listeners: readonly ChangeListener[],
  changes: ChangeSet,
  logError: (error: unknown) => void,
): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(changes);
    } catch (error) {
      logError(error);
    }
  }
}
