import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import type { DataChange } from '../../src/feed/data-change.js';
import { startChangeFeed, type ChangeFeedSetting, type RunningFeed } from '../../src/feed/start-feed.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { startMariadbInstance, type MariadbInstance } from '../setup/mariadb-instance.js';
import { ROOT, recordStatements, type StatementRecorder } from '../http/support.js';
import { answerOf, feedApp, ManualClock, probeFeed, quantile, rawConnection, until, type FeedApp } from './support.js';

/**
 * The change feed in binlog mode (issue 13), against a MariaDB this test starts with a row-based
 * binlog and the reference site loaded: a raw SQL change reaches the next answer once the feed
 * reported it, a cache hit runs no statement at all, a killed server stops answers from memory,
 * and CHANGE_FEED=auto picks the binlog where there is one and the probe where there is not.
 * Latencies are printed; the bound asserted is generous (the 100 ms target is the bench's).
 */

const FEED_BOUND_MS = 30_000;

let instance: MariadbInstance;
let site: TestDatabase;
let recorder: StatementRecorder;
let raw: Connection;
let feed: ChangeFeed;
let running: RunningFeed;
let app: FeedApp;
const clock = new ManualClock(new Date(RECORDING_INSTANT));
const logs: string[] = [];
/** Every change the feed reported, with when (performance.now()). */
const reported: Array<{ change: DataChange; at: number }> = [];

function start(setting: ChangeFeedSetting, database: TestDatabase, target: ChangeFeed): Promise<RunningFeed> {
  return startChangeFeed({
    feed: target,
    setting,
    db: database.db,
    databaseUrl: database.url,
    tablePrefix: 'wp_',
    baseTablePrefix: 'wp_',
    now: () => clock.now(),
    info: (line) => logs.push(`info: ${line}`),
    warn: (line) => logs.push(`warn: ${line}`),
  });
}

beforeAll(async () => {
  instance = await startMariadbInstance({ binlog: true });
  site = await createTestDatabase({ serverUrl: instance.url, dump: 'reference' });
  recorder = recordStatements(site);
  raw = await rawConnection(site);
  feed = new ChangeFeed();
  feed.subscribe((change) => reported.push({ change, at: performance.now() }));
  running = await start('binlog', site, feed);
  app = feedApp(site, { db: recorder.db, clock, feed });
}, 120_000);

afterAll(async () => {
  await running?.stop();
  await raw?.end().catch(() => undefined);
  await recorder?.db.destroy();
  await site?.drop().catch(() => undefined);
  await instance?.stop();
  if (logs.length > 0) console.info(logs.join('\n'));
});

async function title(url: string, through: FeedApp = app): Promise<string> {
  const answer = await answerOf(through.agent, url);
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { title?: string; venue?: string }).title ?? '';
}

