import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import Router from '@koa/router';
import { DEFAULT_CONNECTION_LIMIT, type Db } from './db/create-db.js';
import { RSVP, TICKETS_COMMERCE } from './wp/tickets/providers.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { errorHandler, isConnectionFailure, siteTablesProblem } from './http/error-handler.js';
import { ReadRouting } from './http/read-routing.js';
import { readRequestBody, requestBodyOf } from './http/request-body.js';
import { restBodyParams } from './http/body-params.js';
import { wordpressGlobalParams } from './http/global-params.js';
import { CoreErrors } from './http/errors.js';
import { dispatch, frontEndContext, requestMethod } from './http/dispatcher.js';
import { compileRoute } from './http/rest-route.js';
import { createSiteSettingsCache } from './wp/site/site.js';
import { requestedRestRoute, TEC_V1_NAMESPACE, TICKETS_NAMESPACE, toSiteUrls } from './wp/site/urls.js';
import { ANONYMOUS, isLoggedIn, type Viewer } from './wp/auth/capabilities.js';
import { sendCorsHeaders, varyAnonymousGet } from './http/cors.js';
import { authenticate, authInputFromKoa, isMultisiteNetwork } from './http/authenticate.js';
import { createNamespaceRoutes, createUnlistedRoutes, servedNamespaces } from './routes.js';
import { CORE_NAMESPACE, createCoreRoutes } from './resources/wp-v2/wp-v2.routes.js';
import { describeRoute } from './resources/index/index.routes.js';
import { translate } from './i18n/index.js';
import type { RouteDefinition } from './http/rest-route.js';
import type { RequestContext } from './http/request-context.js';
import { createRootIndexRoute } from './resources/index/root.routes.js';
import type { ChangeListener } from './wp/write/change-set.js';
import { createWriteRunner } from './wp/write/transaction.js';
import { WriteGate } from './wp/write/write-gate.js';
import { RenderCache } from './cache/render-cache.js';
import { EventCountCache } from './cache/event-count-cache.js';
import { escapeRegExp } from './wp/text/pcre.js';
import type { Logger } from 'pino';
import { healthRoutes } from './ops/health.js';
import { requestLogging, silentLogger, type ObservedState } from './ops/logging.js';
import { AppMetrics, type PoolStats } from './ops/metrics.js';
import { StatementTracker } from './ops/statements.js';
import { LOAD_SHED_MESSAGES, OutageLog } from './ops/outage.js';
import { isLoadShed, LoadShed } from './db/load-shed.js';
import { ConnectionGate } from './db/connection-gate.js';
import { SiteTablesLog } from './ops/site-tables.js';
import { startDebugLog } from './ops/debug-log.js';
import { notCacheableWhy } from './ops/request-detail.js';
import { ChangeFeed } from './feed/change-feed.js';
import { fromChangeSet, touchedByChange } from './feed/data-change.js';
import { PostType } from './wp/constants.js';
import { collectDependencies, DependencyTag, touches, UndeclaredReadsPlugin } from './feed/dependencies.js';
import { ResponseCache, type CachedResponse } from './cache/response-cache.js';
import { RecordCache } from './cache/record-cache.js';
import { EventTotalsIndex } from './cache/event-totals-index.js';
import type { RequestRecords, RequestTotals } from './http/request-context.js';
import { isCacheableQuery, isCacheableRoute, responseCacheKey } from './cache/response-cache-policy.js';
import { bodyEtag, conditionalGet, knownBodyTag } from './http/conditional-get.js';
import { parsePhpQuery } from './http/php-query.js';
import { answerFrontPage, answerPageNotServed } from './http/front-page.js';
import { answerICalExport, ICAL_EXPORT_ROUTE } from './resources/ical-export/ical-export.service.js';
import { experimentalAcknowledgement } from './wp/tec/experimental-acknowledgement.js';
import { CachedAnswers, keepSentAnswer, sentAnswerDoor } from './cache/cached-answers.js';

