import { createConnection } from 'mysql2/promise';
import { createTestDatabase, type TestDatabase } from '../../test/setup/database.js';
import { startMariadbInstance, type MariadbInstance } from '../../test/setup/mariadb-instance.js';
import { addOptInIndexes, generateLoaded } from './generate-loaded.js';
import { baselinePath, type BaselinePlan } from './baseline/plan.js';
import { countStale, fetchAll, measureFreshness, runMixed, type FreshnessResult, type MixedResult, type StaleCount } from './mixed.js';
import { runLoad, startServer, type BenchRequest, type LoadResult, type ServerTarget, type ServiceBuild } from './measure.js';

/*
 * Issue 13's phases of bench/compare.ts, after the cold comparison (whose service child runs with
 * the response cache off, as CACHE_MAX_MB=0 does). They run on a MariaDB this bench starts itself
 * with a row-based binlog (the shared server is never reconfigured), the same site loaded there:
 * in probe mode the cache is dropped whenever InnoDB's LSN moves, and on the shared server every
 * other session's writes move it (a first run there hit the cache on 5 % of lookups). There, a
 * baseline child with the same plans, then one service child per feed mode:
 * - warm: the service child with the response cache on and the change feed in probe or binlog
 *   mode, a repeated events list and a repeated single event at CONNECTIONS connections
 *   (autocannon, after one priming request), beside the cold baseline of the same route (the
 *   shared server) and the baseline of the same route on the bench's server;
 * - mixed: 90 % reads over ~200 distinct list and single URLs and 10 % event updates as the
 *   recorded admin, CLIENTS loops for MIXED_SECONDS, against the baseline doing the same mix
 *   (reads replaying each URL's recorded statements, writes the recorded update rolled back), and
 *   stale answers counted from every request's times and the titles its answer showed;
 * - freshness (each mode; the issue's target is binlog mode's): an UPDATE of the event's post_title
 *   outside the service, then one client polling the event, from the UPDATE's OK to the first
 *   answer showing it;
 * - fill: distinct list URLs until the cache budget is used up (peak RSS of each child is read
 *   over its whole life: warm, mixed and fill).
 */

export type FeedMode = 'probe' | 'binlog';

export interface MixedReads {
  /** The service's paths (under the namespace), ~100 lists and ~100 single events. */
  readonly service: readonly string[];
  /** The baseline's path for each of them (its recorded statements), same order. */
  readonly baseline: readonly string[];
}

export interface FeedPhaseOptions {
  readonly build: ServiceBuild;
  /** The measured site on the shared server (its clock, `now`, is kept). */
  readonly target: ServerTarget;
  /** The baseline's plans, the mixed reads' among them. */
  readonly plans: Record<string, BaselinePlan>;
  /** The warm routes with the cold baseline's req/s of the same route. */
  readonly warmRoutes: readonly {
    name: string;
    request: BenchRequest;
    baselineRequest: BenchRequest;
    baselineRequestsPerSecond: number;
    baselineP99: number;
  }[];
  readonly reads: MixedReads;
  /** Events the mixed writes change, and the admin's headers. */
  readonly writeEventIds: readonly number[];
  readonly writeHeaders: Readonly<Record<string, string>>;
  /** Path of the single event the freshness phase changes. */
  readonly freshnessEventId: number;
  readonly root: string;
  readonly seconds: number;
  readonly connections: number;
  readonly mixedSeconds: number;
  readonly freshnessChanges: number;
  readonly fillAnswers: number;
  readonly cacheBytes: number;
  readonly modes: readonly FeedMode[];
  readonly warm: boolean;
  readonly mixed: boolean;
  readonly freshness: boolean;
  /** With --events: the generated site's size and seed, to make the same site on the binlog server. */
  readonly generated?: { events: number; seed: number };
  readonly progress: (message: string) => void;
}

