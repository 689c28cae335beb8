import { randomUUID } from 'node:crypto';
import type { RequestListener } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { DEFAULT_CONNECTION_LIMIT, type Db } from './db/create-db.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { errorHandler } from './http/error-handler.js';
import { ReadRouting } from './http/read-routing.js';
import { readRequestBody } from './http/request-body.js';
import { wordpressGlobalParams } from './http/global-params.js';
import { conditionalGet } from './http/conditional-get.js';
import { compileRoute } from './http/rest-route.js';
import { isMultisiteNetwork } from './http/authenticate.js';
import { createPipeline } from './http/pipeline.js';
import { requestedRestRoute, TEC_V1_NAMESPACE, TICKETS_NAMESPACE } from './wp/site/urls.js';
import { createNamespaceRoutes, createUnlistedRoutes, servedNamespaces } from './routes.js';
import { CORE_NAMESPACE, createCoreRoutes } from './resources/wp-v2/wp-v2.routes.js';
import { createRootIndexRoute } from './resources/index/root.routes.js';
import type { ChangeListener } from './wp/write/change-set.js';
import { WriteGate } from './wp/write/write-gate.js';
import { escapeRegExp } from './wp/text/pcre.js';
import { healthRoutes } from './ops/health.js';
import { requestLogging, silentLogger } from './ops/logging.js';
import { AppMetrics, type PoolStats } from './ops/metrics.js';
import { StatementTracker } from './ops/statements.js';
import { createFailureReports } from './ops/failure-reports.js';
import { LoadShed } from './db/load-shed.js';
import { ConnectionGate } from './db/connection-gate.js';
import { SiteTablesLog } from './ops/site-tables.js';
import { startDebugLog } from './ops/debug-log.js';
import { ChangeFeed } from './feed/change-feed.js';
import { fromChangeSet } from './feed/data-change.js';
import { UndeclaredReadsPlugin } from './feed/dependencies.js';
import { createCaches, type KeptCaches } from './cache/caches.js';
import { ANONYMOUS } from './wp/auth/capabilities.js';
import { CachedAnswers } from './cache/cached-answers.js';

/**
 * The largest request body read, whatever its type: a week of event fields is a few KB; this
 * leaves room for long descriptions.
 */
const BODY_LIMIT = { bytes: 1024 * 1024, label: '1mb' } as const;

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
   * for the record cache, a quarter for the event dates of list totals in binlog mode, the rest for
   * the response cache (createCaches); 0 or none: none of them.
   */
  responseCacheBytes?: number;
  /**
   * Which of the two caches to keep (tests take one alone); both unless set. `totals: false` keeps
   * no event dates for list totals (EventTotalsIndex), which are kept unless so.
   */
  caches?: KeptCaches;
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

/**
 * The service's request listener, the one main.ts serves and the tests send requests to: kept
 * anonymous answers are written by the front door (CachedAnswers.handler) before Koa runs at all,
 * everything else goes to the Koa app. Never listens.
 */
export function createHandler(deps: AppDeps): RequestListener {
  const { app, frontDoor } = createApp(deps);
  return frontDoor === undefined ? app.callback() : frontDoor(app.callback());
}

/** The Koa app (middleware in order, the routers), and the front door in front of it when answers are kept. */
function createApp({
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
  caches: keptCaches,
  outageReportEveryMs,
  siteTables = new SiteTablesLog({ db: givenDb, tablePrefix: config.tablePrefix, logger }),
}: AppDeps): { app: Koa; frontDoor: ((next: RequestListener) => RequestListener) | undefined } {
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
  const caches = createCaches({ feed: changeFeed, db, clock, multisite: isMultisiteNetwork(config), bytes: responseCacheBytes, which: keptCaches });
  const { siteSettings } = caches;
  // LOG_LEVEL=debug: each request's statements and cache lookups, and each change, in the log.
  if (logger.isLevelEnabled('debug')) startDebugLog({ logger, statements, feed: changeFeed, caches: [caches.response, caches.records] });
  // Writes hold a connection from BEGIN to COMMIT: some of the pool stays free for reads (WriteGate).
  const writeGate = new WriteGate(DEFAULT_CONNECTION_LIMIT - CONNECTIONS_KEPT_FOR_READS);
  const listStatements = new ConnectionGate(DEFAULT_CONNECTION_LIMIT - CONNECTIONS_KEPT_FOR_SINGLES, LIST_SLOT_WAIT_MS, () => new LoadShed('lists', LIST_SLOT_WAIT_MS));
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
    caches: caches.byName,
  });
  const failures = createFailureReports({ logger, metrics, statements, siteTables, reportError, reportEveryMs: outageReportEveryMs });
  const logError = failures.reporter(false);

  // Operations first: every request gets its id, log line and metrics; /healthz, /readyz and
  // /metrics answer at the site root, before any REST machinery.
  app.use(requestLogging({ logger, statements, metrics }));
  app.use(healthRoutes({ db, ...failures.health }));
  app.use(metrics.route());
  // Anonymous reads answered from memory as they were sent, before the REST machinery runs again
  // (inside the request log and the metrics, which count them too; and in front of Koa, below).
  const cachedAnswers =
    caches.response &&
    new CachedAnswers({
      cache: caches.response,
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
  app.use(errorHandler(failures.reporter(true)));
  // Every body is read here, whatever its Content-Type, and one past the limit refused at once
  // (413); which parameters it gives is WordPress's call, made once the method is known.
  app.use(readRequestBody(BODY_LIMIT));

  const pipeline = createPipeline({ db, config, clock, feed: changeFeed, caches, readRouting, statements, changeListeners, logError, writeGate, listStatements, metrics });
  const { serveRest, answerNoRoute, serveFrontEnd } = pipeline;

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
      await serveRest(ctx, compiled, rawPath.replace(/\/+$/, ''), namespace);
    });
  }
  // WordPress core's current user and settings, which TEC's MCP server reads at start: served
  // with tec/v1 (the API that server drives), under their own namespace, listed in no index.
  if (config.namespaces.includes(TEC_V1_NAMESPACE)) {
    const compiled = createCoreRoutes({ tablePrefix: config.tablePrefix, multisite: isMultisiteNetwork(config) }).map(compileRoute);
    const namespaceRoot = `${config.restRoot}/${CORE_NAMESPACE}`;
    router.all(new RegExp(`^${escapeRegExp(namespaceRoot)}(/.*)?$`), async (ctx) => {
      await serveRest(ctx, compiled, ctx.path.slice(namespaceRoot.length).replace(/\/+$/, ''), CORE_NAMESPACE);
    });
  }
  // The REST root index, where discovery clients find our namespace's routes.
  router.all(new RegExp(`^${escapeRegExp(config.restRoot)}/?$`), (ctx) => serveRest(ctx, rootRoutes, '', ''));
  // Anything else under the REST root is a route WordPress would not know either.
  router.all(new RegExp(`^${escapeRegExp(config.restRoot)}(/.*)?$`), answerNoRoute);
  // The site's front page, where discovery starts (GET and HEAD: @koa/router's get answers both),
  // TEC's iCal export at the site's own URLs, and any other page of the site (pipeline.ts).
  router.get(['/', '/index.php'], serveFrontEnd);
  app.use(router.routes());
  app.use(async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return serveFrontEnd(ctx);
    await next();
  });
  return { app, frontDoor: cachedAnswers && ((next) => cachedAnswers.handler(next, { logger, metrics })) };
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
