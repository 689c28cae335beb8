import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEvent } from 'kysely';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { ConfigError, loadConfig, loadLogSettings } from '../../src/config.js';
import { createDb } from '../../src/db/create-db.js';
import { createLogger, recordRequest, requestIdFor } from '../../src/ops/logging.js';
import { AppMetrics } from '../../src/ops/metrics.js';
import { mysql2PoolStats, type PoolStats } from '../../src/ops/metrics.js';
import { StatementTracker } from '../../src/ops/statements.js';
import { createTestDatabase, testServerUrl, type TestDatabase } from '../setup/database.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { loadUsers } from '../contract/captures.js';
import { basicAuth } from '../builders/index.js';
import { ROOT } from './support.js';

/**
 * Issue 10's operations surface on the reference site: /healthz, /readyz (and its 503s on a
 * database that is missing, not answering or lacks the site's tables), one JSON log line per
 * request with no secret in it, and /metrics.
 */

const WINDOW = 'start_date=2026-09-01&end_date=2027-12-31';

let database: TestDatabase;
let schemaOnly: TestDatabase;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  [database, schemaOnly] = await Promise.all([createTestDatabase({ dump: 'reference' }), createTestDatabase()]);
});

afterAll(async () => {
  for (const close of closers) await close().catch(() => undefined);
  await database?.drop();
  await schemaOnly?.drop();
});

interface Harness {
  agent: ReturnType<typeof supertest>;
  /** Every log line written so far, parsed. */
  lines: Array<Record<string, unknown>>;
  /** Every log line as written, for "no secret anywhere" checks. */
  raw: string[];
  /** Every statement the app's database ran (recorded beside the app's own counter). */
  statements: LogEvent[];
}

/** An app over its own connection to `url`, logging into memory, its statements counted and recorded. */
function harness(url: string, options: { poolStats?: () => PoolStats } = {}): Harness {
  const raw: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const statements: LogEvent[] = [];
  const tracker = new StatementTracker();
  const db = createDb({
    databaseUrl: url,
    tablePrefix: 'wp_',
    log: (event) => {
      statements.push(event);
      tracker.log(event);
    },
  });
  closers.push(() => db.destroy());
  const logger = createLogger(
    { level: 'info', pretty: false },
    {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  const config = loadConfig({ DATABASE_URL: url, TABLE_PREFIX: 'wp_' });
  const app = createHandler({ db, config, clock: fixedClock(RECORDING_INSTANT), logger, statements: tracker, logError: () => undefined, poolStats: options.poolStats });
  return { agent: supertest(app), lines, raw, statements };
}

function serverUrl(database: string): string {
  return `${testServerUrl()}/${database}`;
}

describe('/healthz and /readyz', () => {
  it('/healthz answers 200 ok, not cached, outside the REST root', async () => {
    const { agent } = harness(database.url);
    const response = await agent.get('/healthz');
    expect(response.status).toBe(200);
    expect(response.text).toBe('{"status":"ok"}');
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await agent.get('/wp-json/healthz')).status).toBe(404);
  });

  it('/readyz answers 200 ready on the reference database', async () => {
    const { agent, statements } = harness(database.url);
    const response = await agent.get('/readyz');
    expect(response.status).toBe(200);
    expect(response.text).toBe('{"status":"ready"}');
    expect(response.headers['cache-control']).toBe('no-store');
    // One cheap statement naming both tables.
    expect(statements).toHaveLength(1);
    expect(statements[0]!.query.sql).toMatch(/`wp_options`.*`wp_posts`/s);
  });

  it('answers 503 not_ready fast when the database does not exist', async () => {
    const { agent } = harness(serverUrl(`${database.name}_missing`));
    const started = Date.now();
    const response = await agent.get('/readyz');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ code: 'not_ready', message: 'The database does not exist.', data: { status: 503 } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 within the timeout when the database server never answers', async () => {
    // A TCP server that accepts and stays silent: the MySQL handshake never comes.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    const { port } = silent.address() as AddressInfo;
    const { agent } = harness(`mysql://root@127.0.0.1:${port}/wordpress`);
    const started = Date.now();
    const response = await agent.get('/readyz');
    const elapsed = Date.now() - started;
    expect(response.status).toBe(503);
    expect(response.body.code).toBe('not_ready');
    expect(elapsed).toBeLessThan(2000);
    // The healthz answer never waits on the database.
    expect((await agent.get('/healthz')).status).toBe(200);
  });

  it("answers 503 when the site's posts table is gone, and the message says so", async () => {
    const { agent } = harness(schemaOnly.url);
    expect((await agent.get('/readyz')).status).toBe(200);
    await schemaOnly.db.schema.dropTable('posts').execute();
    const response = await agent.get('/readyz');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ code: 'not_ready', message: "The site's tables are missing from the database.", data: { status: 503 } });
  });
});

