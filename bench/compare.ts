import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { loadUsers } from '../test/contract/captures.js';
import { createTestDatabase, type TestDatabase } from '../test/setup/database.js';
import type { GeneratedSite } from './support/generator/index.js';
import { addOptInIndexes, generateLoaded } from './support/generate-loaded.js';
import { baselinePath, checkRollbackPlan, type BaselinePlan } from './support/baseline/plan.js';
import { runSoak, type SoakResult } from './support/soak.js';
import { printFeed, runFeedPhases, type FeedMode, type FeedResults, type MixedReads } from './support/feed-phases.js';
import {
  buildServiceForBench,
  recordRequests,
  runLoad,
  startServer,
  type BenchRequest,
  type LoadResult,
  type MeasuredServer,
  type ServiceBuild,
} from './support/measure.js';

/*
 * Issue 9: the service side by side with a bare baseline. The service (createHandler in a child
 * process) and a node:http + mysql2 server that runs the SAME SQL statements per route (recorded
 * from one request of the service) are driven in turn at CONNECTIONS connections for SECONDS
 * each, on one database; every figure is printed with its ratio service / baseline.
 *
 * Then (issue 10) a soak: the compiled entry point main.js, as `npm start` runs it, for
 * SOAK_SECONDS at SOAK_CONNECTIONS connections cycling through the read routes, its RSS read every
 * second (bench/support/soak.ts).
 *
 * Between the two (issue 13), the change feed phases (bench/support/feed-phases.ts): warm, mixed
 * with a stale-answer count, freshness and a cache fill, in probe and binlog mode, on a MariaDB the
 * bench starts with a row-based binlog; the cold comparison above is the service with its response
 * cache off (CACHE_MAX_MB=0).
 *
 * Usage: npx tsx bench/compare.ts [--seconds 5] [--connections 16] [--events N]
 *                                 [--soak-seconds 60] [--soak-connections 64] [--no-soak]
 *                                 [--mixed-seconds 20] [--freshness-changes 200] [--fill-answers 400]
 *                                 [--cache-mb 100] [--no-warm] [--no-mixed] [--no-freshness]
 *                                 [--no-probe] [--no-binlog]
 * Without --events the site is a copy of the recorded one (fixtures/reference); with it, a site of
 * N events made by generateSite (bench/support/generator), the service's clock at its "now" (the
 * soak's main.js runs on the system clock). The service is the compiled build (tsc, settings of
 * tsconfig.build.json, into a folder of its own), not TypeScript under tsx.
 * Prints the tables, writes bench/results/latest.json, exits 1 when any answer of either server
 * or of the soak was not 2xx (or a request failed). Always stops the children, drops its
 * databases and removes its build.
 */

const ROOT = '/wp-json/calendar/events/v1';
const RESULTS_FILE = fileURLToPath(new URL('./results/latest.json', import.meta.url));

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    events: { type: 'string' },
    'soak-seconds': { type: 'string', default: '60' },
    'soak-connections': { type: 'string', default: '64' },
    'no-soak': { type: 'boolean', default: false },
    // Issue 13's phases (bench/support/feed-phases.ts).
    'no-warm': { type: 'boolean', default: false },
    'no-mixed': { type: 'boolean', default: false },
    'no-freshness': { type: 'boolean', default: false },
    'no-probe': { type: 'boolean', default: false },
    'no-binlog': { type: 'boolean', default: false },
    'mixed-seconds': { type: 'string', default: '20' },
    'freshness-changes': { type: 'string', default: '200' },
    'fill-answers': { type: 'string', default: '400' },
    'cache-mb': { type: 'string', default: '100' },
  },
});
const SECONDS = positiveInteger('--seconds', args.seconds);
const CONNECTIONS = positiveInteger('--connections', args.connections);
const EVENTS = args.events === undefined ? undefined : positiveInteger('--events', args.events);
const SOAK_SECONDS = args['no-soak'] ? 0 : positiveInteger('--soak-seconds', args['soak-seconds']);
const SOAK_CONNECTIONS = positiveInteger('--soak-connections', args['soak-connections']);
const MIXED_SECONDS = positiveInteger('--mixed-seconds', args['mixed-seconds']);
const FRESHNESS_CHANGES = positiveInteger('--freshness-changes', args['freshness-changes']);
const FILL_ANSWERS = args['fill-answers'] === '0' ? 0 : positiveInteger('--fill-answers', args['fill-answers']);
const CACHE_BYTES = positiveInteger('--cache-mb', args['cache-mb']) * 1024 * 1024;
const FEED_MODES: FeedMode[] = [...(args['no-probe'] ? [] : ['probe' as const]), ...(args['no-binlog'] ? [] : ['binlog' as const])];
/** Distinct URLs the mixed phase reads: about half events lists, half single events. */
const MIXED_LISTS = 100;
const MIXED_SINGLES = 100;
/** Events the mixed phase's writes change (each also read alone). */
const MIXED_WRITE_EVENTS = 20;

