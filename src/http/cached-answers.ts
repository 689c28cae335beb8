import type Koa from 'koa';
import type { Db } from '../db/create-db.js';
import type { Clock } from '../clock.js';
import type { ChangeFeed } from '../feed/change-feed.js';
import type { ObservedState } from '../ops/logging.js';
import type { CachedResponse, ResponseCache } from './response-cache.js';
import { sentAnswerKey } from './response-cache-policy.js';
import { matchesIfNoneMatch } from './conditional-get.js';

/**
 * The response cache's front door for anonymous reads: a GET or HEAD that carries nothing that
 * could make it anyone's but the public's is answered from the bytes a first request was sent,
 * before the REST machinery (global parameters, body parsing, routing, authentication, the
 * dispatcher, the conditional GET) runs again to produce the very same bytes. Only the request
 * log, the health routes and the metrics, which are outside, see every request.
 *
 * What the answer depends on is the key (sentAnswerKey): method, raw URL, Origin, the site's day.
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
    /** Set inside when the answer may be kept: its route pattern, for the log and the metrics. */
    keep?: { route: string | undefined };
  };
}

export function cachedAnswers({ cache, feed, readDbFor, siteZone, clock, restRoot }: CachedAnswersOptions): Koa.Middleware {
  // Where REST requests come in: under the root, or as `/?rest_route=` and `/index.php...`.
  const mayBeRest = (path: string) => path.startsWith(restRoot) || path === '/' || path.startsWith('/index.php');
  return async (ctx, next) => {
    if (!mayBeRest(ctx.path) || !isPlainAnonymousRead(ctx)) return next();
    const now = clock.now();
    let generation: number | undefined;
    let zone: string;
    const db = readDbFor(now);
    try {
      generation = await feed.freshGeneration(db, now);
      zone = await siteZone();
    } catch {
      // The database did not answer: the full path reports it the way WordPress does.
      return next();
    }
    if (generation === undefined) return next();
    const key = sentAnswerKey({ method: ctx.method, url: ctx.url, origin: ctx.get('Origin'), siteZone: zone, now });
    const cached = cache.get(key, generation);
    if (cached !== undefined) return replaySentAnswer(ctx, cached);

    const state = ctx.state as SentAnswerState;
    state.sentAnswer = { now, generation, db };
    const headersBefore = new Set(ctx.response.headers ? Object.keys(ctx.response.headers) : []);
    await next();
    const keep = state.sentAnswer.keep;
    const body: unknown = ctx.body;
    if (keep === undefined || ctx.status !== 200 || (typeof body !== 'string' && !Buffer.isBuffer(body))) return;
    // Stored as sent: every header set inside this door, and the body's UTF-8 bytes (outside V8's
    // heap, and never encoded again on the way out).
    const headers = headersSetInside(ctx, headersBefore);
    cache.set(key, generation, { status: 200, headers, body: Buffer.isBuffer(body) ? body : Buffer.from(body), route: keep.route });
  };
}

/**
 * Called by the dispatcher's side once its answer may be cached (the route's policy said so, for
 * the generation this door read, to an anonymous viewer): this door keeps it as sent. Says whether
 * it will, so the caller need not keep a copy of its own.
 */
export function keepSentAnswer(ctx: { state: unknown }, generation: number, route: string | undefined): boolean {
  const sent = (ctx.state as SentAnswerState).sentAnswer;
  if (sent === undefined || sent.generation !== generation) return false;
  sent.keep = { route };
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
function isPlainAnonymousRead(ctx: Koa.Context): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  const headers = ctx.headers;
  if (headers.authorization !== undefined || headers.cookie !== undefined || headers['x-wp-nonce'] !== undefined) return false;
  if (headers['x-http-method-override'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
  if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return false;
  return !/[?&]_method=/.test(ctx.url);
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

/** Answers as the first request was answered, the conditional GET included. */
function replaySentAnswer(ctx: Koa.Context, cached: CachedResponse): void {
  (ctx.state as ObservedState).route = cached.route;
  (ctx.state as ObservedState).userId = 0;
  ctx.status = 200;
  for (const [name, value] of Object.entries(cached.headers)) ctx.res.setHeader(name, value);
  ctx.body = cached.body;
  // As conditionalGet answers: the tag was sent with the body, so a matching If-None-Match is a 304
  // (Koa then drops the body and its Content-Type and Content-Length, as it did inside).
  const etag = cached.headers.ETag ?? cached.headers.etag;
  if (etag !== undefined && matchesIfNoneMatch(ctx.get('If-None-Match'), etag)) ctx.status = 304;
}
