/**
 * Rendered texts kept across requests, for the texts whose HTML depends on nothing but the text
 * itself, the site's settings and where wpautop sits: those that read no record (no attachment,
 * oEmbed cache or dynamic block query) and leave WordPress's per-request counters and unique ids
 * untouched. Keyed by the whole text, never by post ID and modified time, so an edit made by
 * WordPress (or straight in the database) can never be answered from a stale entry: a changed
 * text is a different key. Bounded by total characters, least recently used first out.
 */
export interface RenderedText {
  html: string;
  /** Rendering it moved wpautop after shortcode_unautop for the rest of the request (it had blocks). */
  movesWpautop: boolean;
}

export class RenderCache {
  private readonly entries = new Map<string, RenderedText>();
  private size = 0;
  /** Lookups that found an entry / found none, for the metrics (src/ops/metrics.ts). */
  hits = 0;
  misses = 0;

  constructor(private readonly maxChars = 16_000_000) {}

  get(key: string): RenderedText | undefined {
    const found = this.entries.get(key);
    if (found === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Map order is insertion order: re-inserting marks it most recently used.
    this.entries.delete(key);
    this.entries.set(key, found);
    return found;
  }

  set(key: string, value: RenderedText): void {
    const cost = key.length + value.html.length;
    if (cost > this.maxChars / 100) return; // one huge text must not flush everything else
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.size -= key.length + previous.html.length;
    }
    this.entries.set(key, value);
    this.size += cost;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(oldest);
      this.size -= oldest.length + entry.html.length;
    }
  }

  get count(): number {
    return this.entries.size;
  }
}
