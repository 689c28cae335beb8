import fc from 'fast-check';
import type { Connection } from 'mysql2/promise';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { fromBinlogTransaction } from '../../src/feed/binlog-changes.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { decodeNumericEntities } from '../contract/captures.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ROOT, recordedUserAuth } from '../http/support.js';
import { answerOf, feedApp, ManualClock, probeFeed, rawConnection, type Answer, type FeedApp } from './support.js';

/**
 * Issue 13's property: random interleavings of reads through the service and writes, both through
 * the service and as raw SQL doing what WordPress does for the same change; after each write,
 * every read through the cached app equals what an app without a response cache answers on the
 * same database at that moment. Probe mode on the shared server: a write is "reported" as soon
 * as it committed (the LSN is read before every cached answer).
 */

const ADMIN = recordedUserAuth('admin');
const clock = new ManualClock(new Date(RECORDING_INSTANT));

const URLS = [
  '/events',
  '/events?per_page=5',
  '/events?per_page=5&page=2',
  '/events?start_date=2026-09-01&end_date=2026-12-31&per_page=20',
  '/events?categories=music',
  '/events?tags=free',
  '/events?per_page=3',
  '/events?search=a',
  '/events?organizer=30',
  '/events?venue=23',
  '/events?include=6,7,38,40',
  '/events/6',
  '/events/7',
  '/events/38',
  // Its text holds latest-posts and archives blocks: it shows the blog's `post` posts.
  '/events/255',
  '/venues',
  '/venues/19',
  '/venues?event=40',
  '/organizers',
  '/categories',
  '/categories/10',
  '/tags',
  '/tags/3',
  '/events.ics',
];
/** Seed events, venues and terms the writes pick from. */
const EVENTS = [6, 7, 38, 40, 46];
const VENUES = [19, 20, 21];
const TERMS = [3, 7, 8, 10, 12];
/** term_taxonomy ids of tags and categories, for a raw term relationship. */
const TERM_TAXONOMIES = [7, 9, 10, 11, 12, 13, 14];

type Action =
  | { kind: 'read'; url: string; admin: boolean }
  | { kind: 'service'; what: 'create-event' | 'update-event' | 'event-status' | 'delete-event' | 'create-venue' | 'update-venue' | 'create-category' | 'update-category'; pick: number; text: string }
  | { kind: 'sql'; what: SqlWrite; pick: number; text: string };

/**
 * Issue 21 added writes that move an event into or out of a list page (status, password, dates,
 * hidden from listings), a linked venue's title, and a site option.
 */
type SqlWrite = 'post-title' | 'post-content' | 'cost' | 'trash' | 'term-name' | 'term-relationship' | 'status' | 'password' | 'dates' | 'hide' | 'venue-title' | 'option' | 'post-date' | 'organizer-link' | 'venue-link' | 'all-day' | 'blog-post';
/** Also (issue 21's list aspects): post dates, and the venue and organizer an event links. */
const SQL_WRITES: SqlWrite[] = ['post-title', 'post-content', 'cost', 'trash', 'term-name', 'term-relationship', 'status', 'password', 'dates', 'hide', 'venue-title', 'option', 'post-date', 'organizer-link', 'venue-link', 'all-day', 'blog-post'];
/** Organizers an event's link moves between. */
const ORGANIZERS = [4, 30, 33, 34];

const text = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,15}$/);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('read' as const), url: fc.constantFrom(...URLS), admin: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('service' as const),
      what: fc.constantFrom<Extract<Action, { kind: 'service' }>['what'][]>('create-event', 'update-event', 'event-status', 'delete-event', 'create-venue', 'update-venue', 'create-category', 'update-category'),
      pick: fc.nat(),
      text,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('sql' as const),
      what: fc.constantFrom(...SQL_WRITES),
      pick: fc.nat(),
      text,
    }),
  },
);

let database: TestDatabase;
let raw: Connection;
let cachedDb: Db;
let cached: FeedApp;
/** Events, venues and categories this run created through the service, to update and delete too. */
const created = { events: [] as number[], venues: [] as number[], categories: [] as number[] };

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  raw = await rawConnection(database);
  cachedDb = createDb({ databaseUrl: database.url, tablePrefix: database.prefix });
});

