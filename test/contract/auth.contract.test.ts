import supertest from 'supertest';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { compareCase, loadCases, replayCase, type ReferenceCase } from './captures.js';

/**
 * The cases that need a signed-in user or test who may do what: every `auth` case (writes refused
 * with 401 or 403 before anything is written, wrong application passwords), every authenticated
 * GET of `events.read` and `organizers.read` (`venues.read` has none), and the authenticated GET
 * `errors` cases of the event routes (a status filter refused to a subscriber, `status=any`).
 * Requests carry HTTP Basic application passwords from users.json, as recorded.
 *
 * Not selected: the authenticated write cases (`*.write`, and the `errors` POST/DELETE cases),
 * which belong to the write routes.
 */

const NAMESPACE_ROOT = '/wp-json/calendar/events/v1';
const EVENT_ROUTE = /^\/events(\/|$)/;

function isSelected(testCase: ReferenceCase): boolean {
  if (testCase.group === 'auth') return true;
  if (testCase.auth === 'none' || testCase.method !== 'GET') return false;
  if (['events.read', 'venues.read', 'organizers.read'].includes(testCase.group)) return true;
  return (
    testCase.group === 'errors' &&
    testCase.path.startsWith(NAMESPACE_ROOT) &&
    EVENT_ROUTE.test(testCase.path.slice(NAMESPACE_ROOT.length))
  );
}

const SELECTED = loadCases().filter(isSelected);

// 14 auth + 16 authenticated events.read + 2 authenticated organizers.read + 2 authenticated GET
// errors on /events. A filter bug must not quietly select fewer (or zero) cases.
const EXPECTED_CASE_COUNT = 34;

/** `events.list.default-admin` applies the default date window; it was recorded at this instant. */
const RECORDED_AT: Readonly<Record<string, string>> = {
  'events.list.default-admin': '2026-11-21T23:16:07Z',
};
const DEFAULT_INSTANT = '2026-11-21T23:16:07Z';

/**
 * The one place a case may be declared as intentionally answered differently from the plugin,
 * case id -> why. Listed cases still run and must still differ, so an entry cannot outlive the
 * difference it excuses. Empty: the sidecar aims to match every selected case.
 */
const INTENDED_DEVIATIONS: Readonly<Record<string, string>> = {};

/** The tables a write changes (the README's `db_after` tables); refused writes must leave them alone. */
const CONTENT_TABLES = [
  'posts',
  'postmeta',
  'terms',
  'term_taxonomy',
  'term_relationships',
  'termmeta',
  'tec_events',
  'tec_occurrences',
] as const;

let database: TestDatabase;
let config: Config;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  config = loadConfig({ DATABASE_URL: database.url });
});

afterAll(async () => {
  await database?.drop();
});

async function contentChecksums(): Promise<unknown> {
  const tables = CONTENT_TABLES.map((table) => `${database.prefix}${table}`).join(', ');
  const result = await sql.raw(`CHECKSUM TABLE ${tables}`).execute(database.db);
  return result.rows;
}

describe('auth contract: selection', () => {
  it(`selects ${EXPECTED_CASE_COUNT} cases`, () => {
    expect(SELECTED.length).toBe(EXPECTED_CASE_COUNT);
  });

  it('selects every auth case, and only cases that sign in or are refused for want of it', () => {
    const authCases = loadCases().filter((testCase) => testCase.group === 'auth');
    expect(authCases.length).toBe(14);
    expect(SELECTED.filter((testCase) => testCase.group === 'auth')).toEqual(authCases);
  });

  it('lists only selected cases in INTENDED_DEVIATIONS', () => {
    const selectedIds = new Set(SELECTED.map((testCase) => testCase.id));
    expect(Object.keys(INTENDED_DEVIATIONS).filter((id) => !selectedIds.has(id))).toEqual([]);
  });
});

describe('auth contract: replayed against the reference captures', () => {
  for (const testCase of SELECTED) {
    it(testCase.id, async () => {
      const clock = fixedClock(RECORDED_AT[testCase.id] ?? DEFAULT_INSTANT);
      const app = createApp({ db: database.db, config, clock });
      const writes = testCase.method !== 'GET';
      const before = writes ? await contentChecksums() : undefined;
      const actual = await replayCase(supertest(app.callback()), testCase);
      const comparison = compareCase(testCase, actual);

      const deviation = INTENDED_DEVIATIONS[testCase.id];
      if (deviation !== undefined) {
        expect(comparison.pass, `listed in INTENDED_DEVIATIONS (${deviation}) but now matches`).toBe(false);
        return;
      }
      const request = `${testCase.method} ${testCase.path}${testCase.query === '' ? '' : `?${testCase.query}`}`;
      expect(comparison.mismatches, `${testCase.note}\n${request}`).toEqual([]);
      // A refused write is refused before anything is written.
      if (writes) expect(await contentChecksums()).toEqual(before);
    });
  }
});
