import { expect } from 'vitest';
import { loadCases, PLUGIN_NAMESPACE } from './captures.js';
import { defineContractSuite } from './suite.js';

/**
 * The drop-in deployment (NAMESPACES=calendar/events/v1,tribe/events/v1): every recorded case
 * replayed exactly as recorded, under the plugin's own `tribe/events/v1`, with no rewriting of
 * paths, headers or bodies. Every URL an answer carries (`rest_url`, `next_rest_url`, Link
 * headers, the namespace index, /doc) must name the namespace the request came in under. The
 * writes are replayed the same way in plugin-namespace.writes.contract.test.ts.
 */

const readsMentioningNamespace = loadCases('recorded').filter(
  (testCase) => !testCase.mutates && JSON.stringify(testCase.expect).includes(PLUGIN_NAMESPACE),
);

defineContractSuite({
  title: 'plugin namespace contract',
  replays: 'every non-writing case under tribe/events/v1',
  select: (testCase) => !testCase.mutates,
  expectedCount: 227,
  intendedDeviations: {},
  namespace: 'recorded',
  selectionChecks: {
    'replays the cases as recorded, under the plugin namespace': (selected) => {
      expect(selected.every((testCase) => testCase.path.includes(`/${PLUGIN_NAMESPACE}`) || !testCase.path.includes('/events/v1'))).toBe(true);
      // Most answers print the namespace somewhere (URLs, the index), so a service that printed
      // its own would fail them.
      expect(readsMentioningNamespace.length).toBe(145);
    },
  },
});
