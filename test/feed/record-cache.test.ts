import type { Connection } from 'mysql2/promise';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { fromBinlogTransaction } from '../../src/feed/binlog-changes.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { decodeNumericEntities } from '../contract/captures.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ROOT, recordStatements, type StatementRecorder } from '../http/support.js';
import { answerOf, cacheHits, ManualClock, MB, rawConnection, type Answer } from './support.js';

/**
 * Issue 21: event list pages assembled from kept event records (src/cache/record-cache.ts). The
 * app keeps records only (no whole answers), so every list read below is assembled anew. The feed
 * is in binlog mode with the log "followed": a raw SQL change is reported here as the binlog
 * reports it (rows before and after, read around the statement), through the same translation.
 */

const clock = new ManualClock(new Date(RECORDING_INSTANT));
let database: TestDatabase;
let raw: Connection;
let recorder: StatementRecorder;
let feed: ChangeFeed;
let agent: ReturnType<typeof supertest>;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  raw = await rawConnection(database);
  recorder = recordStatements(database);
  feed = new ChangeFeed();
  feed.useBinlog(() => true, clock.now());
  const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: database.prefix });
  agent = supertest(createHandler({ db: recorder.db, config, clock, changeFeed: feed, responseCacheBytes: 8 * MB, caches: { answers: false, records: true } }));
});

afterAll(async () => {
  await raw?.end();
  await recorder?.db.destroy();
  await database?.drop();
});

/** What an app keeping nothing answers on the same database now. */
function uncachedAnswer(url: string): Promise<Answer> {
  const handler = createHandler({ db: database.db, config: loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: database.prefix }), clock, responseCacheBytes: 0 });
  return answerOf(supertest(handler), url);
}

/** The answer less what differs on every request by design (antispambot's random entities, so the ETag). */
function comparable(answer: Answer) {
  return { status: answer.status, headers: { ...answer.headers, etag: undefined }, body: decodeNumericEntities(answer.body) };
}

/** GETs a list anonymously: checks it against the uncached answer, and says how many events the record cache gave. */
async function readList(url: string): Promise<{ events: ListedEvent[]; recordHits: number; statements: string[] }> {
  const before = await cacheHits(agent);
  recorder.clear();
  const answer = await answerOf(agent, `${ROOT}${url}`);
  const statements = [...recorder.statements];
  expect(answer.status, answer.body).toBe(200);
  expect(comparable(answer), url).toEqual(comparable(await uncachedAnswer(`${ROOT}${url}`)));
  const after = await cacheHits(agent);
  return { events: (JSON.parse(answer.body) as { events: ListedEvent[] }).events, recordHits: after.record - before.record, statements };
}

type ListedEvent = { id: number; title: string; venue: { id: number; venue: string } | unknown[]; categories: { id: number; name: string }[] };

/** Runs one statement on `table` by SQL, and reports the rows it changed (`key` = ?) as the binlog would. */
async function sqlChange(table: 'posts' | 'terms', key: 'ID' | 'term_id', id: number, set: string, values: unknown[]): Promise<void> {
  const row = async () => ((await raw.query(`SELECT * FROM wp_${table} WHERE ${key} = ?`, [id]))[0] as Record<string, unknown>[])[0]!;
  const before = await row();
  await raw.query(`UPDATE wp_${table} SET ${set} WHERE ${key} = ?`, [...values, id]);
  const after = await row();
  const change = fromBinlogTransaction({
    changes: [{ table, action: 'update', rows: [{ before, after }] }],
    position: { file: 'test-bin.000001', position: 4 },
    committedAt: clock.now(),
  });
  if (change) feed.publish(change);
}

const WINDOW = 'start_date=2026-01-01&end_date=2027-12-31';

describe('event lists assembled from kept records', () => {
  it('costs no statement when every event it lists is kept: its IDs and total come from the kept event dates', async () => {
    // Ten events rendered and kept, the filter's event dates loaded...
    const ten = await readList(`/events?per_page=10&${WINDOW}`);
    expect(ten.events).toHaveLength(10);
    // ...then a page never asked before, of five of them: nothing read.
    const page = await readList(`/events?per_page=5&page=2&${WINDOW}`);
    expect(page.events.map((event) => event.id)).toEqual(ten.events.slice(5).map((event) => event.id));
    expect(page.recordHits).toBe(5);
    expect(page.statements, page.statements.join('\n\n')).toHaveLength(0);
  });

  it('shows a change made behind the service\'s back (SQL, binlog): the event, its venue, its category', async () => {
    const url = `/events?per_page=12&${WINDOW}`;
    const first = await readList(url);
    const again = await readList(url);
    expect(again.recordHits).toBe(first.events.length);
    expect(again.statements).toHaveLength(0);

    // An event's title: that event is rendered anew, the others are taken as kept.
    const renamed = first.events[2]!;
    await sqlChange('posts', 'ID', renamed.id, 'post_title = ?', ['Renamed behind the back']);
    const afterTitle = await readList(url);
    expect(afterTitle.events.find((event) => event.id === renamed.id)?.title).toBe('Renamed behind the back');
    expect(afterTitle.recordHits).toBe(first.events.length - 1);

    // A venue's title: every listed event that embeds it is rendered anew.
    const withVenue = first.events.find((event) => !Array.isArray(event.venue))!;
    const venueId = (withVenue.venue as { id: number }).id;
    const embedding = first.events.filter((event) => !Array.isArray(event.venue) && (event.venue as { id: number }).id === venueId);
    await sqlChange('posts', 'ID', venueId, 'post_title = ?', ['Hall renamed behind the back']);
    const afterVenue = await readList(url);
    for (const event of afterVenue.events.filter((listed) => embedding.some((before) => before.id === listed.id))) {
      expect((event.venue as { venue: string }).venue).toBe('Hall renamed behind the back');
    }
    expect(afterVenue.recordHits).toBe(first.events.length - embedding.length);

    // A category's name: the events filed under it show the new one.
    const withCategory = first.events.find((event) => event.categories.length > 0)!;
    const category = withCategory.categories[0]!;
    await sqlChange('terms', 'term_id', category.id, 'name = ?', ['Renamed term']);
    const afterTerm = await readList(url);
    expect(afterTerm.events.find((event) => event.id === withCategory.id)?.categories[0]?.name).toBe('Renamed term');
  });

  it('is off with CACHE_MAX_MB=0, as every cache of answers and records is', async () => {
    const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: database.prefix, CACHE_MAX_MB: '0' });
    const off = supertest(createHandler({ db: recorder.db, config, clock, changeFeed: feed, responseCacheBytes: config.cacheMaxBytes }));
    const url = `${ROOT}/events?per_page=5&${WINDOW}`;
    for (let round = 0; round < 2; round += 1) {
      recorder.clear();
      expect((await off.get(url)).status).toBe(200);
      // The IDs, the page's posts and their linked posts each time (the total is the count cache's).
      expect(recorder.statements.length).toBeGreaterThanOrEqual(3);
    }
    const metrics = await off.get('/metrics');
    expect(metrics.text).not.toMatch(/cache="record"/);
    expect(metrics.text).not.toMatch(/cache="response"/);
  });
});