export interface WarmRouteResult {
  readonly name: string;
  readonly path: string;
  readonly service: LoadResult;
  /** The cold comparison's baseline (shared server). */
  readonly baselineRequestsPerSecond: number;
  readonly baselineP99: number;
  readonly ratio: number;
  /** The baseline on the bench's own server, just before. */
  readonly sameServerBaseline?: LoadResult;
  readonly sameServerRatio: number;
}

export interface MixedSummary extends Omit<MixedResult, 'readSamples' | 'writeSamples'> {
  readonly stale?: StaleCount;
}

export interface ModeResult {
  readonly mode: FeedMode;
  readonly database: string;
  readonly warm: readonly WarmRouteResult[];
  readonly mixed?: MixedSummary & { readonly ratio: number };
  readonly freshness?: FreshnessResult;
  readonly fill?: { answers: number; bytes: number; non2xx: number; errors: number };
  /** Response cache lookups over the child's life (/metrics). */
  readonly cache: { hits: number; misses: number };
  /** VmHWM over the child's whole life (warm, mixed, fill), bytes. */
  readonly peakRss: number;
  /** VmHWM read after each step (it only grows): which step set the peak. */
  readonly peakRssAfter: Readonly<Record<string, number>>;
}

export interface FeedResults {
  readonly cacheBytes: number;
  readonly database: string;
  readonly warmBaseline: readonly (LoadResult & { name: string })[];
  readonly mixedBaseline?: MixedSummary;
  readonly modes: readonly ModeResult[];
  readonly failures: readonly string[];
}

export async function runFeedPhases(options: FeedPhaseOptions): Promise<FeedResults> {
  const { progress } = options;
  const failures: string[] = [];
  const site = await binlogSite(options);
  try {
    let mixedBaseline: MixedSummary | undefined;
    const warmBaseline: (LoadResult & { name: string })[] = [];
    progress('baseline on the bench\'s MariaDB');
    const baseline = await startServer('baseline', site.target, options.build);
    try {
      await baseline.loadPlans(options.plans);
      if (options.warm) {
        for (const route of options.warmRoutes) {
          progress(`baseline: ${route.name}`);
          const load = await runLoad(baseline.baseUrl, route.baselineRequest, options.seconds, options.connections);
          await baseline.waitIdle();
          if (load.non2xx > 0 || load.errors > 0) failures.push(`warm ${route.name} (baseline): ${load.non2xx} non-2xx answers, ${load.errors} failed requests`);
          warmBaseline.push({ name: route.name, ...load });
        }
      }
      if (options.mixed) {
        progress(`mixed: baseline, ${options.mixedSeconds} s, ${options.connections} clients, 90 % reads over ${options.reads.baseline.length} URLs`);
        const result = await runMixed({
          baseUrl: baseline.baseUrl,
          seconds: options.mixedSeconds,
          clients: options.connections,
          readPaths: options.reads.baseline,
          writes: [{ path: baselinePath('event update'), headers: options.writeHeaders, body: (n) => JSON.stringify({ title: `Mixed ${n}` }) }],
          writeShare: 0.1,
          observe: false,
        });
        await baseline.waitIdle();
        mixedBaseline = summary(result);
        if (result.non2xx > 0 || result.errors > 0) failures.push(`mixed (baseline): ${result.non2xx} non-2xx answers, ${result.errors} failed requests`);
      }
    } finally {
      await baseline.stop();
    }
    const modes: ModeResult[] = [];
    for (const mode of options.modes) {
      modes.push(await runMode(mode, site, options, { warm: warmBaseline, mixed: mixedBaseline }, failures));
    }
    return { cacheBytes: options.cacheBytes, database: site.database, warmBaseline, mixedBaseline, modes, failures };
  } finally {
    await site.close();
  }
}

interface ModeSite {
  target: ServerTarget;
  database: string;
  /** Changes the event's title by SQL, outside the service. */
  update: (title: string) => Promise<void>;
  close(): Promise<void>;
}