afterAll(async () => {
  await raw?.end();
  await cachedDb?.destroy();
  await database?.drop();
});

/** What the service answers without a response cache (a new app each time: no totals kept either). */
function uncachedAnswer(url: string, auth?: string): Promise<Answer> {
  const handler = createHandler({ db: database.db, config: loadConfig({ DATABASE_URL: database.url }), clock, responseCacheBytes: 0 });
  return answerOf(supertest(handler), url, auth);
}

/** The answer less what differs on every request by design (antispambot's random entities, and so the ETag). */
function comparable(answer: Answer) {
  return { status: answer.status, headers: { ...answer.headers, etag: undefined }, body: decodeNumericEntities(answer.body) };
}

const pick = <T>(values: readonly T[], index: number): T => values[index % values.length]!;

async function serviceWrite(write: Extract<Action, { kind: 'service' }>): Promise<void> {
  const agent = cached.agent;
  const send = async (request: supertest.Test, body: object, ok: number[]) => {
    const response = await request.set('Authorization', ADMIN).send(body);
    expect(ok, `${write.what}: ${response.status} ${response.text.slice(0, 300)}`).toContain(response.status);
    return response.body as { id?: number };
  };
  switch (write.what) {
    case 'create-event': {
      const body = await send(agent.post(`${ROOT}/events`), { title: write.text, start_date: '2026-12-05 10:00:00', end_date: '2026-12-05 12:00:00', status: 'publish', venue: pick(VENUES, write.pick) }, [201]);
      if (body.id) created.events.push(body.id);
      return;
    }
    case 'update-event':
      await send(agent.put(`${ROOT}/events/${pick([...EVENTS, ...created.events], write.pick)}`), { title: write.text }, [200, 410]);
      return;
    case 'event-status':
      await send(agent.put(`${ROOT}/events/${pick([...EVENTS, ...created.events], write.pick)}`), { status: write.pick % 2 === 0 ? 'draft' : 'publish' }, [200, 410]);
      return;
    case 'delete-event':
      if (created.events.length === 0) return;
      await send(agent.delete(`${ROOT}/events/${pick(created.events, write.pick)}`), {}, [200, 410]);
      return;
    case 'create-venue': {
      const body = await send(agent.post(`${ROOT}/venues`), { venue: `${write.text} Hall ${created.venues.length}` }, [201]);
      if (body.id) created.venues.push(body.id);
      return;
    }
    case 'update-venue':
      await send(agent.put(`${ROOT}/venues/${pick([...VENUES, ...created.venues], write.pick)}`), { venue: `${write.text} Venue` }, [200]);
      return;
    case 'create-category': {
      const body = await send(agent.post(`${ROOT}/categories`), { name: `${write.text} ${created.categories.length} ${Date.now()}` }, [200, 201]);
      if (body.id) created.categories.push(body.id);
      return;
    }
    case 'update-category':
      if (created.categories.length === 0) return;
      await send(agent.put(`${ROOT}/categories/${pick(created.categories, write.pick)}`), { name: `${write.text} renamed ${Date.now()}` }, [200]);
      return;
  }
}

/** The tables' primary keys, for pairing a row's images before and after a statement. */
const KEYS: Record<string, string> = { posts: 'ID', postmeta: 'meta_id', terms: 'term_id', term_taxonomy: 'term_taxonomy_id', term_relationships: 'object_id', options: 'option_id', tec_occurrences: 'occurrence_id' };
/** Set by a test that reports SQL changes as the binlog would (no binlog server needed). */
let reportAsBinlog: ChangeFeed | undefined;

/**
 * Runs one statement; with reportAsBinlog, reads the rows it may touch (`table` where `where`)
 * before and after, and reports the rows that changed through the binlog's translation.
 */
