import { expect } from 'vitest';
import { isLinkedPostsContractCase, isTimeDependent, namespaceRoute } from './read-selections.js';
import { defineContractSuite } from './suite.js';

/**
 * Anonymous GET cases of the venue and organizer routes (groups `venues.read` and
 * `organizers.read`, plus the `errors` cases under /venues and /organizers), replayed against the
 * reference dump and compared by the README's rules. Authenticated cases are replayed by the auth
 * contract.
 */

defineContractSuite({
  title: 'venues and organizers contract',
  replays: 'anonymous GET',
  select: isLinkedPostsContractCase,
  // 18 anonymous venues.read (dev-search.venue-*, dev-content.venue-blocks and .venues-list among
  // them) + 11 anonymous organizers.read (dev-search.organizer-negation, dev-content.organizer-
  // shortcodes) + 1 anonymous GET error (venues status).
  expectedCount: 30,
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
    // No venue or organizer case is time-dependent; they still run with the clock stopped at
    // their recorded_at, so `only_with_upcoming` reads the "now" the plugin read.
    'selects no time-dependent case': (selected) => {
      const timeDependent = selected.filter((testCase) => isTimeDependent(testCase) || testCase.note.includes('time-dependent'));
      expect(timeDependent.map((testCase) => testCase.id)).toEqual([]);
    },
  },
});
