import { defineTecV1WriteSuite } from './tec-v1-write-suite.js';

/**
 * The 141 recorded writes of TEC's tec/v1 namespace replayed on SQLite, each on a fresh copy of the
 * reference dump converted by src/db/sqlite/mysqldump-to-sqlite.ts: the status, the body and every
 * row written and removed must be the plugin's, by the same rules as on MariaDB
 * (tec-v1.writes.contract.test.ts).
 */
defineTecV1WriteSuite({
  title: 'SQLite: tec/v1 writes contract',
  select: (testCase) => testCase.mutates,
  expectedCount: 141,
  comparison: { successBodies: true, allowHeader: true },
  knownDifferences: {},
  dialect: 'sqlite',
});
