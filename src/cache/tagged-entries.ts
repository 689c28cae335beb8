import { ANY_LIST, DependencyTag, touchedDependencyTags, touches } from '../feed/dependencies.js';

interface Entry<V> {
  value: V;
  bytes: number;
  /** What the value was computed from (dependencies.ts): a change touching one of them drops it. */
  tags: ReadonlySet<string>;
}

/**
 * Values kept in memory under string keys, bounded in bytes (the least recently used go first),
 * each with the tags of what it was computed from, and dropped by the tags a change touched. The
 * bookkeeping the response cache and the record cache share; neither the feed nor freshness is
 * its business (the caches that hold one check both).
 */
export class TaggedEntries<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Tag -> the keys of the entries that depend on it. */
  private readonly byTag = new Map<string, Set<string>>();
  private usedBytes = 0;

  constructor(private budget: number) {}

  /** The most bytes held at once. */
  get maxBytes(): number {
    return this.budget;
  }

  get bytes(): number {
    return this.usedBytes;
  }

  /** Holds at most `maxBytes` from now on: the least recently used go until the rest fit. */
  resize(maxBytes: number): void {
    this.budget = maxBytes;
    this.evictPastBudget();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether a value is kept under `key` (its recency unchanged). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The value under `key`, now the most recently used; undefined when none. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last, so the oldest are evicted first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` (about `bytes` in memory) under `key`, unless it alone exceeds the budget. */
  set(key: string, value: V, bytes: number, tags: ReadonlySet<string>): void {
    if (bytes > this.budget) return;
    this.remove(key);
    this.entries.set(key, { value, bytes, tags });
    for (const tag of tags) {
      const keys = this.byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.byTag.set(tag, keys);
    }
    this.usedBytes += bytes;
    this.evictPastBudget();
  }

  /** Drops every entry; returns how many there were. */
  clear(): number {
    const count = this.entries.size;
    this.entries.clear();
    this.byTag.clear();
    this.usedBytes = 0;
    return count;
  }

  /** The keys held, oldest first. */
  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** Drops every entry that depends on a tag a change touched; `dropped` is told each key that goes. */
  drop(touched: ReadonlySet<string>, dropped?: (key: string) => void): void {
    const tags = [...touchedDependencyTags(touched), DependencyTag.any];
    if (touched.has(ANY_LIST)) tags.push(...[...this.byTag.keys()].filter((tag) => touches(touched, tag)));
    for (const tag of tags) {
      for (const key of [...(this.byTag.get(tag) ?? [])]) {
        this.remove(key);
        dropped?.(key);
      }
    }
  }

  /** Drops the least recently used entries until the rest fit the budget. */
  private evictPastBudget(): void {
    for (const [oldest] of this.entries) {
      if (this.usedBytes <= this.budget) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
    this.usedBytes -= entry.bytes;
  }
}
