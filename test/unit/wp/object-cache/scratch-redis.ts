import { Redis } from 'ioredis';

/**
 * A Redis database index of its own for one test file, emptied before and after. Each test file
 * names its own index (the unit and HTTP object-cache tests use 13 and 14) so files running in
 * parallel never flush each other, and a database that holds keys without this project's marker
 * is refused rather than flushed: it may be someone else's.
 */

/** The Redis server tests use: TEST_REDIS_URL (redis://host:port, no db) or the local default. */
export function testRedisServerUrl(): string {
  return (process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379').replace(/\/+$/, '');
}

const MARKER = 'calendar-sidecar:test-scratch';

export interface ScratchRedis {
  /** redis://host:port/<index>, the shape OBJECT_CACHE_URL takes. */
  readonly url: string;
  /** A client on that database, for SET before and EXISTS after. */
  readonly client: Redis;
  /** Empties the database (leaving the marker) between tests. */
  flush(): Promise<void>;
  /** The keys present, sorted, the marker left out. */
  keys(): Promise<string[]>;
  /** Empties the database and closes the client. */
  close(): Promise<void>;
}

export async function openScratchRedis(index: number): Promise<ScratchRedis> {
  const url = `${testRedisServerUrl()}/${index}`;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Cannot reach Redis at ${testRedisServerUrl()}: ${reason}\n` +
        'Start it (redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "") or point TEST_REDIS_URL at one.',
    );
  }
  if ((await client.dbsize()) > 0 && (await client.exists(MARKER)) === 0) {
    client.disconnect();
    throw new Error(`Redis database ${index} at ${testRedisServerUrl()} holds keys that are not a test's; refusing to flush it`);
  }
  const flush = async () => {
    await client.flushdb();
    await client.set(MARKER, '1');
  };
  await flush();
  return {
    url,
    client,
    flush,
    keys: async () => (await client.keys('*')).filter((key) => key !== MARKER).sort(),
    close: async () => {
      await client.flushdb();
      await client.quit();
    },
  };
}
