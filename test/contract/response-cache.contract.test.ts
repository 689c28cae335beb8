import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { isCacheableQuery, isCacheableRoute } from '../../src/cache/response-cache-policy.js';
import { parsePhpQuery } from '../../src/http/php-query.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { cacheHits, ManualClock, MB } from '../feed/support.js';
import { compareCase, loadCases, replayCase } from './captures.js';
import { contractConfig, recordedAt } from './suite.js';

/**
 * The contract suite with the response cache on (issue 13, "the contract suite passes with the
 * cache on"): every recorded read, replayed twice through ONE app whose feed is in probe mode,
 * matches the recording both times, and the second pass is answered from the cache wherever the
 * policy lets a 200 be kept.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  await database?.drop();
});

const READS = loadCases().filter((testCase) => !testCase.mutates);

/**
 * The replays the cache should answer on the second pass: a 200 to a GET or HEAD with a cacheable
 * query, counted once per distinct key (path, query, who, site day), since the first pass already
 * filled the entry that a repeat of the same key in the first pass hit.
 */
function expectedSecondPassHits(): number {
  const keys = new Set<string>();
  for (const testCase of READS) {
    if (testCase.expect.status !== 200) continue;
    if (testCase.method !== 'GET') continue;
    if (testCase.headers?.['X-HTTP-Method-Override'] !== undefined || /(^|&)_method=/.test(testCase.query)) continue;
    if (!isCacheableQuery(parsePhpQuery(testCase.query))) continue;
    if (!isCacheableRoute(routePathOf(testCase.path), undefined)) continue;
    keys.add([testCase.path, testCase.query, testCase.auth, recordedAt(testCase).slice(0, 10)].join('\n'));
  }
  return keys.size;
}

/** The route path below the namespace, untrailingslashed as the app routes it ('' for the index). */
function routePathOf(path: string): string {
  const namespaceRoot = '/wp-json/calendar/events/v1';
  return path.startsWith(namespaceRoot) ? path.slice(namespaceRoot.length).replace(/\/+$/, '') : '';
}

/** A feed for one app: probe mode, or one that reports only this app's own writes (see below). */
function feedFor(mode: 'probe' | 'own-writes', clock: ManualClock): ChangeFeed {
  const feed = new ChangeFeed();
  if (mode === 'probe') feed.useProbe('mariadb', clock.now());
  // As binlog mode with the log followed: only reported changes count. Nothing but this app
  // writes to this test's own database, so nothing goes unreported.
  else feed.useBinlog(() => true, clock.now());
  return feed;
}

/**
 * Replays every read twice through one app: `passes`, all reads then all again; `pairs`, each read
 * twice in a row. Returns the mismatches, and the hits and feed changes of the first and second
 * replays. Each user signs in once first, at the last recorded instant: a first sign-in of the
 * day records the application password's use (a write, which empties the cache), later ones
 * within the day do not.
 */
async function replayTwice(mode: 'probe' | 'own-writes', order: 'passes' | 'pairs', caches = { answers: true, records: true }, reads = READS) {
  const instants = reads.map((testCase) => recordedAt(testCase)).sort();
  const clock = new ManualClock(new Date(instants[instants.length - 1]!));
  const feed = feedFor(mode, clock);
  const handler = createHandler({ db: database.db, config: contractConfig(database.url), clock, changeFeed: feed, responseCacheBytes: 64 * MB, caches });
  const agent = supertest(handler);
  for (const user of new Set(reads.map((testCase) => testCase.auth))) {
    if (user !== 'none') await replayCase(agent, { ...reads.find((testCase) => testCase.auth === user)!, path: '/wp-json/calendar/events/v1/tags', query: '' });
  }
  const mismatched: string[] = [];
  const hits: [number, number] = [0, 0];
  const recordHits: [number, number] = [0, 0];
  const generations: [number, number] = [0, 0];
  const replay = async (testCase: (typeof READS)[number], round: 0 | 1) => {
    clock.set(recordedAt(testCase));
    const [before, generationBefore] = [await cacheHits(agent), feed.generation];
    const comparison = compareCase(testCase, await replayCase(agent, testCase));
    if (!comparison.pass) mismatched.push(`replay ${round + 1} ${testCase.id}: ${comparison.mismatches.slice(0, 2).join('; ')}`);
    const after = await cacheHits(agent);
    hits[round] += after.response - before.response;
    recordHits[round] += after.record - before.record;
    generations[round] += feed.generation - generationBefore;
  };
  if (order === 'passes') {
    for (const round of [0, 1] as const) for (const testCase of reads) await replay(testCase, round);
  } else {
    for (const testCase of reads) for (const round of [0, 1] as const) await replay(testCase, round);
  }
  console.info(`response cache (${mode}, ${order}): hits ${hits.join(' then ')}, record hits ${recordHits.join(' then ')}, feed changes ${generations.join(' then ')}, ${expectedSecondPassHits()} cacheable 200 keys, ${reads.length} reads`);
  return { mismatched, hits, recordHits, generations };
}

describe('the contract suite with the response cache on', () => {
  it('answers every recorded read as recorded, twice in a row through one handler, the feed in probe mode', async () => {
    const { mismatched } = await replayTwice('probe', 'pairs');
    expect(READS.length).toBeGreaterThan(200);
    expect(mismatched).toEqual([]);
    // Other databases on the shared server move the LSN too, and each move empties the cache: on
    // a busy server most whole-pass repeats would miss, so each read is repeated at once here.
    // How many repeats the cache answered depends on that load (printed, not asserted); the
    // next test counts hits where nothing else can empty the cache.
  }, 300_000);

  it('answers the second pass from the cache for every read the policy lets it keep', async () => {
    const { mismatched, hits, generations } = await replayTwice('own-writes', 'passes');
    expect(mismatched).toEqual([]);
    // Reads write nothing once everyone has signed in today.
    expect(generations).toEqual([0, 0]);
    const expected = expectedSecondPassHits();
    expect(expected).toBeGreaterThan(100);
    expect(hits[1]).toBeGreaterThanOrEqual(expected);
  }, 300_000);

  it('answers every read as recorded when lists are assembled from kept records alone (issue 21)', async () => {
    // No answers kept: every list page is built anew, its events taken from the record cache
    // wherever an earlier read rendered them. The event lists (and the iCal feed, which shares
    // their query but renders from rows) are what records serve.
    const lists = READS.filter((testCase) => /\/events(\.ics)?\/?$/.test(testCase.path));
    expect(lists.length).toBeGreaterThan(50);
    const { mismatched, hits, recordHits, generations } = await replayTwice('own-writes', 'passes', { answers: false, records: true }, lists);
    expect(mismatched).toEqual([]);
    expect(generations).toEqual([0, 0]);
    expect(hits).toEqual([0, 0]);
    // Events shown by several recorded lists are rendered once (the first pass hits too); the
    // second pass takes every listed event it can from the cache.
    expect(recordHits[1]).toBeGreaterThan(lists.length);
  }, 300_000);
});
