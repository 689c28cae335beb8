import { describe, expect, it, vi } from 'vitest';
import { createLogger, recordRequest } from '../../../src/ops/logging.js';
import { AppMetrics } from '../../../src/ops/metrics.js';

/**
 * Issue 29: NODE_ENV=development promises one readable line per request (pino-pretty), and must
 * still log where devDependencies are not installed.
 */

const request = { requestId: 'abc', method: 'GET', route: '/calendar/events/v1/events', path: '/wp-json/calendar/events/v1/events', status: 200, seconds: 0.0123, userId: 0, statements: 3 };

describe('NODE_ENV=development', () => {
  it('writes one readable line per request, its fields on the same line', async () => {
    const written: string[] = [];
    const logger = createLogger({ level: 'info', pretty: true }, { write: (chunk: string) => written.push(chunk) });
    recordRequest({ logger, metrics: new AppMetrics() }, request);
    logger.warn({ cause: { code: 'ECONNREFUSED' } }, 'database unavailable');
    await vi.waitFor(() => expect(written.join('').split('\n').filter(Boolean)).toHaveLength(2));
    const [line, warning] = written.join('').split('\n');
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: request \{"reqId":"abc","method":"GET","route":"\/calendar\/events\/v1\/events","status":200,"durationMs":12\.3,"userId":0,"statements":3\}$/);
    expect(warning).toMatch(/WARN: database unavailable \{"cause":\{"code":"ECONNREFUSED"\}\}$/);
  });

  it('falls back to JSON lines, saying why, when pino-pretty is not installed', () => {
    const written: string[] = [];
    const missing = () => {
      throw Object.assign(new Error("Cannot find module 'pino-pretty'"), { code: 'MODULE_NOT_FOUND' });
    };
    const logger = createLogger({ level: 'info', pretty: true }, { write: (chunk: string) => written.push(chunk) }, missing);
    recordRequest({ logger, metrics: new AppMetrics() }, request);
    const lines = written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'NODE_ENV=development: pino-pretty is not installed (a devDependency: npm ci without --omit=dev brings it), so the log is JSON lines' });
    expect(lines[1]).toMatchObject({ level: 30, msg: 'request', reqId: 'abc', statements: 3 });
  });
});
