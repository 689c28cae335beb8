import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { createLogger } from '../../src/ops/logging.js';
import { StatementTracker } from '../../src/ops/statements.js';
import { ManualClock } from '../feed/support.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { startMariadbInstance, type MariadbInstance } from '../setup/mariadb-instance.js';

/**
 * What a database outage leaves in the log and the metrics (issue 24): a MariaDB server of this
 * test's own is killed under 8 concurrent readers and restarted. The service answers 503 as before,
 * but the log holds one warn line when the outage begins (naming its cause), a count while it lasts,
 * and one line when it ends, with no stack trace and nothing at error level; every 503 is counted
 * (log line and metrics) under the route requested, also once the site settings read at the start of
 * the outage have expired (5 s on the app's clock).
 */
const NOW = '2026-11-24T16:56:11Z';
const ROUTE = '/calendar/events/v1/events';
const LIST = `/wp-json${ROUTE}?start_date=2026-09-01&end_date=2027-12-31&per_page=5`;
const READERS = 8;
/** The outage's running count is written this often in the test (10 s in the service). */
const REPORT_EVERY_MS = 300;

let instance: MariadbInstance | undefined;
let database: TestDatabase | undefined;
let db: Db | undefined;
let agent: ReturnType<typeof supertest>;
const clock = new ManualClock(new Date(NOW));
const lines: Array<Record<string, unknown>> = [];
const reported: unknown[] = [];

beforeAll(async () => {
  instance = await startMariadbInstance({ extraArgs: ['--skip-log-bin'] });
  database = await createTestDatabase({ dump: 'reference', serverUrl: instance.url });
  const statements = new StatementTracker();
  db = createDb({ databaseUrl: database.url, tablePrefix: 'wp_', log: statements.log });
  const logger = createLogger({ level: 'info', pretty: false }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const handler = createHandler({
    db,
    config: loadConfig({ DATABASE_URL: database.url }),
    clock,
    logger,
    statements,
    logError: (error) => reported.push(error),
    outageReportEveryMs: REPORT_EVERY_MS,
  });
  agent = supertest(handler);
}, 120_000);

afterAll(async () => {
  await db?.destroy().catch(() => undefined);
  await database?.drop().catch(() => undefined);
  await instance?.stop();
}, 60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** READERS requests at once; their statuses. */
async function round(): Promise<number[]> {
  return Promise.all(Array.from({ length: READERS }, async () => (await agent.get(LIST)).status));
}

function requestLines(): Array<Record<string, unknown>> {
  return lines.filter((line) => line.msg === 'request' && line.path !== '/metrics' && line.route !== '/metrics');
}

describe('a database outage in the log and the metrics', () => {
  it('is one warn line with its cause, a running count and one line at its end; every 503 counted under its route', async () => {
    expect((await agent.get(LIST)).status).toBe(200);
    await instance!.kill('SIGKILL');

    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push(...(await round()));
    // The site settings read before the kill are too old now: they are read again (and fail).
    clock.set('2026-11-24T16:56:20Z');
    for (let i = 0; i < 3; i += 1) statuses.push(...(await round()));
    await pause(REPORT_EVERY_MS + 50);
    statuses.push(...(await round()));
    expect(statuses.every((status) => status === 503), statuses.join(' ')).toBe(true);

    await instance!.start();
    let back = 0;
    for (let tries = 0; back !== 200 && tries < 100; tries += 1) {
      back = (await agent.get(LIST)).status;
      if (back === 503) statuses.push(503);
      if (back !== 200) await pause(100);
    }
    expect(back).toBe(200);
    // The end is told once the database has answered with no failure for a second (a server that
    // refuses some connections and not others is still out): the next request after that.
    await pause(1_100);
    expect((await agent.get(LIST)).status).toBe(200);
    const refused = statuses.length;
    const metrics = (await agent.get('/metrics')).text;

    // No stack trace, nothing at error level: a known outage is no unexpected error.
    expect(reported).toEqual([]);
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(lines.filter((line) => JSON.stringify(line).includes('    at '))).toEqual([]);

    const outageLines = lines.filter((line) => typeof line.msg === 'string' && (line.msg as string).startsWith('database'));
    const began = outageLines.filter((line) => line.msg === 'database unavailable: answering 503 until it is back');
    expect(began).toHaveLength(1);
    expect(began[0]!.level).toBe(40);
    expect((began[0]!.cause as { code: string }).code).toMatch(/^(ECONNREFUSED|ECONNRESET|PROTOCOL_CONNECTION_LOST)$/);
    const lasting = outageLines.filter((line) => line.msg === 'database still unavailable');
    expect(lasting.length).toBeGreaterThan(0);
    expect(lasting.every((line) => line.level === 40 && (line.refused as number) > 0)).toBe(true);
    const ended = outageLines.filter((line) => line.msg === 'database available again');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.refused).toBe(refused);
    expect(outageLines).toEqual([began[0], ...lasting, ended[0]]);

    // Each 503 has its request line, under the route asked for, and is counted there.
    const unavailable = requestLines().filter((line) => line.status === 503);
    expect(unavailable).toHaveLength(refused);
    expect(unavailable.filter((line) => line.route !== ROUTE)).toEqual([]);
    expect(metrics).toContain(`http_requests_total{route="${ROUTE}",method="GET",status="503"} ${refused}`);
    expect(metrics).not.toContain('(unmatched)');
  }, 120_000);
});
