import type Koa from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ObservedState } from './logging.js';

/** How full the database pool is, as far as the driver tells. */
export interface PoolStats {
  /** Open connections, busy or idle. */
  total: number;
  /** Open connections idle in the pool. */
  free: number;
  /** Requests waiting for a connection. */
  queued: number;
  /** The most connections the pool opens. */
  limit: number;
}

/** Why the database rolled a write back: a deadlock it broke, or a row lock waited for too long. */
export type WriteRetryReason = 'deadlock' | 'lock_wait_timeout';

/** Hit and miss counts a cache keeps of its own lookups. */
export interface CacheStats {
  readonly hits: number;
  readonly misses: number;
}

export interface MetricsOptions {
  /** The pool's usage, read at each scrape (see mysql2PoolStats); none: no pool gauges. */
  poolStats?: () => PoolStats;
  /** The app's caches by name (`render`, `event_count`), read at each scrape. */
  caches?: Readonly<Record<string, CacheStats>>;
  /** The change feed's count of binlog positions lost, read at each scrape; none: no such counter. */
  feed?: { readonly binlogPositionsLost: number };
  /** Process metrics (CPU, memory, event loop, GC), from the first scrape on: on unless false. */
  processMetrics?: boolean;
}

/**
 * The app's Prometheus metrics, in a Registry of its own (never prom-client's global one, so two
 * apps in one process, or a test's, never share or double-register counters).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly duration: Histogram<'route' | 'method'>;
  private readonly dbErrors: Counter<'kind'>;
  private readonly writeRetries: Counter<'reason'>;
  /** Process metrics still to be switched on (at the first scrape; see route()). */
  private processMetricsPending: boolean;

  constructor(options: MetricsOptions = {}) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to its answer, by route pattern and method.',
      labelNames: ['route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.dbErrors = new Counter({
      name: 'db_errors_total',
      help: 'Database failures: statements the server refused or that failed (statement), connections that could not be made or died (connection), requests refused 503 because every connection stayed busy (load_shed: load, not an outage).',
      labelNames: ['kind'],
      registers,
    });
    // Every kind shows from the start, at 0, so a rate() over them never lacks a series.
    this.dbErrors.inc({ kind: 'statement' }, 0);
    this.dbErrors.inc({ kind: 'connection' }, 0);
    this.dbErrors.inc({ kind: 'load_shed' }, 0);
    this.writeRetries = new Counter({
      name: 'write_retries_total',
      help: 'Write transactions the database rolled back and the service ran again from the start, by reason (deadlock, lock_wait_timeout).',
      labelNames: ['reason'],
      registers,
    });
    this.writeRetries.inc({ reason: 'deadlock' }, 0);
    this.writeRetries.inc({ reason: 'lock_wait_timeout' }, 0);
    const { poolStats, caches = {} } = options;
    if (poolStats) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Database pool connections by state (open = busy + free; limit = most the pool opens).',
        labelNames: ['state'],
        registers,
        collect() {
          const stats = poolStats();
          this.set({ state: 'open' }, stats.total);
          this.set({ state: 'free' }, stats.free);
          this.set({ state: 'busy' }, stats.total - stats.free);
          this.set({ state: 'limit' }, stats.limit);
        },
      });
      new Gauge({
        name: 'db_pool_queued_requests',
        help: 'Requests waiting for a database connection.',
        registers,
        collect() {
          this.set(poolStats().queued);
        },
      });
    }
    // The caches count their own lookups; each scrape copies the totals into counters.
    for (const [outcome, read] of [
      ['hits', (stats: CacheStats) => stats.hits],
      ['misses', (stats: CacheStats) => stats.misses],
    ] as const) {
      new Counter({
        name: `cache_${outcome}_total`,
        help: `Lookups in the app's in-memory caches that ${outcome === 'hits' ? 'found' : 'did not find'} an entry, by cache.`,
        labelNames: ['cache'],
        registers,
        collect() {
          this.reset();
          for (const [cache, stats] of Object.entries(caches)) this.inc({ cache }, read(stats));
        },
      });
    }
    const { feed } = options;
    if (feed) {
      new Counter({
        name: 'binlog_positions_lost_total',
        help: 'Times the binlog position to follow from was gone (purged, another server): changes in between were not seen by the caches (dropped whole) nor notified.',
        registers,
        collect() {
          this.reset();
          this.inc(feed.binlogPositionsLost);
        },
      });
    }
    this.processMetricsPending = options.processMetrics !== false;
  }

  /** One answered request; `route` is the matched pattern or a fixed name, never a raw path. */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const key = `${route}\n${method}\n${status}`;
    let series = this.requestSeries.get(key);
    if (series === undefined) {
      series = { count: this.requests.labels(route, method, String(status)), duration: this.duration.labels(route, method) };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }

  /**
   * The request metrics' series bound to their labels, by route, method and status: finding a
   * series from its labels (prom-client hashes them each time) costs a few per cent of a cached
   * answer's CPU. The routes are the patterns (or one label for none), so the map stays small;
   * neither metric is ever reset, so a bound series stays the metric's own.
   */
  private readonly requestSeries = new Map<string, { count: { inc(): void }; duration: { observe(value: number): void } }>();

  databaseError(kind: 'statement' | 'connection' | 'load_shed'): void {
    this.dbErrors.inc({ kind });
  }

  /** A write transaction rolled back by the database, about to run again (or to be answered 503). */
  writeRetried(reason: WriteRetryReason): void {
    this.writeRetries.inc({ reason });
  }

  /** `GET /metrics` in Prometheus text format; other paths pass through. */
  route(): Koa.Middleware {
    return async (ctx, next) => {
      if (ctx.path !== '/metrics') return next();
      (ctx.state as ObservedState).route = ctx.path;
      ctx.set('Cache-Control', 'no-store');
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
        ctx.status = 405;
        ctx.set('Allow', 'GET, HEAD');
        return;
      }
      // Switched on when first asked for, not per app: each start watches the event loop and GC for
      // good, and the tests build hundreds of apps nobody scrapes.
      if (this.processMetricsPending) {
        this.processMetricsPending = false;
        collectDefaultMetrics({ register: this.registry });
      }
      ctx.type = this.registry.contentType;
      ctx.body = await this.registry.metrics();
    };
  }
}

/** The shape of mysql2's pool this reads; its counts are kept in fields the typings do not declare. */
interface Mysql2PoolInternals {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  config?: { connectionLimit?: number };
}

/**
 * mysql2's pool usage. mysql2 has no public API for it, so this reads the pool's own queues
 * (`_allConnections`, `_freeConnections`, `_connectionQueue`, unchanged across mysql2 2.x-3.x);
 * a missing field reads as 0 rather than failing a scrape.
 */
export function mysql2PoolStats(pool: object): () => PoolStats {
  const internals = pool as Mysql2PoolInternals;
  return () => ({
    total: internals._allConnections?.length ?? 0,
    free: internals._freeConnections?.length ?? 0,
    queued: internals._connectionQueue?.length ?? 0,
    limit: internals.config?.connectionLimit ?? 0,
  });
}
