import { CATEGORY_WRITE_DEVIATIONS, defineWriteContractSuite } from './write-suite.js';

/**
 * The recorded writes of every resource (240: events 155, venues 28, organizers 23, categories
 * 23, tags 11) replayed on SQLite, each on a fresh copy of the reference dump converted by
 * src/db/sqlite/mysqldump-to-sqlite.ts: the answers and the rows written must be the plugin's, as
 * on MariaDB, with the same intended deviation.
 */
const GROUPS: ReadonlyArray<[group: string, count: number, deviations: Readonly<Record<string, string>>]> = [
  ['events', 155, {}],
  ['venues', 28, {}],
  ['organizers', 23, {}],
  ['categories', 23, CATEGORY_WRITE_DEVIATIONS],
  ['tags', 11, {}],
];

for (const [group, expectedCount, intendedDeviations] of GROUPS) {
  defineWriteContractSuite({
    title: `SQLite: ${group} writes contract`,
    select: (testCase) => testCase.mutates && testCase.group === `${group}.write`,
    expectedCount,
    intendedDeviations,
    dialect: 'sqlite',
  });
}
