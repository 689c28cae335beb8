import type { ChangeFeed } from '../feed/change-feed.js';

/**
 * One cached answer: what the dispatcher produced, before WordPress's global parameters applied
 * (a string), or an anonymous answer exactly as it was sent (UTF-8 bytes, see cached-answers.ts).
 */
export interface CachedResponse {
  status: number;
  /** The headers the route set (Allow, totals, Content-Type), or all those sent, by name. */
  headers: Readonly<Record<string, string>>;
  body: string | Buffer;
  /** An answer as sent: the route pattern it was served by, for the request log and the metrics. */
  route?: string;
  /** The body's ETag, once an answer from the cache has needed it (see conditional-get.ts). */
  etag?: string;
}

interface Entry {
  generation: number;
  response: CachedResponse;
  bytes: number;
}

/**
 * Answers to GET and HEAD requests kept in memory, bounded in bytes (least recently used go
 * first) and dropped whole on every change the feed reports: an answer may embed any record of
 * the site (an event shows its venue, organizers, terms, author; every answer reads options), so
 * whole invalidation is what can be shown correct without knowing every dependency.
 *
 * Free of the read-then-invalidate race: an answer is stored with the feed generation read before
 * its first statement, and is not stored (nor ever served) once the generation has moved on.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private usedBytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly feed: ChangeFeed,
    readonly maxBytes: number,
  ) {
    feed.subscribe(() => this.clear());
  }

  get bytes(): number {
    return this.usedBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answer stored under `key` for the feed's current generation, if any. */
  get(key: string, generation: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.generation !== generation || generation !== this.feed.generation) {
      this.misses += 1;
      return undefined;
    }
    // Most recently used last, so the oldest are evicted first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.response;
  }

  /** Keeps an answer computed after `generation` was read, unless a change came since. */
  set(key: string, generation: number, response: CachedResponse): void {
    if (generation !== this.feed.generation) return;
    const bytes = sizeOf(key, response);
    if (bytes > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { generation, response, bytes });
    this.usedBytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.usedBytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.usedBytes = 0;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.usedBytes -= entry.bytes;
  }
}

/**
 * Roughly what an entry holds in memory: strings at two bytes a character (V8 keeps many in one,
 * but a body with one character past Latin-1 takes two), bytes as they are, plus bookkeeping.
 */
function sizeOf(key: string, response: CachedResponse): number {
  let characters = key.length;
  for (const [name, value] of Object.entries(response.headers)) characters += name.length + value.length;
  const bodyBytes = typeof response.body === 'string' ? response.body.length * 2 : response.body.length;
  return characters * 2 + bodyBytes + 200;
}