/**
 * The largest request body read, whatever its type: a week of event fields is a few KB; this
 * leaves room for long descriptions.
 */
const BODY_LIMIT = { bytes: 1024 * 1024, label: '1mb' } as const;
/** The part of CACHE_MAX_MB the record cache takes when both caches are kept: records are small, and answers repeat. */
const RECORD_SHARE = 0.25;
/**
 * The part of CACHE_MAX_MB the event dates of list filters take (EventTotalsIndex), out of the
 * response cache's: 8 bytes an event, so a million events' default list fits at the default 64 MB.
 */
const TOTALS_SHARE = 0.25;
/**
 * What an event total can read: which events match (never their post dates), their texts when
 * searched, their venue and organizer links when filtered by them.
 */
const EVENT_TOTAL_TAGS = [
  DependencyTag.listWithoutAspects(PostType.event),
  DependencyTag.listText(PostType.event),
  DependencyTag.listAspect(PostType.event, 'venue'),
  DependencyTag.listAspect(PostType.event, 'organizer'),
  // Event Tickets' `ticketed` filter counts the events its tickets' relation meta names.
  ...[RSVP, TICKETS_COMMERCE].map((provider) => DependencyTag.list(provider.ticketPostType)),
];

export interface AppDeps {
  db: Db;
  config: Config;
  clock?: Clock;
  /** Where unexpected errors go; they never reach the client. */
  logError?: (error: unknown) => void;
  /** Told about every committed write, after the commit (the object cache, the change feed). */
  changeListeners?: readonly ChangeListener[];
  /** The request log (one line per request); silent unless given. */
  logger?: Logger;
  /**
   * Counts each request's SQL statements; its `log` must be the `log` option `db` was made with
   * (createDb), else every count reads 0. A new one (counting nothing) unless given.
   */
  statements?: StatementTracker;
  /** The database pool's usage for /metrics (mysql2PoolStats); none: no pool gauges. */
  poolStats?: () => PoolStats;
  /** Read replicas (DATABASE_READ_URL) for plain reads; none: `db` serves every request. */
  readDbs?: readonly Db[];
  /**
   * The one place that knows when data changed (src/feed). This app reports its own writes to it
   * and serves from memory only what it vouches for; none: a feed of this app's own, off.
   */
  changeFeed?: ChangeFeed;
  /**
   * What the answers, records and event dates kept may take, in bytes (CACHE_MAX_MB): a quarter
   * for the record cache, a quarter for the event dates of list totals, the rest for the response
   * cache; 0 or none: none of them.
   */
  responseCacheBytes?: number;
  /**
   * Which of the two caches to keep (tests take one alone); both unless set. `totals: false` keeps
   * no event dates for list totals (EventTotalsIndex), which are kept unless so.
   */
  caches?: { answers: boolean; records: boolean; totals?: boolean };
  /** How often a database outage's running count is logged; OUTAGE_REPORT_EVERY_MS unless set (tests). */
  outageReportEveryMs?: number;
  /**
   * Where a database without the site's tables is logged; main.ts passes the one its start-up
   * wait reports to, so an episode is logged once whoever meets it first. One of this app's unless set.
   */
  siteTables?: SiteTablesLog;
}

/** Pooled connections writes never take (createDb's pool has DEFAULT_CONNECTION_LIMIT): reads never queue behind writes. */
const CONNECTIONS_KEPT_FOR_READS = 4;
/** Pooled connections lists' ID and count statements never take: single reads never queue behind them. */
const CONNECTIONS_KEPT_FOR_SINGLES = 3;
/**
 * Longest a list waits for one of its slots before it is answered 503 with Retry-After (LoadShed):
 * on a big site a list's count may take seconds, so it waits longer than the pool's 1 s.
 */
const LIST_SLOT_WAIT_MS = 10_000;

