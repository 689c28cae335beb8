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

/**
 * Entries are found by the text first, then by what else the rendering depended on (the filter,
 * the request state it read, the site). The text is found by a short key made from its length
 * and its ends, then compared whole: hashing whole texts (fresh strings on every request) cost
 * more than rendering them from the cache saved. Two texts of one key take turns in the cache.
 */
export class RenderCache {
  private readonly entries = new Map<string, { text: string; renderings: Map<string, RenderedText> }>();
  private size = 0;
  private variants = 0;
  /** Lookups that found an entry / found none, for the metrics (src/ops/metrics.ts). */
  hits = 0;
  misses = 0;

  constructor(private readonly maxChars = 16_000_000) {}

  get(text: string, context: string): RenderedText | undefined {
    const key = textKey(text);
    const entry = this.entries.get(key);
    const found = entry?.text === text ? entry.renderings.get(context) : undefined;
    if (entry === undefined || found === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Map order is insertion order: re-inserting marks it most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return found;
  }

  set(text: string, context: string, value: RenderedText): void {
    const cost = text.length + context.length + value.html.length;
    if (cost > this.maxChars / 100) return; // one huge text must not flush everything else
    const key = textKey(text);
    let entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    if (entry && entry.text !== text) {
      this.forget(entry);
      entry = undefined;
    }
    entry ??= { text, renderings: new Map() };
    const previous = entry.renderings.get(context);
    if (previous) {
      this.size -= text.length + context.length + previous.html.length;
      this.variants -= 1;
    }
    entry.renderings.set(context, value);
    this.entries.set(key, entry);
    this.size += cost;
    this.variants += 1;
    for (const [oldest, dropped] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(oldest);
      this.forget(dropped);
    }
  }

  private forget(entry: { text: string; renderings: Map<string, RenderedText> }): void {
    for (const [context, rendered] of entry.renderings) this.size -= entry.text.length + context.length + rendered.html.length;
    this.variants -= entry.renderings.size;
  }

  /** Renderings kept. */
  get count(): number {
    return this.variants;
  }
}

/** The cache's key of a text: its length and its first and last characters (see RenderCache). */
function textKey(text: string): string {
  return text.length <= 96 ? text : `${text.length}\u0000${text.slice(0, 48)}${text.slice(-48)}`;
}
