import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { Db } from '../db/create-db.js';
import type { Clock } from '../clock.js';
import type { ChangeFeed } from '../feed/change-feed.js';
import { recordRequest, requestIdFor, type ObservedState, type RequestLoggingOptions } from '../ops/logging.js';
import type { CachedResponse, ResponseCache } from './response-cache.js';
import { sentAnswerKey } from './response-cache-policy.js';
import { experimentalAcknowledgement } from '../wp/tec/experimental-acknowledgement.js';
import { matchesIfNoneMatch } from '../http/conditional-get.js';

/**
 * The response cache's front door for anonymous reads: a GET or HEAD that carries nothing that
 * could make it anyone's but the public's is answered from the bytes a first request was sent,
 * before the REST machinery (global parameters, body parsing, routing, authentication, the
 * dispatcher, the conditional GET) runs again to produce the very same bytes. Only the request
 * log, the health routes and the metrics, which are outside, see every request.
 *
 * What the answer depends on is the key (sentAnswerKey): method, raw URL, Origin, how X-TEC-EEA reads, the site's day.
 * What it may not depend on is ruled out by `isPlainAnonymousRead`: no credentials of any kind
 * (Authorization, a cookie, a nonce), no method override, no body. Whether an answer may be kept
 * at all is still decided inside, by the route's own cache policy (`keepSentAnswer`): this door
 * only keeps what the dispatcher vouched for, under the feed generation read before anything ran.
 */

export interface CachedAnswersOptions {
  cache: ResponseCache;
  feed: ChangeFeed;
  /** The database an anonymous read goes to: probe mode reads its LSN before answering. */
  readDbFor: (now: Date) => Db;
  /** The site's time zone (its day is part of every key). */
  siteZone: () => Promise<string>;
  /** The same, without waiting, when it is known and fresh (else undefined: siteZone reads it). */
  siteZoneAtOnce: () => string | undefined;
  clock: Clock;
  /** The REST root path (`/wp-json`): other paths never reach the REST machinery, so never this door. */
  restRoot: string;
}

/** What this door tells the dispatcher's side about the request (ctx.state.sentAnswer). */
export interface SentAnswerState {
  sentAnswer?: {
    /** The instant the request is served at: the one the key's day was computed from. */
    now: Date;
    /** The feed generation read before anything ran: the inner side's statements all come after. */
    generation: number;
    /** The database that generation is for: the inner side reads from it too. */
    db: Db;
    /**
     * Set inside when the answer may be kept: its route pattern, for the log and the metrics, and
     * the tags of what it read (dependencies.ts).
     */
    keep?: { route: string | undefined; tags: ReadonlySet<string>; staleFrom?: number };
  };
}

/** lookupAtOnce's answer when something must be read first: call lookup. */
const WAIT = Symbol('wait');

/** What the door settles for a request before anything else runs. */
interface Lookup {
  key: string;
  generation: number;
  db: Db;
  now: Date;
  /** The answer kept for this key, if any (fresh for this generation). */
  cached: CachedResponse | undefined;
}

/** The parts of a request the door reads (Koa's ctx and node's IncomingMessage both have them). */
interface DoorRequest {
  method: string;
  /** The raw URL: path and query string as received. */
  url: string;
  /** The URL's path. */
  path: string;
  headers: IncomingHttpHeaders;
}

export class CachedAnswers {
  constructor(private readonly options: CachedAnswersOptions) {}

  /**
   * The key, generation and kept answer for a request this door serves; undefined for one it
   * leaves to the full stack (not a plain anonymous read, or freshness unknown: mode off, or the
   * database not answering, which the full stack reports the way WordPress does).
   */
  async lookup(request: DoorRequest): Promise<Lookup | undefined> {
    const atOnce = this.lookupAtOnce(request);
    if (atOnce !== WAIT) return atOnce;
    const { feed, readDbFor, siteZone, clock } = this.options;
    const now = clock.now();
    const db = readDbFor(now);
    let generation: number | undefined;
    let zone: string;
    try {
      generation = await feed.freshGeneration(db, now);
      zone = await siteZone();
    } catch {
      return undefined;
    }
    if (generation === undefined) return undefined;
    return this.found(request, now, db, generation, zone);
  }

  /**
   * `lookup` without waiting, when nothing needs reading: binlog mode on the primary, the site's
   * zone fresh in memory (nearly every request of a busy site). WAIT when something does. A kept
   * answer served this way creates no promise, which matters at tens of thousands a second (the
   * statement tracker's AsyncLocalStorage makes every promise pay for a hook).
   */
  lookupAtOnce(request: DoorRequest): Lookup | undefined | typeof WAIT {
    const { feed, readDbFor, siteZoneAtOnce, clock, restRoot } = this.options;
    // Where REST requests come in: under the root, or as `/?rest_route=` and `/index.php...`.
    const mayBeRest = request.path.startsWith(restRoot) || request.path === '/' || request.path.startsWith('/index.php');
    // TEC's iCal export at the site's own URLs: `?ical=`, `?outlook-ical=`, the pretty `/ical/`.
    const mayBeICalExport = request.url.includes('ical');
    if (!(mayBeRest || mayBeICalExport) || !isPlainAnonymousRead(request)) return undefined;
    const now = clock.now();
    const db = readDbFor(now);
    const generation = feed.generationAtOnce(db);
    const zone = generation === undefined ? undefined : siteZoneAtOnce();
    if (generation === undefined || zone === undefined) return WAIT;
    return this.found(request, now, db, generation, zone);
  }

