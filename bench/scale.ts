import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createConnection } from 'mysql2/promise';
import { sql } from 'kysely';
import { createHandler } from '../src/app.js';
import { fixedClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/create-db.js';
import { addOptInIndexes, removeOptInIndexes } from '../src/wp/tec/opt-in-indexes.repository.js';
import { redact, testServerUrl } from '../test/setup/database.js';
import { startMariadbInstance, type MariadbInstance } from '../test/setup/mariadb-instance.js';
import { DEFAULT_NOW, DEFAULT_SEED, generateSite, type GeneratedSite } from './support/generator/index.js';

/*
 * Issue 9 at scale: one client, request after request, on a generated site of N events.
 *
 *   npx tsx bench/scale.ts [--events 1000000] [--seed 1] [--database-url mysql://.../name] [--reuse]
 *     [--requests 200] [--indexes on|off|both] [--max-seconds 60] [--own-server-pool-mb N]
 *     [--routes list,category,venue,single]
 *
 * The site is `gen_site_<N>_s<seed>` on the test server unless --database-url names one. A database
 * that does not exist is created and generated (generateSite; 1,000,000 events take minutes); one
 * that exists is used only with --reuse. What generateSite returned is kept beside the results
 * (bench/results/sites/<name>.json) so a reused site is measured on the same IDs.
 * --own-server-pool-mb starts a MariaDB of this run's own (test/setup/mariadb-instance.ts) with that
 * buffer pool, generates the site there, measures, and removes it: the shared server keeps its
 * default 128 MB pool, which a million events' working set does not fit.
 *
 * The app runs in this process (createHandler, response cache off, clock stopped at the site's "now"),
 * on a loopback socket; its Kysely log attributes every statement, with its time, to the one
 * request in flight. Each route: one first request per distinct URL (the list totals are not
 * counted yet, except the default window's, which the warm-up request counts), then --requests requests in turn over those URLs
 * (stopped after --max-seconds). Prints p50/p90/p99, statements and SQL time per request, and
 * writes bench/results/scale-latest.json with the statements of one request of each route.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results');
const ROOT = '/wp-json/calendar/events/v1';
/**
 * Generating, and adding indexes to, a million events' tables takes minutes on a loaded machine:
 * no statement time limit, and patience for a connection while the server rebuilds indexes.
 */
const LONG_WORK = { statementTimeoutMs: 0, acquireTimeoutMs: 60_000 };

interface Sample {
  /** Which of the route's URLs (index), for the measured requests. */
  url?: number;
  ms: number;
  sqlMs: number;
  statements: number;
  status: number;
  bytes: number;
}

interface RecordedStatement {
  sql: string;
  parameters: unknown[];
  ms: number;
}

interface RouteResult {
  route: string;
  urls: string[];
  first: Sample[];
  samples: Sample[];
  statementsOfOne: RecordedStatement[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      'database-url': { type: 'string' },
      reuse: { type: 'boolean', default: false },
      requests: { type: 'string', default: '200' },
      indexes: { type: 'string', default: 'on' },
      'max-seconds': { type: 'string', default: '60' },
      'own-server-pool-mb': { type: 'string' },
      routes: { type: 'string', default: 'list,category,venue,single' },
    },
    strict: true,
  });
  const events = Number(values.events);
  const seed = Number(values.seed);
  const requests = Number(values.requests);
  const maxSeconds = Number(values['max-seconds']);
  if (!Number.isSafeInteger(events) || events < 1) throw new Error('--events must be a positive integer');
  if (!['on', 'off', 'both'].includes(values.indexes)) throw new Error('--indexes must be on, off or both');
  const modes = values.indexes === 'both' ? (['off', 'on'] as const) : ([values.indexes] as ('on' | 'off')[]);

  let ownServer: MariadbInstance | undefined;
  let serverUrl = testServerUrl();
  if (values['own-server-pool-mb'] !== undefined) {
    const poolMb = Number(values['own-server-pool-mb']);
    ownServer = await startMariadbInstance({
      extraArgs: [`--innodb-buffer-pool-size=${poolMb}M`, '--innodb-log-file-size=256M'],
    });
    serverUrl = ownServer.url;
    console.log(`own MariaDB on ${ownServer.url}, buffer pool ${poolMb} MB`);
  }
  try {
    const target = new URL(values['database-url'] ?? `${serverUrl}/gen_site_${events}_s${seed}`);
    const name = decodeURIComponent(target.pathname.replace(/^\/+/, ''));
    const site = await siteAt(target, name, { events, seed, reuse: values.reuse || ownServer !== undefined });
    const report: Record<string, unknown> = {
      at: new Date().toISOString(),
      loadAverage: loadavg(),
      database: redact(target.toString()),
      bufferPool: ownServer ? `${values['own-server-pool-mb']} MB (own server)` : 'shared server',
      site,
      modes: {} as Record<string, RouteResult[]>,
    };
    for (const mode of modes) {
      const results = await measureSite(target.toString(), site, mode, { requests, maxSeconds, routes: values.routes.split(',') });
      (report.modes as Record<string, RouteResult[]>)[mode] = results;
      printTable(`opt-in indexes ${mode}, ${events.toLocaleString('en-US')} events, one client (load ${loadavg().map((l) => l.toFixed(2)).join(' ')})`, results);
    }
    await mkdir(RESULTS, { recursive: true });
    await writeFile(join(RESULTS, 'scale-latest.json'), JSON.stringify(report, null, 2));
    console.log(`written ${join(RESULTS, 'scale-latest.json')}`);
  } finally {
    await ownServer?.stop();
  }
}

