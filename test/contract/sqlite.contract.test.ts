import { READ_CONTRACT_SELECTIONS, dropCustomTables, isAnonymousGet } from './read-selections.js';
import { defineContractSuite } from './suite.js';
import { writtenTablesChecksum } from '../setup/written-tables.js';
import { expect } from 'vitest';

/**
 * Every read contract (READ_CONTRACT_SELECTIONS: events, auth, doc, venues and organizers, terms,
 * request errors; 227 cases, none writing), and the event reads without TEC 6's tables (109), replayed on the reference dump converted to SQLite by
 * src/db/sqlite/mysqldump-to-sqlite.ts, the way the demo and a real SQLite WordPress file are
 * served: the answers must be the plugin's, as on MariaDB.
 */

const EXPECTED_COUNTS: Readonly<Record<string, number>> = {
  'events.contract.test.ts': 133,
  'auth.contract.test.ts': 41,
  'doc.contract.test.ts': 1,
  'linked-posts.contract.test.ts': 30,
  'terms.contract.test.ts': 17,
  'request-errors.contract.test.ts': 5,
};

/** Cases answered differently on SQLite, case id -> why. */
const SQLITE_DEVIATIONS: Readonly<Record<string, string>> = {};

for (const [file, select] of Object.entries(READ_CONTRACT_SELECTIONS)) {
  const ids = new Set<string>();
  defineContractSuite({
    title: `SQLite: ${file.replace('.contract.test.ts', '')} contract`,
    replays: 'read cases on SQLite',
    select: (testCase) => {
      const selected = select(testCase);
      if (selected) ids.add(testCase.id);
      return selected;
    },
    expectedCount: EXPECTED_COUNTS[file] ?? -1,
    intendedDeviations: Object.fromEntries(Object.entries(SQLITE_DEVIATIONS).filter(([id]) => ids.has(id))),
    dialect: 'sqlite',
    beforeReplay:
      file === 'auth.contract.test.ts'
        ? async (testCase, database) => {
            if (testCase.method === 'GET') return undefined;
            const before = await writtenTablesChecksum(database);
            return async () => expect(await writtenTablesChecksum(database)).toEqual(before);
          }
        : undefined,
  });
}

/** The anonymous event reads on the site without TEC 6's tables (dates from the `_Event*Date*` meta), as events-without-custom-tables does. */
defineContractSuite({
  title: 'SQLite: events contract without TEC 6 custom tables',
  replays: 'anonymous event reads on SQLite',
  select: (testCase) => isAnonymousGet(testCase) && testCase.group === 'events.read',
  expectedCount: 109,
  intendedDeviations: {},
  dialect: 'sqlite',
  prepareDatabase: (database) => dropCustomTables(database.db),
});
