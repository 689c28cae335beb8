import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { phpSerialize } from '../../../../src/wp/php/php-values.js';
import { ChangeSet } from '../../../../src/wp/write/change-set.js';
import { keyspaceFor } from '../../../../src/wp/object-cache/keys.js';
import {
  createObjectCacheListener,
  ObjectCacheError,
  openObjectCache,
  type ObjectCacheClient,
} from '../../../../src/wp/object-cache/object-cache.js';
import { openScratchRedis, type ScratchRedis } from './scratch-redis.js';

/**
 * The listener against a real Redis (object-cache.md §6): keys WordPress would have cached are
 * SET first, a hand-made ChangeSet goes through the listener, and the test asserts which keys are
 * gone and which stay.
 */

const REDIS_DB = 13;
const SITE = keyspaceFor({ prefix: 'site:', tablePrefix: 'wp_', baseTablePrefix: 'wp_' });

let redis: ScratchRedis;
let errors: unknown[];
const logError = (error: unknown) => errors.push(error);

beforeAll(async () => {
  redis = await openScratchRedis(REDIS_DB);
});
afterAll(async () => {
  await redis?.close();
});
beforeEach(async () => {
  errors = [];
  await redis.flush();
});

async function setAll(keys: string[]): Promise<void> {
  for (const key of keys) await redis.client.set(key, 'cached');
}

function eventTitleUpdate(): ChangeSet {
  const changes = new ChangeSet();
  changes.notePost(37, 'tribe_events');
  changes.notePost(501, 'revision');
  changes.noteMeta(37);
  changes.noteTerm(7, 'tribe_events_cat');
  changes.noteOption('tribe_last_save_post', false, true);
  return changes;
}

describe('the object-cache listener', () => {
  it("deletes a written event's entries and the bumps, and leaves other records' entries alone", async () => {
    const stale = [
      'site:wp:posts:37',
      'site:wp:posts:post_parent-37',
      'site:wp:post_meta:37',
      'site:wp:posts:501',
      'site:wp:tribe_events_cat_relationships:37',
      'site:wp:post_tag_relationships:37',
      'site:wp:terms:7',
      'site:wp:posts:last_changed',
      'site:wp:terms:last_changed',
      'site:wp:timeinfo:lastpostdate-server-tribe_events',
    ];
    const kept = [
      'site:wp:posts:38',
      'site:wp:post_meta:38',
      'site:wp:terms:8',
      // TEC's timestamped entries go unreachable through tribe_last_save_post, never by DEL.
      'site:wp:tribe-events:events_37_raw1795561486.3422',
      // Another site on the same Redis.
      'other:wp:posts:37',
    ];
    await setAll([...stale, ...kept]);
    await redis.client.set(
      'site:wp:options:alloptions',
      phpSerialize({ siteurl: 'http://127.0.0.1:8080', tribe_last_save_post: '1795561486.3422' }),
    );

    await createObjectCacheListener({ client: redis.client, keyspace: SITE, logError })(eventTitleUpdate());

    expect(await redis.keys()).toEqual([...kept].sort());
    expect(errors).toEqual([]);
  });

  it('deletes under the keys of a multisite sub-site: blog id for site groups, none for global ones', async () => {
    const subSite = keyspaceFor({ prefix: 'site:', tablePrefix: 'wp_2_', baseTablePrefix: 'wp_' });
    await setAll(['site:2:posts:37', 'site:wp:posts:37', 'site:1:posts:37', 'site::user_meta:1', 'site::users:last_changed']);
    const changes = new ChangeSet();
    changes.notePost(37, 'tribe_venue');
    changes.noteUserMeta(1);

    await createObjectCacheListener({ client: redis.client, keyspace: subSite, logError })(changes);

    expect(await redis.keys()).toEqual(['site:1:posts:37', 'site:wp:posts:37']);
  });

  it('sends nothing for a write that changed nothing', async () => {
    const sent: string[][] = [];
    const recording: ObjectCacheClient = {
      del: (...keys) => {
        sent.push(keys);
        return redis.client.del(...keys);
      },
    };
    await createObjectCacheListener({ client: recording, keyspace: SITE, logError })(new ChangeSet());
    expect(sent).toEqual([]);
  });

  it('sends every key of a write in one DEL', async () => {
    const sent: string[][] = [];
    const recording: ObjectCacheClient = {
      del: (...keys) => {
        sent.push(keys);
        return redis.client.del(...keys);
      },
    };
    await createObjectCacheListener({ client: recording, keyspace: SITE, logError })(eventTitleUpdate());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('site:wp:options:alloptions');
  });
});

describe('a Redis that does not answer', () => {
  let silent: Server;
  let silentPort: number;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Accepts connections and never answers: a hung Redis.
    silent = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('costs the write at most the timeout, and is logged with the advice to flush', async () => {
    const client = new Redis({ host: '127.0.0.1', port: silentPort, lazyConnect: true });
    try {
      const listener = createObjectCacheListener({ client, keyspace: SITE, timeoutMs: 200, logError });
      const started = performance.now();
      await listener(eventTitleUpdate());
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(1_000);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(ObjectCacheError);
      expect(String((errors[0] as Error).message)).toMatch(/site:wp:posts:37.*flush the object cache/s);
    } finally {
      client.disconnect();
    }
  });

  it('openObjectCache on a closed port: the write goes on within the timeout, and close() returns', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));

    const cache = openObjectCache(
      { url: `redis://127.0.0.1:${closedPort}/0`, prefix: 'site:', tablePrefix: 'wp_', baseTablePrefix: 'wp_', timeoutMs: 200 },
      logError,
    );
    const started = performance.now();
    await cache.listener(eventTitleUpdate());
    expect(performance.now() - started).toBeLessThan(1_000);
    await cache.close();
    expect(errors.some((error) => error instanceof ObjectCacheError && /could not delete/.test(error.message))).toBe(true);
  });
});

describe('openObjectCache', () => {
  it('connects to the configured database and deletes there', async () => {
    await setAll(['site:wp:posts:37', 'site:wp:posts:38']);
    const cache = openObjectCache({ url: redis.url, prefix: 'site:', tablePrefix: 'wp_', baseTablePrefix: 'wp_' }, logError);
    try {
      const changes = new ChangeSet();
      changes.notePost(37, 'tribe_venue');
      await cache.listener(changes);
    } finally {
      await cache.close();
    }
    expect(await redis.keys()).toEqual(['site:wp:posts:38']);
    expect(errors).toEqual([]);
  });
});
