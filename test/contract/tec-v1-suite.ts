import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { compareCase, type ReferenceCase } from './captures.js';
import { loadTecV1Cases, replayTecV1Case, type TecV1Case } from './tec-v1-captures.js';
import { TEC_V1_INTENDED_DEVIATIONS, TEC_V1_PENDING, isTecV1ReadCase } from './tec-v1-selection.js';

/**
 * Every recorded tec/v1 case that cannot write, but the OpenAPI document's (fixtures/reference-tec-v1),
 * replayed with the clock at each case's recording instant on one reference database (MariaDB or
 * the same dump on SQLite), compared by the README's rules. Intended deviations and pending cases
 * must still differ.
 */
export function defineTecV1ReadSuite(dialect: 'mysql' | 'sqlite'): void {
const selected = loadTecV1Cases().filter(isTecV1ReadCase);
const title = dialect === 'sqlite' ? 'tec/v1 read contract on SQLite' : 'tec/v1 read contract';

let database: TestDatabase;
let config: Config;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference', dialect });
  config = loadConfig({ DATABASE_URL: database.url, NAMESPACES: 'calendar/events/v1,tec/v1' });
});

afterAll(async () => {
  await database?.drop();
});

describe(`${title}: selection`, () => {
  it('selects the 207 non-writing cases outside /docs', () => {
    expect(selected.length).toBe(207);
  });
  it('lists only selected cases as deviations or pending', () => {
    const ids = new Set(selected.map((testCase) => testCase.id));
    expect([...Object.keys(TEC_V1_INTENDED_DEVIATIONS), ...Object.keys(TEC_V1_PENDING)].filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe(`${title}: the experimental gate turned off`, () => {
  it('answers a request without X-TEC-EEA as the recorded acknowledged one (TEC_V1_EXPERIMENTAL_GATE=off)', async () => {
    const recorded = selected.find((testCase) => testCase.id === 'tecv1-dev.events.read.single.194-guest')!;
    const withoutGate = loadConfig({ DATABASE_URL: database.url, NAMESPACES: 'tec/v1', TEC_V1_EXPERIMENTAL_GATE: 'off' });
    const handler = createHandler({ db: database.db, config: withoutGate, clock: fixedClock(recorded.recorded_at!) });
    const unacknowledged = { ...recorded, headers: {} };
    const comparison = compareCase(recorded as unknown as ReferenceCase, await replayTecV1Case(supertest(handler), unacknowledged));
    expect(comparison.mismatches).toEqual([]);
  });
});

describe(`${title}: replays against the recorded answers`, () => {
  for (const testCase of selected) {
    it(testCase.id, async () => {
      const handler = createHandler({ db: database.db, config, clock: fixedClock(testCase.recorded_at!) });
      const comparison = compareCase(testCase as unknown as ReferenceCase, await replayTecV1Case(supertest(handler), testCase));
      const excuse = TEC_V1_INTENDED_DEVIATIONS[testCase.id] ?? TEC_V1_PENDING[testCase.id];
      if (excuse !== undefined) {
        expect(comparison.pass, `listed as a deviation (${excuse}) but now matches`).toBe(false);
        return;
      }
      expect(comparison.mismatches, describeRequest(testCase)).toEqual([]);
    });
  }
});
}

function describeRequest(testCase: TecV1Case): string {
  return `${testCase.note}\n${testCase.method} ${testCase.path}${testCase.query === '' ? '' : `?${testCase.query}`}`;
}