/**
 * The generated site at `target`: made now when the database does not exist (or is empty on a
 * server of this run's own), reused with `reuse`, refused otherwise.
 */
async function siteAt(target: URL, name: string, options: { events: number; seed: number; reuse: boolean }): Promise<GeneratedSite> {
  const server = new URL(target.toString());
  server.pathname = '/';
  const admin = await createConnection({ uri: server.toString() });
  let exists: boolean;
  let hasPosts = false;
  try {
    const [schemas] = await admin.query('SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [name]);
    exists = (schemas as unknown[]).length > 0;
    if (exists) {
      const [tables] = await admin.query('SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?', [name, 'wp_posts']);
      hasPosts = (tables as unknown[]).length > 0;
    } else {
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    }
  } finally {
    await admin.end();
  }
  const saved = join(RESULTS, 'sites', `${name}.json`);
  if (hasPosts) {
    if (!options.reuse) throw new Error(`${name} exists: pass --reuse to measure it as it is`);
    try {
      return JSON.parse(await readFile(saved, 'utf8')) as GeneratedSite;
    } catch {
      throw new Error(`${name} exists but ${saved} (what generateSite returned) does not: drop the database to generate it again`);
    }
  }
  console.log(`generating ${options.events.toLocaleString('en-US')} events into ${redact(target.toString())}`);
  const db = createDb({ databaseUrl: target.toString(), tablePrefix: 'wp_', ...LONG_WORK, connectionLimit: 4 });
  let generated = false;
  try {
    const site = await generateSite(db, { events: options.events, seed: options.seed, now: DEFAULT_NOW });
    console.log(`generated in ${(site.elapsedMs / 1000).toFixed(1)} s`);
    await mkdir(dirname(saved), { recursive: true });
    await writeFile(saved, JSON.stringify(site, null, 2));
    generated = true;
    return site;
  } finally {
    await db.destroy();
    // A half-made site is no site: the next run makes it again.
    if (!generated && !exists) await dropDatabase(server, name);
  }
}

async function dropDatabase(server: URL, name: string): Promise<void> {
  const admin = await createConnection({ uri: server.toString() });
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await admin.end();
  }
}

