import { Redis } from 'ioredis';
import type { ChangeListener, ChangeSet } from '../write/change-set.js';
import { entriesToInvalidate } from './invalidation.js';
import { cacheKey, keyspaceFor, type Keyspace, type KeyspaceSettings } from './keys.js';

/** The one command the listener sends; ioredis's client has it, and so can a test double. */
export interface ObjectCacheClient {
  del(...keys: string[]): Promise<number>;
}

export interface ObjectCacheListenerOptions {
  client: ObjectCacheClient;
  keyspace: Keyspace;
  /** How long a write's answer may wait for Redis, in milliseconds. */
  timeoutMs?: number;
  logError: (error: unknown) => void;
}

/** Long enough for a healthy Redis on the LAN many times over, short enough not to hold up a write. */
export const DEFAULT_OBJECT_CACHE_TIMEOUT_MS = 500;

/** The full Redis keys a committed write must drop on this site, in order, without duplicates. */
export function redisKeysToInvalidate(keyspace: Keyspace, changes: ChangeSet): string[] {
  return [...new Set(entriesToInvalidate(changes).map(({ group, key }) => cacheKey(keyspace, group, key)))];
}

/** Raised (and logged, never thrown at the request) when Redis did not take the deletions. */
export class ObjectCacheError extends Error {}

/**
 * A change listener that deletes, in one DEL, the site's object-cache entries a committed write
 * made stale. It never throws and never waits longer than `timeoutMs`: the write is committed
 * whatever Redis does, so a Redis that is down or slow is logged (with the advice to flush the
 * cache once it answers) and the request goes on.
 */
export function createObjectCacheListener({
  client,
  keyspace,
  timeoutMs = DEFAULT_OBJECT_CACHE_TIMEOUT_MS,
  logError,
}: ObjectCacheListenerOptions): ChangeListener {
  return async (changes) => {
    const keys = redisKeysToInvalidate(keyspace, changes);
    if (keys.length === 0) return;
    try {
      await withTimeout(client.del(...keys), timeoutMs);
    } catch (error) {
      const shown = keys.length > 8 ? `${keys.slice(0, 8).join(' ')} and ${keys.length - 8} more` : keys.join(' ');
      logError(
        new ObjectCacheError(
          `Object cache: could not delete ${keys.length} keys after a committed write (${shown}): ` +
            `${error instanceof Error ? error.message : String(error)}. WordPress may serve stale copies ` +
            'until they expire; flush the object cache (wp cache flush, or FLUSHDB of its Redis database) once Redis answers.',
          { cause: error },
        ),
      );
    }
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface ObjectCacheSettings extends KeyspaceSettings {
  /** redis://[user:password@]host[:port][/db] of the site's Redis Object Cache. */
  readonly url: string;
  readonly timeoutMs?: number;
}

/** The site's object cache as the app uses it: the listener to hand to createHandler, and close() for shutdown. */
export interface ObjectCache {
  readonly listener: ChangeListener;
  readonly keyspace: Keyspace;
  close(): Promise<void>;
}

/** How often a Redis that stays down is reported again. */
const CONNECTION_ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * Connects to the site's Redis (in the background: a Redis that is down at start is retried, not
 * fatal) and returns the invalidating listener. A command issued while the connection is not up
 * yet waits in ioredis's queue (a write right after start is not lost), but the write waits only
 * `timeoutMs` for it. Throws only when the table prefixes name no blog id (see keyspaceFor).
 */
export function openObjectCache(settings: ObjectCacheSettings, logError: (error: unknown) => void): ObjectCache {
  const keyspace = keyspaceFor(settings);
  const timeoutMs = settings.timeoutMs ?? DEFAULT_OBJECT_CACHE_TIMEOUT_MS;
  const client = new Redis(settings.url, {
    commandTimeout: timeoutMs,
    connectTimeout: Math.max(timeoutMs, 1_000),
    // Tell the caller at once instead of retrying the command after each reconnect.
    maxRetriesPerRequest: 1,
  });
  let lastReported = 0;
  client.on('error', (error: unknown) => {
    const now = Date.now();
    if (now - lastReported < CONNECTION_ERROR_LOG_INTERVAL_MS) return;
    lastReported = now;
    logError(new ObjectCacheError(`Object cache: Redis at ${redactUrl(settings.url)} is unreachable; writes will not invalidate it`, { cause: error }));
  });
  client.on('ready', () => {
    lastReported = 0;
  });
  return {
    keyspace,
    listener: createObjectCacheListener({ client, keyspace, timeoutMs, logError }),
    async close() {
      try {
        await withTimeout(client.quit(), timeoutMs);
      } catch {
        // A Redis that does not answer QUIT is simply dropped.
      } finally {
        client.disconnect();
      }
    },
  };
}

/** The URL without its password, for logs. */
function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}
