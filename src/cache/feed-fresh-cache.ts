import type { ChangeFeed } from '../feed/change-feed.js';
import { touchedByChange } from '../feed/data-change.js';
import { TaggedEntries } from './tagged-entries.js';

/**
 * What the response cache and the record cache share: values in TaggedEntries (bounded in bytes,
 * least recently used first), kept fresh by the change feed. Each change drops the values that read
 * what it touched; a change that cannot say what it touched (probe mode, a lost binlog position, an
 * option, a user) drops them all.
 *
 * Free of the read-then-invalidate race: a value is stored with the feed generation read before
 * its first statement, and not stored when a change reported since touched what it read
 * (ChangeFeed.changedSince); a value held is fresh at the feed's current generation, since every
 * change that touched it has dropped it.
 */
export abstract class FeedFreshCache<V> {
  private readonly entries: TaggedEntries<V>;
  hits = 0;
  misses = 0;

  constructor(
    private readonly feed: ChangeFeed,
    readonly maxBytes: number,
  ) {
    this.entries = new TaggedEntries(maxBytes);
    feed.subscribe((change) => {
      const touched = touchedByChange(change);
      if (touched === undefined) this.entries.clear();
      else this.entries.drop(touched);
    });
  }

  get bytes(): number {
    return this.entries.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  /** The value under `key` for a request whose reads are fresh from `generation` on; counts the hit or miss. */
  protected lookup(key: string, generation: number): V | undefined {
    const found = generation > this.feed.generation ? undefined : this.entries.get(key);
    if (found === undefined) this.misses += 1;
    else this.hits += 1;
    return found;
  }

  /**
   * Keeps a value computed from reads that began at `generation` and read what `tags` name, unless
   * a change reported since touched one of them; returns whether it was kept.
   */
  protected store(key: string, generation: number, value: V, bytes: number, tags: ReadonlySet<string>): boolean {
    if (this.feed.changedSince(generation, tags)) return false;
    this.entries.set(key, value, bytes, tags);
    return true;
  }
}
