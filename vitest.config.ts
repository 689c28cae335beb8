import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/setup/summary-reporter.ts'],
    globalSetup: ['test/setup/global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel, each on a database of its own; the machine has 2 cores.
    fileParallelism: true,
    pool: 'forks',
    maxWorkers: 2,
    minWorkers: 1,
  },
});
