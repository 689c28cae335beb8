import supertest from 'supertest';
import { createConnection, type Connection } from 'mysql2/promise';
import { afterAll, beforeAll, expect } from 'vitest';
import { createHandler } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/create-db.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { fromBinlogTransaction } from '../../src/feed/binlog-changes.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { asText } from '../contract/captures.js';

/** What the change feed and response cache tests share: apps with a feed, raw SQL, cache counters. */

export const MB = 1024 * 1024;

/** A clock a test moves by hand. */
export class ManualClock implements Clock {
  constructor(public instant: Date) {}
  now(): Date {
    return this.instant;
  }
  set(instant: string): void {
    this.instant = new Date(instant);
  }
}

export interface FeedAppOptions {
  /** The database handle the app reads and writes through (a statement recorder's, say). */
  db?: Db;
  clock: Clock;
  /** A feed of the test's (put in a mode by the test); none: a new one in probe mode. */
  feed?: ChangeFeed;
  /** The response cache budget; 8 MB unless set (0: no response cache). */
  bytes?: number;
  /** Which caches the app keeps (see AppDeps.caches); both unless set. */
  caches?: { answers: boolean; records: boolean };
  /** Settings beside the database's (NAMESPACES, say). */
  env?: Record<string, string>;
}

export interface FeedApp {
  agent: ReturnType<typeof supertest>;
  feed: ChangeFeed;
  /** The response cache's hit count, as the app's own /metrics reports it. */
  hits(): Promise<number>;
  /** The record cache's hit count, likewise. */
  recordHits(): Promise<number>;
}

/** An app over `database` with a change feed and a response cache, as main.ts builds it. */
export function feedApp(database: TestDatabase, options: FeedAppOptions): FeedApp {
  const feed = options.feed ?? probeFeed(options.clock);
  const config = loadConfig({ ...options.env, DATABASE_URL: database.url, TABLE_PREFIX: database.prefix });
  const app = createHandler({ db: options.db ?? database.db, config, clock: options.clock, changeFeed: feed, responseCacheBytes: options.bytes ?? 8 * MB, caches: options.caches });
  const agent = supertest(app);
  return { agent, feed, hits: () => responseCacheHits(agent), recordHits: async () => (await cacheHits(agent)).record };
}

/** A feed in probe mode on MariaDB's LSN. */
export function probeFeed(clock: Clock): ChangeFeed {
  const feed = new ChangeFeed();
  feed.useProbe('mariadb', clock.now());
  return feed;
}

/** `cache_hits_total{cache="response"}` from /metrics (0 when the app has no response cache). */
export async function responseCacheHits(agent: ReturnType<typeof supertest>): Promise<number> {
  return (await cacheHits(agent)).response;
}

/** `cache_hits_total` of the response and the record cache, from one scrape of /metrics (0 for a cache the app lacks). */
export async function cacheHits(agent: ReturnType<typeof supertest>): Promise<{ response: number; record: number }> {
  const response = await agent.get('/metrics');
  expect(response.status).toBe(200);
  const hitsOf = (cache: string) => {
    const match = new RegExp(`^cache_hits_total\\{cache="${cache}"\\} (\\d+)$`, 'm').exec(response.text);
    return match ? Number(match[1]) : 0;
  };
  return { response: hitsOf('response'), record: hitsOf('record') };
}

/** A plain connection to the test database, for changes made the way WordPress makes them. */
export function rawConnection(database: TestDatabase): Promise<Connection> {
  return createConnection({ uri: database.url, charset: 'utf8mb4_unicode_ci' });
}

/** What two answers must share to be the same answer: status, the headers a client reads, the body. */
export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

const ANSWER_HEADERS = ['content-type', 'x-wp-total', 'x-wp-totalpages', 'x-tec-total', 'x-tec-totalpages', 'link', 'allow', 'etag', 'cache-control', 'vary'];

/** GETs `url` (with `auth`, an Authorization header, when given) and keeps what is compared. */
export async function answerOf(agent: ReturnType<typeof supertest>, url: string, auth?: string): Promise<Answer> {
  let request = agent.get(url);
  if (auth !== undefined) request = request.set('Authorization', auth);
  const response = await asText(request);
  const headers: Record<string, string | undefined> = {};
  for (const name of ANSWER_HEADERS) {
    const value = response.headers[name] as string | string[] | undefined;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { status: response.status, headers, body: String(response.body ?? '') };
}

/** Resolves once `condition` holds, polling every few milliseconds; rejects after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const start = performance.now();
  while (!(await condition())) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** The `q`-th quantile (0..1) of `values`, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** A raw SQL change's rows as the binlog reports them, published to `feed` (through fromBinlogTransaction, as binlog mode does). */
export function publishAsBinlog(feed: ChangeFeed, at: Date, changes: Parameters<typeof fromBinlogTransaction>[0]['changes']): void {
  const change = fromBinlogTransaction({ changes, position: { file: 'test-bin.000001', position: 4 }, committedAt: at });
  if (change) feed.publish(change);
}

/** Runs an UPDATE of one wp_posts row by SQL and reports it as the binlog would (the row before and after). */
export async function sqlUpdatePostAsBinlog(raw: Connection, feed: ChangeFeed, at: Date, id: number, set: string, values: unknown[] = []): Promise<void> {
  const row = async () => ((await raw.query('SELECT * FROM wp_posts WHERE ID = ?', [id]))[0] as Record<string, unknown>[])[0]!;
  const before = await row();
  await raw.query(`UPDATE wp_posts SET ${set} WHERE ID = ?`, [...values, id]);
  publishAsBinlog(feed, at, [{ table: 'posts', action: 'update', rows: [{ before, after: await row() }] }]);
}

/** GETs `url` anonymously: its JSON answer (a 200 is expected), and whether the response cache gave it. */
export async function readThroughCache(app: FeedApp, url: string): Promise<{ body: Record<string, unknown>; hit: boolean }> {
  const before = await app.hits();
  const answer = await answerOf(app.agent, url);
  expect(answer.status, answer.body).toBe(200);
  return { body: JSON.parse(answer.body) as Record<string, unknown>, hit: (await app.hits()) > before };
}

/** A test file's database, raw connection, binlog-mode feed and app (see useBinlogFeedApp). */
export interface BinlogFeedFixture {
  database: TestDatabase;
  raw: Connection;
  feed: ChangeFeed;
  app: FeedApp;
}

/**
 * Registers the file's setup and teardown: a database loaded from `dump`, a raw connection for SQL
 * behind the service's back, and an app whose feed is in binlog mode with the log "followed" (the
 * service's own writes reach it at commit; a test reports raw SQL with publishAsBinlog). The
 * fixture's fields are set once the file's beforeAll ran.
 */
export function useBinlogFeedApp(dump: 'reference' | 'reference-tickets', clock: ManualClock): BinlogFeedFixture {
  const fixture = {} as BinlogFeedFixture;
  beforeAll(async () => {
    fixture.database = await createTestDatabase({ dump });
    fixture.raw = await rawConnection(fixture.database);
    fixture.feed = new ChangeFeed();
    fixture.feed.useBinlog(() => true, clock.now());
    fixture.app = feedApp(fixture.database, { clock, feed: fixture.feed });
  });
  afterAll(async () => {
    await fixture.raw?.end();
    await fixture.database?.drop();
  });
  return fixture;
}