  /** The key of a request this door serves, and the answer kept under it for this generation. */
  private found(request: DoorRequest, now: Date, db: Db, generation: number, zone: string): Lookup {
    const origin = request.headers.origin ?? '';
    const eea = request.headers['x-tec-eea'];
    const experimental = experimentalAcknowledgement(Array.isArray(eea) ? eea.join(',') : eea);
    const key = sentAnswerKey({ method: request.method, url: request.url, origin, siteZone: zone, now, experimental });
    return { key, generation, db, now, cached: this.options.cache.get(key, generation, now) };
  }

  /**
   * Inside the request log and the metrics: answers what is kept, and otherwise passes the request
   * on with what it settled (sentAnswerDoor), keeping the answer when the inside allowed it.
   */
  middleware(): Koa.Middleware {
    return async (ctx, next) => {
      const found = await this.lookup({ method: ctx.method, url: ctx.url, path: ctx.path, headers: ctx.headers });
      if (found === undefined) return next();
      if (found.cached !== undefined) return replayInKoa(ctx, found.cached);
      const state = ctx.state as SentAnswerState;
      state.sentAnswer = { now: found.now, generation: found.generation, db: found.db };
      const headersBefore = new Set(Object.keys(ctx.response.headers));
      await next();
      const keep = state.sentAnswer.keep;
      const body: unknown = ctx.body;
      if (keep === undefined || ctx.status !== 200 || (typeof body !== 'string' && !Buffer.isBuffer(body))) return;
      // Stored as sent: every header set inside this door, and the body's UTF-8 bytes (outside V8's
      // heap, and never encoded again on the way out).
      const headers = headersSetInside(ctx, headersBefore);
      const kept: CachedResponse = { status: 200, headers, body: Buffer.isBuffer(body) ? body : Buffer.from(body), route: keep.route };
      if (keep.staleFrom !== undefined) kept.staleFrom = keep.staleFrom;
      this.options.cache.set(found.key, found.generation, kept, keep.tags);
    };
  }

  /**
   * The same door in front of Koa itself: a kept answer is written straight to the socket, with the
   * request id, log line and metrics the request log gives every request, and the very bytes Koa
   * would send (a CPU profile of cached answers put Koa's per-request machinery at more than half
   * of their cost). Anything else, and anything that goes wrong here before a byte is written,
   * goes to `next`, the Koa app.
   */
  handler(next: (request: IncomingMessage, response: ServerResponse) => unknown, observe: Pick<RequestLoggingOptions, 'logger' | 'metrics'>) {
    // Settled once: the level is the start's, and a kept answer must not pay for asking each time.
    const debug = observe.logger.isLevelEnabled('debug');
    const serve = (request: IncomingMessage, response: ServerResponse, found: Lookup | undefined, started: bigint, path: string): void => {
      const cached = found?.cached;
      if (cached === undefined) {
        next(request, response);
        return;
      }
      const requestId = requestIdFor(request.headers['x-request-id']);
      const status = sentStatus(request, cached);
      // Logged before the answer is written, as the request log logs a request Koa then sends.
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      recordRequest(observe, { requestId, method: request.method ?? 'GET', route: cached.route, path, status, seconds, userId: 0, statements: 0 });
      if (debug) observe.logger.debug({ reqId: requestId, statements: [], caches: [{ cache: 'response', key: 'answer as sent', outcome: 'hit' }] }, 'request detail');
      writeSentAnswer(request, response, requestId, cached, status);
    };
    return (request: IncomingMessage, response: ServerResponse): void => {
      const started = process.hrtime.bigint();
      const url = request.url ?? '/';
      const query = url.indexOf('?');
      const path = query < 0 ? url : url.slice(0, query);
      const doorRequest = { method: request.method ?? 'GET', url, path, headers: request.headers };
      let atOnce: Lookup | undefined | typeof WAIT;
      try {
        atOnce = this.lookupAtOnce(doorRequest);
      } catch {
        atOnce = undefined;
      }
      if (atOnce !== WAIT) return serve(request, response, atOnce, started, path);
      this.lookup(doorRequest).then(
        (found) => serve(request, response, found, started, path),
        () => serve(request, response, undefined, started, path),
      );
    };
  }
}

/**
 * Called by the dispatcher's side once its answer may be cached (the route's policy said so, for
 * the generation this door read, to an anonymous viewer): this door keeps it as sent. Says whether
 * it will, so the caller need not keep a copy of its own.
 */
export function keepSentAnswer(ctx: { state: unknown }, generation: number, route: string | undefined, tags: ReadonlySet<string>, staleFrom?: number): boolean {
  const sent = (ctx.state as SentAnswerState).sentAnswer;
  if (sent === undefined || sent.generation !== generation) return false;
  sent.keep = staleFrom === undefined ? { route, tags } : { route, tags, staleFrom };
  return true;
}

