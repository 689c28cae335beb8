import type Koa from 'koa';
import type { Db } from '../db/create-db.js';
import type { Config } from '../config.js';
import type { Clock } from '../clock.js';
import type { ChangeFeed } from '../feed/change-feed.js';
import { collectDependencies } from '../feed/dependencies.js';
import type { Caches } from '../cache/caches.js';
import type { CachedResponse } from '../cache/response-cache.js';
import { isCacheableQuery, isCacheableRoute, responseCacheKey } from '../cache/response-cache-policy.js';
import { keepSentAnswer, sentAnswerDoor } from '../cache/cached-answers.js';
import { PROBE_MODE_MAX_ROWS } from '../cache/event-totals-index.js';
import type { ChangeListener } from '../wp/write/change-set.js';
import { createWriteRunner } from '../wp/write/transaction.js';
import type { WriteGate } from '../wp/write/write-gate.js';
import type { ConnectionGate } from '../db/connection-gate.js';
import { toSiteUrls, type SiteUrls } from '../wp/site/urls.js';
import type { SiteSettings } from '../wp/site/site.js';
import { ANONYMOUS, isLoggedIn, type Viewer } from '../wp/auth/capabilities.js';
import { experimentalAcknowledgement } from '../wp/tec/experimental-acknowledgement.js';
import { translate } from '../i18n/index.js';
import { describeRoute } from '../resources/index/index.routes.js';
import { answerICalExport, ICAL_EXPORT_ROUTE } from '../resources/ical-export/ical-export.service.js';
import { servedNamespaces } from '../routes.js';
import type { ObservedState } from '../ops/logging.js';
import type { AppMetrics } from '../ops/metrics.js';
import type { StatementTracker } from '../ops/statements.js';
import { notCacheableWhy } from '../ops/request-detail.js';
import { authenticate, authInputFromKoa } from './authenticate.js';
import { bodyEtag, knownBodyTag } from './conditional-get.js';
import { sendCorsHeaders, varyAnonymousGet } from './cors.js';
import { dispatch, frontEndContext, requestMethod, type DispatchEnvironment } from './dispatcher.js';
import { CoreErrors } from './errors.js';
import { answerFrontPage, answerPageNotServed } from './front-page.js';
import { parsePhpQuery } from './php-query.js';
import type { ReadRouting } from './read-routing.js';
import type { RequestContext, RequestRecords, RequestTotals } from './request-context.js';
import { requestBodyOf } from './request-body.js';
import { restBodyParams } from './body-params.js';
import type { CompiledRoute, RouteDefinition } from './rest-route.js';

/**
 * The request pipeline: what happens to a REST request once app.ts's middleware (request log,
 * health, metrics, the front door of kept anonymous answers, conditional GET, WordPress's global
 * parameters, the error handler, the body) and its router have brought it to a namespace.
 * `serveRest` reads top to bottom:
 *
 *  1. resolveRoute: the route pattern, for the log and the metrics, before anything can fail
 *  2. identifyReader: the site's settings, the instant, who asks, the database read from
 *  3. settleGeneration: the feed generation the answer is fresh for, when it may be kept at all
 *  4. cacheKeyOf and replayKept: an answer kept for this key and generation is sent as it was
 *  5. dispatch (WordPress's REST server), collecting what the answer read (its dependencies)
 *  6. keepAnswer: kept by the front door (anonymous, as sent) or here (signed in), or not at all
 *  7. ETag and 304: conditionalGet, around all of this in app.ts, tags the body as sent
 *
 * `serveFrontEnd` is the same for TEC's iCal export at the site's own URLs and the front page.
 */

export interface PipelineDeps {
  /** The primary database: writes, authentication. */
  db: Db;
  config: Config;
  clock: Clock;
  feed: ChangeFeed;
  caches: Caches;
  readRouting: ReadRouting;
  statements: StatementTracker;
  changeListeners: readonly ChangeListener[];
  /** Where unexpected errors of a request go (never the client). */
  logError: (error: unknown) => void;
  writeGate: WriteGate;
  listStatements: ConnectionGate;
  metrics: AppMetrics;
}

