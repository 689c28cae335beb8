import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest (30 s and more of a quiet run, most of it waiting on timers, child
 * processes or a server of their own), longest first. Without vitest's cache of the last run's
 * durations (a fresh clone, as in CI) vitest starts the largest files first, and a short file that
 * runs long (a recorded-write replay of 25 lines) would start among the last and end the run alone.
 */
const STARTED_FIRST = [
  'test/contract/tickets.sqlite.contract.test.ts',
  'test/feed/cache-consistency.property.test.ts',
  'test/http/bad-input.writes.sweep.test.ts',
  'test/faults/write-faults.test.ts',
  'test/e2e/first-start.test.ts',
  'test/contract/sqlite.writes.contract.test.ts',
  'test/contract/tickets.sqlite.writes.contract.test.ts',
  'test/fuzz/requests.fuzz.test.ts',
  'test/e2e/notifications-restart.test.ts',
  'test/e2e/client-limits.test.ts',
];

/** vitest's own order (the last run's failures and durations when cached, else size), the files above first. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = STARTED_FIRST.indexOf(relative(spec.project.config.root, spec.moduleId));
      return index === -1 ? STARTED_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