/** A MariaDB of the bench's own with a row-based binlog, the same site loaded there. */
async function binlogSite(options: FeedPhaseOptions): Promise<ModeSite> {
  options.progress('binlog: starting a MariaDB of its own with a row-based binlog');
  // A buffer pool that holds a generated site's working set; the shared server is never touched.
  const instance: MariadbInstance = await startMariadbInstance({ binlog: true, extraArgs: ['--innodb-buffer-pool-size=512M'] });
  let database: TestDatabase | undefined;
  try {
    if (options.generated) {
      database = await createTestDatabase({ serverUrl: instance.url, dump: 'schema' });
      const started = Date.now();
      await generateLoaded(database, options.generated.events, options.generated.seed);
      options.progress(`binlog: generated the same ${options.generated.events} events there in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      // Without the opt-in indexes a list on a large site takes seconds (bench/README, issue 9):
      // the cache fill would meet only timeouts. The baseline there reads with the same indexes.
      await addOptInIndexes(database);
      options.progress('binlog: the opt-in indexes added there (npm run indexes -- add)');
    } else {
      database = await createTestDatabase({ serverUrl: instance.url, dump: 'reference' });
    }
    // The site's loading is history the feed never reads (it starts at the log's end): free the disk.
    const admin = await createConnection({ uri: instance.url });
    await admin.query('RESET MASTER');
    await admin.end();
  } catch (error) {
    await database?.drop().catch(() => undefined);
    await instance.stop();
    throw error;
  }
  const site = database;
  const connection = await createConnection({ uri: site.url });
  return {
    target: { ...options.target, databaseUrl: site.url, tablePrefix: site.prefix },
    database: `a MariaDB of its own (port ${instance.port}, row-based binlog), the same site`,
    update: async (title) => {
      await connection.query(`UPDATE \`${site.prefix}posts\` SET post_title = ? WHERE ID = ?`, [title, options.freshnessEventId]);
    },
    close: async () => {
      await connection.end().catch(() => undefined);
      await site.drop().catch(() => undefined);
      await instance.stop();
    },
  };
}