/**
 * What this door settled before passing the request on, when it did: the instant it serves the
 * request at, the generation it read and from which database. The inner side serves an anonymous
 * viewer at that instant, from that database, fresh for that generation (no second probe).
 */
export function sentAnswerDoor(ctx: { state: unknown }): Readonly<{ now: Date; generation: number; db: Db }> | undefined {
  return (ctx.state as SentAnswerState).sentAnswer;
}

/**
 * A GET or HEAD whose answer can only be the public's: no Authorization, Cookie or X-WP-Nonce
 * (WordPress would try to sign the caller in, or refuse them), no method override (header or
 * `_method`), and no body (WordPress reads a JSON body's parameters on any method).
 */
function isPlainAnonymousRead(request: DoorRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const headers = request.headers;
  if (headers.authorization !== undefined || headers.cookie !== undefined || headers['x-wp-nonce'] !== undefined) return false;
  if (headers['x-http-method-override'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
  if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return false;
  return !/[?&]_method=/.test(request.url);
}

/**
 * The headers set since `before` was taken, in their order and with the names as they were set
 * (Content-Length among them, where Koa put it: replaying the same body sets the same value).
 */
function headersSetInside(ctx: Koa.Context, before: ReadonlySet<string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ctx.res.getHeaderNames()) {
    if (before.has(name)) continue;
    const value = ctx.res.getHeader(name);
    if (value !== undefined) headers[rawName(ctx, name)] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * A header's name as it was set (`ETag`, not `etag`): answers from memory print it the same.
 * (OutgoingMessage.getRawHeaderNames, Node 15.13+, is missing from the types this project uses.)
 */
function rawName(ctx: Koa.Context, lowerCase: string): string {
  const raw = (ctx.res as { getRawHeaderNames?: () => string[] }).getRawHeaderNames?.() ?? [];
  return raw.find((name) => name.toLowerCase() === lowerCase) ?? lowerCase;
}

/** Answers in Koa as the first request was answered, the conditional GET included. */
function replayInKoa(ctx: Koa.Context, cached: CachedResponse): void {
  (ctx.state as ObservedState).route = cached.route;
  (ctx.state as ObservedState).userId = 0;
  ctx.status = 200;
  for (const [name, value] of Object.entries(cached.headers)) ctx.res.setHeader(name, value);
  ctx.body = cached.body;
  // As conditionalGet answers: the tag was sent with the body, so a matching If-None-Match is a 304
  // (Koa then drops the body and its Content-Type and Content-Length, as it did inside).
  if (notModified(ctx.get('If-None-Match'), cached)) ctx.status = 304;
}

/** 304 when the request's If-None-Match names the kept answer's tag, else 200. */
function sentStatus(request: IncomingMessage, cached: CachedResponse): 200 | 304 {
  const ifNoneMatch = request.headers['if-none-match'];
  return notModified(Array.isArray(ifNoneMatch) ? ifNoneMatch.join(', ') : (ifNoneMatch ?? ''), cached) ? 304 : 200;
}

/**
 * Writes a kept answer as Koa would have sent it: the request id first (the request log sets it
 * before anything else), then the kept headers in their order; a 304 without the body's
 * Content-Type and Content-Length, as Koa drops them; no body for HEAD.
 */
function writeSentAnswer(request: IncomingMessage, response: ServerResponse, requestId: string, cached: CachedResponse, status: 200 | 304): void {
  // One flat list of name, value pairs: node writes it as given, without the per-header
  // bookkeeping setHeader keeps for headers that may still change (these cannot).
  response.writeHead(status, ['X-Request-Id', requestId, ...sentHeaderPairs(cached, status)]);
  if (status === 304 || request.method === 'HEAD') response.end();
  else response.end(cached.body);
}

/** A kept answer's headers as name, value pairs, in their order, for a 200 and for a 304; made once per answer. */
const headerPairsOf = new WeakMap<CachedResponse, Record<200 | 304, readonly string[]>>();

function sentHeaderPairs(cached: CachedResponse, status: 200 | 304): readonly string[] {
  let pairs = headerPairsOf.get(cached);
  if (pairs === undefined) {
    const whole: string[] = [];
    const bodiless: string[] = [];
    for (const [name, value] of Object.entries(cached.headers)) {
      whole.push(name, value);
      if (!BODY_HEADERS.has(name.toLowerCase())) bodiless.push(name, value);
    }
    pairs = { 200: whole, 304: bodiless };
    headerPairsOf.set(cached, pairs);
  }
  return pairs[status];
}

/** The headers Koa removes when an answer becomes bodiless (its body setter given null). */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'transfer-encoding']);

/** Whether a request's If-None-Match names the kept answer's tag (conditionalGet's rule). */
function notModified(ifNoneMatch: string, cached: CachedResponse): boolean {
  const etag = cached.headers.ETag ?? cached.headers.etag;
  return etag !== undefined && matchesIfNoneMatch(ifNoneMatch, etag);
}
