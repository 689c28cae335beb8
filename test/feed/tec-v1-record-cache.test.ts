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
import { recordedUserAuth, recordStatements, type StatementRecorder } from '../http/support.js';
import { answerOf, cacheHits, ManualClock, MB, rawConnection, type Answer } from './support.js';

/**
 * tec/v1 lists assembled from kept records (src/resources/tec-v1/entity-records.kept.ts). The app
 * keeps records only (no whole answers), so every list read below is assembled anew, and each is
 * checked against what an app keeping nothing answers on the same database at the same instant.
 * The feed is in binlog mode with the log "followed": a raw SQL change is reported here as the
 * binlog reports it (rows before and after, read around the statement).
 */

const TEC_ROOT = '/wp-json/tec/v1';
const clock = new ManualClock(new Date(RECORDING_INSTANT));
let database: TestDatabase;
let raw: Connection;
let recorder: StatementRecorder;
let feed: ChangeFeed;
let agent: ReturnType<typeof supertest>;

const configOf = () => loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: database.prefix, NAMESPACES: 'tec/v1', TEC_V1_EXPERIMENTAL_GATE: 'off' });

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  raw = await rawConnection(database);
  recorder = recordStatements(database);
  feed = new ChangeFeed();
  feed.useBinlog(() => true, clock.now());
  agent = supertest(createHandler({ db: recorder.db, config: configOf(), clock, changeFeed: feed, responseCacheBytes: 8 * MB, caches: { answers: false, records: true } }));
  // A user's first sign-in of the day records the application password's use: a write (of a
  // user's row) that empties every cache. Done before any test counts hits.
  expect((await answerOf(agent, `${TEC_ROOT}/events?per_page=1`, recordedUserAuth('admin'))).status).toBe(200);
});

afterAll(async () => {
  await raw?.end();
  await recorder?.db.destroy();
  await database?.drop();
});

/** What an app keeping nothing answers on the same database now. */
function uncachedAnswer(url: string, auth?: string): Promise<Answer> {
  const handler = createHandler({ db: database.db, config: configOf(), clock, responseCacheBytes: 0 });
  return answerOf(supertest(handler), url, auth);
}

/** The answer less what differs on every request by design (antispambot's random entities). */
function comparable(answer: Answer) {
  return { status: answer.status, headers: answer.headers, body: decodeNumericEntities(answer.body) };
}

type Entity = { id: number; title: { rendered: string; raw?: string }; cost?: string; is_past?: boolean; venues?: Entity[]; class_list?: string[]; tribe_events_cat?: number[] };

/** GETs a tec/v1 URL: checks it against the uncached answer; the body, the record cache's hits it took, its statements. */
async function readChecked<T>(url: string, auth?: string): Promise<{ body: T; recordHits: number; statements: string[] }> {
  const before = await cacheHits(agent);
  recorder.clear();
  const answer = await answerOf(agent, `${TEC_ROOT}${url}`, auth);
  const statements = [...recorder.statements];
  expect(answer.status, answer.body).toBe(200);
  expect(comparable(answer), url).toEqual(comparable(await uncachedAnswer(`${TEC_ROOT}${url}`, auth)));
  const after = await cacheHits(agent);
  return { body: JSON.parse(answer.body) as T, recordHits: after.record - before.record, statements };
}

/** A tec/v1 list, read as readChecked reads it. */
async function readList(url: string, auth?: string): Promise<{ items: Entity[]; recordHits: number; statements: string[] }> {
  const { body, ...read } = await readChecked<Entity[]>(url, auth);
  return { items: body, ...read };
}

/** A tec/v1 single entity, read as readChecked reads it. */
async function readSingle(url: string, auth?: string): Promise<{ entity: Entity; recordHits: number; statements: string[] }> {
  const { body, ...read } = await readChecked<Entity>(url, auth);
  return { entity: body, ...read };
}

/** The statements that load posts (the post bundle: posts, meta, terms, linked posts). */
const bundleReads = (statements: readonly string[]) => statements.filter((sql) => sql.includes("'post' as `kind`"));

/** Runs one UPDATE on `table` by SQL (rows `where`), and reports the rows it changed as the binlog would. */
async function sqlChange(table: 'posts' | 'postmeta' | 'terms', where: string, whereValues: unknown[], set: string, values: unknown[]): Promise<void> {
  const rows = async () => (await raw.query(`SELECT * FROM wp_${table} WHERE ${where}`, whereValues))[0] as Record<string, unknown>[];
  const before = await rows();
  expect(before.length, `${table} ${where}`).toBeGreaterThan(0);
  await raw.query(`UPDATE wp_${table} SET ${set} WHERE ${where}`, [...values, ...whereValues]);
  const after = await rows();
  const change = fromBinlogTransaction({
    changes: [{ table, action: 'update', rows: before.map((row, index) => ({ before: row, after: after[index]! })) }],
    position: { file: 'test-bin.000001', position: 4 },
    committedAt: clock.now(),
  });
  if (change) feed.publish(change);
}

