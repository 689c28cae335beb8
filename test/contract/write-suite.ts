import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { customTablesDisagreements } from '../setup/custom-tables-agreement.js';
import { compareCase, loadCases, replayCase, type CaptureSet, type CaseNamespace, type ReferenceCase, type ReplayedResponse } from './captures.js';
import { contractConfig, selectCases } from './suite.js';
import type { TableRows } from './captures.js';
import { compareRows, diffSnapshots, snapshotTables } from './table-rows.js';
import { writeCaseDatabasesOfFile, type WriteCaseDatabases } from './write-case-databases.js';
import { PENDING_ON_OTHER_ISSUES } from './pending.js';

/**
 * Replays recorded writes (fixtures README): each case on the state of a freshly loaded `db.sql`
 * (one copy per file, restored after each case: write-case-databases.ts), with the clock stopped
 * at its `recorded_at`; the answer must match, and so must every row it wrote
 * (`db_after`) and removed (`db_deleted`). A refused write must leave every table as it was.
 */

export interface WriteContractSuite {
  title: string;
  select: (testCase: ReferenceCase) => boolean;
  /** How many cases `select` must pick. */
  expectedCount: number;
  /**
   * Cases answered differently from the plugin on purpose, case id -> why. They still run and
   * must still differ, so an entry cannot outlive the difference it excuses.
   */
  intendedDeviations?: Readonly<Record<string, string>>;
  /** `recorded`: replay under the plugin's own namespace, served beside ours (see ContractSuite). */
  namespace?: CaseNamespace;
  /** Where each case's reference database lives: MariaDB (the default) or a SQLite file. */
  dialect?: 'mysql' | 'sqlite';
  /** More checks of the selection, test name -> check; each runs as its own `it`. */
  selectionChecks?: Readonly<Record<string, (selected: readonly ReferenceCase[]) => void>>;
  /** The recorded site the cases and the dump come from (`reference` unless set). */
  captures?: CaptureSet;
  /** NAMESPACES of the replaying service, when not the one `namespace` implies (contractConfig). */
  namespaces?: string;
  /** The cases not answered identically yet, case id -> why; each must still differ. PENDING_ON_OTHER_ISSUES unless set. */
  pending?: Readonly<Record<string, string>>;
  /** More settings of the replaying service (the recorded site's keys, for the nonces its cases carry). */
  settings?: Readonly<Record<string, string>>;
}

/** The category writes answered differently on purpose, on either database (categories.writes and sqlite.writes). */
export const CATEGORY_WRITE_DEVIATIONS: Readonly<Record<string, string>> = {
  'cw.cat.up-slug-taken':
    "WordPress's duplicate_term_slug WP_Error carries no status, so the plugin answers 500; bad input is never a 500 here: same code and message with 400",
};

/**
 * Recorded writes after which the plugin left an event's tec_events / tec_occurrences rows at odds
 * with its meta, case id -> why (docs/writes.md: the intended deviation). We write the rows the
 * meta makes, so these rows, and only these, differ from the recording; every case also checks
 * that the two tables agree with the meta.
 */
const ZONE_RESET =
  'an update without `timezone` moves the event to the site zone (UTC) and keeps the UTC dates of its own zone, which TEC\'s Event model refuses: the plugin leaves the rows in the old zone';
const ZONE_ONLY = 'a zone-only update keeps the UTC dates of the old zone, which TEC\'s Event model refuses: the plugin leaves the rows in the old zone';
const END_BEFORE_START =
  'an end before the start is moved to the start after the UTC end was computed, which TEC\'s Event model refuses: the plugin creates the event with no custom tables rows, so its calendar views never show it';