export interface Pipeline {
  /** A REST request under `namespace` ('' for the REST root) for `routePath`, among `routes`. */
  serveRest(ctx: Koa.Context, routes: readonly CompiledRoute<RequestContext>[], routePath: string, namespace: string): Promise<void>;
  /** What WordPress answers under its REST root for a route it does not know (after settling who asks). */
  answerNoRoute(ctx: Koa.Context): Promise<void>;
  /** A page of the site's front end: TEC's iCal export, the front page, else a 404 naming the site. */
  serveFrontEnd(ctx: Koa.Context): Promise<void>;
}

/** Who asks and from where: what the answer is computed for. */
interface Reader {
  site: SiteSettings;
  urls: SiteUrls;
  /** The instant the request is served at. */
  now: Date;
  viewer: Viewer;
  /** The database its reads go to (a replica for plain reads, when the site has some). */
  db: Db;
  /** A GET or HEAD without a method override: the only requests whose answers may be kept. */
  plainRead: boolean;
  /** What the front door (cached-answers.ts) settled for an anonymous plain read. */
  fromDoor: Readonly<{ now: Date; generation: number; db: Db }> | undefined;
}

/** The feed generation the answer is fresh for, when it may be kept. */
interface Freshness {
  /** The generation the answer is fresh for; none: it is not kept (nor looked up). */
  generation: number | undefined;
  /** The feed's generation when the request began. */
  generationAtStart: number;
  /** False when a change reported meanwhile may have changed who the signed-in viewer is. */
  storable: boolean;
}

