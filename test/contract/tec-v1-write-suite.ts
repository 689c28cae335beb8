import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { customTablesDisagreements } from '../setup/custom-tables-agreement.js';
import { loadConfig } from '../../src/config.js';
import { compareCase, type ReferenceCase, type TableRows } from './captures.js';
import { loadTecV1Cases, replayTecV1Case, type TecV1Case } from './tec-v1-captures.js';
import { compareRows, diffSnapshots, snapshotTables } from './table-rows.js';
import { writeCaseDatabasesOfFile, type WriteCaseDatabases } from './write-case-databases.js';

/**
 * Replays the recorded writes of TEC's `tec/v1` namespace (fixtures/reference-tec-v1): each on the
 * state of a freshly loaded reference database (its db.sql is reference/db.sql byte for byte; one
 * copy per file, restored after each case: write-case-databases.ts), the clock
 * at the case's `recorded_at`. Compared by that README's rules: the status, the body of refusals
 * (success bodies once the tec/v1 entity renderer is wired into the writes), and every row written
 * and removed, with `meta_id`, `event_id`, `occurrence_id` and `hash` not compared (meta rows are
 * matched by post, key and their order among the key's rows written).
 */

/** What the comparison leaves out until the tec/v1 read side is merged in (see the suite's doc). */
export interface TecV1WriteComparison {
  /** Compare the bodies of successful writes (needs the tec/v1 entity renderer). */
  successBodies: boolean;
  /** Compare the Allow header (needs the routes' GET endpoints beside the writes). */
  allowHeader: boolean;
}

export interface TecV1WriteSuite {
  title: string;
  select: (testCase: TecV1Case) => boolean;
  expectedCount: number;
  comparison: TecV1WriteComparison;
  /** Cases answered or written differently, case id -> why. They must still differ. */
  knownDifferences: Readonly<Record<string, string>>;
  dialect?: 'mysql' | 'sqlite';
}

const RUN_SLACK_SECONDS = 10;
const REQUEST_TIME_KEYS = new Set(['date', 'date_gmt', 'modified', 'modified_gmt']);

export function defineTecV1WriteSuite(suite: TecV1WriteSuite): void {
  const selected = loadTecV1Cases().filter(suite.select);
  const databases = writeCaseDatabasesOfFile(suite.dialect);

  describe(`${suite.title}: selection`, () => {
    it(`selects ${suite.expectedCount} recorded writes`, () => {
      expect(selected.length).toBe(suite.expectedCount);
      expect(selected.filter((testCase) => !testCase.mutates || !testCase.recorded_at).map((testCase) => testCase.id)).toEqual([]);
    });
    it('lists only selected cases as known differences', () => {
      const ids = new Set(selected.map((testCase) => testCase.id));
      expect(Object.keys(suite.knownDifferences).filter((id) => !ids.has(id))).toEqual([]);
    });
  });

  describe(`${suite.title}: writes replayed on a fresh database`, () => {
    for (const testCase of selected) {
      it(testCase.id, async () => {
        const { mismatches, customTables } = await replayTecV1Write(testCase, databases(), suite.comparison);
        expect(customTables, 'tec_events / tec_occurrences after the write disagree with the meta').toEqual([]);
        const known = suite.knownDifferences[testCase.id];
        if (known !== undefined) {
          expect(mismatches.length, `listed as a known difference (${known}) but now matches`).toBeGreaterThan(0);
          return;
        }
        expect(mismatches, `${testCase.note}\n${testCase.method} ${testCase.path}\n${testCase.body ?? ''}`).toEqual([]);
      });
    }
  });
}

