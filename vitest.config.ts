import { configDefaults, defineConfig } from 'vitest/config';
import { LongFilesFirst } from './test/setup/sequencer.js';

// The fast lane (`npm run test:unit`, the project `unit`): every test that needs no server, run with
// no server at all. Its tests see TEST_*_URL pointing at a closed port, so one that reaches for
// MariaDB, Redis or NATS fails at once instead of quietly using the ones running here, and the lane
// has no globalSetup (no server checked or started, no build). `npm test` runs both projects.
const UNIT_LANE = [
  'test/unit/**/*.test.ts',
  'test/bench/yardsticks.test.ts',
  'test/commands/sqlite-import.test.ts',
  'test/contract/read-selections.test.ts',
  'test/demo/demo-site.test.ts',
  'test/http/permission-checks.test.ts',
  'test/http/request-memo.test.ts',
  'test/http/validate-params.test.ts',
];

// Tests under test/unit/ that need a server: repositories run on MariaDB (most beside SQLite), the
// object cache on Redis, and the test setup's own servers.
const UNIT_NEEDING_SERVERS = [
  'test/unit/db/create-db.test.ts',
  'test/unit/db/dialect.test.ts',
  'test/unit/db/prepared-reads.test.ts',
  'test/unit/setup/database.test.ts',
  'test/unit/setup/mariadb-instance.test.ts',
  'test/unit/setup/private-servers.test.ts',
  'test/unit/setup/reusable-reference-database.test.ts',
  'test/unit/wp/auth/sign-in-candidate.test.ts',
  'test/unit/wp/blocks/recorded.test.ts',
  'test/unit/wp/lookups/lookups.test.ts',
  'test/unit/wp/object-cache/object-cache.test.ts',
  'test/unit/wp/posts/post-bundle.repository.test.ts',
  'test/unit/wp/posts/posts.repository.test.ts',
  'test/unit/wp/site/site-settings-cache.test.ts',
  'test/unit/wp/tec/event-terms.repository.test.ts',
  'test/unit/wp/tec/events-page-query.test.ts',
  'test/unit/wp/tec/opt-in-indexes.test.ts',
  'test/unit/wp/terms/term-counts.test.ts',
  'test/unit/wp/terms/term-writes.test.ts',
  'test/unit/wp/write/posts.test.ts',
];

const NO_SERVER = 'http://127.0.0.1:9';

export default defineConfig({
  test: {
    reporters: ['default', './test/setup/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel, each on a database of its own. The machine has 2 cores, but many files
    // spend much of their time waiting (on MariaDB, on slow-client and restart tests' timers): a third
    // worker fills that time (the suite took 603 s with two, over the ten-minute budget).
    fileParallelism: true,
    pool: 'forks',
    // Files share their worker's module graph (not isolated): importing src/ costs about 1.5 s a
    // file, a third of the suite's time when each file paid it. So a file must leave nothing
    // behind that slows the next: no open handle, no module-wide growth (an AsyncLocalStorage per
    // app did: every later promise paid for all of them, src/ops/statements.ts).
    isolate: false,
    // Not isolated, the pool keeps each worker for the whole run; with fewer minWorkers than
    // maxWorkers vitest ends the extra ones mid-run ("Terminating worker thread").
    maxWorkers: 3,
    minWorkers: 3,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_LANE,
          exclude: UNIT_NEEDING_SERVERS,
          env: {
            TEST_DATABASE_URL: NO_SERVER.replace('http:', 'mysql:'),
            TEST_REDIS_URL: NO_SERVER.replace('http:', 'redis:'),
            TEST_NATS_URL: NO_SERVER.replace('http:', 'nats:'),
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'servers',
          include: ['test/!(unit)/**/*.test.ts', ...UNIT_NEEDING_SERVERS],
          exclude: [...configDefaults.exclude, ...UNIT_LANE.filter((pattern) => !pattern.startsWith('test/unit/'))],
          globalSetup: ['test/setup/global.ts'],
        },
      },
    ],
  },
});