/** Builds the Koa app; never listens (main.ts does, tests use app.callback()). */
export function createApp({
  db: givenDb,
  config,
  clock = systemClock,
  logError: reportError = console.error,
  changeListeners = [],
  logger = silentLogger(),
  statements = new StatementTracker(),
  poolStats,
  readDbs: givenReadDbs,
  changeFeed = new ChangeFeed(),
  responseCacheBytes = 0,
  caches = { answers: true, records: true },
  outageReportEveryMs,
  siteTables = new SiteTablesLog({ db: givenDb, tablePrefix: config.tablePrefix, logger }),
}: AppDeps): Koa {
  const app = new Koa();
  // Every statement is seen by the response cache's dependency collection: one that no read
  // declared makes the answer it belongs to depend on everything (see dependencies.ts).
  const undeclaredReads = new UndeclaredReadsPlugin();
  const db = givenDb.withPlugin(undeclaredReads);
  const readDbs = givenReadDbs?.map((readDb) => readDb.withPlugin(undeclaredReads));
  // This app's own writes reach the feed first, before the object cache and the rest are told.
  // Positions of this app's writes: unique across restarts too (notifications are told apart by them).
  const appId = randomUUID();
  let writesCommitted = 0;
  const reportToFeed: ChangeListener = async (changes) => {
    writesCommitted += 1;
    changeFeed.publish(fromChangeSet(changes, `service:${appId}:${writesCommitted}`, clock.now()));
  };
  changeListeners = [reportToFeed, ...changeListeners];
  // Whole answers kept against the feed (see ResponseCache), and the records they are assembled
  // from (see RecordCache), sharing one budget; none without one.
  const recordBytes = caches.answers ? Math.floor(responseCacheBytes * RECORD_SHARE) : responseCacheBytes;
  const totalsBytes = caches.totals === false ? 0 : Math.floor(responseCacheBytes * TOTALS_SHARE);
  const responseCache = responseCacheBytes > 0 && caches.answers ? new ResponseCache(changeFeed, responseCacheBytes - (caches.records ? recordBytes : 0) - totalsBytes) : undefined;
  const recordCache = recordBytes > 0 && caches.records ? new RecordCache(changeFeed, recordBytes) : undefined;
  // The dates of the events each list filter finds, so a window's total is counted in memory.
  const eventTotals = totalsBytes > 0 ? new EventTotalsIndex(changeFeed, totalsBytes) : undefined;
  // LOG_LEVEL=debug: each request's statements and cache lookups, and each change, in the log.
  if (logger.isLevelEnabled('debug')) startDebugLog({ logger, statements, feed: changeFeed, caches: [responseCache, recordCache] });
  const siteSettings = createSiteSettingsCache(db, clock, undefined, isMultisiteNetwork(config));
  // Writes hold a connection from BEGIN to COMMIT: some of the pool stays free for reads (WriteGate).
  const writeGate = new WriteGate(DEFAULT_CONNECTION_LIMIT - CONNECTIONS_KEPT_FOR_READS);
  const listStatements = new ConnectionGate(DEFAULT_CONNECTION_LIMIT - CONNECTIONS_KEPT_FOR_SINGLES, LIST_SLOT_WAIT_MS, () => new LoadShed('lists', LIST_SLOT_WAIT_MS));
  // An option changed outside this process must reach the next answer, not wait out the TTL (and
  // never be cached under a generation that postdates it).
  changeFeed.subscribe((change) => {
    if (change.everything || change.options.size > 0) siteSettings.clear();
  });
  // Rendered texts that depend on nothing but themselves, shared by this app's requests.
  const renderCache = new RenderCache();
  // Event list totals, kept against TEC's change marker (see EventCountCache).
  const eventCounts = new EventCountCache();
  // A change the feed saw may have bypassed TEC's marker (SQL straight on the tables): totals go
  // when it may have changed which events a list finds (their texts too: a search counts them).
  changeFeed.subscribe((change) => {
    const touched = touchedByChange(change);
    if (touched === undefined || EVENT_TOTAL_TAGS.some((tag) => touches(touched, tag)) || touched.has(DependencyTag.terms)) {
      eventCounts.clear();
    }
  });
  // Plain reads to the replicas when the site has some (see ReadRouting). An answer read from one
  // is kept only once it had applied every change the feed reported (ChangeFeed.replicaGeneration).
  const readRouting = new ReadRouting(db, readDbs ?? []);
  changeFeed.readsFromReplicas(readDbs ?? []);
  // One set of routes per namespace named (NAMESPACES): the same endpoints, each describing itself
  // under its own namespace. Event Tickets' is answered only while the site runs Event Tickets
  // (servedNamespaces): the root index lists it then only, and its router asks each request.
  const namespaceRoutes = new Map(config.namespaces.map((namespace) => [namespace, createNamespaceRoutes(namespace, { experimentalGate: config.tecV1ExperimentalGate })]));
  const rootRoutes = [
    createRootIndexRoute((ctx) => {
      const served = new Set(servedNamespaces(config.namespaces, ctx.site.plugins));
      return new Map([...namespaceRoutes].filter(([namespace]) => served.has(namespace)));
    }),
  ].map(compileRoute);
  const metrics = new AppMetrics({
    poolStats,
    feed: changeFeed,
    caches: { render: renderCache, event_count: eventCounts, ...(eventTotals ? { event_totals: eventTotals } : {}), ...(responseCache ? { response: responseCache } : {}), ...(recordCache ? { record: recordCache } : {}) },
  });
  statements.onError(() => metrics.databaseError('statement'));
  // Unexpected errors go where the caller said, with their stack. A database outage is counted, and
  // summed up in the log in a few lines however many requests it refuses (OutageLog).
  const outage = new OutageLog({ logger, reportEveryMs: outageReportEveryMs });
  // More work than connections is load, not an outage (LoadShed): its own few lines.
  const loadShed = new OutageLog({ logger, reportEveryMs: outageReportEveryMs, messages: LOAD_SHED_MESSAGES });
  statements.onSuccess(() => {
    outage.answered();
    loadShed.answered();
    siteTables.answered();
  });
  // A database without the site's tables (a wrong TABLE_PREFIX, an empty database) is no bug
  // either: answered 503, and logged in two lines by SiteTablesLog.
  const failureReporter = (refusedRequest: boolean) => (error: unknown) => {
    if (isLoadShed(error)) {
      metrics.databaseError('load_shed');
      loadShed.failed(error, refusedRequest);
    } else if (isConnectionFailure(error)) {
      metrics.databaseError('connection');
      outage.failed(error, refusedRequest);
    } else if (siteTablesProblem(error) !== undefined) siteTables.failed(error, refusedRequest);
    else reportError(error);
  };
  const logError = failureReporter(false);

  // Operations first: every request gets its id, log line and metrics; /healthz, /readyz and
  // /metrics answer at the site root, before any REST machinery.
  app.use(requestLogging({ logger, statements, metrics }));
  app.use(
    healthRoutes({
      db,
      onFailure: (error) => {
        if (siteTablesProblem(error) !== undefined) siteTables.failed(error, true);
        if (!isConnectionFailure(error)) return;
        metrics.databaseError('connection');
        outage.failed(error, true);
      },
      onSuccess: () => {
        outage.answered();
        siteTables.found();
      },
    }),
  );
  app.use(metrics.route());
  // Anonymous reads answered from memory as they were sent, before the REST machinery runs again
  // (inside the request log and the metrics, which count them too; and in front of Koa, below).
  const cachedAnswers =
    responseCache &&
    new CachedAnswers({
      cache: responseCache,
      feed: changeFeed,
      readDbFor: (now: Date) => readRouting.dbFor({ method: 'GET', methodOverridden: false }, ANONYMOUS, now),
      siteZone: async () => (await siteSettings()).timezone,
      siteZoneAtOnce: () => siteSettings.settled()?.timezone,
      clock,
      restRoot: config.restRoot,
    });
  if (cachedAnswers) app.use(cachedAnswers.middleware());

  // Outside the global parameters, so the tag is the hash of the body exactly as sent.
  app.use(conditionalGet());
  app.use(wordpressGlobalParams());
  app.use(errorHandler(failureReporter(true)));
  // Every body is read here, whatever its Content-Type, and one past the limit refused at once
  // (413); which parameters it gives is WordPress's call, made once the method is known.
  app.use(readRequestBody(BODY_LIMIT));

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

  const serve = async (ctx: Koa.Context, compiled: typeof rootRoutes, routePath: string, namespace: string) => {
    // The settings and the viewer are read before the feed's generation is (the probe needs the
    // viewer's database): a change reported in between is handled once the generation is known.
    const generationAtStart = changeFeed.generation;
    // The log's and metrics' route: the pattern WordPress registered, as the index prints it. Set
    // before anything reads the database, so an answer that fails there (503 while it is out) is
    // still counted under it.
    const route = compiled.find((candidate) => candidate.regex.test(routePath));
    if (route) (ctx.state as ObservedState).route = namespace === '' ? '/' : `/${namespace}${route.pattern}`;
    let site = await siteSettings();
    // Every REST URL of the answer names the namespace the request came in under.
    const urlsFor = (settings: typeof site) => toSiteUrls(settings, config.restRoot, config.publicUrl, namespace === '' ? config.namespaces[0] : namespace);
    let urls = urlsFor(site);
    // The front door (cached-answers.ts) settled the instant (its key holds that instant's day),
    // the database and the feed's generation for a plain anonymous read before anything ran.
    const door = sentAnswerDoor(ctx);
    const now = door?.now ?? clock.now();
    const viewer = await identify(ctx, urls.restRoot, now);
    const methodOverridden = ctx.query._method !== undefined || ctx.get('X-HTTP-Method-Override') !== '';
    const fromDoor = door !== undefined && !isLoggedIn(viewer) ? door : undefined;
    const readDb = fromDoor?.db ?? readRouting.dbFor({ method: ctx.method, methodOverridden }, viewer, now);
    // A plain read the cache may answer: looked up (in probe mode after one LSN read) before
    // anything else runs, and kept when it succeeded.
    const plainRead = (ctx.method === 'GET' || ctx.method === 'HEAD') && !methodOverridden;
    const cacheable = responseCache !== undefined && plainRead && isCacheableRoute(namespace, routePath) && isCacheableQuery(parsePhpQuery(ctx.querystring));
    const generation = !cacheable ? undefined : fromDoor ? fromDoor.generation : await changeFeed.freshGeneration(readDb, now);
    // A change reported since this request began (the probe just saw the database move) may have
    // been to the options read above: read them again (the feed dropped them). The viewer's roles
    // were read before it too, so a signed-in viewer's answer is not kept this time.
    // (A lagging replica's generation may be older than the one at start: what counts is whether
    // the feed moved since.)
    const changedMeanwhile = generation !== undefined && changeFeed.generation !== generationAtStart;
    if (changedMeanwhile) {
      site = await siteSettings();
      urls = urlsFor(site);
    }
    const storable = !(changedMeanwhile && isLoggedIn(viewer));
    const detail = statements.detail();
    if (detail !== undefined) {
      const query = isCacheableQuery(parsePhpQuery(ctx.querystring));
      const why = notCacheableWhy({ cache: responseCache !== undefined, plainRead, route: isCacheableRoute(namespace, routePath), query, fresh: generation !== undefined, storable });
      if (why !== undefined) detail.caches.push({ cache: 'response', key: 'answer', outcome: 'not cacheable', why });
    }
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
    const cacheKey =
      generation === undefined || !cacheable
        ? undefined
        : responseCacheKey({ namespace, routePath, querystring: ctx.querystring, viewer, siteZone: site.timezone, now, experimental: experimentalAcknowledgement(ctx.get('X-TEC-EEA') || undefined) });
    if (cacheKey !== undefined && generation !== undefined) {
      const cached = responseCache?.get(cacheKey, generation);
      if (cached) return replayResponse(ctx, cached);
    }
    const headersBefore = { ...ctx.response.headers };
    // WordPress reads the body by the method it dispatches (after `_method`), so a malformed JSON
    // body is answered rest_invalid_json only once a route matched.
    const { params: body, jsonError } = restBodyParams(requestBodyOf(ctx), ctx.method, requestMethod(ctx, parsePhpQuery(ctx.querystring)));
    const freshFrom = plainRead ? freshGenerationOf(generationAtStart, generation, storable, readDb, now) : undefined;
    const records = recordCache !== undefined && freshFrom ? keptUnder(freshFrom, (fresh): RequestRecords => ({ cache: recordCache, generation: fresh })) : undefined;
    // Only where changes are reported by record (binlog mode): in probe mode every move of the
    // server's LSN, any database's write, drops everything, and on a busy server a filter's dates
    // would be loaded over and over, each load dropped before its second window.
    const totals = eventTotals !== undefined && freshFrom && changeFeed.mode === 'binlog' ? keptUnder(freshFrom, (fresh): RequestTotals => ({ index: eventTotals, generation: fresh })) : undefined;
    const answer = () => dispatch(ctx, compiled, {
      db: readDb,
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
      renderCache,
      eventCounts,
      listStatements,
      records,
      totals,
    });
    // What the answer read is collected only for an answer that may be kept (the record cache
    // collects its renderings' own): with no cache (CACHE_MAX_MB=0) or for an answer no cache
    // keeps, tagging each statement's rows cost CPU for nothing.
    if (cacheKey === undefined && records === undefined) {
      await answer();
      return;
    }
    const { dependencies } = await collectDependencies(answer);
    if (storable && cacheKey !== undefined && generation !== undefined && ctx.status === 200 && typeof ctx.body === 'string') {
      // An anonymous answer is kept once, as sent, by the front door (cached-answers.ts); others here.
      const route = (ctx.state as ObservedState).route;
      if (isLoggedIn(viewer) || !keepSentAnswer(ctx, generation, route, dependencies.tags)) {
        responseCache?.set(cacheKey, generation, captureResponse(ctx, headersBefore), dependencies.tags);
      }
    }
  };

  /**
   * The feed generation a plain read's kept values (records, event dates) are fresh from, settled
   * when a handler first asks: the one the response cache read, or else one read now (in probe
   * mode, one LSN reading, only for the requests that use them). None when the feed cannot vouch
   * for freshness, or when a change was reported since the request read the site's settings and
   * the viewer (a rendering must not be kept under a generation newer than what it was rendered from).
   */
  const freshGenerationOf = (generationAtStart: number, generation: number | undefined, storable: boolean, readDb: Db, now: Date) => {
    let settled: Promise<number | undefined> | undefined;
    return (): Promise<number | undefined> => {
      settled ??= (async () => {
        if (generation !== undefined) return storable ? generation : undefined;
        const fresh = await changeFeed.freshGeneration(readDb, now);
        if (fresh === undefined || changeFeed.generation !== generationAtStart) return undefined;
        return fresh;
      })();
      return settled;
    };
  };
  /** A cache as a request may use it, under the generation `fresh` settles (none when it settles none). */
  const keptUnder = <T>(fresh: () => Promise<number | undefined>, use: (generation: number) => T) => async (): Promise<T | undefined> => {
    const generation = await fresh();
    return generation === undefined ? undefined : use(generation);
  };

  // What WordPress answers under its REST root for a route it does not know (after settling who asks).
  const answerNoRoute = async (ctx: Koa.Context) => {
    const site = await siteSettings();
    await identify(ctx, toSiteUrls(site, config.restRoot, config.publicUrl).restRoot, clock.now());
    throw CoreErrors.noRoute();
  };

  // Sites without pretty permalinks publish their API as `/?rest_route=/...` and PATHINFO ones
  // as `/index.php/wp-json/...`; both are served as the REST root path they stand for.
  app.use(async (ctx, next) => {
    const route = ctx.path === '/' || ctx.path === '/index.php' ? restRouteParam(ctx.query.rest_route) : undefined;
    if (route !== undefined) {
      if (!route.startsWith('/')) return answerNoRoute(ctx);
      ctx.path = `${config.restRoot}${route}`;
    } else if (ctx.path.startsWith(`/index.php${config.restRoot}`)) {
      ctx.path = ctx.path.slice('/index.php'.length);
    }
    await next();
  });

  const router = new Router();
  for (const [namespace, definitions] of namespaceRoutes) {
    // The iCal feed is served under every namespace too, listed in none (createUnlistedRoutes).
    const compiled = [...definitions, ...createUnlistedRoutes(namespace)].map(compileRoute);
    const namespaceRoot = `${config.restRoot}/${namespace}`;
    router.all(new RegExp(`^${escapeRegExp(namespaceRoot)}(/.*)?$`), async (ctx) => {
      if (namespace === TICKETS_NAMESPACE && !servedNamespaces([namespace], (await siteSettings()).plugins).includes(namespace)) return answerNoRoute(ctx);
      const rawPath = ctx.path.slice(namespaceRoot.length);
      // WordPress untrailingslashes the route, so `/v1/` is the index (path '') and `/events/` the list.
      await serve(ctx, compiled, rawPath.replace(/\/+$/, ''), namespace);
    });
  }
  // WordPress core's current user and settings, which TEC's MCP server reads at start: served
  // with tec/v1 (the API that server drives), under their own namespace, listed in no index.
  if (config.namespaces.includes(TEC_V1_NAMESPACE)) {
    const compiled = createCoreRoutes({ tablePrefix: config.tablePrefix, multisite: isMultisiteNetwork(config) }).map(compileRoute);
    const namespaceRoot = `${config.restRoot}/${CORE_NAMESPACE}`;
    router.all(new RegExp(`^${escapeRegExp(namespaceRoot)}(/.*)?$`), async (ctx) => {
      await serve(ctx, compiled, ctx.path.slice(namespaceRoot.length).replace(/\/+$/, ''), CORE_NAMESPACE);
    });
  }
  // The REST root index, where discovery clients find our namespace's routes.
  router.all(new RegExp(`^${escapeRegExp(config.restRoot)}/?$`), (ctx) => serve(ctx, rootRoutes, '', ''));
  // Anything else under the REST root is a route WordPress would not know either.
  router.all(new RegExp(`^${escapeRegExp(config.restRoot)}(/.*)?$`), answerNoRoute);
  // The site's front page, where discovery starts (GET and HEAD: @koa/router's get answers both).
  // TEC's iCal export at the site's own URLs (`/events/?ical=1`, `/event/{slug}/?ical=1`, ...),
  // apart from the REST machinery: WordPress serves them as front-end pages, to a reader never
  // signed in (an application password signs in REST requests only). Any other page of the site
  // is not ours: the site root answers the discovery page, the rest a 404 naming the site.
  const serveFrontEnd = async (ctx: Koa.Context) => {
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
      renderCache,
      eventCounts,
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
  router.get(['/', '/index.php'], serveFrontEnd);
  app.use(router.routes());
  app.use(async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return serveFrontEnd(ctx);
    await next();
  });
  if (cachedAnswers) {
    // Kept answers are written before Koa runs at all (CachedAnswers.handler); everything else goes
    // to Koa. Every caller (main.ts, app.listen, the tests' supertest) takes the app's callback().
    const koaCallback = app.callback.bind(app);
    app.callback = () => cachedAnswers.handler(koaCallback(), { logger, metrics }) as ReturnType<typeof koaCallback>;
  }
  return app;
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

/**
 * The REST route a request's `rest_route` parameter asks for (requestedRestRoute), undefined when
 * there is none. A repeated `rest_route=` counts once, the last, as PHP's $_GET keeps it; the array
 * form `rest_route[]=` arrives under another key and is no route.
 */
function restRouteParam(value: string | string[] | undefined): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return last === undefined ? undefined : requestedRestRoute(last);
}
