import { defineWriteContractSuite } from './write-suite.js';

/**
 * The recorded writes whose answers print the namespace (an event's or linked post's `rest_url`,
 * a term's links), replayed exactly as recorded under the plugin's `tribe/events/v1` on a service
 * that serves it beside ours; the rows written must be the plugin's as well.
 */
defineWriteContractSuite({
  title: 'plugin namespace writes contract',
  select: (testCase) => testCase.mutates && JSON.stringify(testCase.expect).includes('calendar/events/v1'),
  expectedCount: 139,
  namespace: 'recorded',
});
