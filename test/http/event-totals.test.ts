import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/create-db.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, occurrenceHash, setOption } from '../builders/index.js';
import { ROOT, agentFor, recordStatements, type ArchiveJson, type StatementRecorder } from './support.js';

/**
 * List totals (X-TEC-Total, `total`) kept per app by EventCountCache: keyed by the filter without
 * its window end, used only under the same TEC change marker (`tribe_last_save_post`) and for 60 s
 * after the last full count (by the app's clock); when only the window end moved later, the total
 * is grown by the events ending in between, unless one of those has several occurrences.
 *
 * The truth for every total is a FRESH app (an empty cache) asked the same request at the same
 * instant.
 *
 * Where the window's end moves: the default list's `end_date` is "now + 24 months" WIDENED to the
 * end of its day (as TEC prints it: `end_date=2028-11-24 23:59:59` in events.list.default-anon),
 * so within a day it does not move at all and its total is simply cached; and when the day turns,
 * its `start_date` ("yesterday 23:59", widened to 00:00:00) moves too, so the key changes and it
 * is counted afresh. The end moves every second only with `strict_dates=true` (no widening), and
 * by a day at midnight for a list with an explicit `start_date` and no `end_date`: those are the
 * lists whose totals are grown, and the ones the growth scenarios use.
 *
 * Each scenario runs its own app on its own base instant (an hour apart, same day, so the
 * window's start, "yesterday 23:59", stays put): events one scenario places at its window's end
 * lie well inside the later scenarios' windows.
 */

type ListJson = ArchiveJson<'events', Record<string, unknown> & { id: number }>;

const MIGRATED_STATE = 'a:1:{s:5:"phase";s:18:"migration-complete";}';
const T = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3600_000;

/** `Y-m-d H:i:s` (UTC, the seeded site's zone) of an epoch time. */
const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
/** The strict (unwidened) default window's end at `now`: 24 months later (defaultEndDate). */
const windowEnd = (now: number) => {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 24);
  return end.getTime();
};

let database: TestDatabase;
let recorder: StatementRecorder;
let marker = 0;

/** What a request did about its total, read from the statements it ran. */
type TotalWork = 'cached' | 'grown' | 'counted' | 'grown, then counted';

