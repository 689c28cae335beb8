import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import type { Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { sendRecordedRequest, type ReferenceCase } from './captures.js';
import { pendingSummary } from './tickets-pending.js';
import { contractConfig } from './suite.js';

/**
 * The captures of TEC's iCal export (fixtures/reference-ical): front-end URLs, not REST routes,
 * so their own loader and comparison. Each case is replayed as recorded on the reference dump
 * (its db.sql and users.json are the reference site's), with the clock at its `recorded_at`;
 * the answer must have the recorded status, the headers `compare_headers` names (a recorded
 * `null`: absent), and the body byte for byte.
 */

const CASES_FILE = fileURLToPath(new URL('../../fixtures/reference-ical/cases.jsonl', import.meta.url));

export interface ICalCase extends Pick<ReferenceCase, 'id' | 'group' | 'note' | 'path' | 'query' | 'auth' | 'recorded_at'> {
  method: 'GET';
  compare_headers: readonly string[];
  expect: { status: number; headers: Record<string, string | null>; body: { $raw: string } };
}

/** The 148 recorded cases in file order. Throws on a line that is not a GET case with a raw body. */
export function loadICalCases(): readonly ICalCase[] {
  return readFileSync(CASES_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const parsed = JSON.parse(line) as ICalCase;
      if (parsed.method !== 'GET' || typeof parsed.expect?.body?.$raw !== 'string' || !Array.isArray(parsed.compare_headers)) {
        throw new Error(`reference-ical cases.jsonl line ${index + 1}: not a GET case with a raw body and compare_headers`);
      }
      return parsed;
    });
}

/** What differs between a recorded answer and ours; empty when they are identical. */
export function compareICalCase(testCase: ICalCase, actual: { status: number; headers: Record<string, string>; text: string }): string[] {
  const mismatches: string[] = [];
  if (actual.status !== testCase.expect.status) mismatches.push(`status: expected ${testCase.expect.status}, got ${actual.status}`);
  for (const name of testCase.compare_headers) {
    const want = testCase.expect.headers[name] ?? null;
    const got = actual.headers[name] ?? null;
    if (want !== got) mismatches.push(`headers.${name}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  const expected = testCase.expect.body.$raw;
  if (actual.text !== expected) {
    const wantLines = expected.split('\r\n');
    const gotLines = actual.text.split('\r\n');
    const first = wantLines.findIndex((line, index) => gotLines[index] !== line);
    const at = first === -1 ? wantLines.length : first;
    mismatches.push(
      `body: ${expected.length} chars expected, ${actual.text.length} got; first difference at line ${at + 1}: expected ${JSON.stringify(wantLines[at] ?? '(end)')}, got ${JSON.stringify(gotLines[at] ?? '(end)')}`,
    );
  }
  return mismatches;
}

export interface ICalSuite {
  title: string;
  dialect?: 'mysql' | 'sqlite';
  /** Cases not answered identically yet, case id -> class; each must still differ. */
  pending: Readonly<Record<string, string>>;
  /** How many cases are answered identically (all but the pending ones). */
  servedCount: number;
}

/** One `it` per recorded case, on one database per file, the clock at each case's recording instant. */
export function defineICalSuite(suite: ICalSuite): void {
  const cases = loadICalCases();
  let database: TestDatabase;
  let config: Config;

  beforeAll(async () => {
    database = await createTestDatabase({ dump: 'reference', dialect: suite.dialect });
    config = contractConfig(database.url);
  });

  afterAll(async () => {
    await database?.drop();
  });

  describe(`${suite.title}: selection`, () => {
    it('replays 148 cases, each with its recording instant', () => {
      expect(cases.length).toBe(148);
      expect(cases.filter((testCase) => testCase.recorded_at === undefined).map((testCase) => testCase.id)).toEqual([]);
    });
    it('lists only recorded cases as pending', () => {
      const ids = new Set(cases.map((testCase) => testCase.id));
      expect(Object.keys(suite.pending).filter((id) => !ids.has(id))).toEqual([]);
    });
    it(`serves ${suite.servedCount} identically; pending ${Object.keys(suite.pending).length}: ${pendingSummary(suite.pending)}`, () => {
      expect(cases.filter((testCase) => !Object.hasOwn(suite.pending, testCase.id)).length).toBe(suite.servedCount);
    });
  });

  describe(`${suite.title}: TEC's iCal export against the reference captures`, () => {
    for (const testCase of cases) {
      it(testCase.id, async () => {
        const handler = createHandler({ db: database.db, config, clock: fixedClock(recordingInstant(testCase)) });
        const request = { ...testCase, headers: undefined, content_type: null, body: null };
        const mismatches = compareICalCase(testCase, await sendRecordedRequest(supertest(handler), request, 'reference'));
        const pending = suite.pending[testCase.id];
        if (pending !== undefined) {
          expect(mismatches.length > 0, `pending (${pending}) but now matches: remove it from the pending list`).toBe(true);
          return;
        }
        expect(mismatches, `${testCase.note}\nGET ${testCase.path}${testCase.query === '' ? '' : `?${testCase.query}`}`).toEqual([]);
      });
    }
  });
}

function recordingInstant(testCase: ICalCase): string {
  if (testCase.recorded_at === undefined) throw new Error(`Case ${testCase.id} has no recorded_at`);
  return testCase.recorded_at;
}
