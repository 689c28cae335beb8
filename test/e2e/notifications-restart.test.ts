import { randomBytes } from 'node:crypto';
import type { Connection } from 'mysql2/promise';
import { connect, type NatsConnection } from 'nats';
import { CALENDAR_SUBJECTS_LOCK, withServerLock } from '../setup/server-lock.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POSITION_BUCKET, positionKey } from '../../src/feed/notifications/jetstream-position-store.js';
import { rawConnection } from '../feed/support.js';
import { buildService, startBuiltService, stopService, type RunningService } from '../setup/built-service.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { startMariadbInstance, type MariadbInstance } from '../setup/mariadb-instance.js';
import { WebhookReceiver, waitUntil } from '../setup/webhook-receiver.js';

/**
 * Change notifications across restarts (issue 24): the built service follows the binlog of a
 * MariaDB of this test's own and notifies a webhook. It is stopped, an event is changed with SQL
 * while no instance runs, and it is started again: the change is notified, since the service kept
 * the position it had notified up to (in the site's wp_options without NATS, in a JetStream
 * key-value bucket with NATS_URL) and resumes the binlog there. When that position has been purged
 * from the binlog meanwhile, the log and /metrics say so.
 */
const NATS_SERVER = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

let instance: MariadbInstance;
let site: TestDatabase;
let raw: Connection;
let buildDir: string;
let eventIds: number[];
let service: RunningService | undefined;
let receiver: WebhookReceiver;
let nc: NatsConnection;

beforeAll(async () => {
  instance = await startMariadbInstance({ binlog: true });
  site = await createTestDatabase({ serverUrl: instance.url, dump: 'reference' });
  raw = await rawConnection(site);
  const [rows] = await raw.query("SELECT ID FROM wp_posts WHERE post_type = 'tribe_events' AND post_status = 'publish' ORDER BY ID LIMIT 3");
  eventIds = (rows as Array<{ ID: number }>).map((row) => row.ID);
  buildDir = await buildService('notifications-restart');
  nc = await connect({ servers: NATS_SERVER });
}, 180_000);

afterAll(async () => {
  await nc?.drain().catch(() => undefined);
  await raw?.end().catch(() => undefined);
  await site?.drop().catch(() => undefined);
  await instance?.stop();
}, 60_000);

beforeEach(async () => {
  receiver = new WebhookReceiver();
  await receiver.start();
});
afterEach(async () => {
  await stopService(service?.process);
  service = undefined;
  await receiver.stop();
});

async function start(env: Record<string, string> = {}): Promise<RunningService> {
  service = await startBuiltService(buildDir, {
    DATABASE_URL: site.url,
    CHANGE_FEED: 'binlog',
    WEBHOOKS: JSON.stringify([{ url: receiver.url, secret: 'restart-secret', resources: ['event'] }]),
    ...env,
  });
  const running = service;
  await waitUntil(() => /change feed in binlog mode/.test(running.output()), 'the binlog to be followed', 20_000);
  return running;
}

async function rename(id: number, title: string): Promise<void> {
  await raw.query('UPDATE wp_posts SET post_title = ? WHERE ID = ?', [title, id]);
}

function updatesOf(id: number) {
  return receiver.accepted.filter((delivery) => delivery.json.type === 'event.updated' && (delivery.json.record as { id?: number } | null)?.id === id);
}

describe('change notifications across restarts', () => {
  it('without NATS: notifies a change made with SQL while no instance ran, from the position kept in wp_options', async () => {
    await start();
    await rename(eventIds[0]!, 'Changed while running');
    await waitUntil(() => updatesOf(eventIds[0]!).length >= 1, 'the change made while running', 20_000);
    await stopService(service!.process);
    const [kept] = await raw.query("SELECT option_value, autoload FROM wp_options WHERE option_name = 'calendar_sidecar_notified_position'");
    expect(kept).toEqual([{ option_value: expect.stringMatching(/^binlog\.\d+:\d+$/), autoload: 'no' }]);

    await rename(eventIds[1]!, 'Changed while stopped');
    const restarted = await start();
    await waitUntil(() => updatesOf(eventIds[1]!).length >= 1, 'the change made while stopped', 20_000);
    expect((updatesOf(eventIds[1]!)[0]!.json.record as { title: string }).title).toBe('Changed while stopped');
    // The one made before the stop is not told again.
    expect(updatesOf(eventIds[0]!)).toHaveLength(1);
    expect(restarted.output()).toMatch(/following the replication log from binlog\.\d+:\d+, where change notifications left off/);
  }, 120_000);

  // Its service publishes under `calendar.>`, as test/feed/jetstream.test.ts does once: they take turns.
  it('with NATS_URL: keeps the position in a JetStream key-value bucket and resumes from it', () =>
    withServerLock(CALENDAR_SUBJECTS_LOCK, async () => {
      const stream = `TEST_RESTART_${randomBytes(4).toString('hex')}`;
      const env = { NATS_URL: NATS_SERVER, NATS_STREAM: stream };
      const jsm = await nc.jetstreamManager();
      try {
        await start(env);
        await rename(eventIds[0]!, 'Changed under NATS');
        await waitUntil(() => updatesOf(eventIds[0]!).length >= 1, 'the change made while running', 20_000);
        await stopService(service!.process);
        const kv = await nc.jetstream().views.kv(POSITION_BUCKET);
        expect((await kv.get(positionKey(stream)))?.string()).toMatch(/^binlog\.\d+:\d+$/);

        await rename(eventIds[2]!, 'Changed while stopped, under NATS');
        await start(env);
        await waitUntil(() => updatesOf(eventIds[2]!).length >= 1, 'the change made while stopped', 20_000);
        expect((updatesOf(eventIds[2]!)[0]!.json.record as { title: string }).title).toBe('Changed while stopped, under NATS');
        await kv.purge(positionKey(stream));
      } finally {
        await stopService(service?.process);
        await jsm.streams.delete(stream).catch(() => undefined);
      }
    }), 120_000);

  it('says in the log and in /metrics when the position kept was purged from the binlog', async () => {
    await start();
    await rename(eventIds[0]!, 'Before the purge');
    await waitUntil(() => updatesOf(eventIds[0]!).length >= 1, 'the change made while running', 20_000);
    await stopService(service!.process);

    await rename(eventIds[1]!, 'Lost in the purge');
    await raw.query('FLUSH BINARY LOGS');
    const [[current]] = (await raw.query('SHOW MASTER STATUS')) as unknown as [[{ File: string }]];
    // A log a binlog reader still holds (the stopped service's, until the server notices) is kept: tried until it went.
    const files = async () => ((await raw.query('SHOW BINARY LOGS')) as unknown as [Array<{ Log_name: string }>])[0].map((row) => row.Log_name);
    for (let tries = 0; (await files()).length > 1; tries += 1) {
      if (tries > 100) throw new Error(`the binlogs before ${current.File} were never purged: ${(await files()).join(', ')}`);
      await raw.query(`PURGE BINARY LOGS TO '${current.File}'`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const restarted = await start();
    expect(restarted.output()).toMatch(/the last position notified \(binlog\.\d+:\d+\) is gone from the binlog .*changes made from then until now are not notified/);
    const metrics = await (await fetch(`${restarted.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^binlog_positions_lost_total 1$/m);
    // What changes from now on is notified again.
    await rename(eventIds[2]!, 'After the purge');
    await waitUntil(() => updatesOf(eventIds[2]!).length >= 1, 'the change made after the purge', 20_000);
  }, 120_000);
});
