import { DependencyTag } from '../feed/dependencies.js';
import { FeedFreshCache } from './feed-fresh-cache.js';

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
  /**
   * The instant (ms since the epoch) from which the answer is stale whatever the feed says: an
   * answer that reads the clock more finely than the site's day (the iCal export's events still
   * to end). None: the feed and the key's day decide alone.
   */
  staleFrom?: number;
}

/** An answer whose dependencies are not known: any change drops it. */
const UNKNOWN: ReadonlySet<string> = new Set([DependencyTag.any]);

/**
 * Answers to GET and HEAD requests kept in memory, bounded in bytes (least recently used go
 * first), each with the tags of what it read (the posts, terms and lists of dependencies.ts).
 * A change the feed reports drops the answers that depend on a tag it touched; a change the
 * source cannot describe (probe mode, a lost binlog position, an option or a user) drops all.
 * Fresh as FeedFreshCache keeps it (no read-then-invalidate race).
 */
export class ResponseCache extends FeedFreshCache<CachedResponse> {
  protected readonly name = 'response';

  /**
   * An answer as sent (the front door's, sentAnswerKey), or one of the pipeline's for an anonymous
   * or a signed-in reader (responseCacheKey): which route, the request line says.
   */
  protected kindOf(key: string): string {
    if (key.startsWith('sent\n')) return 'answer as sent';
    return key.includes('\nuser:0\n') ? 'anonymous answer' : 'signed-in answer';
  }

  /**
   * The answer stored under `key`, if any, for a request whose reads are fresh from `generation`
   * on: what is held is fresh at the feed's current generation, which is never older; given `now`,
   * not one stale from an earlier instant (CachedResponse.staleFrom).
   */
  get(key: string, generation: number, now?: Date): CachedResponse | undefined {
    return this.lookup(key, generation, now === undefined ? undefined : (kept) => kept.staleFrom !== undefined && now.getTime() >= kept.staleFrom);
  }

  /**
   * Keeps an answer computed after `generation` was read, which read what `tags` name (none
   * given: it may have read anything), unless a change reported since touched one of them.
   */
  set(key: string, generation: number, response: CachedResponse, tags: ReadonlySet<string> = UNKNOWN): void {
    this.store(key, generation, response, sizeOf(key, response), tags);
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
