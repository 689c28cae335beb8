import { createConnection, type Connection } from 'mysql2/promise';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { startChangeFeed, type RunningFeed } from '../../src/feed/start-feed.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { startMariadbInstance, type MariadbInstance } from '../setup/mariadb-instance.js';
import { recordedUserAuth, ROOT } from '../http/support.js';
import { answerOf, ManualClock, MB, responseCacheHits, until } from './support.js';

/**
 * Replicas never feed the cache stale answers (issue 21): a primary with a row-based binlog (the
 * feed follows it) and a replica of it (DATABASE_READ_URL), both servers of this test's own. The
 * replica's SQL thread is stopped, a row changes on the primary, the feed reports it, and the app
 * reads the old row from the lagging replica: that answer may be served (the replica lags), but
 * never kept, so once the replica has caught up the next answer is the fresh one.
 */

const BOUND_MS = 30_000;

let primary: MariadbInstance;
let replica: MariadbInstance;
let site: TestDatabase;
let replicaDb: Db;
let onPrimary: Connection;
let onReplica: Connection;
let feed: ChangeFeed;
let running: RunningFeed;
let agent: ReturnType<typeof supertest>;
const clock = new ManualClock(new Date(RECORDING_INSTANT));
const logs: string[] = [];

beforeAll(async () => {
  [primary, replica] = await Promise.all([startMariadbInstance({ binlog: true, serverId: 1 }), startMariadbInstance({ serverId: 2 })]);
  onReplica = await createConnection({ uri: replica.url });
  await onReplica.query(
    `CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = ${primary.port}, MASTER_USER = 'root', MASTER_PASSWORD = '', MASTER_USE_GTID = slave_pos, MASTER_CONNECT_RETRY = 1`,
  );
  await onReplica.query('START SLAVE');
  // Loaded on the primary, copied by replication: the replica holds the same site under the same name.
  site = await createTestDatabase({ serverUrl: primary.url, dump: 'reference' });
  onPrimary = await createConnection({ uri: site.url, charset: 'utf8mb4_unicode_ci' });
  await caughtUp();
  const replicaUrl = new URL(site.url);
  replicaUrl.port = String(replica.port);
  replicaDb = createDb({ databaseUrl: replicaUrl.toString(), tablePrefix: site.prefix });
  feed = new ChangeFeed();
  running = await followPrimary(feed);
  expect(feed.mode).toBe('binlog');
  agent = appReadingReplica(feed);
}, 180_000);

/** Puts `target` in binlog mode on the primary. */
function followPrimary(target: ChangeFeed): Promise<RunningFeed> {
  return startChangeFeed({
    feed: target,
    setting: 'binlog',
    db: site.db,
    databaseUrl: site.url,
    tablePrefix: site.prefix,
    baseTablePrefix: site.prefix,
    now: () => clock.now(),
    info: (line) => logs.push(`info: ${line}`),
    warn: (line) => logs.push(`warn: ${line}`),
  });
}

/** An app with a response cache that writes to the primary and reads from the replica. */
function appReadingReplica(target: ChangeFeed): ReturnType<typeof supertest> {
  const config = loadConfig({ DATABASE_URL: site.url, TABLE_PREFIX: site.prefix });
  return supertest(createHandler({ db: site.db, readDbs: [replicaDb], config, clock, changeFeed: target, responseCacheBytes: 8 * MB }));
}

afterAll(async () => {
  await running?.stop();
  await onReplica?.query('STOP SLAVE').catch(() => undefined);
  await onReplica?.end().catch(() => undefined);
  await onPrimary?.end().catch(() => undefined);
  await replicaDb?.destroy();
  await site?.drop().catch(() => undefined);
  await Promise.all([primary?.stop(), replica?.stop()]);
  if (logs.length > 0) console.info(logs.join('\n'));
});

/** Waits until the replica has applied everything the primary has logged so far. */
async function caughtUp(): Promise<void> {
  const [rows] = await onPrimary.query('SELECT @@GLOBAL.gtid_binlog_pos AS pos');
  const position = (rows as Array<{ pos: string }>)[0]!.pos;
  const [waited] = await onReplica.query('SELECT MASTER_GTID_WAIT(?, 60) AS waited', [position]);
  expect((waited as Array<{ waited: number }>)[0]!.waited).toBe(0);
}

/** Changes a row on the primary and waits until the feed reported it. */
async function changeOnPrimary(statement: string, values: unknown[]): Promise<void> {
  const generation = feed.generation;
  await onPrimary.query(statement, values);
  await until(() => feed.generation > generation, 'the feed to report the change', BOUND_MS);
}

