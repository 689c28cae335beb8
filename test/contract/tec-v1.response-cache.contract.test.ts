import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { EXPERIMENTAL_ACKNOWLEDGEMENT, EXPERIMENTAL_HEADER } from '../../src/wp/tec/experimental-acknowledgement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { cacheHits, ManualClock, MB } from '../feed/support.js';
import { compareCase, type ReferenceCase } from './captures.js';
import { loadTecV1Cases, replayTecV1Case, type TecV1Case } from './tec-v1-captures.js';

/**
 * The response cache keys tec/v1 answers by how X-TEC-EEA reads (missing, wrong, the sentence):
 * with the cache on, a request the gate refuses never gets the 200 kept for the same request
 * acknowledged, and an acknowledged request never gets a refusal, whichever came first, for
 * guests (the front door's as-sent answers) and signed-in users (the keyed answers alike). The
 * refusals are the recorded gate cases (tecv1.auth); their acknowledged twins are the same
 * requests carrying the sentence.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  await database?.drop();
});

/** The recorded reads the gate refuses: GETs answered 400 missing_experimental_endpoint_acknowledgement. */
const REFUSED = loadTecV1Cases().filter(
  (testCase) =>
    testCase.group === 'tecv1.auth' &&
    !testCase.mutates &&
    testCase.method === 'GET' &&
    testCase.expect.status === 400 &&
    (testCase.expect.body as { code?: string }).code === 'missing_experimental_endpoint_acknowledgement',
);

/** The recorded acknowledged reads whose header is not the sentence as sent (upper case, padded): the same key as the sentence. */
const ACKNOWLEDGED_OTHERWISE = loadTecV1Cases().filter(
  (testCase) => testCase.group === 'tecv1.auth' && !testCase.mutates && testCase.method === 'GET' && testCase.expect.status === 200 && testCase.headers?.[EXPERIMENTAL_HEADER] !== undefined && testCase.headers[EXPERIMENTAL_HEADER] !== EXPERIMENTAL_ACKNOWLEDGEMENT,
);

/** The same request carrying TEC's sentence exactly. */
function acknowledged(testCase: TecV1Case): TecV1Case {
  const headers = Object.fromEntries(Object.entries(testCase.headers ?? {}).filter(([name]) => name.toLowerCase() !== EXPERIMENTAL_HEADER.toLowerCase()));
  return { ...testCase, id: `${testCase.id} (acknowledged)`, headers: { ...headers, [EXPERIMENTAL_HEADER]: EXPERIMENTAL_ACKNOWLEDGEMENT } };
}

/**
 * One app with both caches on, its feed reporting only its own writes (nothing else writes to
 * this database), with the clock at the cases' recording; each user signs in once first, since a
 * first sign-in of the day records the application password's use (a write that empties the cache).
 */
async function cachedApp(cases: readonly TecV1Case[]) {
  const clock = new ManualClock(new Date(cases[0]!.recorded_at!));
  const feed = new ChangeFeed();
  feed.useBinlog(() => true, clock.now());
  const config = loadConfig({ DATABASE_URL: database.url, NAMESPACES: 'calendar/events/v1,tec/v1' });
  const app = createHandler({ db: database.db, config, clock, changeFeed: feed, responseCacheBytes: 16 * MB });
  const agent = supertest(app);
  for (const user of new Set(cases.map((testCase) => testCase.auth))) {
    if (user === 'none') continue;
    const someone = cases.find((testCase) => testCase.auth === user)!;
    await replayTecV1Case(agent, { ...someone, path: '/wp-json/tec/v1', query: '', headers: {} });
  }
  /** Sends a case; its status and body, and whether the response cache answered it. */
  const send = async (testCase: TecV1Case) => {
    clock.set(testCase.recorded_at!);
    const before = (await cacheHits(agent)).response;
    const replayed = await replayTecV1Case(agent, testCase);
    const fromCache = (await cacheHits(agent)).response > before;
    return { replayed, fromCache, comparison: compareCase(testCase as unknown as ReferenceCase, replayed) };
  };
  return { send };
}

describe('tec/v1 answers in the response cache, by how X-TEC-EEA reads', () => {
  it('selects the recorded refusals of guests and of signed-in users', () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(8);
    expect(REFUSED.some((testCase) => testCase.auth === 'none')).toBe(true);
    expect(REFUSED.some((testCase) => testCase.auth !== 'none')).toBe(true);
    expect(ACKNOWLEDGED_OTHERWISE.length).toBeGreaterThanOrEqual(1);
  });

  it('never answers a refused request with the 200 kept for it acknowledged', async () => {
    const { send } = await cachedApp(REFUSED);
    for (const refused of REFUSED) {
      const first = await send(acknowledged(refused));
      expect(first.replayed.status, refused.id).toBe(200);
      // The cache is on and keeps this answer: the same acknowledged request again is a hit.
      const again = await send(acknowledged(refused));
      expect(again.fromCache, `${refused.id}: acknowledged twice`).toBe(true);
      expect(again.replayed.body).toEqual(first.replayed.body);
      const gated = await send(refused);
      expect(gated.comparison.mismatches, refused.id).toEqual([]);
      expect(gated.fromCache, refused.id).toBe(false);
    }
  }, 120_000);

  it('never answers an acknowledged request with a refusal, nor a refused one after it', async () => {
    for (const refused of REFUSED) {
      // An app of its own: several refusals share their acknowledged twin.
      const { send } = await cachedApp([refused]);
      expect((await send(refused)).comparison.mismatches, refused.id).toEqual([]);
      const after = await send(acknowledged(refused));
      expect(after.replayed.status, refused.id).toBe(200);
      expect(after.fromCache, refused.id).toBe(false);
      const refusedAgain = await send(refused);
      expect(refusedAgain.comparison.mismatches, refused.id).toEqual([]);
      expect(refusedAgain.fromCache, refused.id).toBe(false);
    }
  }, 120_000);

  it('answers the sentence in another case, padded, from the answer kept for the sentence as TEC writes it', async () => {
    const { send } = await cachedApp(ACKNOWLEDGED_OTHERWISE);
    for (const recorded of ACKNOWLEDGED_OTHERWISE) {
      expect((await send(acknowledged(recorded))).replayed.status, recorded.id).toBe(200);
      const otherwise = await send(recorded);
      expect(otherwise.comparison.mismatches, recorded.id).toEqual([]);
      expect(otherwise.fromCache, recorded.id).toBe(true);
    }
  }, 120_000);
});
