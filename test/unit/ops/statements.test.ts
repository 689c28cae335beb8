import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatementTracker } from '../../../src/ops/statements.js';

function statementRan(sql = 'select 1'): LogEvent {
  return { level: 'query', query: { sql, parameters: [], query: { kind: 'RawNode' } }, queryDurationMillis: 0.5 } as unknown as LogEvent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StatementTracker', () => {
  it('counts the statements of the request running them, and none outside a request', async () => {
    const tracker = new StatementTracker();
    tracker.log(statementRan());
    const counted = await tracker.track(async (count) => {
      tracker.log(statementRan());
      await Promise.resolve();
      tracker.log(statementRan());
      return count();
    });
    expect(counted).toBe(2);
  });

  it('keeps two apps apart: a statement counts only for the tracker whose request runs it', async () => {
    const first = new StatementTracker();
    const second = new StatementTracker();
    const counts = await first.track(async (firstCount) => {
      first.log(statementRan());
      second.log(statementRan());
      const secondCount = await second.track(async (count) => {
        second.log(statementRan());
        return count();
      });
      return { first: firstCount(), second: secondCount };
    });
    expect(counts).toEqual({ first: 1, second: 1 });
  });

  it('shares one AsyncLocalStorage among all trackers, so a process making many apps does not slow every promise', async () => {
    const storages = new Set<AsyncLocalStorage<unknown>>();
    const run = AsyncLocalStorage.prototype.run;
    vi.spyOn(AsyncLocalStorage.prototype, 'run').mockImplementation(function (this: AsyncLocalStorage<unknown>, ...args: Parameters<typeof run>) {
      storages.add(this);
      return run.apply(this, args);
    });
    for (let index = 0; index < 5; index += 1) {
      const tracker = new StatementTracker();
      await tracker.track(async (count) => count());
    }
    expect(storages.size).toBe(1);
  });

  it('gives the detail of its own request only, when gathered', async () => {
    const tracker = new StatementTracker();
    tracker.gatherDetail();
    const other = new StatementTracker();
    other.gatherDetail();
    const seen = await tracker.track(async (_count, detail) => {
      tracker.log(statementRan('select 2'));
      return { own: tracker.detail(), other: other.detail(), detail };
    });
    expect(seen.own).toBe(seen.detail);
    expect(seen.own?.statements.map((statement) => statement.sql)).toEqual(['select 2']);
    expect(seen.other).toBeUndefined();
  });
});