describe('binlog mode', () => {
  it('is the mode the feed is in', () => {
    expect(feed.mode).toBe('binlog');
  });

  it('answers a cache hit without a single statement', async () => {
    const url = `${ROOT}/events/6`;
    await answerOf(app.agent, url);
    const hitsBefore = await app.hits();
    recorder.clear();
    const again = await answerOf(app.agent, url);
    expect(again.status).toBe(200);
    expect(recorder.statements).toEqual([]);
    expect(await app.hits()).toBe(hitsBefore + 1);
  });

  it('reflects ~100 raw SQL changes in the next answer once the feed reported each (latency printed)', async () => {
    const url = `${ROOT}/events/6`;
    const toReport: number[] = [];
    const toAnswer: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      await title(url); // the entry is there before the change
      const generation = feed.generation;
      const wanted = `Binlog change ${i}`;
      const committedAt = performance.now();
      await raw.query('UPDATE wp_posts SET post_title = ?, post_modified = NOW(), post_modified_gmt = UTC_TIMESTAMP() WHERE ID = 6', [wanted]);
      await until(() => reported.some((entry) => entry.at >= committedAt && (entry.change.everything || entry.change.posts.has(6))), `the feed to report change ${i}`, FEED_BOUND_MS);
      toReport.push(performance.now() - committedAt);
      expect(feed.generation).toBeGreaterThan(generation);
      // Reported, so the very next answer has it.
      expect(await title(url)).toBe(wanted);
      toAnswer.push(performance.now() - committedAt);
    }
    const line = (values: number[]) => `p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms`;
    console.info(`binlog freshness over ${toAnswer.length} changes: commit -> reported ${line(toReport)}; commit -> answered ${line(toAnswer)}`);
    expect(quantile(toAnswer, 0.99)).toBeLessThan(1_000);
  }, 120_000);

  it('stops answering from memory while the server is down, and sees what changed meanwhile once back', async () => {
    const url = `${ROOT}/venues/19`;
    await answerOf(app.agent, url);
    await instance.kill();
    await until(async () => (await feed.freshGeneration(recorder.db, clock.now())) === undefined, 'the feed to say it is not following the log', FEED_BOUND_MS);
    const whileDown = await answerOf(app.agent, url);
    expect(whileDown.status).not.toBe(200);

    await instance.start();
    // Written before the feed is back on the log: it must still be reported, or everything dropped.
    const fresh = await rawConnection(site);
    try {
      await fresh.query("UPDATE wp_posts SET post_title = 'Renamed while the feed was away' WHERE ID = 19");
    } finally {
      await fresh.end();
    }
    await until(async () => (await feed.freshGeneration(recorder.db, clock.now())) !== undefined, 'the feed to follow the log again', FEED_BOUND_MS);
    await until(async () => (await answerOf(app.agent, url)).status === 200, 'the app to answer again', FEED_BOUND_MS);
    const venue = JSON.parse((await answerOf(app.agent, url)).body) as { venue: string };
    expect(venue.venue).toBe('Renamed while the feed was away');
    // And later changes come through as before.
    const generation = feed.generation;
    const again = await rawConnection(site);
    try {
      await again.query("UPDATE wp_posts SET post_title = 'And after' WHERE ID = 19");
    } finally {
      await again.end();
    }
    await until(() => feed.generation > generation, 'the feed to report a change after the restart', FEED_BOUND_MS);
    expect((JSON.parse((await answerOf(app.agent, url)).body) as { venue: string }).venue).toBe('And after');
  }, 120_000);
});

describe('probe mode on a server of its own', () => {
  it('answers a repeated read from the cache with one statement, the LSN read, and sees a raw change next', async () => {
    // Nothing else writes on this server, so the LSN stands still between two reads (background
    // purge after the changes above may still move it for a moment: hence a few tries).
    const probe = feedApp(site, { db: recorder.db, clock, feed: probeFeed(clock) });
    const url = `${ROOT}/events/7`;
    let hit = false;
    for (let attempt = 0; attempt < 50 && !hit; attempt += 1) {
      const hitsBefore = await probe.hits();
      recorder.clear();
      expect((await answerOf(probe.agent, url)).status).toBe(200);
      if ((await probe.hits()) === hitsBefore) continue;
      hit = true;
      expect(recorder.statements).toHaveLength(1);
      expect(recorder.statements[0]).toMatch(/information_schema\.GLOBAL_STATUS/i);
    }
    expect(hit).toBe(true);
    // The connection of beforeAll died with the server killed above.
    const connection = await rawConnection(site);
    try {
      await connection.query("UPDATE wp_posts SET post_title = 'Probed' WHERE ID = 7");
    } finally {
      await connection.end();
    }
    expect(await title(url, probe)).toBe('Probed');
  });
});

describe('CHANGE_FEED=auto', () => {
  it('picks the binlog on a server that has one', async () => {
    const other = new ChangeFeed();
    const started = await start('auto', site, other);
    try {
      expect(other.mode).toBe('binlog');
    } finally {
      await started.stop();
    }
  }, 60_000);

  it('picks the probe on the shared server (binlog off)', async () => {
    const shared = await createTestDatabase();
    const other = new ChangeFeed();
    try {
      const started = await start('auto', shared, other);
      await started.stop();
      expect(other.mode).toBe('probe');
    } finally {
      await shared.drop();
    }
  });
});
