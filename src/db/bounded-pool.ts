import type { Pool, PoolConnection } from 'mysql2';

/**
 * The pool limits that keep a saturated or unreachable database from holding requests: a request
 * that cannot get a connection within `acquireTimeoutMs` (every connection busy, or the database
 * not answering the connect) fails at once with a connection error the error handler answers
 * with 503, instead of waiting in line behind the slow ones. mysql2 has no acquire timeout of its
 * own; this wraps the pool Kysely's MysqlDialect uses.
 */
export interface PoolLimits {
  acquireTimeoutMs: number;
}

/** The error a request gets when no connection came in time (its code marks it a connection failure). */
export class PoolAcquireTimeout extends Error {
  readonly code = 'POOL_ACQUIRE_TIMEOUT';
  constructor(ms: number) {
    super(`No database connection within ${ms} ms`);
  }
}

type ConnectionCallback = (error: NodeJS.ErrnoException | null, connection: PoolConnection) => void;

/** `pool`, with getConnection() bounded in time. A connection that arrives too late goes back to the pool. */
export function withAcquireTimeout(pool: Pool, limits: PoolLimits): Pool {
  const getConnection = (callback: ConnectionCallback): void => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      callback(new PoolAcquireTimeout(limits.acquireTimeoutMs) as unknown as NodeJS.ErrnoException, undefined as never);
    }, limits.acquireTimeoutMs);
    pool.getConnection((error, connection) => {
      if (settled) {
        if (!error) connection.release();
        return;
      }
      settled = true;
      clearTimeout(timer);
      callback(error, connection);
    });
  };
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property === 'getConnection') return getConnection;
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