async function statement(query: string, values: unknown[], table: string, where: string, whereValues: unknown[]): Promise<{ affectedRows: number }> {
  const rows = async () => (await raw.query(`SELECT * FROM wp_${table} WHERE ${where}`, whereValues))[0] as Record<string, unknown>[];
  const before = reportAsBinlog ? await rows() : [];
  const [result] = await raw.query(query, values);
  if (reportAsBinlog) {
    const key = KEYS[table]!;
    const after = await rows();
    const id = (row: Record<string, unknown>) => (table === 'term_relationships' ? `${String(row.object_id)}:${String(row.term_taxonomy_id)}` : String(row[key]));
    const beforeById = new Map(before.map((row) => [id(row), row]));
    const afterById = new Map(after.map((row) => [id(row), row]));
    const changes = [];
    for (const [rowId, row] of afterById) {
      const old = beforeById.get(rowId);
      if (!old) changes.push({ table, action: 'insert' as const, rows: [{ after: row }] });
      else if (JSON.stringify(old) !== JSON.stringify(row)) changes.push({ table, action: 'update' as const, rows: [{ before: old, after: row }] });
    }
    for (const [rowId, row] of beforeById) if (!afterById.has(rowId)) changes.push({ table, action: 'delete' as const, rows: [{ before: row }] });
    const change = fromBinlogTransaction({ changes, position: { file: 'test-bin.000001', position: 4 }, committedAt: clock.now() });
    if (change) reportAsBinlog.publish(change);
  }
  return result as { affectedRows: number };
}

