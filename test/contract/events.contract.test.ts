import { expect } from 'vitest';
import { loadCases, type ReferenceCase } from './captures.js';
import { RECORDED_AT, defineContractSuite, isAnonymousGet, namespaceRoute } from './suite.js';

/**
 * Anonymous GET cases of the index and event routes, replayed against the reference dump and
 * compared by the README's rules. Cases needing a user, writing, or other resources live elsewhere.
 */

// Errors of these resources belong to their own contract files.
const OTHER_RESOURCES = /^\/(venues|organizers|categories|tags|doc)(\/|$)/;

function isSelected(testCase: ReferenceCase): boolean {
  if (!isAnonymousGet(testCase)) return false;
  if (testCase.group === 'index' || testCase.group === 'events.read') return true;
  const route = namespaceRoute(testCase);
  // What is left is an event route or a route that does not exist (`/nope`).
  return testCase.group === 'errors' && route !== null && !OTHER_RESOURCES.test(route);
}

defineContractSuite({
  title: 'events contract',
  replays: 'anonymous GET',
  select: isSelected,
  // 2 index + 71 anonymous events.read + 22 anonymous GET errors outside venues/categories.
  expectedCount: 95,
  // Empty: the sidecar aims to match every selected case.
  intendedDeviations: {},
  selectionChecks: {
    // The index and the default events list hold the request time; see RECORDED_AT in suite.ts.
    'has a recording instant for exactly the cases noted as time-dependent': () => {
      const timeDependent = loadCases()
        .filter((testCase) => testCase.note.includes('time-dependent'))
        .map((testCase) => testCase.id);
      expect(Object.keys(RECORDED_AT).sort()).toEqual(timeDependent.sort());
    },
  },
});
