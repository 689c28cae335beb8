import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { compareCase, loadCases, replayCase, type ReferenceCase } from './captures.js';

/**
 * The recorded `errors` cases that are not GETs: a method no route has, a malformed JSON body,
 * missing required fields, validation before permission, a type error in a body. They are
 * answered by WordPress's request handling before any handler runs, so they hold even while the
 * write handlers are not built; none of them writes.
 */
const SELECTED = loadCases().filter((testCase: ReferenceCase) => testCase.group === 'errors' && testCase.method !== 'GET');
const EXPECTED_CASE_COUNT = 5;

let database: TestDatabase;
let config: Config;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  config = loadConfig({ DATABASE_URL: database.url });
});

afterAll(async () => {
  await database?.drop();
});

describe('request errors contract', () => {
  it(`selects ${EXPECTED_CASE_COUNT} cases, none of which writes`, () => {
    expect(SELECTED.length).toBe(EXPECTED_CASE_COUNT);
    expect(SELECTED.filter((testCase) => testCase.mutates)).toEqual([]);
  });

  for (const testCase of SELECTED) {
    it(testCase.id, async () => {
      const app = createApp({ db: database.db, config, clock: fixedClock('2026-11-21T23:16:07Z') });
      const comparison = compareCase(testCase, await replayCase(supertest(app.callback()), testCase));
      expect(comparison.mismatches, testCase.note).toEqual([]);
    });
  }
});
