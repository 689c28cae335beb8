import { defineContractSuite } from './suite.js';
import { TICKETS_PENDING, TICKETS_READ_DEVIATIONS } from './tickets-pending.js';
import { TICKETS_CAPTURES, TICKETS_NAMESPACES, ticketsSelectionChecks } from './tickets-suite.js';

/**
 * The 330 recorded reads of the site with Event Tickets (fixtures/reference-tickets), each with the
 * clock at its recording instant, on one database loaded from its dump: every case not in
 * TICKETS_PENDING must be identical, and every pending one must still differ (issue 30's yardstick).
 */
defineContractSuite({
  title: 'tickets contract',
  replays: 'every non-writing case of captures-tickets',
  select: (testCase) => !testCase.mutates,
  expectedCount: 330,
  intendedDeviations: TICKETS_READ_DEVIATIONS,
  namespace: 'recorded',
  captures: TICKETS_CAPTURES,
  namespaces: TICKETS_NAMESPACES,
  pending: TICKETS_PENDING,
  selectionChecks: ticketsSelectionChecks(TICKETS_PENDING, 328, TICKETS_READ_DEVIATIONS),
});
