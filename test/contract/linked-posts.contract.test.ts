import { expect } from 'vitest';
import { defineContractSuite, isAnonymousReadOf, namespaceRoute } from './suite.js';

/**
 * Anonymous GET cases of the venue and organizer routes (groups `venues.read` and
 * `organizers.read`, plus the `errors` cases under /venues and /organizers), replayed against the
 * reference dump and compared by the README's rules. Authenticated cases are replayed by the auth
 * contract.
 */

defineContractSuite({
  title: 'venues and organizers contract',
  replays: 'anonymous GET',
  select: (testCase) =>
    isAnonymousReadOf(testCase, ['venues.read', 'organizers.read'], /^\/(venues|organizers)(\/|$)/),
  // 14 anonymous venues.read + 9 anonymous organizers.read + 1 anonymous GET error (venues status).
  expectedCount: 24,
  // Empty: the sidecar aims to match every selected case.
  intendedDeviations: {},
  selectionChecks: {
    'covers both resources, lists and singles': (selected) => {
      const paths = selected.map((testCase) => namespaceRoute(testCase) ?? '');
      for (const resource of ['venues', 'organizers']) {
        expect(paths).toContain(`/${resource}`);
        expect(paths.some((path) => path.startsWith(`/${resource}/by-slug/`))).toBe(true);
        expect(paths.some((path) => new RegExp(`^/${resource}/\\d+$`).test(path))).toBe(true);
      }
    },
    // No venue or organizer case is time-dependent; they still run with the clock stopped on the
    // recording day, so `only_with_upcoming` reads the same "now" as the events contract.
    'selects no case noted as time-dependent': (selected) => {
      expect(selected.filter((testCase) => testCase.note.includes('time-dependent')).map((c) => c.id)).toEqual([]);
    },
  },
});
