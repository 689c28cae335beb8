/**
 * What LOG_LEVEL=debug adds to a request's log: each statement it ran with its time, and each
 * cache it asked with the answer (hit, or why not) and whether what it made was kept. Gathered
 * only while the level is debug (StatementTracker.gatherDetail), so other levels pay nothing.
 */
export interface RequestDetail {
  statements: StatementTiming[];
  caches: CacheNote[];
}

export interface StatementTiming {
  ms: number;
  /** The SQL without its bound values (which may hold passwords), cut at STATEMENT_TEXT_CHARS. */
  sql: string;
  failed?: true;
}

/** One cache's answer to a request, or what became of what the request offered it. */
export interface CacheNote {
  /** `response` (whole answers), `answers` (anonymous answers as sent: the front door), `records`. */
  cache: string;
  /** The key's kind, never the key (which holds the query string): `answer`, `event 12`... */
  key: string;
  outcome: 'hit' | 'miss' | 'kept' | 'not kept' | 'not cacheable';
  why?: string;
}

/** How much of a statement's SQL the debug line shows: enough to tell which read it was. */
export const STATEMENT_TEXT_CHARS = 200;

export function statementText(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > STATEMENT_TEXT_CHARS ? `${flat.slice(0, STATEMENT_TEXT_CHARS)}…` : flat;
}

/** What the request pipeline settled about keeping a request's answer (app.ts). */
export interface Cacheability {
  /** A response cache is kept at all (CACHE_MAX_MB above 0, the answers' share). */
  cache: boolean;
  /** GET or HEAD, without `_method` or X-HTTP-Method-Override. */
  plainRead: boolean;
  /** isCacheableRoute. */
  route: boolean;
  /** isCacheableQuery. */
  query: boolean;
  /** The change feed vouched for a generation (on, started, the replica caught up). */
  fresh: boolean;
  /** No change came while a signed-in viewer's roles were read. */
  storable: boolean;
}

/** Why an answer is neither looked up nor kept, in the debug line's words; undefined when it may be. */
export function notCacheableWhy(c: Cacheability): string | undefined {
  if (!c.plainRead) return 'not a plain GET or HEAD';
  if (!c.cache) return 'no response cache (CACHE_MAX_MB=0)';
  if (!c.route) return "the route's answer moves with the clock (an index, or the events list's end_date default)";
  if (!c.query) return 'a query argument relative to now (now, +1 week, tomorrow...) or one whose answer moves every second';
  if (!c.fresh) return 'the change feed cannot vouch for freshness (off, not started, or a replica behind it)';
  if (!c.storable) return "a change came while the signed-in viewer's roles were read";
  return undefined;
}
