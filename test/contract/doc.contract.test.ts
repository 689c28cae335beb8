import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { compareCase, loadCases, replayCase, type ReferenceCase } from './captures.js';

/**
 * The /doc cases: the OpenAPI document, compared whole, keys in order, against the recording.
 * The namespace index cases run with the events contract (they share its recording instant).
 */

const NAMESPACE_ROOT = '/wp-json/calendar/events/v1';

function isSelected(testCase: ReferenceCase): boolean {
  if (testCase.auth !== 'none' || testCase.method !== 'GET') return false;
  if (testCase.group === 'doc') return true;
  // Any recorded error on the /doc route belongs here too.
  return testCase.group === 'errors' && /^\/doc(\/|$)/.test(testCase.path.slice(NAMESPACE_ROOT.length));
}

const SELECTED = loadCases().filter(isSelected);

// doc.get; the recordings hold no error case on /doc. A filter bug must not select fewer.
const EXPECTED_CASE_COUNT = 1;

/** The /doc document does not depend on the time; any instant will do. */
const INSTANT = '2026-11-21T23:16:07Z';

/**
 * Case id -> why it is intentionally answered differently. Listed cases still run and must still
 * differ. Empty: the document matches the plugin's.
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

describe('doc contract: selection', () => {
  it(`selects ${EXPECTED_CASE_COUNT} case`, () => {
    expect(SELECTED.map((testCase) => testCase.id)).toEqual(['doc.get']);
    expect(SELECTED.length).toBe(EXPECTED_CASE_COUNT);
  });

  it('lists only selected cases in INTENDED_DEVIATIONS', () => {
    const selectedIds = new Set(SELECTED.map((testCase) => testCase.id));
    expect(Object.keys(INTENDED_DEVIATIONS).filter((id) => !selectedIds.has(id))).toEqual([]);
  });
});

describe('doc contract: anonymous GET against the reference captures', () => {
  for (const testCase of SELECTED) {
    it(testCase.id, async () => {
      const app = createApp({ db: database.db, config, clock: fixedClock(INSTANT) });
      const actual = await replayCase(supertest(app.callback()), testCase);
      const comparison = compareCase(testCase, actual);

      const deviation = INTENDED_DEVIATIONS[testCase.id];
      if (deviation !== undefined) {
        expect(comparison.pass, `listed in INTENDED_DEVIATIONS (${deviation}) but now matches`).toBe(false);
        return;
      }
      expect(comparison.mismatches, `${testCase.note}\n${testCase.method} ${testCase.path}`).toEqual([]);
    });
  }
});
