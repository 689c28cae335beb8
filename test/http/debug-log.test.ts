import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/create-db.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { everythingChanged } from '../../src/feed/data-change.js';
import { createLogger } from '../../src/ops/logging.js';
import { StatementTracker } from '../../src/ops/statements.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ROOT } from './support.js';

/**
 * Issue 29: LOG_LEVEL=debug shows, per request, each statement with its time and each cache's hit
 * or miss and why (or why the answer is not cacheable), and each change the feed reports with what
 * it dropped; at any other level none of it is gathered.
 */

let database: TestDatabase;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  for (const close of closers) await close();
  await database?.drop();
});

function served(level: 'debug' | 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const statements = new StatementTracker();
  const db = createDb({ databaseUrl: database.url, tablePrefix: 'wp_', log: statements.log });
  closers.push(() => db.destroy());
  const feed = new ChangeFeed();
  feed.useBinlog(() => true, new Date(RECORDING_INSTANT));
  const logger = createLogger({ level, pretty: false }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: 'wp_' });
  const handler = createHandler({ db, config, clock: fixedClock(RECORDING_INSTANT), logger, statements, changeFeed: feed, responseCacheBytes: 8 * 1024 * 1024 });
  const agent = supertest(handler);
  /** The detail line of the last request, checked to follow its request line. */
  const lastDetail = () => {
    const details = lines.filter((line) => line.msg === 'request detail');
    const requests = lines.filter((line) => line.msg === 'request');
    expect(details.length).toBeGreaterThan(0);
    expect(details.at(-1)!.reqId).toBe(requests.at(-1)!.reqId);
    return details.at(-1) as { statements: Array<{ ms: number; sql: string }>; caches: Array<Record<string, string>> };
  };
  return { agent, lines, feed, statements, lastDetail };
}

const LIST = `${ROOT}/events?per_page=2&start_date=2026-01-01`;

describe('LOG_LEVEL=debug', () => {
  it('shows each request’s statements with their times, and its cache misses, stores and hits', async () => {
    const { agent, lastDetail } = served('debug');
    expect((await agent.get(LIST)).status).toBe(200);
    const first = lastDetail();
    expect(first.statements.length).toBeGreaterThan(0);
    for (const statement of first.statements) {
      expect(typeof statement.ms).toBe('number');
      expect(statement.sql).toMatch(/^select /i);
      expect(statement.sql.length).toBeLessThanOrEqual(201);
    }
    const absent = 'absent: never kept, or evicted past CACHE_MAX_MB';
    // The front door's lookup (the answer as sent), then the pipeline's; the door keeps the answer.
    expect(first.caches).toContainEqual({ cache: 'response', key: 'answer as sent', outcome: 'miss', why: absent });
    expect(first.caches).toContainEqual({ cache: 'response', key: 'anonymous answer', outcome: 'miss', why: absent });
    expect(first.caches).toContainEqual({ cache: 'response', key: 'answer as sent', outcome: 'kept' });
    expect(first.caches.some((note) => note.cache === 'records' && /^event \d+$/.test(note.key ?? '') && note.outcome === 'kept')).toBe(true);

    expect((await agent.get(LIST)).status).toBe(200);
    expect(lastDetail()).toMatchObject({ statements: [], caches: [{ cache: 'response', key: 'answer as sent', outcome: 'hit' }] });
  });

  it('names the change that dropped an entry, and logs each change with what it dropped', async () => {
    const { agent, lines, feed, lastDetail } = served('debug');
    expect((await agent.get(LIST)).status).toBe(200);
    feed.publish(everythingChanged('probe', 'lsn:42', new Date(RECORDING_INSTANT)));
    const change = lines.filter((line) => line.msg === 'change').at(-1);
    expect(change).toMatchObject({ level: 20, source: 'probe', position: 'lsn:42', everything: true, posts: [], options: [] });
    expect((change!.dropped as Record<string, number>).response).toBeGreaterThan(0);
    expect((change!.dropped as Record<string, number>).records).toBeGreaterThan(0);

    expect((await agent.get(LIST)).status).toBe(200);
    expect(lastDetail().caches).toContainEqual({ cache: 'response', key: 'answer as sent', outcome: 'miss', why: 'dropped by a probe change lsn:42 (of everything)' });
  });

  it('says why an answer is not cacheable, and never shows a bound value', async () => {
    const { agent, lastDetail } = served('debug');
    expect((await agent.get(`${ROOT}/events?start_date=tomorrow`)).status).toBe(200);
    expect(lastDetail().caches).toContainEqual({
      cache: 'response',
      key: 'answer',
      outcome: 'not cacheable',
      why: 'a query argument relative to now (now, +1 week, tomorrow...) or one whose answer moves every second',
    });
    await agent.get(`${ROOT}/events/by-slug/secret-slug-value`);
    expect(JSON.stringify(lastDetail())).not.toContain('secret-slug-value');
  });
});

describe('LOG_LEVEL=info', () => {
  it('gathers none of it', async () => {
    const { agent, lines, feed, statements } = served('info');
    let gathered: unknown = 'not asked';
    await statements.track(async () => {
      gathered = statements.detail();
    });
    expect(gathered).toBeUndefined();
    expect((await agent.get(LIST)).status).toBe(200);
    expect((await agent.get(LIST)).status).toBe(200);
    feed.publish(everythingChanged('probe', 'lsn:43', new Date(RECORDING_INSTANT)));
    expect(lines.filter((line) => line.msg === 'request')).toHaveLength(2);
    expect(lines.filter((line) => line.level === 20)).toEqual([]);
  });
});