export function createPipeline(deps: PipelineDeps): Pipeline {
  const { db, config, clock, feed, caches, readRouting, statements, changeListeners, logError, writeGate, listStatements, metrics } = deps;
  const { siteSettings } = caches;

  const serveRest = async (ctx: Koa.Context, routes: readonly CompiledRoute<RequestContext>[], routePath: string, namespace: string): Promise<void> => {
    // The settings and the viewer are read before the feed's generation is (the probe needs the
    // viewer's database): a change reported in between is handled once the generation is known.
    const generationAtStart = feed.generation;
    const route = resolveRoute(ctx, routes, routePath, namespace);
    const reader = await identifyReader(ctx, namespace);
    const fresh = await settleGeneration(ctx, reader, routePath, route, namespace, generationAtStart);
    const cacheKey = cacheKeyOf(ctx, reader, fresh, routePath, namespace);
    if (cacheKey !== undefined && fresh.generation !== undefined && replayKept(ctx, cacheKey, fresh.generation)) return;
    const headersBefore = { ...ctx.response.headers };
    const { records, totals } = keptValuesFor(reader, fresh);
    const environment = requestEnvironment(ctx, reader, routePath, namespace, records, totals);
    const answer = () => dispatch(ctx, routes, environment);
    // What the answer read is collected only for an answer that may be kept (the record cache
    // collects its renderings' own): with no cache (CACHE_MAX_MB=0) or for an answer no cache
    // keeps, tagging each statement's rows cost CPU for nothing.
    if (cacheKey === undefined && records === undefined) {
      await answer();
      return;
    }
    const { dependencies } = await collectDependencies(answer);
    if (cacheKey !== undefined) keepAnswer(ctx, reader, fresh, cacheKey, headersBefore, dependencies.tags);
  };

  /**
   * The log's and metrics' route: the pattern WordPress registered, as the index prints it. Set
   * before anything reads the database, so an answer that fails there (503 while it is out) is
   * still counted under it.
   */
  const resolveRoute = (ctx: Koa.Context, routes: readonly CompiledRoute<RequestContext>[], routePath: string, namespace: string): CompiledRoute<RequestContext> | undefined => {
    const route = routes.find((candidate) => candidate.regex.test(routePath));
    if (route) (ctx.state as ObservedState).route = namespace === '' ? '/' : `/${namespace}${route.pattern}`;
    return route;
  };

  /** The site's settings, the instant, who asks (or 401/403) and the database the request reads from. */
  const identifyReader = async (ctx: Koa.Context, namespace: string): Promise<Reader> => {
    const site = await siteSettings();
    const urls = urlsIn(site, namespace);
    // The front door (cached-answers.ts) settled the instant (its key holds that instant's day),
    // the database and the feed's generation for a plain anonymous read before anything ran.
    const door = sentAnswerDoor(ctx);
    const now = door?.now ?? clock.now();
    const viewer = await identify(ctx, urls.restRoot, now);
    const methodOverridden = ctx.query._method !== undefined || ctx.get('X-HTTP-Method-Override') !== '';
    const fromDoor = door !== undefined && !isLoggedIn(viewer) ? door : undefined;
    const readDb = fromDoor?.db ?? readRouting.dbFor({ method: ctx.method, methodOverridden }, viewer, now);
    const plainRead = (ctx.method === 'GET' || ctx.method === 'HEAD') && !methodOverridden;
    return { site, urls, now, viewer, db: readDb, plainRead, fromDoor };
  };

  /** Every REST URL of the answer names the namespace the request came in under. */
  const urlsIn = (site: SiteSettings, namespace: string): SiteUrls =>
    toSiteUrls(site, config.restRoot, config.publicUrl, namespace === '' ? config.namespaces[0] : namespace);

  /**
   * A plain read the cache may answer is given the generation it is fresh for (in probe mode after
   * one LSN read) before anything else runs. A change reported since this request began (the probe
   * just saw the database move) may have been to the options read: they are read again (the feed
   * dropped them). The viewer's roles were read before it too, so a signed-in viewer's answer is
   * not kept this time. (A lagging replica's generation may be older than the one at start: what
   * counts is whether the feed moved since.)
   */
  const settleGeneration = async (ctx: Koa.Context, reader: Reader, routePath: string, route: CompiledRoute<RequestContext> | undefined, namespace: string, generationAtStart: number): Promise<Freshness> => {
    const cacheable = caches.response !== undefined && reader.plainRead && isCacheableRoute(routePath, route) && isCacheableQuery(parsePhpQuery(ctx.querystring));
    const generation = !cacheable ? undefined : reader.fromDoor ? reader.fromDoor.generation : await feed.freshGeneration(reader.db, reader.now);
    const changedMeanwhile = generation !== undefined && feed.generation !== generationAtStart;
    if (changedMeanwhile) {
      reader.site = await siteSettings();
      reader.urls = urlsIn(reader.site, namespace);
    }
    const fresh = { generation, generationAtStart, storable: !(changedMeanwhile && isLoggedIn(reader.viewer)) };
    noteWhyNotCacheable(ctx, reader, fresh, routePath, route);
    return fresh;
  };

  /** LOG_LEVEL=debug: why the response cache does not answer this request, when it does not. */
  const noteWhyNotCacheable = (ctx: Koa.Context, reader: Reader, fresh: Freshness, routePath: string, route: CompiledRoute<RequestContext> | undefined): void => {
    const detail = statements.detail();
    if (detail === undefined) return;
    const query = isCacheableQuery(parsePhpQuery(ctx.querystring));
    const why = notCacheableWhy({ cache: caches.response !== undefined, plainRead: reader.plainRead, route: isCacheableRoute(routePath, route), query, fresh: fresh.generation !== undefined, storable: fresh.storable });
    if (why !== undefined) detail.caches.push({ cache: 'response', key: 'answer', outcome: 'not cacheable', why });
  };

  /** The response cache's key for this answer; none when it is not kept. */
  const cacheKeyOf = (ctx: Koa.Context, reader: Reader, fresh: Freshness, routePath: string, namespace: string): string | undefined => {
    if (fresh.generation === undefined) return undefined;
    const experimental = experimentalAcknowledgement(ctx.get('X-TEC-EEA') || undefined);
    return responseCacheKey({ namespace, routePath, querystring: ctx.querystring, viewer: reader.viewer, siteZone: reader.site.timezone, now: reader.now, experimental });
  };

  /** Answers from the response cache as dispatch answered the first time; false when nothing is kept. */
  const replayKept = (ctx: Koa.Context, cacheKey: string, generation: number): boolean => {
    const cached = caches.response?.get(cacheKey, generation);
    if (!cached) return false;
    replayResponse(ctx, cached);
    return true;
  };

  /** The record cache and the kept event totals as this request may use them. */
  const keptValuesFor = (reader: Reader, fresh: Freshness) => {
    const freshFrom = reader.plainRead ? freshGenerationOf(fresh, reader.db, reader.now) : undefined;
    const { records: recordCache, eventTotals } = caches;
    const records = recordCache !== undefined && freshFrom ? keptUnder(freshFrom, (generation): RequestRecords => ({ cache: recordCache, generation })) : undefined;
    // Loads of any size where changes are reported by record (binlog mode). In probe mode every
    // move of the server's LSN, any database's write, drops everything: on a busy server a large
    // filter's dates would be loaded over and over, each load dropped before its next window, so
    // loads there read PROBE_MODE_MAX_ROWS at most (costing about what a count does).
    const maxRows = feed.mode === 'binlog' ? undefined : PROBE_MODE_MAX_ROWS;
    const totals = eventTotals !== undefined && freshFrom ? keptUnder(freshFrom, (generation): RequestTotals => ({ index: eventTotals, generation, maxRows })) : undefined;
    return { records, totals };
  };

  /**
   * The feed generation a plain read's kept values (records, event dates) are fresh from, settled
   * when a handler first asks: the one the response cache read, or else one read now (in probe
   * mode, one LSN reading, only for the requests that use them). None when the feed cannot vouch
   * for freshness, or when a change was reported since the request read the site's settings and
   * the viewer (a rendering must not be kept under a generation newer than what it was rendered from).
   */
  const freshGenerationOf = ({ generation, generationAtStart, storable }: Freshness, readDb: Db, now: Date) => {
    let settled: Promise<number | undefined> | undefined;
    return (): Promise<number | undefined> => {
      settled ??= (async () => {
        if (generation !== undefined) return storable ? generation : undefined;
        const latest = await feed.freshGeneration(readDb, now);
        if (latest === undefined || feed.generation !== generationAtStart) return undefined;
        return latest;
      })();
      return settled;
    };
  };

  /** What dispatch and the handlers are given: the request's reader, its writes, the caches. */
  const requestEnvironment = (
    ctx: Koa.Context,
    reader: Reader,
    routePath: string,
    namespace: string,
    records: (() => Promise<RequestRecords | undefined>) | undefined,
    totals: (() => Promise<RequestTotals | undefined>) | undefined,
  ): DispatchEnvironment => {
    const { site, urls, viewer, now } = reader;
    const runWrite = createWriteRunner({
      db,
      now,
      listeners: changeListeners,
      logError,
      tablePrefix: config.tablePrefix,
      gate: writeGate,
      site,
      viewer,
      onLockConflict: (reason) => metrics.writeRetried(reason),
    });
    // WordPress reads the body by the method it dispatches (after `_method`), so a malformed JSON
    // body is answered rest_invalid_json only once a route matched.
    const { params: body, jsonError } = restBodyParams(requestBodyOf(ctx), ctx.method, requestMethod(ctx, parsePhpQuery(ctx.querystring)));
    return {
      db: reader.db,
      now,
      site,
      urls,
      viewer,
      // Writes always go to the primary; the writer's reads follow them there for a while.
      write: async (work) => {
        const result = await runWrite(work);
        readRouting.noteWrite(viewer.userId, clock.now());
        return result;
      },
      routePath,
      body,
      jsonError: jsonError ?? false,
      describeRoute: describeIn(namespace),
      renderCache: caches.render,
      eventCounts: caches.eventCounts,
      listStatements,
      records,
      totals,
    };
  };

  /**
   * Keeps a 200 answer with a string body computed under the generation read: an anonymous one
   * once, as sent, by the front door (cached-answers.ts); others (and those the door did not see)
   * in the response cache, as dispatch produced them.
   */
  const keepAnswer = (ctx: Koa.Context, reader: Reader, fresh: Freshness, cacheKey: string, headersBefore: Record<string, unknown>, tags: ReadonlySet<string>): void => {
    const { generation } = fresh;
    if (!fresh.storable || generation === undefined || ctx.status !== 200 || typeof ctx.body !== 'string') return;
    const route = (ctx.state as ObservedState).route;
    if (isLoggedIn(reader.viewer) || !keepSentAnswer(ctx, generation, route, tags)) {
      caches.response?.set(cacheKey, generation, captureResponse(ctx, headersBefore), tags);
    }
  };

  // WordPress sends its Link header, then settles who is asking (or answers 401/403) before it
  // even looks for the route.
  const identify = async (ctx: Koa.Context, restRoot: string, now: Date): Promise<Viewer> => {
    ctx.set('Link', `<${restRoot}>; rel="https://api.w.org/"`);
    sendCorsHeaders(ctx);
    const { viewer, headers } = await authenticate({ db, config, logError, changeListeners }, authInputFromKoa(ctx), now);
    ctx.set(headers);
    varyAnonymousGet(ctx, isLoggedIn(viewer));
    (ctx.state as ObservedState).userId = viewer.userId;
    return viewer;
  };

  // OPTIONS requests are answered with a route's index entry, as WordPress answers them.
  const describeIn =
    (namespace: string) =>
    (route: RouteDefinition<RequestContext>, ctx: RequestContext): unknown =>
      describeRoute(namespace === '' ? '/' : `/${namespace}${route.pattern}`, namespace, route, ctx, translate(ctx.site.language), true);

  const answerNoRoute = async (ctx: Koa.Context): Promise<void> => {
    const site = await siteSettings();
    await identify(ctx, toSiteUrls(site, config.restRoot, config.publicUrl).restRoot, clock.now());
    throw CoreErrors.noRoute();
  };

  // TEC's iCal export at the site's own URLs (`/events/?ical=1`, `/event/{slug}/?ical=1`, ...),
  // apart from the REST machinery: WordPress serves them as front-end pages, to a reader never
  // signed in (an application password signs in REST requests only). Any other page of the site
  // is not ours: the site root answers the discovery page, the rest a 404 naming the site.
  const serveFrontEnd = async (ctx: Koa.Context): Promise<void> => {
    const site = await siteSettings();
    const urls = toSiteUrls(site, config.restRoot, config.publicUrl);
    // The front door (cached-answers.ts) settled the instant, database and feed generation of a
    // plain anonymous request; the answer is kept there, against what it read.
    const door = sentAnswerDoor(ctx);
    const now = door?.now ?? clock.now();
    const context = frontEndContext(ctx, {
      db: door?.db ?? readRouting.dbFor({ method: 'GET', methodOverridden: false }, ANONYMOUS, now),
      now,
      site,
      urls,
      viewer: ANONYMOUS,
      routePath: ctx.path,
      body: undefined,
      jsonError: false,
      write: () => Promise.reject(new Error('a front-end page writes nothing')),
      renderCache: caches.render,
      eventCounts: caches.eventCounts,
    });
    const request = { path: ctx.path, querystring: ctx.querystring };
    const { value: answer, dependencies } = door ? await collectDependencies(() => answerICalExport(context, request)) : { value: await answerICalExport(context, request), dependencies: undefined };
    if (answer) {
      (ctx.state as ObservedState).route = ICAL_EXPORT_ROUTE;
      if (door && dependencies && answer.status === 200 && (answer.staleFrom === undefined || answer.staleFrom > now.getTime())) {
        keepSentAnswer(ctx, door.generation, ICAL_EXPORT_ROUTE, dependencies.tags, answer.staleFrom);
      }
      ctx.status = answer.status;
      ctx.set(answer.headers);
      ctx.body = answer.body;
    } else if (ctx.path === '/' || ctx.path === '/index.php') {
      answerFrontPage(ctx, urls, servedNamespaces(config.namespaces, site.plugins));
    } else answerPageNotServed(ctx, urls);
  };

  return { serveRest, answerNoRoute, serveFrontEnd };
}

/** A cache as a request may use it, under the generation `fresh` settles (none when it settles none). */
function keptUnder<T>(fresh: () => Promise<number | undefined>, use: (generation: number) => T) {
  return async (): Promise<T | undefined> => {
    const generation = await fresh();
    return generation === undefined ? undefined : use(generation);
  };
}

/** What dispatch produced: its status, the headers it set (not the ones set before it), the body. */
function captureResponse(ctx: Koa.Context, headersBefore: Record<string, unknown>): CachedResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.response.headers)) {
    if (name === 'content-length' || value === undefined || headersBefore[name] === value) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { status: ctx.status, headers, body: ctx.body as string };
}

/** Answers from the cache as dispatch answered the first time. */
function replayResponse(ctx: Koa.Context, cached: CachedResponse): void {
  ctx.status = cached.status;
  ctx.set(cached.headers);
  ctx.body = cached.body;
  // The same body every time: its tag is hashed once per entry, not once per answer.
  knownBodyTag(ctx, cached.body, () => (cached.etag ??= bodyEtag(cached.body)));
}
