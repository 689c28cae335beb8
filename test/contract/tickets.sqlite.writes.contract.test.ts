import { TICKETS_WRITE_DEVIATIONS } from './tickets-pending.js';
import { TICKETS_CAPTURES, TICKETS_NAMESPACES, TICKETS_SITE_KEYS, ticketsSelectionChecks } from './tickets-suite.js';
import { defineWriteContractSuite } from './write-suite.js';

/**
 * The 69 recorded writes of the site with Event Tickets (fixtures/reference-tickets) replayed on
 * SQLite, each on a fresh copy of its dump converted by src/db/sqlite/mysqldump-to-sqlite.ts, with
 * the recorded site's keys and the clock at each case's instant (as tickets.writes.contract does):
 * the answers and the rows written must be the plugin's, as on MariaDB, with the same intended deviation.
 */
defineWriteContractSuite({
  title: 'SQLite: tickets write contract',
  select: (testCase) => testCase.mutates,
  expectedCount: 69,
  namespace: 'recorded',
  captures: TICKETS_CAPTURES,
  namespaces: TICKETS_NAMESPACES,
  pending: {},
  intendedDeviations: TICKETS_WRITE_DEVIATIONS,
  settings: TICKETS_SITE_KEYS,
  dialect: 'sqlite',
  selectionChecks: ticketsSelectionChecks({}, 68, TICKETS_WRITE_DEVIATIONS),
});