async function runMode(
  mode: FeedMode,
  site: ModeSite,
  options: FeedPhaseOptions,
  baselines: { warm: readonly (LoadResult & { name: string })[]; mixed: MixedSummary | undefined },
  failures: string[],
): Promise<ModeResult> {
  const { progress } = options;
  const { target, database, update } = site;
  const mixedBaseline = baselines.mixed;
  progress(`${mode}: starting the service child, response cache ${Math.round(options.cacheBytes / 1024 / 1024)} MB, change feed in ${mode} mode`);
  const service = await startServer('service', { ...target, responseCacheBytes: options.cacheBytes, changeFeed: mode }, options.build);
  try {
    const peakRssAfter: Record<string, number> = { start: await service.peakRss() };
    const warm: WarmRouteResult[] = [];
    if (options.warm) {
      for (const route of options.warmRoutes) {
        const same = baselines.warm.find((load) => load.name === route.name);
        progress(`${mode}: warm ${route.name}`);
        // One answer first: a warm cache is what this phase measures, not the first misses.
        await fetch(service.baseUrl + route.request.path).then((response) => response.arrayBuffer());
        const load = await runLoad(service.baseUrl, route.request, options.seconds, options.connections);
        await service.waitIdle();
        if (load.non2xx > 0 || load.errors > 0) failures.push(`warm ${route.name} (${mode}): ${load.non2xx} non-2xx answers, ${load.errors} failed requests`);
        warm.push({
          name: route.name,
          path: route.request.path,
          service: load,
          baselineRequestsPerSecond: route.baselineRequestsPerSecond,
          baselineP99: route.baselineP99,
          ratio: route.baselineRequestsPerSecond === 0 ? Number.NaN : load.requestsPerSecond / route.baselineRequestsPerSecond,
          ...(same ? { sameServerBaseline: same } : {}),
          sameServerRatio: same ? load.requestsPerSecond / same.requestsPerSecond : Number.NaN,
        });
      }
    }
    if (options.warm) peakRssAfter.warm = await service.peakRss();
    let mixed: ModeResult['mixed'];
    if (options.mixed) {
      progress(`${mode}: mixed, ${options.mixedSeconds} s, ${options.connections} clients`);
      const result = await runMixed({
        baseUrl: service.baseUrl,
        seconds: options.mixedSeconds,
        clients: options.connections,
        readPaths: options.reads.service,
        writes: options.writeEventIds.map((eventId) => ({
          eventId,
          path: `${options.root}/events/${eventId}`,
          headers: options.writeHeaders,
          body: (n: number) => JSON.stringify({ title: `Mixed ${n}` }),
        })),
        writeShare: 0.1,
        observe: true,
      });
      await service.waitIdle();
      const stale = countStale(result.readSamples, result.writeSamples);
      if (result.non2xx > 0 || result.errors > 0) failures.push(`mixed (${mode}): ${result.non2xx} non-2xx answers, ${result.errors} failed requests`);
      if (stale.violations > 0) failures.push(`mixed (${mode}): ${stale.violations} stale answers, e.g. ${stale.examples.join('; ')}`);
      mixed = {
        ...summary(result),
        stale,
        ratio: mixedBaseline ? result.requestsPerSecond / mixedBaseline.requestsPerSecond : Number.NaN,
      };
    }
    if (options.mixed) peakRssAfter.mixed = await service.peakRss();
    let freshness: FreshnessResult | undefined;
    if (options.freshness) {
      progress(`${mode}: freshness, ${options.freshnessChanges} changes by SQL outside the service`);
      freshness = await measureFreshness({
        baseUrl: service.baseUrl,
        path: `${options.root}/events/${options.freshnessEventId}`,
        changes: options.freshnessChanges,
        update,
      });
      if (freshness.missed > 0) failures.push(`freshness (${mode}): ${freshness.missed} changes not shown within 2 s`);
    }
    if (options.freshness) peakRssAfter.freshness = await service.peakRss();
    let fill: ModeResult['fill'];
    if (options.fillAnswers > 0) {
      progress(`${mode}: fill, ${options.fillAnswers} distinct events lists (per_page 50)`);
      const paths = Array.from({ length: options.fillAnswers }, (_, i) => `${options.root}/events?per_page=50&bench_fill=${i}`);
      const fetched = await fetchAll(service.baseUrl, paths, options.connections);
      await service.waitIdle();
      if (fetched.non2xx > 0 || fetched.errors > 0) failures.push(`fill (${mode}): ${fetched.non2xx} non-2xx answers, ${fetched.errors} failed requests`);
      fill = { answers: paths.length, ...fetched };
    }
    const cache = await cacheLookups(service.baseUrl);
    const peakRss = await service.peakRss();
    if (fill) peakRssAfter.fill = peakRss;
    return { mode, database, warm, mixed, freshness, fill, cache, peakRss, peakRssAfter };
  } finally {
    await service.stop();
  }
}

function summary(result: MixedResult): MixedSummary {
  const { readSamples: _reads, writeSamples: _writes, ...rest } = result;
  return rest;
}

