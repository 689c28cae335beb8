import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { compareCase, loadCases, replayCase, type ReferenceCase } from './captures.js';

/**
 * Anonymous GET cases of the category and tag routes, and the GET `errors` cases under them,
 * replayed against the reference dump and compared by the README's rules.
 */

const NAMESPACE_ROOT = '/wp-json/calendar/events/v1';
const TERM_ROUTES = /^\/(categories|tags)(\/|$)/;

function isSelected(testCase: ReferenceCase): boolean {
  if (testCase.auth !== 'none' || testCase.method !== 'GET') return false;
  if (testCase.group === 'categories.read' || testCase.group === 'tags.read') return true;
  if (testCase.group !== 'errors' || !testCase.path.startsWith(NAMESPACE_ROOT)) return false;
  return TERM_ROUTES.test(testCase.path.slice(NAMESPACE_ROOT.length));
}

const SELECTED = loadCases().filter(isSelected);

// 11 anonymous categories.read + 5 anonymous tags.read + 1 GET error (`include=9999`).
// A filter bug must not quietly select fewer (or zero) cases.
const EXPECTED_CASE_COUNT = 17;

/** No term case depends on the clock; they still run at the recording instant of the others. */
const RECORDED_AT = '2026-11-21T23:16:07Z';

/**
 * The one place a case may be declared as intentionally answered differently from the plugin,
 * case id -> why. Listed cases still run and must still differ, so an entry cannot outlive the
 * difference it excuses. Empty: every selected case matches.
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

describe('terms contract: selection', () => {
  it(`selects ${EXPECTED_CASE_COUNT} cases`, () => {
    expect(SELECTED.length).toBe(EXPECTED_CASE_COUNT);
  });

  it('covers both taxonomies, lists and single terms', () => {
    const paths = SELECTED.map((testCase) => testCase.path.slice(NAMESPACE_ROOT.length));
    for (const route of [/^\/categories$/, /^\/categories\/\d+$/, /^\/tags$/, /^\/tags\/\d+$/]) {
      expect(paths.some((path) => route.test(path)), String(route)).toBe(true);
    }
  });

  it('lists only selected cases in INTENDED_DEVIATIONS', () => {
    const selectedIds = new Set(SELECTED.map((testCase) => testCase.id));
    expect(Object.keys(INTENDED_DEVIATIONS).filter((id) => !selectedIds.has(id))).toEqual([]);
  });
});

describe('terms contract: anonymous GET against the reference captures', () => {
  for (const testCase of SELECTED) {
    it(testCase.id, async () => {
      const app = createApp({ db: database.db, config, clock: fixedClock(RECORDED_AT) });
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
