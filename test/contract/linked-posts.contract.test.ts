import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { compareCase, loadCases, replayCase, type ReferenceCase } from './captures.js';

/**
 * Anonymous GET cases of the venue and organizer routes (groups `venues.read` and
 * `organizers.read`, plus the `errors` cases under /venues and /organizers), replayed against the
 * reference dump and compared by the README's rules. Authenticated cases need the sign-in layer
 * and are replayed elsewhere once it exists.
 */

const NAMESPACE_ROOT = '/wp-json/calendar/events/v1';
const LINKED_ROUTE = /^\/(venues|organizers)(\/|$)/;

function isSelected(testCase: ReferenceCase): boolean {
  if (testCase.auth !== 'none' || testCase.method !== 'GET') return false;
  if (testCase.group === 'venues.read' || testCase.group === 'organizers.read') return true;
  if (testCase.group !== 'errors' || !testCase.path.startsWith(NAMESPACE_ROOT)) return false;
  return LINKED_ROUTE.test(testCase.path.slice(NAMESPACE_ROOT.length));
}

const SELECTED = loadCases().filter(isSelected);

// 14 anonymous venues.read + 9 anonymous organizers.read + 1 anonymous GET error (venues status).
// A filter bug must not quietly select fewer (or zero) cases.
const EXPECTED_CASE_COUNT = 24;

/**
 * No venue or organizer case is time-dependent; every case runs with the clock stopped on the
 * recording day, as the events contract does, so `only_with_upcoming` would read the same "now".
 */
const RECORDED_INSTANT = '2026-11-21T23:16:07Z';

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

describe('venues and organizers contract: selection', () => {
  it(`selects ${EXPECTED_CASE_COUNT} cases`, () => {
    expect(SELECTED.length).toBe(EXPECTED_CASE_COUNT);
  });

  it('covers both resources, lists and singles', () => {
    const paths = SELECTED.map((testCase) => testCase.path.slice(NAMESPACE_ROOT.length));
    for (const resource of ['venues', 'organizers']) {
      expect(paths).toContain(`/${resource}`);
      expect(paths.some((path) => path.startsWith(`/${resource}/by-slug/`))).toBe(true);
      expect(paths.some((path) => new RegExp(`^/${resource}/\\d+$`).test(path))).toBe(true);
    }
  });

  it('lists only selected cases in INTENDED_DEVIATIONS', () => {
    const selectedIds = new Set(SELECTED.map((testCase) => testCase.id));
    expect(Object.keys(INTENDED_DEVIATIONS).filter((id) => !selectedIds.has(id))).toEqual([]);
  });

  it('selects no case noted as time-dependent', () => {
    expect(SELECTED.filter((testCase) => testCase.note.includes('time-dependent')).map((c) => c.id)).toEqual([]);
  });
});

describe('venues and organizers contract: anonymous GET against the reference captures', () => {
  for (const testCase of SELECTED) {
    it(testCase.id, async () => {
      const app = createApp({ db: database.db, config, clock: fixedClock(RECORDED_INSTANT) });
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
