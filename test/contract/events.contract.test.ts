import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { compareCase, loadCases, replayCase, type ReferenceCase } from './captures.js';

/**
 * Anonymous GET cases of the index and event routes, replayed against the reference dump and
 * compared by the README's rules. Cases needing a user, writing, or other resources live elsewhere.
 */

const NAMESPACE_ROOT = '/wp-json/calendar/events/v1';
// Errors of these resources belong to their own contract files.
const OTHER_RESOURCES = /^\/(venues|organizers|categories|tags|doc)(\/|$)/;

function isSelected(testCase: ReferenceCase): boolean {
  if (testCase.auth !== 'none' || testCase.method !== 'GET') return false;
  if (testCase.group === 'index' || testCase.group === 'events.read') return true;
  if (testCase.group !== 'errors' || !testCase.path.startsWith(NAMESPACE_ROOT)) return false;
  // What is left is an event route or a route that does not exist (`/nope`).
  return !OTHER_RESOURCES.test(testCase.path.slice(NAMESPACE_ROOT.length));
}

const SELECTED = loadCases().filter(isSelected);

// 2 index + 71 anonymous events.read + 22 anonymous GET errors outside venues/categories.
// A filter bug must not quietly select fewer (or zero) cases.
const EXPECTED_CASE_COUNT = 95;

/**
 * When the time-dependent cases were recorded (fixtures README); `default-admin` needs a user and
 * is replayed elsewhere, but its instant belongs with the others. The events list applies a default
 * window (start of yesterday to 24 months ahead) and the namespace index prints it, so these only
 * match with the clock stopped at the recording instant.
 */
const RECORDED_AT: Readonly<Record<string, string>> = {
  // The index's `end_date` default reads `2028-11-21 23:16:07`: now + 24 months, to the second.
  'index.namespace': '2026-11-21T23:16:07Z',
  'index.namespace-slash': '2026-11-21T23:16:07Z',
  // rest_url shows only the day (`2026-11-20 00:00:00` .. `2028-11-21 23:59:59`); same run as the index.
  'events.list.default-anon': '2026-11-21T23:16:07Z',
  'events.list.default-admin': '2026-11-21T23:16:07Z',
  // With `include`, rest_url's `end_date` holds the request time: `2028-11-21 23:16:13`.
  'events.list.include': '2026-11-21T23:16:13Z',
  'events.list.include-default-window': '2026-11-21T23:16:13Z',
};

/** Every other case passes explicit dates; it still gets a fixed clock on the recording day. */
const DEFAULT_INSTANT = '2026-11-21T23:16:07Z';

/**
 * The one place a case may be declared as intentionally answered differently from the plugin,
 * case id -> why. Listed cases still run and must still differ, so an entry cannot outlive the
 * difference it excuses. Empty: the sidecar aims to match every selected case.
 */
const INTENDED_DEVIATIONS: Readonly<Record<string, string>> = {};

let database: TestDatabase;
let config: Config;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  config = loadConfig({ DATABASE_URL: database.url });
});

afterAll(async () => {
  await database?.drop();
});

describe('events contract: selection', () => {
  it(`selects ${EXPECTED_CASE_COUNT} cases`, () => {
    expect(SELECTED.length).toBe(EXPECTED_CASE_COUNT);
  });

  it('lists only selected cases in INTENDED_DEVIATIONS', () => {
    const selectedIds = new Set(SELECTED.map((testCase) => testCase.id));
    expect(Object.keys(INTENDED_DEVIATIONS).filter((id) => !selectedIds.has(id))).toEqual([]);
  });

  it('has a recording instant for exactly the cases noted as time-dependent', () => {
    const timeDependent = loadCases()
      .filter((testCase) => testCase.note.includes('time-dependent'))
      .map((testCase) => testCase.id);
    expect(Object.keys(RECORDED_AT).sort()).toEqual(timeDependent.sort());
  });
});

describe('events contract: anonymous GET against the reference captures', () => {
  for (const testCase of SELECTED) {
    it(testCase.id, async () => {
      const clock = fixedClock(RECORDED_AT[testCase.id] ?? DEFAULT_INSTANT);
      const app = createApp({ db: database.db, config, clock });
      const actual = await replayCase(supertest(app.callback()), testCase);
      const comparison = compareCase(testCase, actual);

      const deviation = INTENDED_DEVIATIONS[testCase.id];
      if (deviation !== undefined) {
        expect(comparison.pass, `listed in INTENDED_DEVIATIONS (${deviation}) but now matches`).toBe(false);
        return;
      }
      const request = `${testCase.method} ${testCase.path}${testCase.query === '' ? '' : `?${testCase.query}`}`;
      expect(comparison.mismatches, `${testCase.note}\n${request}`).toEqual([]);
    });
  }
});