function totalWork(statements: readonly string[]): TotalWork {
  const counts = statements.filter((statement) => /count\(distinct/i.test(statement));
  const grown = counts.filter((statement) => /as `other`/.test(statement)).length;
  const full = counts.length - grown;
  if (grown === 0 && full === 0) return 'cached';
  if (grown === 1 && full === 0) return 'grown';
  if (grown === 0 && full === 1) return 'counted';
  if (grown === 1 && full === 1) return 'grown, then counted';
  throw new Error(`unexpected count statements:\n${counts.join('\n')}`);
}

interface Answer {
  total: number;
  ids: number[];
  body: ListJson;
  work: TotalWork;
}

/** One app (one count cache) over the recording connection, with a clock the test moves. */
function appAt(start: number) {
  let instant = start;
  const clock: Clock = { now: () => new Date(instant) };
  const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: database.prefix });
  const agent = supertest(createHandler({ db: recorder.db, config, clock }));
  return {
    get now() {
      return instant;
    },
    set now(value: number) {
      instant = value;
    },
    async get(query = ''): Promise<Answer> {
      recorder.clear();
      const response = await agent.get(`${ROOT}/events${query === '' ? '' : `?${query}`}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const body = response.body as ListJson;
      expect(response.headers['x-tec-total']).toBe(String(body.total));
      return { total: body.total, ids: body.events.map((event) => event.id), body, work: totalWork(recorder.statements) };
    },
  };
}

/** The same request on a fresh app at `now`: the truth. */
async function truth(now: number, query = ''): Promise<ListJson> {
  const response = await agentFor(database, { now: new Date(now).toISOString() }).get(`${ROOT}/events${query === '' ? '' : `?${query}`}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers['x-tec-total']).toBe(String(response.body.total));
  return response.body as ListJson;
}

/** TEC's change marker bumped as a save through WordPress would. */
async function bumpMarker(db: Db): Promise<void> {
  marker += 1;
  await setOption(db, 'tribe_last_save_post', String(1_790_000_000 + marker));
}

/** An event in the middle of every scenario's window. */
const midWindow = (db: Db, title: string) => insertEvent(db, { post_title: title, start_date: '2027-06-15 10:00:00' });

/** A UTC event ending `secondsAfter` seconds after `end` (it starts an hour before it ends). */
function endingAfter(db: Db, end: number, secondsAfter: number, title: string) {
  const ends = end + secondsAfter * 1000;
  return insertEvent(db, { post_title: title, start_date: wall(ends - HOUR), end_date: wall(ends) });
}

/** One more occurrence of a UTC event (same tec_events row, its own hash), as TEC Pro writes it. */
async function addOccurrence(db: Db, postId: number, start: number, end: number): Promise<void> {
  const { event_id } = await db.selectFrom('tec_events').select('event_id').where('post_id', '=', postId).executeTakeFirstOrThrow();
  const dates = { start_date: wall(start), end_date: wall(end), start_date_utc: wall(start), end_date_utc: wall(end) };
  const duration = (end - start) / 1000;
  await db
    .insertInto('tec_occurrences')
    .values({ event_id, post_id: postId, ...dates, duration, hash: occurrenceHash(postId, dates, duration), updated_at: '2026-11-01 00:00:00' })
    .execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  recorder = recordStatements(database);
  const db = database.db;
  await setOption(db, 'tec_ct1_migration_state', MIGRATED_STATE);
  await setOption(db, 'tec_ct1_occurrences_table_schema_version', '1.0.1');
  await bumpMarker(db);
  // Fourteen events across the window (more than one default page), one hidden, one draft, one past.
  for (let month = 0; month < 14; month += 1) {
    await insertEvent(db, { post_title: `Month ${month}`, start_date: wall(Date.UTC(2026, 11 + month, 3, 9)) });
  }
  await insertEvent(db, { post_title: 'Hidden', start_date: '2027-02-01 10:00:00', hide_from_listings: true });
  await insertEvent(db, { post_title: 'Draft', post_status: 'draft', start_date: '2027-02-02 10:00:00' });
  await insertEvent(db, { post_title: 'Past', start_date: '2026-10-01 10:00:00' });
});

afterAll(async () => {
  await recorder?.db.destroy();
  await database?.drop();
});

const STRICT = 'strict_dates=true&per_page=50';

