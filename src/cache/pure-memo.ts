/**
 * A bounded memo of a pure function of a text key: what `compute` gives for a key never changes,
 * so an entry is never stale and nothing needs to drop it; past `maxEntries` the oldest entry
 * goes (first in, first out). Keys longer than `maxKeyLength` are computed each time, so one
 * huge text cannot pin memory. For values shared between callers: return immutable values, or
 * copy them on the way out.
 */
export class PureMemo<V> {
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxKeyLength = 2_000,
  ) {}

  get(key: string, compute: () => V): V {
    if (key.length > this.maxKeyLength) return compute();
    const known = this.entries.get(key);
    if (known !== undefined || this.entries.has(key)) return known as V;
    const value = compute();
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    return value;
  }

  /** Entries kept (for tests). */
  get size(): number {
    return this.entries.size;
  }
}
