import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type Koa from 'koa';
import { destination as pinoDestination, pino, symbols as pinoSymbols, type DestinationStream, type Logger } from 'pino';
import type { LogSettings } from '../config.js';
import type { AppMetrics } from './metrics.js';
import type { StatementTracker } from './statements.js';

/**
 * Anything that might hold a credential, should a record ever carry a request or its headers:
 * censored by pino before it is written. The request records below carry none of these to begin
 * with (no headers, no query string, no body); this is the second lock.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-wp-nonce"]',
  'req.query',
  'req.body',
  'headers.authorization',
  'headers.cookie',
  'headers["x-wp-nonce"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
];

/**
 * The service's logger: JSON lines on stdout at `settings.level`, or one readable line per record
 * through pino-pretty when `settings.pretty` (NODE_ENV=development). pino-pretty formats in this
 * thread, not as pino's worker transport: a developer's log costs nothing that matters, and it
 * can then be missing (a devDependency, absent after `npm ci --omit=dev`) without failing the
 * start: the log stays JSON lines, and its first line says why. `destination` replaces stdout
 * (tests), `loadPretty` the loading of pino-pretty (tests).
 */
export function createLogger(settings: LogSettings, destination?: DestinationStream, loadPretty: () => PrettyModule = requirePinoPretty): Logger {
  const options = { level: settings.level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  let pretty: DestinationStream | undefined;
  let prettyMissing = false;
  if (settings.pretty) {
    try {
      pretty = prettyLines(loadPretty(), destination);
    } catch (error) {
      if (!isModuleNotFound(error)) throw error;
      prettyMissing = true;
    }
  }
  const logger = pino(options, pretty ?? destination ?? bufferedStdout());
  plainLoggers.add(logger);
  if (prettyMissing) logger.warn('NODE_ENV=development: pino-pretty is not installed (a devDependency: npm ci without --omit=dev brings it), so the log is JSON lines');
  return logger;
}

/** What is used of pino-pretty: the formatter of one JSON line. */
interface PrettyModule {
  prettyFactory(options: Record<string, unknown>): (line: string) => string;
}

function requirePinoPretty(): PrettyModule {
  return createRequire(import.meta.url)('pino-pretty') as PrettyModule;
}

function isModuleNotFound(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND';
}

/**
 * The development log: each JSON line pino writes, as one readable line (singleLine: a record's
 * fields as JSON after its message, where pino-pretty's default gives each field lines of its
 * own), with the time of day and no pid or host; colours only on a terminal. Written at once.
 */
function prettyLines(module: PrettyModule, destination: DestinationStream | undefined): DestinationStream {
  const toStdout = destination === undefined;
  const format = module.prettyFactory({
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    colorize: toStdout && process.stdout.isTTY === true,
  });
  const target = destination ?? process.stdout;
  return { write: (line: string) => target.write(format(line)) };
}

/** Loggers whose lines writeInfoLine may write itself: pino's default formats, made here. */
const plainLoggers = new WeakSet<Logger>();

/**
 * Stdout, written in batches: at least LOG_BATCH_BYTES at a time, or whatever has come within
 * LOG_FLUSH_MS. One request line per write would be one system call per request, a tenth of a
 * cold single event's CPU on a virtual machine. pino flushes what is left when the process exits
 * (its exit handler), so only a process killed outright (SIGKILL) loses the lines of its last
 * quarter second.
 */
function bufferedStdout(): DestinationStream {
  return pinoDestination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
}

const LOG_BATCH_BYTES = 16_000;
const LOG_FLUSH_MS = 250;

/** A logger that writes nothing (createHandler's default, so tests stay quiet). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** An incoming X-Request-Id is reused when it is short, printable and free of separators. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@\-]{1,128}$/;

/** The request id: the proxy's X-Request-Id when sane, else a new UUID. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * What the app tells this middleware about a request (ctx.state), set while serving it:
 * `route` the matched route pattern (`/calendar/events/v1/events/(?P<id>\d+)`), `userId` the
 * authenticated user (0 for none).
 */
export interface ObservedState {
  route?: string;
  userId?: number;
}

/** The metrics' route label for a request no route matched: one label, whatever the path. */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface RequestLoggingOptions {
  logger: Logger;
  statements: StatementTracker;
  metrics: AppMetrics;
}

/**
 * First middleware of the app: gives the request its id (echoed as X-Request-Id), counts its SQL
 * statements, and once answered writes one log line and the request metrics. The line holds the
 * request id, method, route pattern (the raw path only when no route matched), status, duration,
 * user id and statement count; never headers, the query string or the body, which is where
 * passwords, cookies, nonces and Authorization live.
 */
export function requestLogging({ logger, statements, metrics }: RequestLoggingOptions): Koa.Middleware {
  return (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(ctx.headers['x-request-id']);
    ctx.set('X-Request-Id', requestId);
    return statements.track(async (counted, detail) => {
      let thrown: unknown;
      try {
        await next();
      } catch (error) {
        thrown = error;
        throw error;
      } finally {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const state = ctx.state as ObservedState;
        // An error past every handler is answered 500 by Koa itself.
        const status = thrown === undefined ? ctx.status : 500;
        recordRequest({ logger, metrics }, { requestId, method: ctx.method, route: state.route, path: ctx.path, status, seconds, userId: state.userId ?? 0, statements: counted() });
        if (detail !== undefined) logger.debug({ reqId: requestId, statements: detail.statements, caches: detail.caches }, 'request detail');
      }
    });
  };
}

/** What one answered request leaves in the log and the metrics. */
export interface AnsweredRequest {
  requestId: string;
  method: string;
  /** The route pattern it matched; none: the raw path is logged, the metrics say UNMATCHED_ROUTE. */
  route: string | undefined;
  path: string;
  status: number;
  seconds: number;
  userId: number;
  statements: number;
}

/**
 * The request log line and the request metrics of one answered request: requestLogging's, and
 * the cached answers' sent before Koa runs (src/cache/cached-answers.ts), so both read alike.
 */
export function recordRequest({ logger, metrics }: Pick<RequestLoggingOptions, 'logger' | 'metrics'>, request: AnsweredRequest): void {
  metrics.observeRequest(request.route ?? UNMATCHED_ROUTE, request.method, request.status, request.seconds);
  const record = {
    reqId: request.requestId,
    method: request.method,
    route: request.route ?? null,
    ...(request.route === undefined ? { path: request.path } : {}),
    status: request.status,
    durationMs: Math.round(request.seconds * 1e6) / 1e3,
    userId: request.userId,
    statements: request.statements,
  };
  // A 503 is the database out (or /readyz saying so): expected, and summed up by OutageLog's warn
  // lines, so it does not raise an error line per request. Other 5xx are bugs.
  if (request.status >= 500 && request.status !== 503) logger.error(record, 'request');
  else writeInfoLine(logger, record, 'request');
}

/**
 * `logger.info(record, msg)` for a flat record of strings, numbers and nulls that holds nothing the
 * redaction looks for: the very line pino writes (level, time, the logger's bindings, the record's
 * keys in order, msg), made by one JSON.stringify and written to the logger's stream. The request
 * line is the one line per request; pino's generic path (each key serialised on its own, the
 * redaction of paths this record never has) cost a cached answer about a fifth of its CPU. Only
 * for loggers made by createLogger (pino's default time, level and bindings formats, no mixin);
 * any other goes through pino.
 */
function writeInfoLine(logger: Logger, record: Record<string, string | number | null>, msg: string): void {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = plainLoggers.has(logger) ? (internals[pinoSymbols.streamSym] as { write(line: string): unknown }) : undefined;
  if (stream === undefined) {
    logger.info(record, msg);
    return;
  }
  if (!logger.isLevelEnabled('info')) return;
  const fields = JSON.stringify(record).slice(1, -1);
  const bindings = internals[pinoSymbols.chindingsSym] as string;
  stream.write(`{"level":${logger.levels.values.info},"time":${Date.now()}${bindings}${fields === '' ? '' : `,${fields}`},"msg":${JSON.stringify(msg)}}\n`);
}
