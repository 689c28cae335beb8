import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/create-db.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { startChangeFeed, type RunningFeed } from '../../src/feed/start-feed.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { startMariadbInstance, type MariadbInstance } from '../setup/mariadb-instance.js';
import { ROOT, recordedUserAuth } from '../http/support.js';
import { answerOf, feedApp, ManualClock, probeFeed, until, type FeedApp } from './support.js';

/**
 * Two instances behind a load balancer (issue 13): two apps, each with its own pool and its own
 * change feed following the one database itself. A write through either is seen by the other's
 * next answer: at once in probe mode (the LSN read before a cached answer), once its feed
 * reported it in binlog mode.
 */

const ADMIN = recordedUserAuth('admin');
const clock = new ManualClock(new Date(RECORDING_INSTANT));

interface Instance {
  app: FeedApp;
  db: Db;
}

function instanceOn(database: TestDatabase, feed: ChangeFeed): Instance {
  const db = createDb({ databaseUrl: database.url, tablePrefix: database.prefix });
  return { app: feedApp(database, { db, clock, feed }), db };
}

/** Retitles `id` through `writer`, then returns what `reader` answers for it once `ready` holds. */
async function writeThenRead(writer: Instance, reader: Instance, id: number, title: string, ready: () => Promise<void>) {
  const url = `${ROOT}/events/${id}`;
  // The reader holds the old answer in its cache first.
  await answerOf(reader.app.agent, url);
  await answerOf(reader.app.agent, url);
  const response = await writer.app.agent.put(url).set('Authorization', ADMIN).send({ title });
  expect(response.status, response.text).toBe(200);
  await ready();
  return (JSON.parse((await answerOf(reader.app.agent, url)).body) as { title: string }).title;
}

describe('two instances in probe mode on the shared server', () => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createTestDatabase({ dump: 'reference' });
    a = instanceOn(database, probeFeed(clock));
    b = instanceOn(database, probeFeed(clock));
  });

  afterAll(async () => {
    await a?.db.destroy();
    await b?.db.destroy();
    await database?.drop();
  });

  it('a write through A is seen by the very next answer of B, and the other way round', async () => {
    for (let round = 0; round < 5; round += 1) {
      expect(await writeThenRead(a, b, 6, `A wrote ${round}`, async () => undefined)).toBe(`A wrote ${round}`);
      expect(await writeThenRead(b, a, 6, `B wrote ${round}`, async () => undefined)).toBe(`B wrote ${round}`);
    }
    // And both agree afterwards.
    expect((await answerOf(a.app.agent, `${ROOT}/events/6`)).body).toContain('B wrote 4');
    expect((await answerOf(b.app.agent, `${ROOT}/events/6`)).body).toContain('B wrote 4');
  });
});

describe('two instances in binlog mode on a test-started server', () => {
  let server: MariadbInstance;
  let database: TestDatabase;
  const feeds: ChangeFeed[] = [];
  const running: RunningFeed[] = [];
  const instances: Instance[] = [];

  beforeAll(async () => {
    server = await startMariadbInstance({ binlog: true });
    database = await createTestDatabase({ serverUrl: server.url, dump: 'reference' });
    for (let i = 0; i < 2; i += 1) {
      const feed = new ChangeFeed();
      const instance = instanceOn(database, feed);
      running.push(
        await startChangeFeed({
          feed,
          setting: 'binlog',
          db: instance.db,
          databaseUrl: database.url,
          tablePrefix: 'wp_',
          baseTablePrefix: 'wp_',
          now: () => clock.now(),
          info: () => undefined,
          warn: (line) => console.warn(line),
        }),
      );
      feeds.push(feed);
      instances.push(instance);
    }
  }, 120_000);

  afterAll(async () => {
    for (const feed of running) await feed.stop();
    for (const instance of instances) await instance.db.destroy();
    await database?.drop();
    await server?.stop();
  });

  it('a write through one is seen by the other once its feed reported it', async () => {
    expect(feeds.map((feed) => feed.mode)).toEqual(['binlog', 'binlog']);
    const [a, b] = instances as [Instance, Instance];
    // How many changes to event 6 each feed reported: a sign-in's own write (last_used) moves
    // the generation too, so waiting for the generation alone could read before the write came.
    const [feedA, feedB] = feeds as [ChangeFeed, ChangeFeed];
    const seen: [number, number] = [0, 0];
    feedA.subscribe((change) => (seen[0] += change.everything || change.posts.has(6) ? 1 : 0));
    feedB.subscribe((change) => (seen[1] += change.everything || change.posts.has(6) ? 1 : 0));
    for (let round = 0; round < 5; round += 1) {
      let before = seen[1];
      const seenByB = await writeThenRead(a, b, 6, `A wrote ${round}`, () => until(() => seen[1] > before, "B's feed to report A's write"));
      expect(seenByB).toBe(`A wrote ${round}`);
      before = seen[0];
      // A's own write reached A's feed at commit; the binlog then reports it again, harmlessly.
      const seenByA = await writeThenRead(b, a, 6, `B wrote ${round}`, () => until(() => seen[0] > before, "A's feed to report B's write"));
      expect(seenByA).toBe(`B wrote ${round}`);
    }
  }, 120_000);
});