/** The same kinds of change as WordPress (or a plugin) makes them, straight in the tables. */
async function sqlWrite(write: Extract<Action, { kind: 'sql' }>): Promise<void> {
  const event = pick(EVENTS, write.pick);
  const post = (set: string, values: unknown[], id = event) => statement(`UPDATE wp_posts SET ${set} WHERE ID = ?`, [...values, id], 'posts', 'ID = ?', [id]);
  switch (write.what) {
    case 'status':
      await post('post_status = ?', [write.pick % 2 === 0 ? 'draft' : 'publish']);
      return;
    case 'password':
      await post('post_password = ?', [write.pick % 2 === 0 ? write.text : '']);
      return;
    case 'venue-title':
      await post('post_title = ?', [`${write.text} Hall`], pick(VENUES, write.pick));
      return;
    case 'dates': {
      // The event moves far out of (or back into) the default window and the first pages; on a
      // TEC 6 site the occurrence moves with the meta.
      const start = write.pick % 2 === 0 ? '2031-01-05 10:00:00' : '2026-12-01 10:00:00';
      const end = start.replace('10:00', '12:00');
      for (const [key, value] of [['_EventStartDate', start], ['_EventEndDate', end], ['_EventStartDateUTC', start], ['_EventEndDateUTC', end]]) {
        await statement('UPDATE wp_postmeta SET meta_value = ? WHERE post_id = ? AND meta_key = ?', [value, event, key], 'postmeta', 'post_id = ? AND meta_key = ?', [event, key]);
      }
      await statement(
        'UPDATE wp_tec_occurrences SET start_date = ?, end_date = ?, start_date_utc = ?, end_date_utc = ? WHERE post_id = ?',
        [start, end, start, end, event],
        'tec_occurrences',
        'post_id = ?',
        [event],
      );
      return;
    }
    case 'hide':
      if (write.pick % 2 === 0) {
        await statement("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (?, '_EventHideFromUpcoming', 'yes')", [event], 'postmeta', "post_id = ? AND meta_key = '_EventHideFromUpcoming'", [event]);
      } else {
        await statement("DELETE FROM wp_postmeta WHERE post_id = ? AND meta_key = '_EventHideFromUpcoming'", [event], 'postmeta', "post_id = ? AND meta_key = '_EventHideFromUpcoming'", [event]);
      }
      return;
    case 'option':
      await statement("UPDATE wp_options SET option_value = ? WHERE option_name = 'posts_per_page'", [String(3 + (write.pick % 8))], 'options', "option_name = 'posts_per_page'", []);
      return;
    case 'post-title':
      await post('post_title = ?, post_modified = ?, post_modified_gmt = ?', [write.text, '2026-11-21 23:20:00', '2026-11-21 23:20:00']);
      return;
    case 'post-content':
      await post('post_content = ?', [`<p>${write.text}</p>`]);
      return;
    case 'cost':
      await statement("UPDATE wp_postmeta SET meta_value = ? WHERE post_id = ? AND meta_key = '_EventCost'", [String(write.pick % 100), event], 'postmeta', "post_id = ? AND meta_key = '_EventCost'", [event]);
      return;
    case 'blog-post':
      // The blog's one `post` (ID 1), which event 255's blocks list: renamed, unpublished, published.
      if (write.pick % 3 === 0) await post('post_title = ?', [write.text], 1);
      else await post('post_status = ?', [write.pick % 3 === 1 ? 'draft' : 'publish'], 1);
      return;
    case 'all-day':
      // Shown by the event and the lists showing it (its dates print as all-day), read by no list's filter.
      if (write.pick % 2 === 0) {
        await statement("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (?, '_EventAllDay', 'yes')", [event], 'postmeta', "post_id = ? AND meta_key = '_EventAllDay'", [event]);
      } else {
        await statement("DELETE FROM wp_postmeta WHERE post_id = ? AND meta_key = '_EventAllDay'", [event], 'postmeta', "post_id = ? AND meta_key = '_EventAllDay'", [event]);
      }
      return;
    case 'trash': {
      // wp_trash_post: the status it had is kept in meta, then the status becomes trash.
      const target = pick([...VENUES, ...EVENTS.slice(3)], write.pick);
      await statement(
        "INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (?, '_wp_trash_meta_status', 'publish'), (?, '_wp_trash_meta_time', '1795389600')",
        [target, target],
        'postmeta',
        "post_id = ? AND meta_key LIKE '\\_wp\\_trash\\_meta\\_%'",
        [target],
      );
      await post("post_status = 'trash'", [], target);
      return;
    }
    case 'post-date': {
      // Events and venues: venue lists, and event lists given `include`, are ordered by it.
      const target = pick([...EVENTS, ...VENUES], write.pick);
      const date = `2026-${String(1 + (write.pick % 12)).padStart(2, '0')}-15 08:00:00`;
      await post('post_date = ?, post_date_gmt = ?', [date, date], target);
      return;
    }
    case 'organizer-link':
      // The first organizer row of the event names another organizer.
      await statement(
        "UPDATE wp_postmeta SET meta_value = ? WHERE post_id = ? AND meta_key = '_EventOrganizerID' ORDER BY meta_id LIMIT 1",
        [String(pick(ORGANIZERS, write.pick >> 3)), event],
        'postmeta',
        "post_id = ? AND meta_key = '_EventOrganizerID'",
        [event],
      );
      return;
    case 'venue-link':
      await statement("UPDATE wp_postmeta SET meta_value = ? WHERE post_id = ? AND meta_key = '_EventVenueID'", [String(pick(VENUES, write.pick >> 3)), event], 'postmeta', "post_id = ? AND meta_key = '_EventVenueID'", [event]);
      return;
    case 'term-name':
      await statement('UPDATE wp_terms SET name = ? WHERE term_id = ?', [`${write.text} term`, pick(TERMS, write.pick)], 'terms', 'term_id = ?', [pick(TERMS, write.pick)]);
      return;
    case 'term-relationship': {
      // wp_set_object_terms (append): the relationship, then the term's count.
      const taxonomy = pick(TERM_TAXONOMIES, write.pick);
      const result = await statement('INSERT IGNORE INTO wp_term_relationships (object_id, term_taxonomy_id, term_order) VALUES (?, ?, 0)', [event, taxonomy], 'term_relationships', 'object_id = ?', [event]);
      if (result.affectedRows > 0) await statement('UPDATE wp_term_taxonomy SET count = count + 1 WHERE term_taxonomy_id = ?', [taxonomy], 'term_taxonomy', 'term_taxonomy_id = ?', [taxonomy]);
      return;
    }
  }
}

