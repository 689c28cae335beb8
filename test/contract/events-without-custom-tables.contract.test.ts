import { sql } from 'kysely';
import { isAnonymousGet } from './read-selections.js';
import { defineContractSuite } from './suite.js';

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
  prepareDatabase: async (database) => {
    await sql`DROP TABLE ${sql.table(`${database.prefix}tec_occurrences`)}, ${sql.table(`${database.prefix}tec_events`)}`.execute(database.db);
    await database.db
      .deleteFrom('options')
      .where('option_name', 'in', ['tec_ct1_migration_state', 'tec_ct1_occurrences_table_schema_version', 'tec_ct1_events_table_schema_version'])
      .execute();
  },
});
