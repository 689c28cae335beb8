import { sql } from 'kysely';
import { expect } from 'vitest';
import { loadCases, type ReferenceCase } from './captures.js';
import type { Database } from '../../src/db/tables.js';
import type { TestDatabase } from '../setup/database.js';
import { defineContractSuite, isErrorOn } from './suite.js';

/**
 * The cases that need a signed-in user or test who may do what: every `auth` case (writes refused
 * with 401 or 403 before anything is written, wrong application passwords), every authenticated
 * GET of `events.read` and `organizers.read` (`venues.read` has none), and the authenticated GET
 * `errors` cases of the event routes (a status filter refused to a subscriber, `status=any`).
 * Requests carry HTTP Basic application passwords from users.json, as recorded;
 * `events.list.default-admin` runs at its recording instant (RECORDED_AT in suite.ts).
 *
 * Not selected: the authenticated write cases (`*.write`, and the `errors` POST/DELETE cases),
 * which belong to the write routes.
 */

function isSelected(testCase: ReferenceCase): boolean {
  if (testCase.group === 'auth') return true;
  if (testCase.auth === 'none' || testCase.method !== 'GET') return false;
  if (['events.read', 'venues.read', 'organizers.read'].includes(testCase.group)) return true;
  return isErrorOn(testCase, /^\/events(\/|$)/);
}

/**
 * The tables a write changes (the README's `db_after` tables); refused writes must leave them alone.
 * Not `usermeta`: signing in with an application password records its `last_used` there.
 */
const CONTENT_TABLES: ReadonlyArray<keyof Database> = [
  'posts',
  'postmeta',
  'terms',
  'term_taxonomy',
  'term_relationships',
  'termmeta',
  'tec_events',
  'tec_occurrences',
];

async function contentChecksums(database: TestDatabase): Promise<unknown> {
  const tables = CONTENT_TABLES.map((table) => `${database.prefix}${table}`).join(', ');
  const result = await sql.raw(`CHECKSUM TABLE ${tables}`).execute(database.db);
  return result.rows;
}

defineContractSuite({
  title: 'auth contract',
  replays: 'signed-in and refused requests',
  select: isSelected,
  // 14 auth + 16 authenticated events.read + 2 authenticated organizers.read + 2 authenticated GET
  // errors on /events.
  expectedCount: 34,
  // Empty: the sidecar aims to match every selected case.
  intendedDeviations: {},
  selectionChecks: {
    'selects every auth case, and only cases that sign in or are refused for want of it': (selected) => {
      const authCases = loadCases().filter((testCase) => testCase.group === 'auth');
      expect(authCases.length).toBe(14);
      expect(selected.filter((testCase) => testCase.group === 'auth')).toEqual(authCases);
    },
  },
  beforeReplay: async (testCase, database) => {
    if (testCase.method === 'GET') return undefined;
    const before = await contentChecksums(database);
    // A refused write is refused before anything is written.
    return async () => expect(await contentChecksums(database)).toEqual(before);
  },
});