/** The response cache's hits and misses from the service's /metrics. */
async function cacheLookups(baseUrl: string): Promise<{ hits: number; misses: number }> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const read = (outcome: string) => Number(new RegExp(`^cache_${outcome}_total\\{cache="response"\\} (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { hits: read('hits'), misses: read('misses') };
}

export function printFeed(results: FeedResults, connections: number): void {
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  const ms = (value: number) => value.toFixed(1);
  console.log(`\nChange feed (issue 13): response cache ${mb(results.cacheBytes)} MB; the cold figures above are the service with the cache off (CACHE_MAX_MB=0)`);
  console.log(`On ${results.database}.`);
  console.log(
    `Warm: one repeated URL per route, ${connections} connections; ratio = service req/s / the cold baseline's req/s of the same route ` +
      `(shared server, table above); "here": the baseline on the bench's server`,
  );
  console.log(
    ['mode'.padEnd(7), 'route'.padEnd(18), 'req/s svc'.padStart(9), 'cold base'.padStart(9), 'ratio'.padStart(7), 'base here'.padStart(9), 'ratio'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms svc'.padStart(10), 'base here'.padStart(9)].join(' '),
  );
  for (const mode of results.modes) {
    for (const route of mode.warm) {
      console.log(
        [
          mode.mode.padEnd(7),
          route.name.padEnd(18),
          route.service.requestsPerSecond.toFixed(0).padStart(9),
          route.baselineRequestsPerSecond.toFixed(0).padStart(7),
          route.ratio.toFixed(1).padStart(7),
          (route.sameServerBaseline?.requestsPerSecond.toFixed(0) ?? '-').padStart(9),
          route.sameServerRatio.toFixed(1).padStart(7),
          ms(route.service.p50).padStart(7),
          ms(route.service.p99).padStart(10),
          (route.sameServerBaseline ? ms(route.sameServerBaseline.p99) : '-').padStart(9),
        ].join(' '),
      );
    }
  }
  const base = results.mixedBaseline;
  if (base) {
    console.log(`\nMixed: 90 % reads over distinct list and single URLs, 10 % event updates, ${connections} clients, ~${base.seconds.toFixed(0)} s`);
    console.log(['who'.padEnd(9), 'req/s'.padStart(7), 'ratio'.padStart(6), 'reads/s'.padStart(7), 'reads'.padStart(6), 'writes'.padStart(6), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'read p99'.padStart(8), 'write p99'.padStart(9), 'checked'.padStart(8), 'after a write'.padStart(13), 'stale'.padStart(6)].join(' '));
    const line = (who: string, m: MixedSummary, ratio: number) =>
      console.log(
        [
          who.padEnd(9),
          m.requestsPerSecond.toFixed(0).padStart(7),
          ratio.toFixed(2).padStart(6),
          (m.reads / m.seconds).toFixed(0).padStart(7),
          String(m.reads).padStart(6),
          String(m.writes).padStart(6),
          ms(m.p50).padStart(7),
          ms(m.p99).padStart(7),
          ms(m.readP99).padStart(8),
          ms(m.writeP99).padStart(9),
          (m.stale ? String(m.stale.checked) : '-').padStart(8),
          (m.stale ? String(m.stale.afterAWrite) : '-').padStart(13),
          (m.stale ? String(m.stale.violations) : '-').padStart(6),
        ].join(' '),
      );
    line('baseline', base, 1);
    for (const mode of results.modes) if (mode.mixed) line(mode.mode, mode.mixed, mode.mixed.ratio);
  }
  for (const mode of results.modes) {
    const f = mode.freshness;
    if (f) {
      console.log(
        `\nFreshness (${mode.mode}): ${f.changes} UPDATEs of post_title by SQL outside the service, one client polling the event: ` +
          `from the UPDATE's OK to the first answer showing it p50 ${ms(f.p50)} ms, p90 ${ms(f.p90)} ms, p99 ${ms(f.p99)} ms, max ${ms(f.max)} ms; ` +
          `${f.oldAnswers} answers still old meanwhile, ${f.missed} not shown within 2 s`,
      );
    }
  }
  console.log('');
  for (const mode of results.modes) {
    const total = mode.cache.hits + mode.cache.misses;
    const fill = mode.fill ? `; fill: ${mode.fill.answers} distinct lists, ${mb(mode.fill.bytes)} MB of bodies` : '';
    console.log(
      `${mode.mode}: peak RSS ${mb(mode.peakRss)} MB over warm, mixed${mode.freshness ? ', freshness' : ''} and fill${fill}; ` +
        `response cache ${mode.cache.hits} hits / ${total} lookups (${total > 0 ? ((mode.cache.hits / total) * 100).toFixed(1) : '-'} %); ` +
        `peak after ${Object.entries(mode.peakRssAfter).map(([step, bytes]) => `${step} ${mb(bytes)} MB`).join(', ')}`,
    );
  }
}
