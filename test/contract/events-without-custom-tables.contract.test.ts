import { defineContractSuite } from './suite.js';
import { dropCustomTables, isAnonymousGet } from './read-selections.js';

/**
 * The same recorded event reads on the site as it would be before TEC 6 (or with its custom
 * tables never migrated): the `tec_occurrences` / `tec_events` tables and their options are
 * gone, so every date filter and the ordering must come from the `_Event*Date*` meta. TEC writes
 * both, so the answers must still be the plugin's, case for case.
 */
defineContractSuite({
  title: 'events contract without TEC 6 custom tables',
  replays: 'anonymous event reads',
  select: (testCase) => isAnonymousGet(testCase) && testCase.group === 'events.read',
  // 109 anonymous events.read, the dev-search.* and dev-content.* event reads among them.
  expectedCount: 109,
  intendedDeviations: {},
  prepareDatabase: (database) => dropCustomTables(database.db),
});
