import type { NotifierLog } from '../../src/feed/notifications/delivery.js';
import type { RecordChange } from '../../src/feed/record-change.js';

/** What a test's notifier logged, level and message and fields. */
export interface LogLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
  readonly fields: Record<string, unknown>;
}

/** A NotifierLog that keeps its lines for the test to read. */
export function recordingLog(): { log: NotifierLog; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (fields: Record<string, unknown>, message: string) => {
    lines.push({ level, message, fields });
  };
  return { log: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as NotifierLog, lines };
}

/** Retries fast enough for a test: 20 ms, doubling to 100 ms, 50 attempts. */
export const FAST_RETRY = { maxAttempts: 50, baseDelayMs: 20, maxDelayMs: 100, timeoutMs: 2_000 } as const;

let position = 0;

/** A change at the next position of a made-up feed. */
export function change(kind: RecordChange['kind'], id: number, what: RecordChange['change']): RecordChange {
  position += 1;
  return { kind, id, change: what, position: `test:${position}`, changedAt: new Date(Date.UTC(2026, 10, 21, 12, 0, position)) };
}