/** Replays one recorded tec/v1 write on the reference database as freshly loaded. */
export async function replayTecV1Write(
  testCase: TecV1Case,
  databases: WriteCaseDatabases,
  comparison: TecV1WriteComparison,
): Promise<{ mismatches: string[]; customTables: string[] }> {
  const recordedAt = testCase.recorded_at ?? '';
  const { pristine } = databases;
  const database = await databases.checkout();
  try {
    const config = loadConfig({ DATABASE_URL: database.url, NAMESPACES: 'calendar/events/v1,tec/v1' });
    const handler = createHandler({ db: database.db, config, clock: fixedClock(recordedAt), logError: () => undefined });
    const response = await replayTecV1Case(supertest(handler), testCase);
    const runTime = Date.parse(recordedAt) / 1000;
    const success = testCase.expect.status < 300;
    const expected = structuredClone(testCase) as unknown as ReferenceCase;
    if (!comparison.allowHeader) delete expected.expect.headers.allow;
    const actual = { ...response, headers: { ...response.headers } };
    if (!comparison.allowHeader) delete actual.headers.allow;
    if (success && !comparison.successBodies) actual.body = expected.expect.body;
    else actual.body = alignRequestTimes(expected.expect.body, actual.body, runTime);
    const mismatches = [...compareCase(expected, actual).mismatches];

    const { written, deleted } = diffSnapshots(pristine, await snapshotTables(database.url));
    mismatches.push(...compareRows('db_after', unkeyed(testCase.db_after ?? {}), unkeyed(written), recordedAt));
    mismatches.push(...compareRows('db_deleted', unkeyed(testCase.db_deleted ?? {}), unkeyed(deleted), recordedAt));
    const postIds = [written, deleted].flatMap((rows) => [
      ...(rows.wp_posts ?? []).map((row) => Number(row.ID)),
      ...['wp_postmeta', 'wp_tec_events', 'wp_tec_occurrences'].flatMap((table) => (rows[table] ?? []).map((row) => Number(row.post_id))),
    ]);
    return { mismatches, customTables: await customTablesDisagreements(database.db, postIds) };
  } finally {
    await database.drop();
  }
}

/**
 * The README's "not compared" columns made keys both sides agree on: a meta row is named by its
 * post, key and place among that key's rows in the set; custom tables rows by their post.
 */
function unkeyed(rows: TableRows): TableRows {
  const out: TableRows = { ...rows };
  if (rows.wp_postmeta) {
    const seen = new Map<string, number>();
    const ordered = [...rows.wp_postmeta].sort((a, b) => Number(a.meta_id) - Number(b.meta_id));
    out.wp_postmeta = ordered.map((row) => {
      const name = `${row.post_id}:${row.meta_key}`;
      const index = (seen.get(name) ?? 0) + 1;
      seen.set(name, index);
      return { ...row, meta_id: `${name}#${index}` };
    });
  }
  if (rows.wp_tec_events) out.wp_tec_events = rows.wp_tec_events.map((row) => ({ ...row, event_id: row.post_id ?? null, hash: '' }));
  if (rows.wp_tec_occurrences) {
    out.wp_tec_occurrences = rows.wp_tec_occurrences.map((row) => ({ ...row, occurrence_id: row.post_id ?? null, event_id: '', hash: '' }));
  }
  return out;
}

// Times of the request in a body (TEC's `Y-m-d\TH:i:s`): both within the run count as equal.
function alignRequestTimes(expected: unknown, actual: unknown, runTime: number, key = ''): unknown {
  if (REQUEST_TIME_KEYS.has(key) && typeof expected === 'string' && typeof actual === 'string') {
    const inRun = (text: string) => Math.abs(Date.parse(`${text.replace(' ', 'T')}Z`) / 1000 - runTime) <= RUN_SLACK_SECONDS;
    return inRun(expected) && inRun(actual) ? expected : actual;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) return actual.map((item, index) => alignRequestTimes(expected[index], item, runTime));
  if (isObject(expected) && isObject(actual)) {
    return Object.fromEntries(Object.entries(actual).map(([name, value]) => [name, alignRequestTimes(expected[name], value, runTime, name)]));
  }
  return actual;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
