import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/setup/summary-reporter.ts'],
    globalSetup: ['test/setup/global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel, each on a database of its own. The machine has 2 cores, but many files
    // spend much of their time waiting (on MariaDB, on slow-client and restart tests' timers): a third
    // worker fills that time (the suite took 603 s with two, over the ten-minute budget).
    fileParallelism: true,
    pool: 'forks',
    maxWorkers: 3,
    minWorkers: 1,
  },
});
