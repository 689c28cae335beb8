import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { pino, type DestinationStream, type Logger } from 'pino';
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
 * through pino-pretty when `settings.pretty` (NODE_ENV=development; pino-pretty is a
 * devDependency, so production never loads it). `destination` replaces stdout (tests).
 */
export function createLogger(settings: LogSettings, destination?: DestinationStream): Logger {
  const options = { level: settings.level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (settings.pretty && destination === undefined) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:standard' } } });
  }
  return destination === undefined ? pino(options) : pino(options, destination);
}

/** A logger that writes nothing (createApp's default, so tests stay quiet). */
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
    return statements.track(async (counted) => {
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
        metrics.observeRequest(state.route ?? UNMATCHED_ROUTE, ctx.method, status, seconds);
        const record = {
          reqId: requestId,
          method: ctx.method,
          route: state.route ?? null,
          ...(state.route === undefined ? { path: ctx.path } : {}),
          status,
          durationMs: Math.round(seconds * 1e6) / 1e3,
          userId: state.userId ?? 0,
          statements: counted(),
        };
        if (status >= 500) logger.error(record, 'request');
        else logger.info(record, 'request');
      }
    });
  };
}