describe('request log', () => {
  it('writes one JSON line per request with its id, route pattern, status, duration, user and statement count', async () => {
    const { agent, lines, statements } = harness(database.url);
    await agent.get(`${ROOT}/events?per_page=1&${WINDOW}`); // fills the site settings
    const before = statements.length;
    lines.splice(0);
    const response = await agent.get(`${ROOT}/events?per_page=5&${WINDOW}`).set('X-Request-Id', 'edge-42.abc');
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toBe('edge-42.abc');
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({
      msg: 'request',
      reqId: 'edge-42.abc',
      method: 'GET',
      route: '/calendar/events/v1/events',
      status: 200,
      userId: 0,
    });
    expect(line.path).toBeUndefined();
    expect(typeof line.durationMs).toBe('number');
    expect(line.durationMs as number).toBeGreaterThan(0);
    // The count is the statements this request ran, as the database saw them.
    expect(line.statements).toBe(statements.length - before);
    expect(line.statements as number).toBeGreaterThan(0);
  });

  it('names the route pattern, not the path, of a single event, and the raw path when no route matched', async () => {
    const { agent, lines } = harness(database.url);
    await agent.get(`${ROOT}/events/6`);
    await agent.get(`${ROOT}/no-such-thing/7`);
    expect(lines.map((line) => [line.route, line.path, line.status])).toEqual([
      ['/calendar/events/v1/events/(?P<id>\\d+)', undefined, 200],
      [null, `${ROOT}/no-such-thing/7`, 404],
    ]);
  });

  it('generates a request id when the incoming one is missing or not sane, and keeps requests apart', async () => {
    const { agent, lines } = harness(database.url);
    const first = await agent.get('/healthz').set('X-Request-Id', 'bad id\twith "quotes"');
    const second = await agent.get('/healthz');
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(lines.map((line) => line.reqId)).toEqual(ids);
    expect(lines.map((line) => line.statements)).toEqual([0, 0]);
    expect(requestIdFor('x'.repeat(129))).not.toBe('x'.repeat(129));
  });

  it('logs the authenticated user and none of the credentials, cookies or nonces sent', async () => {
    const { agent, lines, raw } = harness(database.url);
    const { login, app_password: password } = loadUsers().admin!;
    const authorization = basicAuth(login, password);
    const cookieValue = 'admin%7C1999999999%7CsecretTokenValue123%7Cabcdef0123456789';
    const headerNonce = 'a1b2c3d4e5';
    const queryNonce = 'f6e7d8c9b0';
    const queryPassword = 'hunter2-Query-Secret';
    const response = await agent
      .get(`${ROOT}/events?per_page=1&${WINDOW}&_wpnonce=${queryNonce}&password=${queryPassword}`)
      .set('Authorization', authorization)
      .set('Cookie', `wordpress_logged_in_0123=${cookieValue}; other=plain-cookie-77`)
      .set('X-WP-Nonce', headerNonce);
    const adminId = await database.db.selectFrom('users').select('ID').where('user_login', '=', login).executeTakeFirstOrThrow();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.status).toBe(response.status);
    expect(lines[0]!.userId).toBe(adminId.ID);
    expect(adminId.ID).toBeGreaterThan(0);
    const written = raw.join('');
    for (const secret of [authorization, authorization.replace(/^Basic /, ''), password, cookieValue, 'secretTokenValue123', 'plain-cookie-77', headerNonce, queryNonce, queryPassword]) {
      expect(written, secret).not.toContain(secret);
    }
  });
});

