import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { compareCase, loadCases, replayCase, PLUGIN_NAMESPACE, type CaptureSet, type CaseNamespace, type ReferenceCase } from './captures.js';
import { PENDING_ON_OTHER_ISSUES } from './pending.js';

/**
 * What every contract file shares: a reference database per file, a counted selection, an honest
 * INTENDED_DEVIATIONS list, and one `it` per case (named by the case id) that replays the case
 * with the clock stopped at its `recorded_at` and compares by the fixtures README's rules. A case
 * in PENDING_ON_OTHER_ISSUES (pending.ts) runs like an intended deviation: it must still differ.
 */

/**
 * An instant of the day the first captures were recorded, for the hand-built HTTP and unit tests
 * that pin their clock near the recorded site's dates. Contract replays do not use it: each case
 * runs at its own `recorded_at`.
 */
export const RECORDING_INSTANT = '2026-11-21T23:16:07Z';

/** The instant a case was recorded, which its replay stops the clock at. Throws if it has none. */
export function recordedAt(testCase: ReferenceCase): string {
  if (testCase.recorded_at === undefined) throw new Error(`Case ${testCase.id} has no recorded_at`);
  return testCase.recorded_at;
}

export interface ContractSuite {
  /** Names both describe blocks: `<title>: selection`, `<title>: <replays> against the reference captures`. */
  title: string;
  /** What the cases are, as the second describe block reads: `anonymous GET`. */
  replays: string;
  /** Which recorded cases this file replays. */
  select: (testCase: ReferenceCase) => boolean;
  /** How many cases `select` must pick, so a filter bug cannot quietly select fewer (or zero). */
  expectedCount: number;
  /**
   * The one place a case may be declared as intentionally answered differently from the plugin,
   * case id -> why. Listed cases still run and must still differ, so an entry cannot outlive the
   * difference it excuses. Cases waiting on another issue are listed in pending.ts instead.
   */
  intendedDeviations: Readonly<Record<string, string>>;
  /** More checks of the selection, test name -> check; each runs as its own `it`. */
  selectionChecks?: Readonly<Record<string, (selected: readonly ReferenceCase[]) => void>>;
  /**
   * Runs before a case is replayed; the check it returns, if any, runs after the case matched
   * (the auth contract's "a refused write wrote nothing").
   */
  beforeReplay?: (testCase: ReferenceCase, database: TestDatabase) => Promise<(() => Promise<void>) | undefined>;
  /** Changes the freshly loaded reference database before any case runs (e.g. a site variant). */
  prepareDatabase?: (database: TestDatabase) => Promise<void>;
  /**
   * `recorded`: replay the selected cases exactly as recorded, under the plugin's own namespace,
   * on a service that serves it beside ours (NAMESPACES); `served` (the default): rewritten to ours.
   */
  namespace?: CaseNamespace;
  /** The database the reference dump is loaded into: MariaDB (the default) or a SQLite file (the same dump, converted). */
  dialect?: 'mysql' | 'sqlite';
  /** The recorded site the cases and the dump come from (`reference` unless set). */
  captures?: CaptureSet;
  /** NAMESPACES of the replaying service, when not the one `namespace` implies (contractConfig). */
  namespaces?: string;
  /**
   * The cases of this capture set not answered identically yet, case id -> why; each must still
   * differ. PENDING_ON_OTHER_ISSUES (pending.ts) unless set.
   */
  pending?: Readonly<Record<string, string>>;
}

/** The configuration a replay runs with: the database, and both namespaces when cases keep the plugin's. */
export function contractConfig(
  databaseUrl: string,
  namespace: CaseNamespace = 'served',
  namespaces?: string,
  settings: Readonly<Record<string, string>> = {},
): Config {
  return loadConfig({
    ...settings,
    DATABASE_URL: databaseUrl,
    NAMESPACES: namespaces ?? (namespace === 'recorded' ? `calendar/events/v1,${PLUGIN_NAMESPACE}` : undefined),
  });
}