interface Route {
  readonly name: string;
  readonly request: BenchRequest;
  /** Changes the data: measured after every read; its baseline rolls back. */
  readonly write: boolean;
}

/** What the routes name on the measured site. */
interface SiteTargets {
  /** An event to read and to update. */
  readonly eventId: number;
  /** The filtered list: a window, a category slug and venues with events in that window. */
  readonly window: { readonly start: string; readonly end: string };
  readonly categorySlug: string;
  readonly venueIds: readonly number[];
  /** Terms a created event is filed under. */
  readonly createCategoryIds: readonly number[];
  readonly createTagIds: readonly number[];
  /** HTTP Basic header of an administrator (application password). */
  readonly adminAuthorization: string;
}

/** On the recorded site (fixtures/reference): event 6, music at venues 19 and 20, the admin of users.json. */
function referenceTargets(): SiteTargets {
  const admin = loadUsers().admin!;
  return {
    eventId: 6,
    window: { start: '2026-12-01', end: '2027-05-31' },
    categorySlug: 'music',
    venueIds: [19, 20],
    createCategoryIds: [7],
    createTagIds: [3],
    adminAuthorization: `Basic ${Buffer.from(`${admin.login}:${admin.app_password}`).toString('base64')}`,
  };
}

/**
 * On a generated site: its first upcoming event, its busiest category and venue over the year
 * after its "now", and its administrator's application password.
 */
function generatedTargets(site: GeneratedSite): SiteTargets {
  if (!site.admin) throw new Error('the generated site has no administrator of its own (user 1 existed)');
  const start = site.now.slice(0, 10);
  const end = new Date(site.now);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return {
    eventId: site.eventId,
    window: { start, end: end.toISOString().slice(0, 10) },
    categorySlug: site.category.slug,
    venueIds: [site.venue.id],
    createCategoryIds: [site.category.termId],
    createTagIds: [site.tag.termId],
    adminAuthorization: `Basic ${Buffer.from(`${site.admin.login}:${site.admin.appPassword}`).toString('base64')}`,
  };
}