describe('tec/v1 lists assembled from kept records', () => {
  it('a page never asked before costs no statement when every entity it lists is kept', async () => {
    const ten = await readList('/events?per_page=10');
    expect(ten.items).toHaveLength(10);
    const page = await readList('/events?per_page=5&page=2');
    expect(page.items.map((event) => event.id)).toEqual(ten.items.slice(5).map((event) => event.id));
    expect(page.recordHits).toBe(5);
    expect(bundleReads(page.statements), page.statements.join('\n\n')).toEqual([]);
    // Its IDs and total come from the event dates kept for the filter, loaded by the list of ten.
    expect(page.statements, page.statements.join('\n\n')).toHaveLength(0);

    // Venues alike (those whose texts read no attachment are kept).
    const venues = await readList('/venues?per_page=10');
    const venuePage = await readList('/venues?per_page=5&page=2');
    expect(venuePage.items.map((venue) => venue.id)).toEqual(venues.items.slice(5).map((venue) => venue.id));
    expect(venuePage.recordHits).toBe(5);
    expect(bundleReads(venuePage.statements)).toEqual([]);
  });

  it('maps kept records per request: another reader and context, another instant', async () => {
    const url = '/events?per_page=10';
    const guest = await readList(url);
    const admin = await readList(`${url}&context=edit`, recordedUserAuth('admin'));
    expect(admin.recordHits).toBe(guest.items.length);
    expect(admin.items[0]!.title.raw).toBeDefined();
    expect(guest.items[0]!.title.raw).toBeUndefined();

    // is_past reads the clock: before the first event starts it is upcoming, with every record kept.
    const first = guest.items[0]!;
    expect(first.is_past).toBe(true);
    const saved = clock.instant;
    try {
      clock.set('2026-09-01T00:00:00Z');
      const earlier = await readList(url);
      expect(earlier.recordHits).toBe(guest.items.length);
      expect(earlier.items.find((event) => event.id === first.id)?.is_past).toBe(false);
    } finally {
      clock.instant = saved;
    }
  });

  it("shows a change made behind the service's back (SQL, binlog): the event's title, its venue's title, its meta, its category", async () => {
    const url = '/events?per_page=10';
    const first = await readList(url);
    const again = await readList(url);
    expect(again.recordHits).toBe(first.items.length);
    expect(bundleReads(again.statements)).toEqual([]);
    const n = first.items.length;

    // An event's title: that event is rendered anew, the others are taken as kept.
    const renamed = first.items[2]!;
    await sqlChange('posts', 'ID = ?', [renamed.id], 'post_title = ?', ['Renamed behind the back']);
    const afterTitle = await readList(url);
    expect(afterTitle.items.find((event) => event.id === renamed.id)?.title.rendered).toBe('Renamed behind the back');
    expect(afterTitle.recordHits).toBe(n - 1);

    // A venue's title: every listed event that embeds it is rendered anew, and the venues list shows it.
    const venueId = first.items.find((event) => (event.venues ?? []).length > 0)!.venues![0]!.id;
    const embedding = first.items.filter((event) => (event.venues ?? []).some((venue) => venue.id === venueId));
    await readList('/venues?per_page=20');
    await sqlChange('posts', 'ID = ?', [venueId], 'post_title = ?', ['Hall renamed behind the back']);
    const afterVenue = await readList(url);
    for (const event of afterVenue.items.filter((listed) => embedding.some((before) => before.id === listed.id))) {
      expect(event.venues!.find((venue) => venue.id === venueId)?.title.rendered).toBe('Hall renamed behind the back');
    }
    expect(afterVenue.recordHits).toBe(n - embedding.length);
    const venues = await readList('/venues?per_page=20');
    expect(venues.items.find((venue) => venue.id === venueId)?.title.rendered).toBe('Hall renamed behind the back');

    // An event's meta (its cost): that event is rendered anew.
    const priced = first.items.find((event) => event.cost !== undefined && event.cost !== '')!;
    await sqlChange('postmeta', 'post_id = ? AND meta_key = ?', [priced.id, '_EventCost'], 'meta_value = ?', ['77']);
    const afterMeta = await readList(url);
    expect(afterMeta.items.find((event) => event.id === priced.id)?.cost).toContain('77');
    expect(afterMeta.recordHits).toBe(n - 1);

    // A category's slug: the events filed under it show the new class.
    const filed = first.items.find((event) => (event.tribe_events_cat ?? []).length > 0)!;
    const categoryId = filed.tribe_events_cat![0]!;
    await sqlChange('terms', 'term_id = ?', [categoryId], 'slug = ?', ['renamed-behind-the-back']);
    const afterTerm = await readList(url);
    expect(afterTerm.items.find((event) => event.id === filed.id)?.class_list).toContain('cat_renamed-behind-the-back');
    expect(afterTerm.recordHits).toBeLessThan(n);
  });

  it("shows a write through the service (its own change, reported by record) in the next list", async () => {
    const url = '/events?per_page=10';
    const first = await readList(url);
    const event = first.items[4]!;
    const written = await agent.put(`${TEC_ROOT}/events/${event.id}`).set('Authorization', recordedUserAuth('admin')).send({ title: 'Written through the service' });
    expect(written.status, written.text).toBe(200);
    const after = await readList(url);
    expect(after.items.find((listed) => listed.id === event.id)?.title.rendered).toBe('Written through the service');
    expect(after.recordHits).toBeGreaterThan(0);
    expect(after.recordHits).toBeLessThan(first.items.length);
  });
});