describe('event list totals cached per app', () => {
  it('the default list keeps one window end all day (widened to 23:59:59): its total is cached, not grown', async () => {
    const app = appAt(T);
    const first = await app.get();
    expect(first.work).toBe('counted');
    expect(first.total).toBe(14);
    expect(first.total).toBe((await truth(T)).total);
    expect(first.body.rest_url).toContain('end_date=2028-11-21 23:59:59&');
    app.now = T + 30_000;
    const later = await app.get();
    expect(later.work).toBe('cached');
    expect(later.body).toEqual(await truth(app.now));
  });

  it('(a) grows the total by an event ending between the old and the new window end, as a fresh app counts it', async () => {
    const app = appAt(T);
    const first = await app.get(STRICT);
    expect(first.work).toBe('counted');
    expect(first.total).toBe((await truth(app.now, STRICT)).total);
    expect(first.body.rest_url).toContain(`end_date=${wall(windowEnd(T))}&`);

    const late = await endingAfter(database.db, windowEnd(T), 15, 'Ends in the grown range');
    app.now = T + 30_000;
    const second = await app.get(STRICT);
    expect(second.work).toBe('grown');
    expect(second.total).toBe(first.total + 1);
    expect(second.ids.at(-1)).toBe(late.id);
    const fresh = await truth(app.now, STRICT);
    expect(second.total).toBe(fresh.total);
    expect(second.body).toEqual(fresh);
  });

  it('(a) does not count again an event that ends exactly at the old window end (counted already)', async () => {
    const base = T + 5 * HOUR;
    await endingAfter(database.db, windowEnd(base), 0, 'Ends at the old end');
    const app = appAt(base);
    const counted = await app.get(STRICT);
    expect(counted.work).toBe('counted');
    expect(counted.total).toBe((await truth(base, STRICT)).total);
    app.now = base + 30_000;
    const grown = await app.get(STRICT);
    expect(grown.work).toBe('grown');
    expect(grown.total).toBe(counted.total);
    expect(grown.body).toEqual(await truth(app.now, STRICT));
  });

  it('(a) grows a list with a start_date and the default end by the day its end moves at midnight', async () => {
    const base = Date.parse('2026-11-21T23:59:45Z');
    const query = 'start_date=2027-01-01&per_page=50';
    const app = appAt(base);
    const counted = await app.get(query);
    expect(counted.work).toBe('counted');
    expect(counted.total).toBe((await truth(base, query)).total);
    expect(counted.body.rest_url).toContain('end_date=2028-11-21 23:59:59&');

    const nextDay = await insertEvent(database.db, { post_title: 'Ends the next day', start_date: '2028-11-22 09:00:00' });
    app.now = base + 30_000;
    const grown = await app.get(query);
    expect(grown.body.rest_url).toContain('end_date=2028-11-22 23:59:59&');
    expect(grown.work).toBe('grown');
    expect(grown.total).toBe(counted.total + 1);
    expect(grown.ids.at(-1)).toBe(nextDay.id);
    expect(grown.body).toEqual(await truth(app.now, query));
  });

  it('(b) misses an event inserted mid-window without the marker for up to 60 s after the count (the known limit), then sees it', async () => {
    const base = T + HOUR;
    const app = appAt(base);
    const lists = [
      { query: 'per_page=50', within: 'cached' as const },
      { query: STRICT, within: 'grown' as const },
    ];
    const counted = new Map<string, number>();
    for (const { query } of lists) {
      const answer = await app.get(query);
      expect(answer.work, query).toBe('counted');
      expect(answer.total, query).toBe((await truth(base, query)).total);
      counted.set(query, answer.total);
    }

    const added = await midWindow(database.db, 'Unannounced');
    for (const seconds of [0, 30, 60]) {
      app.now = base + seconds * 1000;
      for (const { query, within } of lists) {
        const stale = await app.get(query);
        const label = `${query} after ${seconds} s`;
        expect(stale.work, label).toBe(seconds === 0 ? 'cached' : within);
        // The page already lists the event; the total does not count it.
        expect(stale.ids, label).toContain(added.id);
        expect(stale.total, label).toBe(counted.get(query));
        expect((await truth(app.now, query)).total, label).toBe(counted.get(query)! + 1);
      }
    }

    app.now = base + 61_000;
    for (const { query } of lists) {
      const recounted = await app.get(query);
      expect(recounted.work, query).toBe('counted');
      expect(recounted.total, query).toBe(counted.get(query)! + 1);
      expect(recounted.body, query).toEqual(await truth(app.now, query));
    }
  });

  it('(c) sees an event at once when the marker was bumped after it was inserted', async () => {
    const base = T + 2 * HOUR;
    const app = appAt(base);
    const counted = await app.get(STRICT);
    expect(counted.total).toBe((await truth(base, STRICT)).total);
    const plain = await app.get();

    await midWindow(database.db, 'Announced');
    await bumpMarker(database.db);
    for (const query of [STRICT, '']) {
      const next = await app.get(query);
      expect(next.work, query).toBe('counted');
      expect(next.total, query).toBe((query === '' ? plain : counted).total + 1);
      expect(next.body, query).toEqual(await truth(base, query));
    }

    // A later, window-moved request under the new marker grows from the new count.
    app.now = base + 20_000;
    const moved = await app.get(STRICT);
    expect(moved.work).toBe('grown');
    expect(moved.body).toEqual(await truth(app.now, STRICT));
  });

  it('(d) falls back to a full count when an event ending in the grown range has several occurrences', async () => {
    const base = T + 3 * HOUR;
    const app = appAt(base);
    const counted = await app.get(STRICT);
    expect(counted.work).toBe('counted');
    expect(counted.total).toBe((await truth(base, STRICT)).total);

    // An event already counted gains an occurrence ending in the range the window moves over:
    // growing would count it twice. A new single event ends there too: it must count once.
    const already = counted.ids[3]!;
    const end = windowEnd(base);
    await addOccurrence(database.db, already, end + 5_000 - HOUR, end + 5_000);
    const single = await endingAfter(database.db, end, 10, 'Single in the grown range');
    app.now = base + 30_000;
    const after = await app.get(STRICT);
    expect(after.work).toBe('grown, then counted');
    expect(after.total).toBe(counted.total + 1);
    expect(after.ids).toContain(single.id);
    expect(after.ids.filter((id) => id === already)).toHaveLength(1);
    expect(after.body).toEqual(await truth(app.now, STRICT));
  });

  it('(e) shares one cached total between per_page and page changes of the same list', async () => {
    const base = T + 4 * HOUR;
    const app = appAt(base);
    const counted = await app.get('per_page=3');
    expect(counted.work).toBe('counted');
    expect(counted.total).toBe((await truth(base, 'per_page=3')).total);
    expect(counted.body.total_pages).toBe(Math.ceil(counted.total / 3));

    // A change the marker does not announce shows which requests reuse the cached total.
    await midWindow(database.db, 'Unannounced again');
    const truthNow = (await truth(base)).total;
    expect(truthNow).toBe(counted.total + 1);
    for (const query of ['per_page=3&page=2', 'per_page=5', 'per_page=5&page=3', '', 'page=2', 'per_page=50']) {
      const answer = await app.get(query);
      expect(answer.work, query).toBe('cached');
      expect(answer.total, query).toBe(counted.total);
      const perPage = Number(/per_page=(\d+)/.exec(query)?.[1] ?? 10);
      expect(answer.body.total_pages, query).toBe(Math.ceil(counted.total / perPage));
    }
    // Another filter is another entry: counted afresh.
    const other = await app.get('start_date=2027-01-01');
    expect(other.work).toBe('counted');
    expect(other.total).toBe((await truth(base, 'start_date=2027-01-01')).total);
    // And after the TTL the pages agree with a fresh app again.
    app.now = base + 61_000;
    const paged = await app.get('per_page=3&page=2');
    expect(paged.total).toBe(truthNow);
    expect(paged.body).toEqual(await truth(app.now, 'per_page=3&page=2'));
  });

  it('(f) lists differing only in an explicit end_date share an entry: a later end is grown from an earlier one, exactly', async () => {
    const base = T + 6 * HOUR;
    const app = appAt(base);
    const later = 'start_date=2027-01-01&end_date=2027-12-31&per_page=50';
    const earlier = 'start_date=2027-01-01&end_date=2027-06-30&per_page=50';
    const steps: [string, TotalWork][] = [
      [later, 'counted'],
      [earlier, 'counted'],
      [later, 'grown'],
    ];
    for (const [query, work] of steps) {
      const answer = await app.get(query);
      expect(answer.work, query).toBe(work);
      expect(answer.body, query).toEqual(await truth(base, query));
    }

    // An event already inside the earlier window with a second occurrence in between the two ends:
    // growing would count it twice, so the grown path must give way to a full count.
    const twice = await insertEvent(database.db, { post_title: 'Twice in 2027', start_date: '2027-03-01 10:00:00' });
    await addOccurrence(database.db, twice.id, Date.parse('2027-09-01T10:00:00Z'), Date.parse('2027-09-01T12:00:00Z'));
    await bumpMarker(database.db);
    const again: [string, TotalWork][] = [
      [later, 'counted'],
      [earlier, 'counted'],
      [later, 'grown, then counted'],
    ];
    for (const [query, work] of again) {
      const answer = await app.get(query);
      expect(answer.work, query).toBe(work);
      expect(answer.ids.filter((id) => id === twice.id), query).toHaveLength(1);
      expect(answer.body, query).toEqual(await truth(base, query));
    }
  });
});