export const PLUGIN_LEFT_CUSTOM_TABLES_STALE: Readonly<Record<string, string>> = {
  'events.write.create-end-before-start': END_BEFORE_START,
  'cw.ev.end-before-start': END_BEFORE_START,
  'cw.up.tz': ZONE_ONLY,
  'dev-slug.event-post': ZONE_RESET,
  'cw.up.put-desc': ZONE_RESET,
  'cw.up.cats-replace': ZONE_RESET,
  'cw.up.cats-clear': ZONE_RESET,
  'cw.up.status-draft': ZONE_RESET,
  'cw.up.slug-taken': ZONE_RESET,
  'cw.up.end-before': ZONE_RESET,
  'cw.up.author-own': ZONE_RESET,
  'cw.up.editor-others': ZONE_RESET,
  'cw.up.empty-body': ZONE_RESET,
};

const isCustomTablesMismatch = (line: string) => /^db_(after|deleted)\.wp_tec_(events|occurrences)\[/.test(line);

/** Keys of "now" in bodies, compared as times within the run (README, "Comparison rules"). */
const REQUEST_TIME_KEYS = new Set(['date', 'date_utc', 'date_gmt', 'modified', 'modified_utc', 'modified_gmt']);
const RUN_SLACK_SECONDS = 10;

export function defineWriteContractSuite(suite: WriteContractSuite): readonly ReferenceCase[] {
  const captures = suite.captures ?? 'reference';
  const pendingCases = suite.pending ?? PENDING_ON_OTHER_ISSUES;
  const selected = selectCases(suite.select, suite.namespace, captures);
  const deviations = suite.intendedDeviations ?? {};
  const databases = writeCaseDatabasesOfFile(suite.dialect, captures);
  const replay = { namespace: suite.namespace, namespaces: suite.namespaces, captures, settings: suite.settings };

  describe(`${suite.title}: selection`, () => {
    it(`selects ${suite.expectedCount} cases, every one a recorded write`, () => {
      expect(selected.length).toBe(suite.expectedCount);
      expect(selected.filter((testCase) => !testCase.mutates || !testCase.recorded_at).map((c) => c.id)).toEqual([]);
    });
    it('lists only recorded cases as leaving stale custom tables in the plugin', () => {
      const known = new Set(loadCases().map((testCase) => testCase.id));
      expect(Object.keys(PLUGIN_LEFT_CUSTOM_TABLES_STALE).filter((id) => !known.has(id))).toEqual([]);
    });
    it('lists only selected cases in intendedDeviations', () => {
      const ids = new Set(selected.map((testCase) => testCase.id));
      expect(Object.keys(deviations).filter((id) => !ids.has(id))).toEqual([]);
    });
    if (suite.pending !== undefined) {
      it('lists only selected cases as pending', () => {
        const ids = new Set(selected.map((testCase) => testCase.id));
        expect(Object.keys(pendingCases).filter((id) => !ids.has(id))).toEqual([]);
      });
    }
    for (const [name, check] of Object.entries(suite.selectionChecks ?? {})) {
      it(name, () => check(selected));
    }
  });

  describe(`${suite.title}: writes replayed on a fresh database`, () => {
    for (const testCase of selected) {
      it(testCase.id, async () => {
        const { mismatches, customTables } = await replayWrite(testCase, databases(), replay);
        expect(customTables, 'tec_events / tec_occurrences after the write disagree with the meta').toEqual([]);
        const pending = pendingCases[testCase.id];
        if (pending !== undefined) {
          expect(mismatches.length, `pending (${pending}) but now matches: drop it from the pending list`).toBeGreaterThan(0);
          return;
        }
        const deviation = deviations[testCase.id];
        if (deviation !== undefined) {
          expect(mismatches.length, `listed as an intended deviation (${deviation}) but now matches`).toBeGreaterThan(0);
          return;
        }
        const stale = PLUGIN_LEFT_CUSTOM_TABLES_STALE[testCase.id];
        if (stale !== undefined) {
          // The one difference allowed: our tec_events / tec_occurrences rows of the event, which
          // the check above holds to the meta, where the plugin left its stale ones.
          const tables = mismatches.filter(isCustomTablesMismatch);
          expect(tables.length, `listed as leaving stale custom tables in the plugin (${stale}) but our rows now match the recording`).toBeGreaterThan(0);
          expect(mismatches.filter((line) => !isCustomTablesMismatch(line))).toEqual([]);
          return;
        }
        expect(mismatches, `${testCase.note}\n${testCase.method} ${testCase.path}\n${testCase.body ?? ''}`).toEqual([]);
      });
    }
  });

  return selected;
}

/** What one replayed write differs in: from the recording, and between the custom tables and the meta. */
export interface ReplayedWrite {
  /** One line per difference from the recorded answer and rows. */
  mismatches: string[];
  /** One line per difference between the written events' tec_events / tec_occurrences rows and their meta. */
  customTables: string[];
}

/** How a write is replayed: its namespace reading, the service's NAMESPACES when not the one that implies, its capture set. */
export interface WriteReplay {
  namespace?: CaseNamespace;
  namespaces?: string | undefined;
  captures?: CaptureSet;
  settings?: Readonly<Record<string, string>> | undefined;
}

/** Replays one recorded write on the reference database as freshly loaded. */
export async function replayWrite(testCase: ReferenceCase, databases: WriteCaseDatabases, replay: WriteReplay = {}): Promise<ReplayedWrite> {
  const recordedAt = testCase.recorded_at ?? '';
  const { pristine } = databases;
  const database = await databases.checkout();
  try {
    const config = contractConfig(database.url, replay.namespace, replay.namespaces, replay.settings);
    const handler = createHandler({ db: database.db, config, clock: fixedClock(recordedAt), logError: () => undefined });
    const response = await replayCase(supertest(handler), testCase, replay.captures);
    const runTime = Date.parse(recordedAt) / 1000;
    const aligned: ReplayedResponse = { ...response, body: alignRequestTimes(testCase.expect.body, response.body, runTime) };
    const mismatches = [...compareCase(testCase, aligned).mismatches];

    const { written, deleted } = diffSnapshots(pristine, await snapshotTables(database.url));
    mismatches.push(...compareRows('db_after', testCase.db_after ?? {}, written, recordedAt));
    mismatches.push(...compareRows('db_deleted', testCase.db_deleted ?? {}, deleted, recordedAt));
    const customTables = await customTablesDisagreements(database.db, writtenPostIds(written, deleted));
    return { mismatches, customTables };
  } finally {
    await database.drop();
  }
}

/** The posts a write wrote or removed a row of (the post, its meta, its custom tables rows). */
function writtenPostIds(...changes: TableRows[]): number[] {
  const ids: number[] = [];
  for (const rows of changes) {
    for (const row of rows.wp_posts ?? []) ids.push(Number(row.ID));
    for (const table of ['wp_postmeta', 'wp_tec_events', 'wp_tec_occurrences']) {
      for (const row of rows[table] ?? []) ids.push(Number(row.post_id));
    }
  }
  return ids;
}

// Where the recording holds a time of the request and we hold one too (both within the run),
// take the recorded one, so the exact comparison that follows passes over it.
function alignRequestTimes(expected: unknown, actual: unknown, runTime: number, key = ''): unknown {
  if (REQUEST_TIME_KEYS.has(key) && typeof expected === 'string' && typeof actual === 'string') {
    const inRun = (text: string) => Math.abs(Date.parse(`${text.replace(' ', 'T')}Z`) / 1000 - runTime) <= RUN_SLACK_SECONDS;
    return inRun(expected) && inRun(actual) ? expected : actual;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    return actual.map((item, index) => alignRequestTimes(expected[index], item, runTime));
  }
  if (isObject(expected) && isObject(actual)) {
    const copy: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(actual)) copy[name] = alignRequestTimes(expected[name], value, runTime, name);
    return copy;
  }
  return actual;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
