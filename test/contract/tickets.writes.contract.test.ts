import { TICKETS_WRITES_PENDING } from './tickets-pending.js';
import { TICKETS_CAPTURES, TICKETS_NAMESPACES, ticketsSelectionChecks } from './tickets-suite.js';
import { defineWriteContractSuite } from './write-suite.js';

/**
 * The 69 recorded writes of the site with Event Tickets (fixtures/reference-tickets), each on the
 * dump's state (one database per file, restored after each case) with the clock at its recording
 * instant: answer and rows compared; every case not in TICKETS_WRITES_PENDING must be identical,
 * every pending one must still differ. The block editor's ticket writes carry nonces made for the
 * recording day (fixtures/reference-tickets/README.md): whoever serves them regenerates those.
 */
defineWriteContractSuite({
  title: 'tickets write contract',
  select: (testCase) => testCase.mutates,
  expectedCount: 69,
  namespace: 'recorded',
  captures: TICKETS_CAPTURES,
  namespaces: TICKETS_NAMESPACES,
  pending: TICKETS_WRITES_PENDING,
  selectionChecks: ticketsSelectionChecks(TICKETS_WRITES_PENDING, 24),
});