describe('tec/v1 single reads take the same kept records', () => {
  it('a single read after a list takes the record the list kept, and a list takes the one a single read kept', async () => {
    const events = await readList('/events?per_page=10');
    const event = events.items[1]!;
    const single = await readSingle(`/events/${event.id}`);
    expect(single.entity.id).toBe(event.id);
    expect(single.recordHits).toBe(1);
    expect(bundleReads(single.statements), single.statements.join('\n\n')).toEqual([]);

    // The same event after its record was dropped (a change to its post) costs its bundle again.
    await sqlChange('posts', 'ID = ?', [event.id], 'post_title = ?', ['Single renamed behind the back']);
    const anew = await readSingle(`/events/${event.id}`);
    expect(anew.entity.title.rendered).toBe('Single renamed behind the back');
    expect(anew.recordHits).toBe(0);
    expect(bundleReads(anew.statements)).toHaveLength(1);
    expect(single.statements.length).toBeLessThan(anew.statements.length);

    // What that single read kept serves the next one and the list.
    const again = await readSingle(`/events/${event.id}`);
    expect(again.recordHits).toBe(1);
    expect(again.statements).toHaveLength(single.statements.length);
    const listed = await readList('/events?per_page=10');
    expect(listed.recordHits).toBe(listed.items.length);
    expect(listed.items.find((item) => item.id === event.id)?.title.rendered).toBe('Single renamed behind the back');

    // Venues alike (the sixth is one whose texts read no attachment, kept: see the first list test).
    const venues = await readList('/venues?per_page=10');
    const venue = await readSingle(`/venues/${venues.items[5]!.id}`);
    expect(venue.recordHits).toBe(1);
    expect(bundleReads(venue.statements)).toEqual([]);
  });

  it("shows a change made behind the service's back (SQL, binlog) in the next single read: the event's title, its venue's title", async () => {
    const events = await readList('/events?per_page=10');
    const event = events.items.find((listed) => (listed.venues ?? []).length > 0)!;
    const venueId = event.venues![0]!.id;
    await readSingle(`/venues/${venueId}`);
    expect((await readSingle(`/events/${event.id}`)).recordHits).toBe(1);

    await sqlChange('posts', 'ID = ?', [event.id], 'post_title = ?', ['Event retitled behind the back']);
    const afterTitle = await readSingle(`/events/${event.id}`);
    expect(afterTitle.entity.title.rendered).toBe('Event retitled behind the back');
    expect(afterTitle.recordHits).toBe(0);
    expect((await readSingle(`/events/${event.id}`)).recordHits).toBe(1);

    await sqlChange('posts', 'ID = ?', [venueId], 'post_title = ?', ['Venue retitled behind the back']);
    const afterVenue = await readSingle(`/events/${event.id}`);
    expect(afterVenue.entity.venues!.find((venue) => venue.id === venueId)?.title.rendered).toBe('Venue retitled behind the back');
    expect(afterVenue.recordHits).toBe(0);
    const venue = await readSingle(`/venues/${venueId}`);
    expect(venue.entity.title.rendered).toBe('Venue retitled behind the back');
    expect(venue.recordHits).toBe(0);
  });
});
