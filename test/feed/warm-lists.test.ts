import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmEventLists } from '../../src/ops/warm-lists.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { ROOT } from '../http/support.js';
import { createHandler } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ManualClock } from './support.js';

/*
 * `npm start` asks the default events list once when the feed follows the binlog
 * (src/ops/warm-lists.ts): the list's filter then has its event dates kept, and the first client's
 * window of it is paged and counted from them. A failure to ask is only logged.
 */

const clock = new ManualClock(new Date(RECORDING_INSTANT));
let database: TestDatabase;
let server: Server;
let base: string;

/** `cache_{hits,misses}_total{cache="event_totals"}` from /metrics. */
async function totalsLookups(): Promise<{ hits: number; misses: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (outcome: string) => Number(new RegExp(`^cache_${outcome}_total\\{cache="event_totals"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { hits: read('hits'), misses: read('misses') };
}

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  const feed = new ChangeFeed();
  feed.useBinlog(() => true, clock.now());
  const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: database.prefix });
  server = createServer(createHandler({ db: database.db, config, clock, changeFeed: feed, responseCacheBytes: 8 * 1024 * 1024 }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.drop();
});

describe('warming the events list at start', () => {
  it('loads the default list\'s event dates: a client\'s first window of it is read from them', async () => {
    const said: string[] = [];
    await warmEventLists(base, (message) => said.push(message));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^events list warmed: .*\(200, \d+ ms\)$/);
    const before = await totalsLookups();
    const response = await fetch(`${base}${ROOT}/events?start_date=2026-03-01&end_date=2026-09-30&per_page=3`);
    expect(response.status).toBe(200);
    const after = await totalsLookups();
    expect(after.hits - before.hits).toBeGreaterThan(0);
    expect(after.misses).toBe(before.misses);
  });

  it('only logs when the service cannot be asked', async () => {
    const said: string[] = [];
    await expect(warmEventLists('http://127.0.0.1:9', (message) => said.push(message))).resolves.toBeUndefined();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^events list not warmed \(.+\): the first list request loads its event dates$/);
  });
});
