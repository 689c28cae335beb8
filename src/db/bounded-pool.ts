import type { Pool, PoolConnection } from 'mysql2';
import { LoadShed } from './load-shed.js';

/**
 * The pool limits that keep a saturated or unreachable database from holding requests: a request
 * that cannot get a connection within `acquireTimeoutMs` fails then, instead of waiting in line
 * behind the slow ones. Two causes, told apart because a client and the operator must act
 * differently: every connection of the pool made and busy with a statement is load (LoadShed:
 * 503 with Retry-After, the database not declared down); a connection still being made (the
 * database not answering the connect) is an outage (PoolAcquireTimeout, a connection failure).
 * mysql2 has no acquire timeout of its own; this wraps the pool Kysely's MysqlDialect uses.
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
      const error = isSaturated(pool) ? new LoadShed('pool', limits.acquireTimeoutMs) : new PoolAcquireTimeout(limits.acquireTimeoutMs);
      callback(error as unknown as NodeJS.ErrnoException, undefined as never);
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

/** The fields of mysql2's pool this reads (kept in fields its typings do not declare; see metrics.ts). */
interface PoolInternals {
  _allConnections?: { length: number; get(index: number): { authorized?: boolean } | undefined };
  config?: { connectionLimit?: number };
}

/**
 * Whether every connection the pool may have is made and signed in (so busy with statements, as
 * none was free): load. A connection still connecting means the database is slow to answer.
 */
export function isSaturated(pool: object): boolean {
  const { _allConnections: all, config } = pool as PoolInternals;
  const limit = config?.connectionLimit ?? 0;
  if (all === undefined || limit === 0 || all.length < limit) return false;
  for (let index = 0; index < all.length; index += 1) if (all.get(index)?.authorized !== true) return false;
  return true;
}
