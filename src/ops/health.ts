import type Koa from 'koa';
import type { Db } from '../db/create-db.js';
import { checkSiteTables } from './health.repository.js';
import type { ObservedState } from './logging.js';
import { siteTablesProblem } from '../http/error-handler.js';
import { isLoadShed } from '../db/load-shed.js';

/**
 * How long /readyz waits for the database before calling it not ready: longer than the pool's
 * wait for a connection (createDb's acquireTimeoutMs, 1 s), so that a pool whose every connection
 * is busy answers first, as load (ready), before the wait could be taken for a database that does not answer.
 */
export const READY_TIMEOUT_MS = 1500;

export interface HealthOptions {
  db: Db;
  /** READY_TIMEOUT_MS unless set. */
  timeoutMs?: number;
  /** Told why the database check failed (the database error counter, the log). */
  onFailure?: (error: unknown) => void;
  /** Told that the database check passed (the end of an outage). */
  onSuccess?: () => void;
}

/** The check took longer than allowed; its code lets callers count it with the connection failures. */
export class ReadyTimeout extends Error {
  readonly code = 'READY_TIMEOUT';
}

/**
 * `GET /healthz` (the process answers: 200 `{"status":"ok"}`) and `GET /readyz` (the database
 * answers and the site's tables are there, within the timeout: 200 `{"status":"ready"}`, else 503
 * in WordPress's error shape; a pool busy with working statements is ready), at the site root whatever REST_ROOT is, never cached. Other paths
 * pass through. Liveness never touches the database, so a database outage makes the service
 * unready (taken out of the load balancer) without getting it restarted.
 */
export function healthRoutes({ db, timeoutMs = READY_TIMEOUT_MS, onFailure, onSuccess }: HealthOptions): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/healthz' && ctx.path !== '/readyz') return next();
    (ctx.state as ObservedState).route = ctx.path;
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json; charset=UTF-8';
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = JSON.stringify({ code: 'method_not_allowed', message: 'Only GET and HEAD are allowed here.', data: { status: 405 } });
      return;
    }
    if (ctx.path === '/healthz') {
      ctx.status = 200;
      ctx.body = JSON.stringify({ status: 'ok' });
      return;
    }
    try {
      await withTimeout(checkSiteTables(db), timeoutMs);
      onSuccess?.();
      ctx.status = 200;
      ctx.body = JSON.stringify({ status: 'ready' });
    } catch (error) {
      // Every connection busy with working statements: the database is up. Taking this instance
      // out of the load balancer would only move its load to the others (or refuse everyone).
      if (isLoadShed(error)) {
        ctx.status = 200;
        ctx.body = JSON.stringify({ status: 'ready' });
        return;
      }
      onFailure?.(error);
      ctx.status = 503;
      // The message names the cause, never the server's own wording (which may hold names or hosts).
      ctx.body = JSON.stringify({ code: 'not_ready', message: notReadyMessage(error, timeoutMs), data: { status: 503 } });
    }
  };
}

function notReadyMessage(error: unknown, timeoutMs: number): string {
  if (error instanceof ReadyTimeout) return `The database did not answer within ${timeoutMs} ms.`;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const missing = siteTablesProblem(error);
  if (missing !== undefined) return missing;
  if (code === 'ER_BAD_DB_ERROR') return 'The database does not exist.';
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR') return 'The database refused the credentials.';
  return 'The database is not reachable.';
}

/**
 * Rejects after `ms` (the statement itself is left to finish or fail: mysql2 cannot cancel a
 * connect, and a waiting pool request ends when a connection frees up or the pool gives up).
 */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ReadyTimeout()), ms);
  });
  // A late failure of the abandoned check must not surface as an unhandled rejection.
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
