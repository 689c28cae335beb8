import { expect } from 'vitest';
import { loadCases } from './captures.js';
import { isAuthContractCase } from './read-selections.js';
import { defineContractSuite } from './suite.js';
import { writtenTablesChecksum } from '../setup/written-tables.js';

/**
 * The cases that need a signed-in user or test who may do what: every `auth` case (writes refused
 * with 401 or 403 before anything is written, wrong application passwords), every authenticated
 * GET of `events.read` and `organizers.read` (`venues.read` has none), and the authenticated GET
 * `errors` cases of the event routes (a status filter refused to a subscriber, `status=any`).
 * Requests carry HTTP Basic application passwords from users.json, or the raw `Authorization`
 * header a case recorded (`Basic Og==`, a Bearer token), as recorded.
 *
 * Not selected: the authenticated write cases (`*.write`, and the `errors` POST/DELETE cases),
 * which belong to the write routes.
 */


defineContractSuite({
  title: 'auth contract',
  replays: 'signed-in and refused requests',
  select: isAuthContractCase,
  // 18 auth (4 of them dev-search.* odd credentials) + 19 authenticated events.read (2 dev-search.*,
  // 1 dev-content.*) + 2 authenticated organizers.read + 2 authenticated GET errors on /events.
  expectedCount: 41,
  // Empty: the sidecar aims to match every selected case.
  intendedDeviations: {},
  selectionChecks: {
    'selects every auth case, and only cases that sign in or are refused for want of it': (selected) => {
      const authCases = loadCases().filter((testCase) => testCase.group === 'auth');
      expect(authCases.length).toBe(18);
      expect(selected.filter((testCase) => testCase.group === 'auth')).toEqual(authCases);
    },
  },
  beforeReplay: async (testCase, database) => {
    if (testCase.method === 'GET') return undefined;
    const before = await writtenTablesChecksum(database);
    // A refused write is refused before anything is written.
    return async () => expect(await writtenTablesChecksum(database)).toEqual(before);
  },
});
