import type { ChangeFeed } from '../feed/change-feed.js';
import { touchedByChange } from '../feed/data-change.js';
import { ANY_LIST, DependencyTag, touchedDependencyTags, touches } from '../feed/dependencies.js';

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
  response: CachedResponse;
  bytes: number;
  /** What the answer read (dependencies.ts): a change touching one of them drops it. */
  tags: ReadonlySet<string>;
}

/** An answer whose dependencies are not known: any change drops it. */
const UNKNOWN: ReadonlySet<string> = new Set([DependencyTag.any]);

/**
 * Answers to GET and HEAD requests kept in memory, bounded in bytes (least recently used go
 * first), each with the tags of what it read (the posts, terms and lists of dependencies.ts).
 * A change the feed reports drops the answers that depend on a tag it touched; a change the
 * source cannot describe (probe mode, a lost binlog position, an option or a user) drops all.
 *
 * Free of the read-then-invalidate race: an answer is stored with the feed generation read before
 * its first statement, and is not stored when a change reported since touched what it read
 * (ChangeFeed.changedSince); an entry held is fresh at the feed's current generation, since
 * every change that touched it has dropped it.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  /** Tag -> the keys of the entries that depend on it. */
  private readonly byTag = new Map<string, Set<string>>();
  private usedBytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly feed: ChangeFeed,
    readonly maxBytes: number,
  ) {
    feed.subscribe((change) => {
      const touched = touchedByChange(change);
      if (touched === undefined) this.clear();
      else this.drop(touched);
    });
  }

  get bytes(): number {
    return this.usedBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer stored under `key`, if any, for a request whose reads are fresh from `generation`
   * on: what is held is fresh at the feed's current generation, which is never older.
   */
  get(key: string, generation: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry || generation > this.feed.generation) {
      this.misses += 1;
      return undefined;
    }
    // Most recently used last, so the oldest are evicted first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.response;
  }

  /**
   * Keeps an answer computed after `generation` was read, which read what `tags` name (none
   * given: it may have read anything), unless a change reported since touched one of them.
   */
  set(key: string, generation: number, response: CachedResponse, tags: ReadonlySet<string> = UNKNOWN): void {
    if (this.feed.changedSince(generation, tags)) return;
    const bytes = sizeOf(key, response);
    if (bytes > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { response, bytes, tags });
    for (const tag of tags) {
      const keys = this.byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.byTag.set(tag, keys);
    }
    this.usedBytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.usedBytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
    this.usedBytes = 0;
  }

  /** Drops every answer that depends on a tag a change touched. */
  private drop(touched: ReadonlySet<string>): void {
    const tags = [...touchedDependencyTags(touched), DependencyTag.any];
    if (touched.has(ANY_LIST)) tags.push(...[...this.byTag.keys()].filter((tag) => touches(touched, tag)));
    for (const tag of tags) for (const key of [...(this.byTag.get(tag) ?? [])]) this.remove(key);
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