/** `YYYY-MM-DD` of `day` moved by whole months. */
function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The site with the opt-in indexes as `mode` says, served in-process, each route measured. */
async function measureSite(
  databaseUrl: string,
  site: GeneratedSite,
  mode: 'on' | 'off',
  limits: { requests: number; maxSeconds: number; routes: readonly string[] },
): Promise<RouteResult[]> {
  const setup = createDb({ databaseUrl, tablePrefix: 'wp_', ...LONG_WORK });
  try {
    const started = performance.now();
    const changed = mode === 'on' ? await addOptInIndexes(setup) : await removeOptInIndexes(setup);
    if (changed.length > 0) console.log(`${mode === 'on' ? 'added' : 'removed'} ${changed.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await sql`ANALYZE TABLE ${sql.table('tec_occurrences')}`.execute(setup);
  } finally {
    await setup.destroy();
  }

  let current: RecordedStatement[] = [];
  const db = createDb({
    databaseUrl,
    tablePrefix: 'wp_',
    log: (event) => {
      current.push({ sql: event.query.sql, parameters: [...event.query.parameters], ms: event.queryDurationMillis });
    },
  });
  const app = createHandler({
    db,
    config: loadConfig({ DATABASE_URL: databaseUrl, TABLE_PREFIX: 'wp_' }),
    clock: fixedClock(site.now),
    logError: (error) => console.error('[app]', error),
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const port = (server.address() as AddressInfo).port;

  const send = async (path: string): Promise<{ sample: Sample; body: Buffer; statements: RecordedStatement[] }> => {
    current = [];
    const begun = performance.now();
    const { status, body } = await get(agent, port, ROOT + path);
    const ms = performance.now() - begun;
    const statements = current;
    const sqlMs = statements.reduce((sum, statement) => sum + statement.ms, 0);
    return { sample: { ms, sqlMs, statements: statements.length, status, bytes: body.length }, body, statements };
  };

  try {
    // Site settings, options and the like are cached once per app: not part of any route's figures.
    await send('/events?per_page=1');
    const defaultList = await send('/events');
    const listed = (JSON.parse(defaultList.body.toString('utf8')) as { events: { id: number }[] }).events.map((event) => event.id);
    // Events a visitor may read (a password-protected one answers 403), five of them.
    const eventIds: number[] = [];
    for (const id of [site.eventId, ...listed.filter((other) => other !== site.eventId)]) {
      if (eventIds.length < 5 && (await send(`/events/${id}`)).sample.status === 200) eventIds.push(id);
    }
    const today = site.now.slice(0, 10);
    // Three-month windows around "now": this quarter, the next, one a year ahead, one a year back.
    const ranges = [0, 3, 12, -12].map((months) => {
      const start = addMonths(today.slice(0, 8) + '01', months);
      return { start_date: start, end_date: addMonths(start, 3) };
    });
    const rangeUrls = (extra: Record<string, string>) =>
      ranges.map((range) => `/events?${new URLSearchParams({ ...range, categories: site.category.slug, ...extra })}`);
    const routes = [
      { key: 'list', route: 'default list', urls: ['/events', '/events?page=2', '/events?page=3', '/events?page=5'] },
      { key: 'category', route: '3 months + category', urls: rangeUrls({}) },
      { key: 'venue', route: '3 months + category + venue', urls: rangeUrls({ venue: String(site.venue.id) }) },
      { key: 'single', route: 'single event', urls: eventIds.map((id) => `/events/${id}`) },
    ].filter((route) => limits.routes.includes(route.key));

    const results: RouteResult[] = [];
    for (const { route, urls } of routes) {
      const first: Sample[] = [];
      for (const url of urls) first.push((await send(url)).sample);
      const samples: Sample[] = [];
      let statementsOfOne: RecordedStatement[] = [];
      const deadline = performance.now() + limits.maxSeconds * 1000;
      for (let n = 0; n < limits.requests && performance.now() < deadline; n += 1) {
        const sent = await send(urls[n % urls.length]!);
        samples.push({ ...sent.sample, url: n % urls.length });
        if (n === 0) statementsOfOne = sent.statements;
      }
      const bad = [...first, ...samples].filter((sample) => sample.status !== 200);
      if (bad.length > 0) console.error(`${route}: ${bad.length} answers not 200 (${bad[0]!.status})`);
      results.push({ route, urls, first, samples, statementsOfOne });
      console.log(`  ${route}: ${samples.length} requests`);
    }
    return results;
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
  }
}

function get(agent: Agent, port: number, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function printTable(title: string, results: readonly RouteResult[]): void {
  const columns = ['route', 'n', 'p50 ms', 'p90 ms', 'p99 ms', 'SQL p50', 'SQL/req', 'first max', 'KB'];
  const widths = [28, 5, 8, 8, 8, 8, 8, 10, 7];
  const row = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' ');
  console.log(`\n${title}`);
  console.log(row(columns));
  for (const result of results) {
    const ms = result.samples.map((sample) => sample.ms);
    const statements = [...new Set(result.samples.map((sample) => sample.statements))].sort((a, b) => a - b).join('-');
    console.log(
      row([
        result.route,
        String(result.samples.length),
        percentile(ms, 50).toFixed(1),
        percentile(ms, 90).toFixed(1),
        percentile(ms, 99).toFixed(1),
        percentile(result.samples.map((sample) => sample.sqlMs), 50).toFixed(1),
        statements,
        Math.max(...result.first.map((sample) => sample.ms)).toFixed(0),
        (percentile(result.samples.map((sample) => sample.bytes), 50) / 1024).toFixed(1),
      ]),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
