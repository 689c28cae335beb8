import type Koa from 'koa';
import { AppError, CoreErrors, LOAD_SHED_RETRY_AFTER_SECONDS } from './errors.js';
import { isLoadShed } from '../db/load-shed.js';

/**
 * First in the chain: renders every thrown error in WordPress's REST error shape. AppErrors
 * carry their status; anything else is a 500 whose details stay in the log, never in the body.
 */
export function errorHandler(log: (error: unknown) => void): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const appError = error instanceof AppError ? error : answerFor(error);
      if (!(error instanceof AppError)) log(error);
      ctx.status = appError.status;
      if (isLoadShed(error)) ctx.set('Retry-After', String(LOAD_SHED_RETRY_AFTER_SECONDS));
      ctx.type = 'application/json; charset=UTF-8';
      ctx.body = JSON.stringify(appError.toBody());
    }
  };
}

/** What a thrown error that is no AppError is answered: 503 while the service is busy or the database or the site's tables are not there, else 500. */
function answerFor(error: unknown): AppError {
  if (isLoadShed(error)) return CoreErrors.serviceBusy();
  if (isConnectionFailure(error)) return CoreErrors.databaseUnavailable();
  const missing = siteTablesProblem(error);
  return missing === undefined ? CoreErrors.internal() : CoreErrors.siteTablesMissing(missing);
}

/**
 * The readiness reason when a statement failed because the database lacks a table or a column the
 * service reads (a wrong TABLE_PREFIX, an empty database, tables that are not WordPress's):
 * undefined for any other error. The server's own wording names tables and the database, so the
 * reason is ours. MySQL and MariaDB: ER_NO_SUCH_TABLE (1146), ER_BAD_FIELD_ERROR (1054); SQLite
 * has no code for them, only its message.
 */
export function siteTablesProblem(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errno, message } = error as { code?: unknown; errno?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (code === 'ER_NO_SUCH_TABLE' || errno === 1146 || /^no such table: /.test(text)) return "The site's tables are missing from the database.";
  if (code === 'ER_BAD_FIELD_ERROR' || errno === 1054 || /^no such column: |has no column named /.test(text)) return "The site's tables lack a column WordPress has.";
  return undefined;
}

/**
 * mysql2's errors for a connection that could not be made (the server unreachable, or refusing
 * the handshake: unknown database, bad credentials, too many connections) or that died (`fatal`
 * ones end the connection).
 */
const CONNECTION_ERROR_CODES: ReadonlySet<string> = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'POOL_CLOSED',
  'ER_BAD_DB_ERROR',
  'ER_ACCESS_DENIED_ERROR',
  'ER_DBACCESS_DENIED_ERROR',
  'ER_CON_COUNT_ERROR',
  'ER_HOST_NOT_PRIVILEGED',
  // bounded-pool.ts: no connection came in time while one was still being made (the database not answering).
  'POOL_ACQUIRE_TIMEOUT',
  // The server stopped a statement at its time limit (MariaDB 1969, MySQL 3024).
  'ER_STATEMENT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
  // A SQLite file another process holds locked past the busy timeout, or that cannot be opened (src/db/sqlite).
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

/** Whether an error means the database is unreachable or too slow (answered 503; a busy pool is isLoadShed instead). */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, fatal, errno } = error as { code?: unknown; fatal?: unknown; errno?: unknown };
  // MariaDB's statement timeout (1969) arrives without a code name mysql2 knows.
  if (errno === 1969 || errno === 3024) return true;
  return fatal === true || (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code));
}
