import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { cacheHits, ManualClock, MB } from '../feed/support.js';
import { compareCase, type ReferenceCase } from './captures.js';
import { loadTecV1Cases, replayTecV1Case, type TecV1Case } from './tec-v1-captures.js';
import { TEC_V1_INTENDED_DEVIATIONS, TEC_V1_PENDING, isTecV1ReadCase } from './tec-v1-selection.js';

/**
 * The recorded tec/v1 reads replayed twice through ONE app that keeps records (no whole answers),
 * its clock at each case's recording instant: the lists of the second round (and many of the
 * first) are assembled from records another case rendered, for another reader, context, instant
 * or page, and must still answer as recorded (src/resources/tec-v1/entity-records.kept.ts).
 */

const selected = loadTecV1Cases().filter(isTecV1ReadCase);
let database: TestDatabase;
let agent: ReturnType<typeof supertest>;
let clock: ManualClock;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  clock = new ManualClock(new Date(selected[0]!.recorded_at!));
  // Nothing else writes to this database: a feed that follows the app's own writes is complete.
  const feed = new ChangeFeed();
  feed.useBinlog(() => true, clock.now());
  const config = loadConfig({ DATABASE_URL: database.url, NAMESPACES: 'calendar/events/v1,tec/v1' });
  agent = supertest(createHandler({ db: database.db, config, clock, changeFeed: feed, responseCacheBytes: 16 * MB, caches: { answers: false, records: true } }));
});

afterAll(async () => {
  await database?.drop();
});

/** Replays a case on the shared app; the record cache's hits it took. */
async function replay(testCase: TecV1Case): Promise<number> {
  clock.set(testCase.recorded_at!);
  const before = (await cacheHits(agent)).record;
  const comparison = compareCase(testCase as unknown as ReferenceCase, await replayTecV1Case(agent, testCase));
  const excuse = TEC_V1_INTENDED_DEVIATIONS[testCase.id] ?? TEC_V1_PENDING[testCase.id];
  if (excuse !== undefined) expect(comparison.pass, `${testCase.id}: listed as a deviation (${excuse}) but now matches`).toBe(false);
  else expect(comparison.mismatches, `${testCase.id}: ${testCase.method} ${testCase.path}?${testCase.query}`).toEqual([]);
  return (await cacheHits(agent)).record - before;
}

const isList = (testCase: TecV1Case) => testCase.method === 'GET' && /^\/wp-json\/tec\/v1\/(events|venues|organizers)\/?$/.test(testCase.path) && testCase.expect.status === 200;

describe('tec/v1 reads assembled from kept records', () => {
  it('selects the recorded lists of events, venues and organizers', () => {
    expect(selected.filter(isList).length).toBeGreaterThanOrEqual(30);
  });

  it('answers every recorded read as recorded, twice, the lists from records kept by other cases', async () => {
    let firstRound = 0;
    for (const testCase of selected) firstRound += await replay(testCase);
    let secondRound = 0;
    const listsTaking = new Set<string>();
    for (const testCase of selected) {
      const hits = await replay(testCase);
      secondRound += hits;
      // The list a case reads, whether its path or its rest_route names it.
      const list = /tec\/v1\/(events|venues|organizers)\b/.exec(decodeURIComponent(`${testCase.path}?${testCase.query}`))?.[1];
      if (hits > 0) listsTaking.add(list ?? testCase.id);
    }
    // Lists of the first round already took records other cases kept; the second round more.
    expect(firstRound).toBeGreaterThan(0);
    expect(secondRound).toBeGreaterThan(firstRound);
    expect([...listsTaking].sort()).toEqual(['events', 'organizers', 'venues']);
  }, 240_000);
});
