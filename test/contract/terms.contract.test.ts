import { expect } from 'vitest';
import { isTermsContractCase, namespaceRoute } from './read-selections.js';
import { defineContractSuite } from './suite.js';

/**
 * Anonymous GET cases of the category and tag routes, and the GET `errors` cases under them,
 * replayed against the reference dump and compared by the README's rules. No term case depends
 * on the clock; they still run at their recorded_at like the others.
 */

defineContractSuite({
  title: 'terms contract',
  replays: 'anonymous GET',
  select: isTermsContractCase,
  // 11 anonymous categories.read + 5 anonymous tags.read + 1 GET error (`include=9999`).
  expectedCount: 17,
  // Empty: every selected case matches.
  intendedDeviations: {},
  selectionChecks: {
    'covers both taxonomies, lists and single terms': (selected) => {
      const paths = selected.map((testCase) => namespaceRoute(testCase) ?? '');
      for (const route of [/^\/categories$/, /^\/categories\/\d+$/, /^\/tags$/, /^\/tags\/\d+$/]) {
        expect(paths.some((path) => route.test(path)), String(route)).toBe(true);
      }
    },
  },
});