describe('request log line', () => {
  it('is written as pino itself writes it (the request line skips pino\'s generic path)', () => {
    const raw: string[] = [];
    const logger = createLogger({ level: 'info', pretty: false }, { write: (line: string) => raw.push(line) });
    const metrics = new AppMetrics();
    const requests = [
      { requestId: 'edge-42.abc', method: 'GET', route: '/calendar/events/v1/events/(?P<id>\\d+)', path: '/x', status: 200, seconds: 0.0012345, userId: 0, statements: 3 },
      { requestId: 'q"uo\\te\u2028', method: 'HEAD', route: undefined, path: '/wp-json/nö/"7"', status: 404, seconds: 0, userId: 12, statements: 0 },
    ];
    for (const request of requests) {
      // The logger createLogger made takes the short path; a child of it (same bindings) goes through pino.
      recordRequest({ logger, metrics }, request);
      recordRequest({ logger: logger.child({}), metrics }, request);
    }
    expect(raw).toHaveLength(4);
    const untimed = raw.map((line) => line.replace(/"time":\d+/, '"time":0'));
    expect(untimed[0]).toBe(untimed[1]);
    expect(untimed[2]).toBe(untimed[3]);
    expect(untimed[2]).toContain('"route":null,"path":"/wp-json/nö/\\"7\\""');
    expect(raw[0]).toMatch(/^\{"level":30,"time":\d+,"pid":\d+,"hostname":"[^"]*","reqId":"edge-42.abc",.*,"msg":"request"\}\n$/);
    // Below its level, neither writes.
    const quiet = createLogger({ level: 'warn', pretty: false }, { write: (line: string) => raw.push(line) });
    recordRequest({ logger: quiet, metrics }, requests[0]!);
    expect(raw).toHaveLength(4);
  });
});

describe('/metrics', () => {
  it('exposes request counts, latency, database errors, cache lookups and process metrics in a registry of its own', async () => {
    const { agent } = harness(database.url);
    await agent.get(`${ROOT}/events?per_page=2&${WINDOW}`);
    await agent.get(`${ROOT}/events?per_page=2&${WINDOW}`);
    await agent.get(`${ROOT}/events/6`);
    await agent.get('/healthz');
    const response = await agent.get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.text;
    expect(text).toContain('http_requests_total{route="/calendar/events/v1/events",method="GET",status="200"} 2');
    expect(text).toContain('http_requests_total{route="/calendar/events/v1/events/(?P<id>\\\\d+)",method="GET",status="200"} 1');
    expect(text).toContain('http_requests_total{route="/healthz",method="GET",status="200"} 1');
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/calendar\/events\/v1\/events",method="GET"\} 2/);
    expect(text).toContain('db_errors_total{kind="statement"} 0');
    // The second identical list found its total in the event count cache.
    expect(text).toMatch(/cache_hits_total\{cache="event_count"\} [1-9]/);
    expect(text).toMatch(/cache_misses_total\{cache="event_count"\} [1-9]/);
    expect(text).toContain('process_cpu_user_seconds_total');
    // A second app counts for itself.
    const other = await harness(database.url).agent.get('/metrics');
    expect(other.text).not.toContain('route="/calendar/events/v1/events"');
  });

  it('counts failed statements as database errors', async () => {
    const { agent } = harness(`${testServerUrl()}/${database.name}_missing`);
    expect((await agent.get('/readyz')).status).toBe(503);
    const text = (await agent.get('/metrics')).text;
    // No statement ran (the connect failed): a connection error.
    expect(text).toMatch(/db_errors_total\{kind="connection"\} [1-9]/);
  });

  it('reads the usage of the pool createDb hands out and shows it as gauges', async () => {
    let stats: (() => PoolStats) | undefined;
    const db = createDb({ databaseUrl: database.url, tablePrefix: 'wp_', connectionLimit: 3, onPool: (pool) => (stats = mysql2PoolStats(pool)) });
    closers.push(() => db.destroy());
    expect(stats!()).toEqual({ total: 0, free: 0, queued: 0, limit: 3 });
    await db.selectFrom('options').select('option_id').limit(1).execute();
    expect(stats!()).toEqual({ total: 1, free: 1, queued: 0, limit: 3 });
    const text = (await harness(database.url, { poolStats: stats! }).agent.get('/metrics')).text;
    expect(text).toContain('db_pool_connections{state="open"} 1');
    expect(text).toContain('db_pool_connections{state="free"} 1');
    expect(text).toContain('db_pool_connections{state="busy"} 0');
    expect(text).toContain('db_pool_connections{state="limit"} 3');
    expect(text).toContain('db_pool_queued_requests 0');
  });
});

describe('LOG_LEVEL', () => {
  it('defaults to info, accepts silent, refuses anything else, and is pretty only in development', () => {
    expect(loadLogSettings({})).toEqual({ level: 'info', pretty: false });
    expect(loadLogSettings({ LOG_LEVEL: 'silent', NODE_ENV: 'production' })).toEqual({ level: 'silent', pretty: false });
    expect(loadLogSettings({ LOG_LEVEL: 'debug', NODE_ENV: 'development' })).toEqual({ level: 'debug', pretty: true });
    expect(() => loadLogSettings({ LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
  });
});
