import type { Reporter } from 'vitest/node';
import type { RunnerTask, RunnerTestFile } from 'vitest';

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own
 * summary: the form CI tooling that does not know vitest reads.
 */
export default class SummaryReporter implements Reporter {
  onFinished(files: RunnerTestFile[] = []): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const visit = (task: RunnerTask): void => {
      if (task.type === 'suite') {
        for (const child of task.tasks) visit(child);
        return;
      }
      const state = task.result?.state;
      if (state === 'pass') counts.passed += 1;
      else if (state === 'fail') counts.failed += 1;
      else counts.skipped += 1;
    };
    for (const file of files) visit(file);
    // After the default reporter has written its summary.
    setImmediate(() => {
      process.stdout.write(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
    });
  }
}
