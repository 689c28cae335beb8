import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { compareCase, loadCases, replayCase, type ReferenceCase } from './captures.js';

/**
 * What every contract file shares: a reference database per file, a counted selection, an honest
 * INTENDED_DEVIATIONS list, and one `it` per case (named by the case id) that replays the case
 * with the clock stopped at its recording instant and compares by the fixtures README's rules.
 */

export const NAMESPACE_ROOT = '/wp-json/calendar/events/v1';

/**
 * When the time-dependent cases were recorded (fixtures README, "Time-dependent cases"). The
 * events list applies a default window (start of yesterday to 24 months ahead) and the namespace
 * index prints it, so these only match with the clock stopped at the recording instant.
 * `events.contract.test.ts` checks that this table names exactly the cases noted as time-dependent.
 */
export const RECORDED_AT: Readonly<Record<string, string>> = {
  // The index's `end_date` default reads `2028-11-21 23:16:07`: now + 24 months, to the second.
  'index.namespace': '2026-11-21T23:16:07Z',
  'index.namespace-slash': '2026-11-21T23:16:07Z',
  // rest_url shows only the day (`2026-11-20 00:00:00` .. `2028-11-21 23:59:59`); same run as the index.
  'events.list.default-anon': '2026-11-21T23:16:07Z',
  // Needs a user, so the auth contract replays it.
  'events.list.default-admin': '2026-11-21T23:16:07Z',
  // With `include`, rest_url's `end_date` holds the request time: `2028-11-21 23:16:13`.
  'events.list.include': '2026-11-21T23:16:13Z',
  'events.list.include-default-window': '2026-11-21T23:16:13Z',
};

/** Every other case passes explicit dates or does not read the time; it still runs on the recording day. */
export const RECORDING_INSTANT = '2026-11-21T23:16:07Z';

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
   * difference it excuses.
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
}

/** The part of a case's path below the namespace root, or null for a case outside the namespace. */
export function namespaceRoute(testCase: ReferenceCase): string | null {
  return testCase.path.startsWith(NAMESPACE_ROOT) ? testCase.path.slice(NAMESPACE_ROOT.length) : null;
}

/** True for a GET sent without credentials. */
export function isAnonymousGet(testCase: ReferenceCase): boolean {
  return testCase.auth === 'none' && testCase.method === 'GET';
}

/** True for an `errors` case whose route (below the namespace root) matches `routes`. */
export function isErrorOn(testCase: ReferenceCase, routes: RegExp): boolean {
  const route = namespaceRoute(testCase);
  return testCase.group === 'errors' && route !== null && routes.test(route);
}

/** True for an anonymous GET of one of `groups`, or of the `errors` group on a route `errorRoutes` matches. */
export function isAnonymousReadOf(testCase: ReferenceCase, groups: readonly string[], errorRoutes: RegExp): boolean {
  return isAnonymousGet(testCase) && (groups.includes(testCase.group) || isErrorOn(testCase, errorRoutes));
}

/**
 * Declares a contract file's tests: a reference database for the file, the selection checks, and
 * one `it` per selected case. Returns the selected cases. Throws (at collection) only if the
 * recordings cannot be read.
 */
export function defineContractSuite(suite: ContractSuite): readonly ReferenceCase[] {
  const selected = loadCases().filter(suite.select);
  let database: TestDatabase;
  let config: Config;

  beforeAll(async () => {
    database = await createTestDatabase({ dump: 'reference' });
    config = loadConfig({ DATABASE_URL: database.url });
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

    for (const [name, check] of Object.entries(suite.selectionChecks ?? {})) {
      it(name, () => check(selected));
    }
  });

  describe(`${suite.title}: ${suite.replays} against the reference captures`, () => {
    for (const testCase of selected) {
      it(testCase.id, async () => {
        const clock = fixedClock(RECORDED_AT[testCase.id] ?? RECORDING_INSTANT);
        const app = createApp({ db: database.db, config, clock });
        const afterMatch = await suite.beforeReplay?.(testCase, database);
        const comparison = compareCase(testCase, await replayCase(supertest(app.callback()), testCase));

        const deviation = suite.intendedDeviations[testCase.id];
        if (deviation !== undefined) {
          expect(comparison.pass, `listed in INTENDED_DEVIATIONS (${deviation}) but now matches`).toBe(false);
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
