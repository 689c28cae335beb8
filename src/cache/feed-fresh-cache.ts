import type { ChangeFeed } from '../feed/change-feed.js';
import { touchedByChange } from '../feed/data-change.js';
import { TaggedEntries } from './tagged-entries.js';
import type { DataChange } from '../feed/data-change.js';
import type { CacheNote } from '../ops/request-detail.js';

/** How many dropped keys an observed cache remembers, to tell "dropped by a change" from "absent". */
const DROPS_REMEMBERED = 10_000;

/** Who hears what an observed cache did (the debug log). */
export interface CacheObserver {
  noted(note: CacheNote): void;
  /** A change dropped `count` entries of cache `name`. */
  dropped(name: string, change: DataChange, count: number): void;
}

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
  /** Told of every lookup, store and drop, with misses explained (LOG_LEVEL=debug); none: nothing is noted. */
  private observer: CacheObserver | undefined;
  /** While observed: the keys changes dropped, with the change, the oldest first (DROPS_REMEMBERED at most). */
  private readonly droppedBy = new Map<string, string>();

  /** The cache's name in the debug log (`response`, `records`). */
  protected abstract readonly name: string;
  /** A key's kind as the debug log shows it: never the key itself, which may hold the query string. */
  protected abstract kindOf(key: string): string;

  constructor(
    protected readonly feed: ChangeFeed,
    maxBytes: number,
  ) {
    this.entries = new TaggedEntries(maxBytes);
    feed.subscribe((change) => {
      const touched = touchedByChange(change);
      const observer = this.observer;
      if (observer === undefined) {
        if (touched === undefined) this.entries.clear();
        else this.entries.drop(touched);
        return;
      }
      const by = `${change.source} change ${change.position}${touched === undefined ? ' (of everything)' : ''}`;
      let dropped = 0;
      const remember = (key: string) => {
        dropped += 1;
        this.droppedBy.delete(key);
        this.droppedBy.set(key, by);
        if (this.droppedBy.size > DROPS_REMEMBERED) this.droppedBy.delete(this.droppedBy.keys().next().value!);
      };
      if (touched === undefined) {
        for (const key of [...this.entries.keys()]) remember(key);
        this.entries.clear();
      } else this.entries.drop(touched, remember);
      observer.dropped(this.name, change, dropped);
    });
  }

  /** Reports lookups, stores and drops to `observer` from now on (LOG_LEVEL=debug). */
  observe(observer: CacheObserver): void {
    this.observer = observer;
  }

  /** The most bytes held at once. */
  get maxBytes(): number {
    return this.entries.maxBytes;
  }

  /** Holds at most `maxBytes` from now on, the least recently used going first (see createCaches). */
  resize(maxBytes: number): void {
    this.entries.resize(maxBytes);
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

  /** Drops the values kept with `tag` (one the cache gave them itself, beside the feed's). */
  protected dropTagged(tag: string): void {
    this.entries.drop(new Set([tag]));
  }

  /**
   * Whether lookup(key, generation) would find a value (unless `stale` says it is past its time),
   * neither counted as a lookup nor marking it used.
   */
  protected holds(key: string, generation: number): boolean {
    return generation <= this.feed.generation && this.entries.has(key);
  }

  /** Marks the value under `key` (if any) the most recently used, without counting a lookup. */
  protected touch(key: string): void {
    this.entries.get(key);
  }

  /**
   * The value under `key` for a request whose reads are fresh from `generation` on; counts the hit
   * or miss. A value `stale` says is past its time counts as a miss.
   */
  protected lookup(key: string, generation: number, stale?: (value: V) => boolean): V | undefined {
    const kept = generation > this.feed.generation ? undefined : this.entries.get(key);
    const found = kept !== undefined && stale?.(kept) === true ? undefined : kept;
    if (found === undefined) this.misses += 1;
    else this.hits += 1;
    if (this.observer !== undefined) this.observer.noted(this.lookupNote(key, generation, found !== undefined));
    return found;
  }

  private lookupNote(key: string, generation: number, hit: boolean): CacheNote {
    const note = { cache: this.name, key: this.kindOf(key) };
    if (hit) return { ...note, outcome: 'hit' };
    if (generation > this.feed.generation) return { ...note, outcome: 'miss', why: 'the request read a generation the feed has not reported yet' };
    const by = this.droppedBy.get(key);
    return { ...note, outcome: 'miss', why: by === undefined ? 'absent: never kept, or evicted past CACHE_MAX_MB' : `dropped by a ${by}` };
  }

  /**
   * Keeps a value computed from reads that began at `generation` and read what `tags` name, unless
   * a change reported since touched one of them; returns whether it was kept.
   */
  protected store(key: string, generation: number, value: V, bytes: number, tags: ReadonlySet<string>): boolean {
    if (this.feed.changedSince(generation, tags)) {
      this.observer?.noted({ cache: this.name, key: this.kindOf(key), outcome: 'not kept', why: 'a change reported since its reads began touched what it read' });
      return false;
    }
    this.entries.set(key, value, bytes, tags);
    if (this.observer !== undefined) {
      this.droppedBy.delete(key);
      const note = { cache: this.name, key: this.kindOf(key) };
      this.observer.noted(bytes > this.maxBytes ? { ...note, outcome: 'not kept', why: 'larger than the whole cache' } : { ...note, outcome: 'kept' });
    }
    return true;
  }
}
