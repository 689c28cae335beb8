import { expect } from 'vitest';
import { loadCases } from './captures.js';
import { TIME_DEPENDENT_CASES, isEventsContractCase } from './read-selections.js';
import { defineContractSuite } from './suite.js';

/**
 * Anonymous GET cases of the index and event routes, replayed against the reference dump and
 * compared by the README's rules. Cases needing a user, writing, or other resources live elsewhere.
 */

defineContractSuite({
  title: 'events contract',
  replays: 'anonymous GET',
  select: isEventsContractCase,
  // 2 index + 109 anonymous events.read (26 of them dev-search.*, 12 dev-content.*) + 22 anonymous
  // GET errors outside venues/organizers/categories/tags/doc.
  expectedCount: 133,
  // Empty: the sidecar aims to match every selected case.
  intendedDeviations: {},
  selectionChecks: {
    // The index and the default events list hold the request time; see TIME_DEPENDENT_CASES.
    'names as time-dependent exactly the cases whose notes say so': () => {
      const noted = loadCases()
        .filter((testCase) => testCase.note.includes('time-dependent'))
        .map((testCase) => testCase.id);
      expect([...TIME_DEPENDENT_CASES].sort()).toEqual(noted.sort());
    },
  },
});
