import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { startMariadbInstance, type MariadbInstance } from '../setup/mariadb-instance.js';

/**
 * The database server dies under load and comes back (issue 10): a MariaDB server of this test's
 * own (never the shared one on 3306) holds the reference site; the app serves it on a real
 * node:http server while a few clients read in a loop; the server is SIGKILLed mid-load, left down,
 * then restarted on the same datadir and port, and the app, never restarted, must go from the
 * correct 200 to 503 `rest_database_unavailable` in WordPress's error shape and back to the
 * correct 200, with no other answer, no socket error and no request hanging.
 *
 * The bounds asserted are generous (a 2-core machine shared with other test runs); the figures
 * measured are printed, and bench/README.md and README.md quote them.
 */
const NOW = '2026-11-24T16:56:11Z';
const LIST = '/wp-json/calendar/events/v1/events?start_date=2026-09-01&end_date=2027-12-31&per_page=5';
/** Readers at once: enough to keep requests in flight when the server dies, few enough for 2 cores. */
const CLIENTS = 6;
/**
 * A request slower than this is a hang: ten times the app's own 1 s bound on reaching the database,
 * since one run on this machine, loaded by other test runs, saw a request take 4.2 s.
 */
const REQUEST_BOUND_MS = 10_000;
/** Generous CI bounds: the first 503 after the kill, the first 200 after the restart began. */
const UNAVAILABLE_WITHIN_MS = 5_000;
const RECOVERED_WITHIN_MS = 15_000;
const UNAVAILABLE = { code: 'rest_database_unavailable', data: { status: 503 } };

let instance: MariadbInstance | undefined;
let database: TestDatabase | undefined;
let db: Db | undefined;
let server: Server | undefined;
let baseUrl = '';

beforeAll(async () => {
  instance = await startMariadbInstance({ extraArgs: ['--skip-log-bin'] });
  database = await createTestDatabase({ dump: 'reference', serverUrl: instance.url });
  const config = loadConfig({ DATABASE_URL: database.url });
  db = createDb({ databaseUrl: database.url, tablePrefix: config.tablePrefix });
  const app = createHandler({ db, config, clock: fixedClock(NOW), logError: () => undefined });
  const listening = createServer(app);
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  // Each step runs even when one before it failed; the instance's folder goes with stop().
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await db?.destroy().catch(() => undefined);
  await database?.drop().catch(() => undefined);
  await instance?.stop();
}, 60_000);

interface Outcome {
  /** ms since the load began. */
  start: number;
  end: number;
  status: number;
  text: string;
  /** A socket error or the REQUEST_BOUND_MS abort, instead of an answer. */
  error?: string;
}

async function fetchList(since: number): Promise<Outcome> {
  const start = performance.now() - since;
  try {
    const response = await fetch(`${baseUrl}${LIST}`, { signal: AbortSignal.timeout(REQUEST_BOUND_MS) });
    const text = await response.text();
    return { start, end: performance.now() - since, status: response.status, text };
  } catch (error) {
    return { start, end: performance.now() - since, status: 0, text: '', error: String(error) };
  }
}

function isUnavailableShape(text: string): boolean {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return (
      JSON.stringify(Object.keys(body)) === '["code","message","data"]' &&
      body.code === UNAVAILABLE.code &&
      typeof body.message === 'string' &&
      body.message !== '' &&
      JSON.stringify(body.data) === JSON.stringify(UNAVAILABLE.data)
    );
  } catch {
    return false;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the database server killed under load and restarted', () => {
  it('answers the correct 200, then 503 rest_database_unavailable, then the correct 200 again, without an app restart', async () => {
    const expected = await fetchList(0);
    expect(expected.status, expected.text).toBe(200);
    expect((JSON.parse(expected.text) as { events: unknown[] }).events.length).toBe(5);

    const outcomes: Outcome[] = [];
    const since = performance.now();
    const now = () => performance.now() - since;
    let running = true;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (running) outcomes.push(await fetchList(since));
    });

    await pause(1_500);
    const killedAt = now();
    await instance!.kill('SIGKILL');
    const firstUnavailable = async () => {
      while (now() - killedAt < UNAVAILABLE_WITHIN_MS * 2) {
        const seen = outcomes.find((outcome) => outcome.start >= killedAt && outcome.status === 503);
        if (seen) return seen;
        await pause(20);
      }
      return undefined;
    };
    const unavailable = await firstUnavailable();
    // Down for a while under load: the pool keeps failing fast, nothing piles up.
    await pause(2_000);

    const restartAt = now();
    await instance!.start();
    const answeringAt = now();
    let recovered: Outcome | undefined;
    while (!recovered && now() - restartAt < RECOVERED_WITHIN_MS * 2) {
      recovered = outcomes.find((outcome) => outcome.start >= answeringAt && outcome.status === 200);
      if (!recovered) await pause(20);
    }
    // And some more load once back.
    await pause(1_000);
    running = false;
    await Promise.all(clients);

    const duringOutage = outcomes.filter((outcome) => outcome.start >= killedAt && outcome.end <= restartAt);
    const afterRecovery = recovered ? outcomes.filter((outcome) => outcome.start > recovered.end) : [];
    const slowest = Math.max(...outcomes.map((outcome) => outcome.end - outcome.start));
    const figures = {
      requests: outcomes.length,
      killToFirst503Ms: unavailable ? Math.round(unavailable.end - killedAt) : null,
      outage503s: duringOutage.filter((outcome) => outcome.status === 503).length,
      slowestOutage503Ms: Math.round(Math.max(0, ...duringOutage.map((outcome) => outcome.end - outcome.start))),
      serverStartMs: Math.round(answeringAt - restartAt),
      restartToFirst200Ms: recovered ? Math.round(recovered.end - restartAt) : null,
      answeringToFirst200Ms: recovered ? Math.round(recovered.end - answeringAt) : null,
      slowestRequestMs: Math.round(slowest),
    };
    console.log(`database restart under load (${CLIENTS} clients): ${JSON.stringify(figures)}`);

    // No socket error, no hang, nothing but the correct list or WordPress's 503.
    expect(outcomes.filter((outcome) => outcome.error !== undefined).map((outcome) => outcome.error)).toEqual([]);
    expect(slowest).toBeLessThan(REQUEST_BOUND_MS);
    const strays = outcomes.filter(
      (outcome) => !(outcome.status === 200 && outcome.text === expected.text) && !(outcome.status === 503 && isUnavailableShape(outcome.text)),
    );
    expect(strays.map((outcome) => `${outcome.status} ${outcome.text.slice(0, 200)}`)).toEqual([]);

    // Before the kill every answer was the list; once it was dead, every request begun was a 503.
    expect(outcomes.filter((outcome) => outcome.end < killedAt).every((outcome) => outcome.status === 200)).toBe(true);
    expect(duringOutage.length).toBeGreaterThan(0);
    expect(duringOutage.every((outcome) => outcome.status === 503)).toBe(true);
    expect(unavailable, 'a 503 after the kill').toBeDefined();
    expect(unavailable!.end - killedAt).toBeLessThan(UNAVAILABLE_WITHIN_MS);

    // Back without restarting the app, and stays back.
    expect(recovered, 'a 200 after the restart').toBeDefined();
    expect(recovered!.end - restartAt).toBeLessThan(RECOVERED_WITHIN_MS);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.filter((outcome) => outcome.status !== 200).length).toBe(0);
  }, 120_000);
});