/** The cases of a capture set that `select` picks (it reads them rewritten), in the namespace asked for. */
export function selectCases(
  select: (testCase: ReferenceCase) => boolean,
  namespace: CaseNamespace = 'served',
  set: CaptureSet = 'reference',
): readonly ReferenceCase[] {
  const ids = new Set(loadCases('served', set).filter(select).map((testCase) => testCase.id));
  return loadCases(namespace, set).filter((testCase) => ids.has(testCase.id));
}

/**
 * Declares a contract file's tests: a reference database for the file, the selection checks, and
 * one `it` per selected case. Returns the selected cases. Throws (at collection) only if the
 * recordings cannot be read.
 */
export function defineContractSuite(suite: ContractSuite): readonly ReferenceCase[] {
  const captures = suite.captures ?? 'reference';
  const pendingCases = suite.pending ?? PENDING_ON_OTHER_ISSUES;
  const selected = selectCases(suite.select, suite.namespace, captures);
  let database: TestDatabase;
  let config: Config;

  beforeAll(async () => {
    database = await createTestDatabase({ dump: captures, dialect: suite.dialect });
    config = contractConfig(database.url, suite.namespace, suite.namespaces);
    await suite.prepareDatabase?.(database);
  });

  afterAll(async () => {
    await database?.drop();
  });

  describe(`${suite.title}: selection`, () => {
    it(`selects ${suite.expectedCount} ${suite.expectedCount === 1 ? 'case' : 'cases'}`, () => {
      expect(selected.length).toBe(suite.expectedCount);
    });

    it('lists only selected cases in INTENDED_DEVIATIONS', () => {
      const selectedIds = new Set(selected.map((testCase) => testCase.id));
      expect(Object.keys(suite.intendedDeviations).filter((id) => !selectedIds.has(id))).toEqual([]);
    });

    it('lists no case both as an intended deviation and as pending', () => {
      expect(Object.keys(suite.intendedDeviations).filter((id) => Object.hasOwn(pendingCases, id))).toEqual([]);
    });

    if (suite.pending !== undefined) {
      it('lists only selected cases as pending', () => {
        const selectedIds = new Set(selected.map((testCase) => testCase.id));
        expect(Object.keys(pendingCases).filter((id) => !selectedIds.has(id))).toEqual([]);
      });
    }

    it('has a recorded_at for every selected case', () => {
      expect(selected.filter((testCase) => testCase.recorded_at === undefined).map((testCase) => testCase.id)).toEqual([]);
    });

    for (const [name, check] of Object.entries(suite.selectionChecks ?? {})) {
      it(name, () => check(selected));
    }
  });

  describe(`${suite.title}: ${suite.replays} against the reference captures`, () => {
    for (const testCase of selected) {
      it(testCase.id, async () => {
        const clock = fixedClock(recordedAt(testCase));
        const handler = createHandler({ db: database.db, config, clock });
        const afterMatch = await suite.beforeReplay?.(testCase, database);
        const comparison = compareCase(testCase, await replayCase(supertest(handler), testCase, captures));

        const deviation = suite.intendedDeviations[testCase.id];
        if (deviation !== undefined) {
          expect(comparison.pass, `listed in INTENDED_DEVIATIONS (${deviation}) but now matches`).toBe(false);
          return;
        }
        const pending = pendingCases[testCase.id];
        if (pending !== undefined) {
          expect(comparison.pass, `pending (${pending}) but now matches: remove it from the pending list`).toBe(false);
          return;
        }
        expect(comparison.mismatches, `${testCase.note}\n${describeRequest(testCase)}`).toEqual([]);
        await afterMatch?.();
      });
    }
  });

  return selected;
}

function describeRequest(testCase: ReferenceCase): string {
  return `${testCase.method} ${testCase.path}${testCase.query === '' ? '' : `?${testCase.query}`}`;
}
