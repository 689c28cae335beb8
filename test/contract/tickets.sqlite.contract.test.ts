import { defineContractSuite } from './suite.js';
import { TICKETS_READ_DEVIATIONS } from './tickets-pending.js';
import { TICKETS_CAPTURES, TICKETS_NAMESPACES, ticketsSelectionChecks } from './tickets-suite.js';

/**
 * The 330 recorded reads of the site with Event Tickets (fixtures/reference-tickets) replayed on
 * its dump converted to SQLite, as the demo serves Event Tickets: the same answers as on MariaDB,
 * with the same intended deviations.
 */
defineContractSuite({
  title: 'tickets contract on SQLite',
  replays: 'every non-writing case of captures-tickets on SQLite',
  select: (testCase) => !testCase.mutates,
  expectedCount: 330,
  intendedDeviations: TICKETS_READ_DEVIATIONS,
  dialect: 'sqlite',
  namespace: 'recorded',
  captures: TICKETS_CAPTURES,
  namespaces: TICKETS_NAMESPACES,
  pending: {},
  selectionChecks: ticketsSelectionChecks({}, 328, TICKETS_READ_DEVIATIONS),
});