/** A database of the site to measure (and the same again to record statements on). */
async function createSite(): Promise<{ database: TestDatabase; targets: SiteTargets; now?: string; seed?: number; description: string }> {
  if (EVENTS === undefined) {
    return {
      database: await createTestDatabase({ dump: 'reference' }),
      targets: referenceTargets(),
      description: 'reference (fixtures/reference/db.sql)',
    };
  }
  const database = await createTestDatabase({ dump: 'schema' });
  try {
    const started = Date.now();
    const site = await generateLoaded(database, EVENTS);
    progress(`generated ${EVENTS} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Issue 9's large-site figures are with the opt-in indexes; without them a filtered list on a
    // million events takes longer than the 30 s statement bound and the run stalls.
    await addOptInIndexes(database);
    progress('the opt-in indexes added (npm run indexes -- add)');
    return { database, targets: generatedTargets(site), now: site.now, seed: site.seed, description: `generated, ${EVENTS} events (seed ${site.seed}, now ${site.now})` };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

function routesFor(site: SiteTargets): Route[] {
  const headers = { Authorization: site.adminAuthorization, 'Content-Type': 'application/json' };
  const filtered = new URLSearchParams({
    start_date: site.window.start,
    end_date: site.window.end,
    categories: site.categorySlug,
    venue: site.venueIds.join(','),
  });
  return [
    { name: 'events list (12)', write: false, request: { method: 'GET', path: `${ROOT}/events?per_page=12` } },
    { name: 'events list (50)', write: false, request: { method: 'GET', path: `${ROOT}/events?per_page=50` } },
    { name: 'events list, filtered', write: false, request: { method: 'GET', path: `${ROOT}/events?${filtered}` } },
    { name: 'single event', write: false, request: { method: 'GET', path: `${ROOT}/events/${site.eventId}` } },
    { name: 'venues list', write: false, request: { method: 'GET', path: `${ROOT}/venues` } },
    { name: 'categories list', write: false, request: { method: 'GET', path: `${ROOT}/categories` } },
    {
      name: 'event create',
      write: true,
      request: {
        method: 'POST',
        path: `${ROOT}/events`,
        headers,
        // A new title each time, so the slug needs no suffix search.
        body: (n) =>
          JSON.stringify({
            title: `Bench event ${n}`,
            start_date: '2031-01-10 10:00:00',
            end_date: '2031-01-10 12:00:00',
            categories: site.createCategoryIds,
            tags: site.createTagIds,
          }),
      },
    },
    {
      name: 'event update',
      write: true,
      request: {
        method: 'POST',
        path: `${ROOT}/events/${site.eventId}`,
        headers,
        body: (n) => JSON.stringify({ title: `Bench update ${n}`, cost: '15' }),
      },
    },
  ];
}

interface Side extends LoadResult {
  /** Peak resident set size of the server process during this route's run, bytes. */
  readonly peakRss: number;
}

interface RouteResult {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly write: boolean;
  /** SQL statements one request of the service ran (transaction control and locks included). */
  readonly statementsPerRequest: number;
  readonly statements: readonly string[];
  readonly service: Side;
  readonly baseline: Side;
  /** service / baseline of each figure. */
  readonly ratio: { requestsPerSecond: number; p50: number; p99: number; peakRss: number };
}

async function main(): Promise<void> {
  const databases: TestDatabase[] = [];
  const servers: MeasuredServer[] = [];
  const results: RouteResult[] = [];
  let build: ServiceBuild | undefined;
  let soak: SoakResult | undefined;
  let failures: string[] = [];
  let ROUTES: Route[] = [];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await Promise.allSettled(servers.map((server) => server.stop()));
      await Promise.allSettled(databases.map((database) => database.drop()));
      await build?.remove();
    })());
  // Ctrl-C skips finally blocks: stop the children and drop the databases before leaving.
  const interrupted = (signal: NodeJS.Signals) => {
    progress(`${signal}: stopping the servers and dropping the databases`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    // Statements are recorded on a copy of their own: the recorded writes commit, and the
    // baseline must be able to repeat their inserts on the measured database.
    progress(`making the site twice (one to measure, one to record statements on): ${EVENTS === undefined ? 'the recorded site' : `${EVENTS} events`}`);
    const site = await createSite();
    databases.push(site.database);
    const measured = site.database;
    const recording = (await createSite()).database;
    databases.push(recording);
    ROUTES = routesFor(site.targets);

    progress('recording one request of each route');
    const recorded = await recordRequests(
      { databaseUrl: recording.url, tablePrefix: recording.prefix, now: site.now },
      ROUTES.map((route) => route.request),
      `${ROOT}/categories?per_page=1`,
    );
    const plans: Record<string, BaselinePlan> = {};
    ROUTES.forEach((route, index) => {
      const { status, statements } = recorded[index]!;
      if (status < 200 || status >= 300) throw new Error(`recording ${route.name} answered ${status}`);
      plans[route.name] = { statements, rollback: route.write };
      checkRollbackPlan(plans[route.name]!);
    });
    let mixed: { reads: MixedReads; singles: number[] } | undefined;
    if (!args['no-mixed'] && FEED_MODES.length > 0) {
      progress(`recording the mixed phase's reads (${MIXED_LISTS} lists, ${MIXED_SINGLES} single events)`);
      mixed = await recordMixedReads(recording, site.now, plans);
    }
    await recording.drop();

    progress('compiling the service (bench/tsconfig.service.json)');
    build = await buildServiceForBench();
    progress('starting the service and the baseline');
    const target = { databaseUrl: measured.url, tablePrefix: measured.prefix, now: site.now };
    const [service, baseline] = await Promise.all([startServer('service', target, build), startServer('baseline', target, build)]);
    servers.push(service, baseline);
    await baseline.loadPlans(plans);

    // Reads first, writes last (they change the data). Per route the baseline runs first: its
    // writes roll back, so the service's committed rows never collide with its inserts.
    for (const route of [...ROUTES.filter((r) => !r.write), ...ROUTES.filter((r) => r.write)]) {
      const baselineRequest: BenchRequest = { ...route.request, path: baselinePath(route.name) };
      progress(`${route.name}: baseline`);
      const baselineSide = await measure(baseline, baselineRequest);
      progress(`${route.name}: service`);
      const serviceSide = await measure(service, route.request);
      const plan = plans[route.name]!;
      results.push({
        name: route.name,
        method: route.request.method,
        path: route.request.path,
        write: route.write,
        statementsPerRequest: plan.statements.length,
        statements: plan.statements.map((statement) => statement.sql),
        service: serviceSide,
        baseline: baselineSide,
        ratio: {
          requestsPerSecond: ratio(serviceSide.requestsPerSecond, baselineSide.requestsPerSecond),
          p50: ratio(serviceSide.p50, baselineSide.p50),
          p99: ratio(serviceSide.p99, baselineSide.p99),
          peakRss: ratio(serviceSide.peakRss, baselineSide.peakRss),
        },
      });
      for (const [who, side] of [['service', serviceSide], ['baseline', baselineSide]] as const) {
        if (side.non2xx > 0 || side.errors > 0) {
          failures.push(`${route.name} (${who}): ${side.non2xx} non-2xx answers, ${side.errors} failed requests`);
        }
      }
    }

    printTable(results, service.rssSource, site.description);

    let feed: FeedResults | undefined;
    const anyFeedPhase = !args['no-warm'] || mixed !== undefined || !args['no-freshness'] || FILL_ANSWERS > 0;
    if (FEED_MODES.length > 0 && anyFeedPhase) {
      // The cold children are done; the feed phases start their own on a MariaDB of their own.
      await Promise.allSettled(servers.map((server) => server.stop()));
      const cold = (name: string) => {
        const result = results.find((r) => r.name === name)!;
        const route = ROUTES.find((r) => r.name === name)!;
        return {
          name,
          request: route.request,
          baselineRequest: { ...route.request, path: baselinePath(name) },
          baselineRequestsPerSecond: result.baseline.requestsPerSecond,
          baselineP99: result.baseline.p99,
        };
      };
      feed = await runFeedPhases({
        build,
        target,
        plans,
        warmRoutes: [cold('events list (12)'), cold('single event')],
        reads: mixed?.reads ?? { service: [], baseline: [] },
        writeEventIds: (mixed?.singles ?? []).slice(0, MIXED_WRITE_EVENTS),
        writeHeaders: { Authorization: site.targets.adminAuthorization, 'Content-Type': 'application/json' },
        freshnessEventId: site.targets.eventId,
        root: ROOT,
        seconds: SECONDS,
        connections: CONNECTIONS,
        mixedSeconds: MIXED_SECONDS,
        freshnessChanges: FRESHNESS_CHANGES,
        fillAnswers: FILL_ANSWERS,
        cacheBytes: CACHE_BYTES,
        modes: FEED_MODES,
        warm: !args['no-warm'],
        mixed: mixed !== undefined,
        freshness: !args['no-freshness'],
        ...(EVENTS !== undefined && site.seed !== undefined ? { generated: { events: EVENTS, seed: site.seed } } : {}),
        progress,
      });
      printFeed(feed, CONNECTIONS);
      failures.push(...feed.failures);
    }

    if (SOAK_SECONDS > 0) {
      // The measured children are done; the soak's service gets the machine to itself.
      await Promise.allSettled(servers.map((server) => server.stop()));
      const reads = ROUTES.filter((route) => !route.write);
      progress(`soak: main.js, ${SOAK_SECONDS} s at ${SOAK_CONNECTIONS} connections over the ${reads.length} read routes`);
      soak = await runSoak({ main: build.main, target, seconds: SOAK_SECONDS, connections: SOAK_CONNECTIONS, requests: reads.map((route) => route.request) });
      printSoak(soak);
      if (soak.non2xx > 0 || soak.errors > 0) failures.push(`soak: ${soak.non2xx} non-2xx answers, ${soak.errors} failed requests`);
      if (soak.exitCode !== 0) failures.push(`soak: main.js exited with ${soak.exitCode} after SIGTERM`);
    }
    await mkdir(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
    await writeFile(
      RESULTS_FILE,
      `${JSON.stringify(
        {
          recordedAt: new Date().toISOString(),
          node: process.version,
          cpus: availableParallelism(),
          seconds: SECONDS,
          connections: CONNECTIONS,
          database: site.description,
          rssSource: service.rssSource,
          notes: [
            'ratio = service / baseline',
            'baseline: node:http + mysql2 pool running the statements one service request ran, one after the other, answering their rows as JSON',
            'baseline writes run their recorded statements inside a transaction that is rolled back',
          ],
          routes: results,
          feed: feed ?? null,
          soak: soak ?? null,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nwritten: ${RESULTS_FILE}`);
  } catch (error) {
    failures = [...failures, `the run stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`];
  } finally {
    await cleanUp();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  if (failures.length > 0) {
    console.error(`\nnot every answer was 2xx (or an answer was stale):\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

/**
 * The mixed phase's reads, recorded on the recording copy: events lists of several page sizes and
 * pages from an absolute start date (cacheable: no time relative to now), and single published
 * events; the first MIXED_LISTS lists and MIXED_SINGLES events that answer 200 are kept, each with
 * its statements as a baseline plan (`mixed read <i>`, added to `plans`).
 */
async function recordMixedReads(
  recording: TestDatabase,
  now: string | undefined,
  plans: Record<string, BaselinePlan>,
): Promise<{ reads: MixedReads; singles: number[] }> {
  const connection = await createConnection({ uri: recording.url });
  let ids: number[];
  try {
    const [rows] = await connection.query(
      `SELECT ID FROM \`${recording.prefix}posts\` WHERE post_type = 'tribe_events' AND post_status = 'publish' AND post_password = '' ORDER BY ID LIMIT ?`,
      [MIXED_SINGLES * 2],
    );
    ids = (rows as { ID: number }[]).map((row) => Number(row.ID));
  } finally {
    await connection.end();
  }
  const lists: string[] = [];
  for (let page = 1; page <= 60; page += 1) {
    for (const perPage of [5, 10, 12, 20, 25, 30]) lists.push(`${ROOT}/events?start_date=2000-01-01&per_page=${perPage}&page=${page}`);
  }
  const target = { databaseUrl: recording.url, tablePrefix: recording.prefix, now };
  const warmUp = `${ROOT}/categories?per_page=1`;
  const kept: { path: string; statements: BaselinePlan['statements']; single?: number }[] = [];
  // In slices, so a large site records only what it needs.
  const keep = async (paths: string[], want: number, single: boolean) => {
    let found = 0;
    for (let from = 0; from < paths.length && found < want; from += 25) {
      const slice = paths.slice(from, from + 25);
      const recorded = await recordRequests(target, slice.map((path) => ({ method: 'GET' as const, path })), warmUp);
      recorded.forEach(({ status, statements }, index) => {
        if (found >= want || status !== 200) return;
        found += 1;
        const path = slice[index]!;
        kept.push({ path, statements, ...(single ? { single: Number(path.slice(path.lastIndexOf('/') + 1)) } : {}) });
      });
    }
  };
  await keep(lists, MIXED_LISTS, false);
  await keep(ids.map((id) => `${ROOT}/events/${id}`), MIXED_SINGLES, true);
  const reads: { service: string[]; baseline: string[] } = { service: [], baseline: [] };
  kept.forEach((read, index) => {
    const name = `mixed read ${index}`;
    plans[name] = { statements: read.statements, rollback: false };
    reads.service.push(read.path);
    reads.baseline.push(baselinePath(name));
  });
  return { reads, singles: kept.flatMap((read) => (read.single === undefined ? [] : [read.single])) };
}

async function measure(server: MeasuredServer, request: BenchRequest): Promise<Side> {
  await server.resetPeakRss();
  const load = await runLoad(server.baseUrl, request, SECONDS, CONNECTIONS);
  // Queued writes still run after the load generator stops: they belong to this run, not the next.
  await server.waitIdle();
  return { ...load, peakRss: await server.peakRss() };
}

function printTable(results: readonly RouteResult[], rssSource: string, description: string): void {
  const header = [
    'route'.padEnd(22),
    'req/s svc'.padStart(9),
    'base'.padStart(7),
    'ratio'.padStart(6),
    'p50 ms svc'.padStart(10),
    'base'.padStart(6),
    'ratio'.padStart(6),
    'p99 ms svc'.padStart(10),
    'base'.padStart(6),
    'ratio'.padStart(6),
    'SQL/req'.padStart(7),
    'RSS MB svc'.padStart(10),
    'base'.padStart(6),
    'ratio'.padStart(6),
    'KB/answer svc'.padStart(13),
    'base'.padStart(6),
  ];
  console.log(`\n${description}`);
  console.log(`${SECONDS} s per route and server, ${CONNECTIONS} connections, ${availableParallelism()} CPUs; ratio = service / baseline`);
  console.log(header.join(' '));
  for (const r of results) {
    const line = [
      r.name.padEnd(22),
      r.service.requestsPerSecond.toFixed(0).padStart(9),
      r.baseline.requestsPerSecond.toFixed(0).padStart(7),
      r.ratio.requestsPerSecond.toFixed(2).padStart(6),
      r.service.p50.toFixed(1).padStart(10),
      r.baseline.p50.toFixed(1).padStart(6),
      r.ratio.p50.toFixed(2).padStart(6),
      r.service.p99.toFixed(1).padStart(10),
      r.baseline.p99.toFixed(1).padStart(6),
      r.ratio.p99.toFixed(2).padStart(6),
      String(r.statementsPerRequest).padStart(7),
      megabytes(r.service.peakRss).padStart(10),
      megabytes(r.baseline.peakRss).padStart(6),
      r.ratio.peakRss.toFixed(2).padStart(6),
      (r.service.bytesPerAnswer / 1024).toFixed(1).padStart(13),
      (r.baseline.bytesPerAnswer / 1024).toFixed(1).padStart(6),
    ];
    console.log(line.join(' '));
  }
  console.log(
    [
      '',
      'SQL/req: statements one service request ran (begin/commit and the write lock included); the baseline runs the same ones.',
      'Baseline writes: the recorded statements inside a transaction that is rolled back (nothing it writes stays).',
      `Peak RSS: per route and process, ${rssSource === 'proc' ? 'VmHWM from /proc, reset before each run' : 'sampled every 20 ms by the child'}.`,
      'KB/answer: bytes received per answer, headers included.',
    ].join('\n'),
  );
}

function printSoak(soak: SoakResult): void {
  const mb = (bytes: number) => `${megabytes(bytes)} MB`;
  console.log(`\nSoak: main.js (compiled, request log at info), ${soak.seconds} s at ${soak.connections} connections, the read routes in turn`);
  console.log(
    [
      `requests ${soak.requests} (${soak.requestsPerSecond.toFixed(0)}/s), p50 ${soak.p50.toFixed(1)} ms, p99 ${soak.p99.toFixed(1)} ms`,
      `errors: ${soak.non2xx} non-2xx, ${soak.errors} socket errors/timeouts; ${soak.logLines} request log lines; exit code after SIGTERM ${soak.exitCode}`,
    ].join('\n'),
  );
  const rss = soak.rss;
  if (!rss) {
    console.log('RSS: not readable (no /proc/<pid>/status)');
    return;
  }
  console.log(
    [
      `RSS (VmRSS every second): first ${mb(rss.first)}, last ${mb(rss.last)}, min ${mb(rss.min)}, max ${mb(rss.max)}`,
      `after ${rss.warmUpSeconds} s of warm-up: ${mb(rss.afterWarmUp.min)} to ${mb(rss.afterWarmUp.max)}, at most ${(rss.maxDeviation * 100).toFixed(1)} % from their median ${mb(rss.median)}: ${rss.flat ? 'flat (within ±10 %)' : 'NOT flat (beyond ±10 %)'}`,
      `drift (median of the last quarter / of the first quarter after warm-up): ${(rss.drift * 100).toFixed(1)} %`,
    ].join('\n'),
  );
}

function ratio(service: number, baseline: number): number {
  return baseline === 0 ? Number.NaN : service / baseline;
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}

function progress(message: string): void {
  console.error(`[compare] ${message}`);
}

function positiveInteger(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number (got ${raw})`);
  return value;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
