import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import mysql from 'mysql2/promise';
import { sql } from 'kysely';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { errorHandler } from '../../src/http/error-handler.js';
import { createLogger } from '../../src/ops/logging.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';

/**
 * Reads when the database goes away or is saturated: WordPress's error shape with 503
 * (`rest_database_unavailable` when it is away, `rest_service_busy` with Retry-After when every
 * connection is busy) within about a second (never a hang, never a 500), and service again as soon
 * as the database is back or free, without a restart.
 */

const NOW = '2026-11-24T16:56:11Z';
const LIST = '/wp-json/calendar/events/v1/events?start_date=2026-09-01&end_date=2027-12-31';

/** A loopback TCP forwarder to the database that can be taken down (refusing connections) and up again on the same port. */
async function startSwitchableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as AddressInfo).port;
  };
  await listen();
  return {
    get port() {
      return port;
    },
    async down() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server!.close(resolve));
    },
    up: listen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server?.close(resolve));
    },
  };
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});
afterAll(async () => {
  await database?.drop();
});

function throughPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}

async function timed(request: () => Promise<supertest.Response>): Promise<{ status: number; body: { code?: string }; ms: number }> {
  const start = performance.now();
  const response = await request();
  return { status: response.status, body: response.body as { code?: string }, ms: performance.now() - start };
}

describe('reads when the database goes away', () => {
  it('answer 503 rest_database_unavailable within about a second, and 200 again once it is back', async () => {
    const target = new URL(database.url);
    const proxy = await startSwitchableProxy({ host: target.hostname, port: Number(target.port || 3306) });
    const url = throughPort(database.url, proxy.port);
    const db: Db = createDb({ databaseUrl: url, tablePrefix: database.prefix });
    try {
      const agent = supertest(createHandler({ db, config: loadConfig({ DATABASE_URL: url }), clock: fixedClock(NOW), logError: () => undefined }));
      expect((await agent.get(LIST)).status).toBe(200);

      await proxy.down();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const down = await timed(() => agent.get(LIST));
        expect(down.status).toBe(503);
        expect(down.body.code).toBe('rest_database_unavailable');
        expect(down.ms).toBeLessThan(1_500);
      }

      await proxy.up();
      let recovered = false;
      const start = performance.now();
      while (!recovered && performance.now() - start < 5_000) {
        recovered = (await agent.get(LIST)).status === 200;
      }
      expect(recovered).toBe(true);
    } finally {
      await db.destroy();
      await proxy.close();
    }
  }, 30_000);
});

describe('reads when every connection is busy', () => {
  it('are load shed: 503 rest_service_busy with Retry-After once no connection came within the acquire timeout, /readyz stays ready, no outage is declared', async () => {
    const db: Db = createDb({ databaseUrl: database.url, tablePrefix: database.prefix, connectionLimit: 1, acquireTimeoutMs: 300 });
    const lines: Array<{ msg?: string }> = [];
    const logger = createLogger({ level: 'info', pretty: false }, { write: (line: string) => lines.push(JSON.parse(line) as { msg?: string }) });
    try {
      const agent = supertest(
        createHandler({ db, config: loadConfig({ DATABASE_URL: database.url }), clock: fixedClock(NOW), logger, logError: () => undefined }),
      );
      expect((await agent.get(LIST)).status).toBe(200);
      const slow = sql`select sleep(2)`.execute(db);
      const busy = await timed(() => agent.get('/wp-json/calendar/events/v1/events/6'));
      expect(busy.status).toBe(503);
      expect(busy.body).toEqual({
        code: 'rest_service_busy',
        message: 'The service is busy right now; nothing was changed. Try again in a moment.',
        data: { status: 503 },
      });
      expect(busy.ms).toBeLessThan(1_000);
      const retryAfter = await agent.get('/wp-json/calendar/events/v1/events/6');
      expect(retryAfter.headers['retry-after']).toBe('1');
      // The database answers: this instance stays in the load balancer.
      const ready = await agent.get('/readyz');
      expect(ready.status).toBe(200);
      await slow;
      expect((await agent.get('/wp-json/calendar/events/v1/events/6')).status).toBe(200);
      const messages = lines.map((line) => line.msg ?? '');
      expect(messages.some((message) => message.startsWith('service busy'))).toBe(true);
      expect(messages.some((message) => message.startsWith('database unavailable'))).toBe(false);
    } finally {
      await db.destroy();
    }
  }, 30_000);

  it('by lists: single events still find a connection while every list slot waits on a slow count', async () => {
    const db: Db = createDb({ databaseUrl: database.url, tablePrefix: database.prefix, acquireTimeoutMs: 500 });
    // Another session's write lock on TEC's occurrences table: every list's ID and count statements
    // wait on it (as a slow count on a big site would), a single event's reads do not touch it.
    const holder = await mysql.createConnection(database.url);
    try {
      const agent = supertest(
        createHandler({ db, config: loadConfig({ DATABASE_URL: database.url }), clock: fixedClock(NOW), logError: () => undefined }),
      );
      expect((await agent.get('/wp-json/calendar/events/v1/events/6')).status).toBe(200);
      await holder.query(`LOCK TABLES ${database.prefix}tec_occurrences WRITE`);
      // More lists than the pool has connections, each its own window so none shares another's count.
      const lists = Array.from({ length: 12 }, (_, index) => agent.get(`${LIST}&per_page=${index + 1}`).then((response) => response.status));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const single = await timed(() => agent.get('/wp-json/calendar/events/v1/events/6'));
      expect(single.status).toBe(200);
      await holder.query('UNLOCK TABLES');
      expect(await Promise.all(lists)).toEqual(Array.from({ length: 12 }, () => 200));
    } finally {
      await holder.end();
      await db.destroy();
    }
  }, 30_000);
});

describe('statements past the time limit', () => {
  it('are stopped by the server and answered with 503', async () => {
    const db: Db = createDb({ databaseUrl: database.url, tablePrefix: database.prefix, statementTimeoutMs: 200 });
    try {
      const failure = await sql`select count(*) from ${sql.table('posts')} p1, ${sql.table('posts')} p2, ${sql.table('posts')} p3`
        .execute(db)
        .then(() => undefined, (error: unknown) => error);
      // MariaDB's ER_STATEMENT_TIMEOUT (1969), MySQL's ER_QUERY_TIMEOUT (3024).
      expect([1969, 3024]).toContain((failure as { errno?: number }).errno);
      const app = new Koa();
      app.use(errorHandler(() => undefined));
      app.use(() => {
        throw failure;
      });
      const response = await supertest(app.callback()).get('/');
      expect(response.status).toBe(503);
      expect(response.body.code).toBe('rest_database_unavailable');
    } finally {
      await db.destroy();
    }
  }, 30_000);
});