async function titleOf(url: string, auth?: string): Promise<string> {
  const answer = await answerOf(agent, url, auth);
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { title: string }).title;
}

async function firstTitleOf(url: string, auth?: string): Promise<string> {
  const answer = await answerOf(agent, url, auth);
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { events: Array<{ title: string }> }).events[0]!.title;
}

describe('a lagging replica', () => {
  it('serves from memory once it has caught up (a hit on a replica that is not behind)', async () => {
    const url = `${ROOT}/events/7`;
    await titleOf(url);
    const before = await responseCacheHits(agent);
    await titleOf(url);
    expect(await responseCacheHits(agent)).toBe(before + 1);
  });

  for (const who of ['anonymous', 'signed in'] as const) {
    it(`never leaves a ${who} answer read before it applied a reported change in the cache`, async () => {
      const auth = who === 'anonymous' ? undefined : recordedUserAuth('admin');
      const single = `${ROOT}/events/6`;
      const list = `${ROOT}/events?per_page=1&search=${encodeURIComponent('Lag test')}`;
      await onPrimary.query("UPDATE wp_posts SET post_title = 'Lag test before' WHERE ID = 6");
      await caughtUp();
      // Both answers are in the cache before the change.
      expect(await titleOf(single, auth)).toBe('Lag test before');
      expect(await firstTitleOf(list, auth)).toBe('Lag test before');
      expect(await titleOf(single, auth)).toBe('Lag test before');

      await onReplica.query('STOP SLAVE SQL_THREAD');
      try {
        const wanted = `Lag test after (${who})`;
        await changeOnPrimary('UPDATE wp_posts SET post_title = ?, post_modified = NOW(), post_modified_gmt = UTC_TIMESTAMP() WHERE ID = 6', [wanted]);
        // The replica has not applied it: what it serves is its own (old) row.
        expect(await titleOf(single, auth)).toBe('Lag test before');
        expect(await firstTitleOf(list, auth)).toBe('Lag test before');
        await onReplica.query('START SLAVE SQL_THREAD');
        await caughtUp();
        // Caught up, with no change reported since: the next answers are the fresh ones.
        expect(await titleOf(single, auth)).toBe(wanted);
        expect(await firstTitleOf(list, auth)).toBe(wanted);
      } finally {
        await onReplica.query('START SLAVE SQL_THREAD');
      }
    }, 120_000);
  }

  it('keeps answers that the change it has not applied yet did not touch', async () => {
    const other = `${ROOT}/events/7`;
    const changed = `${ROOT}/events/6`;
    await caughtUp();
    await titleOf(other);
    await onReplica.query('STOP SLAVE SQL_THREAD');
    try {
      await changeOnPrimary('UPDATE wp_posts SET post_title = ? WHERE ID = 6', ['Lag test unrelated']);
      const before = await responseCacheHits(agent);
      // Event 7 was read from a replica that had applied every change but the one to event 6.
      await titleOf(other);
      await titleOf(other);
      expect(await responseCacheHits(agent)).toBe(before + 2);
      expect(await titleOf(changed)).not.toBe('Lag test unrelated');
      await onReplica.query('START SLAVE SQL_THREAD');
      await caughtUp();
      expect(await titleOf(changed)).toBe('Lag test unrelated');
    } finally {
      await onReplica.query('START SLAVE SQL_THREAD');
    }
  }, 120_000);

  it('never keeps an answer while it lags behind what the primary had when the feed started', async () => {
    await caughtUp();
    await onReplica.query('STOP SLAVE SQL_THREAD');
    const late = new ChangeFeed();
    let started: RunningFeed | undefined;
    try {
      // Committed before this feed follows the log: it never reports it.
      await onPrimary.query("UPDATE wp_posts SET post_title = 'Lag test before the feed' WHERE ID = 6");
      started = await followPrimary(late);
      const lateAgent = appReadingReplica(late);
      const url = `${ROOT}/events/6`;
      const title = async () => (JSON.parse((await answerOf(lateAgent, url)).body) as { title: string }).title;
      expect(await title()).not.toBe('Lag test before the feed');
      await onReplica.query('START SLAVE SQL_THREAD');
      await caughtUp();
      expect(await title()).toBe('Lag test before the feed');
      // Caught up, its answers are kept again.
      const before = await responseCacheHits(lateAgent);
      await title();
      expect(await responseCacheHits(lateAgent)).toBe(before + 1);
    } finally {
      await onReplica.query('START SLAVE SQL_THREAD');
      await started?.stop();
    }
  }, 120_000);
});
