import { TICKETS_WRITE_DEVIATIONS, TICKETS_WRITES_PENDING } from './tickets-pending.js';
import { TICKETS_CAPTURES, TICKETS_NAMESPACES, TICKETS_SITE_KEYS, ticketsSelectionChecks } from './tickets-suite.js';
import { defineWriteContractSuite } from './write-suite.js';

/**
 * The 69 recorded writes of the site with Event Tickets (fixtures/reference-tickets), each on the
 * dump's state (one database per file, restored after each case) with the clock at its recording
 * instant: answer and rows compared; every case not in TICKETS_WRITES_PENDING must be identical,
 * every pending one must still differ. The block editor's ticket writes carry nonces made for the
 * recording day (fixtures/reference-tickets/README.md): the service is given the recorded site's
 * keys, so they verify as recorded with the clock at each case's instant.
 */
defineWriteContractSuite({
  title: 'tickets write contract',
  select: (testCase) => testCase.mutates,
  expectedCount: 69,
  namespace: 'recorded',
  captures: TICKETS_CAPTURES,
  namespaces: TICKETS_NAMESPACES,
  pending: TICKETS_WRITES_PENDING,
  intendedDeviations: TICKETS_WRITE_DEVIATIONS,
  settings: TICKETS_SITE_KEYS,
  selectionChecks: ticketsSelectionChecks(TICKETS_WRITES_PENDING, 68, TICKETS_WRITE_DEVIATIONS),
});