/** Runs the property: every read through `cached` equals the uncached service's answer. */
async function checkConsistency(actions: fc.Arbitrary<Action[]>, numRuns: number, signal: AbortSignal) {
  let reads = 0;
  // Reads whose first answer was a 200: only those are kept, so only their second read can be a hit.
  let keptReads = 0;
  let writes = 0;
  const hitsBefore = await cached.hits();
  const recordHitsBefore = await cached.recordHits();
  await fc.assert(
    fc.asyncProperty(actions, async (steps) => {
      for (const step of steps) {
        // A test that timed out stops: the worker goes on to other files in this process.
        signal.throwIfAborted();
        if (step.kind === 'service') await serviceWrite(step);
        else if (step.kind === 'sql') await sqlWrite(step);
        if (step.kind !== 'read') {
          writes += 1;
          continue;
        }
        reads += 1;
        const auth = step.admin ? ADMIN : undefined;
        // Twice: the second read is the one the cache answers, unless a change came between.
        const answers = [await answerOf(cached.agent, `${ROOT}${step.url}`, auth), await answerOf(cached.agent, `${ROOT}${step.url}`, auth)];
        if (answers[0]!.status === 200) keptReads += 1;
        const expected = comparable(await uncachedAnswer(`${ROOT}${step.url}`, auth));
        for (const answer of answers) expect(comparable(answer), `${step.admin ? 'admin' : 'anonymous'} GET ${step.url}`).toEqual(expected);
      }
    }),
    { numRuns, endOnFailure: true },
  );
  const hits = (await cached.hits()) - hitsBefore;
  const recordHits = (await cached.recordHits()) - recordHitsBefore;
  console.info(`cache consistency (${cached.feed.mode}): ${reads} reads compared after ${writes} writes, ${hits} answered from the cache, ${recordHits} events taken from the record cache`);
  return { reads, keptReads, hits, recordHits };
}

describe('the response cache against the service without one', () => {
  it('answers every read as the uncached service does, whatever writes came before (probe mode)', async ({ signal }) => {
    cached = feedApp(database, { db: cachedDb, clock, feed: probeFeed(clock) });
    const { reads } = await checkConsistency(fc.array(action, { minLength: 4, maxLength: 14 }), 30, signal);
    // How many the cache answered depends on the shared server's load (other databases move the
    // LSN): printed, and asserted in the next test, where nothing else can empty the cache.
    expect(reads).toBeGreaterThan(60);
  }, 400_000);

  it('does so with finer invalidation, SQL changes reported as the binlog reports them (issue 21)', async ({ signal }) => {
    const feed = new ChangeFeed();
    feed.useBinlog(() => true, clock.now());
    reportAsBinlog = feed;
    cached = feedApp(database, { db: cachedDb, clock, feed });
    try {
      const { reads, hits } = await checkConsistency(fc.array(action, { minLength: 4, maxLength: 14 }), 20, signal);
      expect(reads).toBeGreaterThan(40);
      // Most second reads of a pair are hits (answers other than 200, a drafted event's 403, are not kept).
      expect(hits).toBeGreaterThanOrEqual(reads / 2);
    } finally {
      reportAsBinlog = undefined;
    }
  }, 600_000);

  it('does so with lists assembled from kept records, no answers kept, SQL changes reported as the binlog reports them (issue 21)', async ({ signal }) => {
    const feed = new ChangeFeed();
    feed.useBinlog(() => true, clock.now());
    reportAsBinlog = feed;
    cached = feedApp(database, { db: cachedDb, clock, feed, caches: { answers: false, records: true } });
    try {
      const { reads, hits, recordHits } = await checkConsistency(fc.array(action, { minLength: 4, maxLength: 14 }), 12, signal);
      expect(reads).toBeGreaterThan(25);
      expect(hits).toBe(0);
      // Every list read is assembled anew: the events no write touched come from the record cache.
      expect(recordHits).toBeGreaterThan(reads);
    } finally {
      reportAsBinlog = undefined;
    }
  }, 600_000);

  it('does so with the cache answering, when only the service writes (its own writes reported at commit)', async ({ signal }) => {
    const feed = new ChangeFeed();
    feed.useBinlog(() => true, clock.now());
    cached = feedApp(database, { db: cachedDb, clock, feed });
    const serviceOnly = action.filter((step) => step.kind !== 'sql');
    const { reads, keptReads, hits } = await checkConsistency(fc.array(serviceOnly, { minLength: 4, maxLength: 14 }), 10, signal);
    expect(reads).toBeGreaterThan(20);
    // Every second read of a pair whose first answer was kept (a 200; a drafted or password-protected
    // event's refusal is not) is a hit: nothing was written between the two.
    expect(hits).toBeGreaterThanOrEqual(keptReads);
  }, 400_000);
});
