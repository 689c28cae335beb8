import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite } from '../../bench/support/generator/index.js';
import { EventTotalsIndex } from '../../src/cache/event-totals-index.js';
import { UNGATED } from '../../src/db/connection-gate.js';
import type { Db } from '../../src/db/create-db.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { countEvents, narrowedFilter, selectEventPage, withoutDateWindow, type EventListFilter } from '../../src/wp/tec/events-query.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { publishAsBinlog } from './support.js';

/*
 * The kept event dates (EventTotalsIndex) count every window of every filter as countEvents' SQL
 * does: random filters (statuses, categories, a tag, venues, organizers, featured, hidden events,
 * the parent, where the dates are read: occurrences or meta, local or UTC) and random windows
 * (bounds on the events' own dates, a second either side, and anywhere), on a generated site of
 * MariaDB with some events given a second occurrence and one a second start meta row, and on the
 * recorded site in SQLite.
 */

const STATUSES = ['publish', 'draft', 'pending', 'private', 'future'] as const;

interface SiteChoices {
  categories: number[];
  tags: number[];
  venues: number[];
  organizers: number[];
  dates: string[];
}

async function choicesOf(db: Db): Promise<SiteChoices> {
  const terms = async (taxonomy: string) =>
    (await db.selectFrom('term_taxonomy').select('term_id').where('taxonomy', '=', taxonomy).execute()).map((row) => Number(row.term_id));
  const named = async (key: string) =>
    [...new Set((await db.selectFrom('postmeta').select('meta_value').where('meta_key', '=', key).limit(200).execute()).map((row) => Number(row.meta_value)))].slice(0, 8);
  const dates = (await db.selectFrom('tec_occurrences').select(['start_date', 'end_date', 'start_date_utc', 'end_date_utc']).execute()).flatMap((row) =>
    [row.start_date, row.end_date, row.start_date_utc, row.end_date_utc].map(String),
  );
  return { categories: await terms('tribe_events_cat'), tags: await terms('post_tag'), venues: await named('_EventVenueID'), organizers: await named('_EventOrganizerID'), dates };
}

/** A `Y-m-d H:i:s` moved by `seconds`. */
function shifted(date: string, seconds: number): string {
  return new Date(Date.parse(`${date.replace(' ', 'T')}Z`) + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

function filterArbitrary(choices: SiteChoices): fc.Arbitrary<EventListFilter> {
  // Each filter now and then: all of them at once rarely find an event.
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
  const some = (values: number[]) => (values.length === 0 ? fc.constant(undefined) : sometimes(fc.subarray(values, { minLength: 1, maxLength: 3 })));
  const date = fc.oneof(
    fc.constantFrom(...choices.dates).chain((at) => fc.constantFrom(at, shifted(at, -1), shifted(at, 1))),
    fc.date({ min: new Date('2019-01-01T00:00:00Z'), max: new Date('2033-01-01T00:00:00Z'), noInvalidDate: true }).map((at) => at.toISOString().slice(0, 19).replace('T', ' ')),
  );
  const keys = ['startsOnOrAfter', 'endsOnOrBefore', 'startsBefore', 'startsAfter', 'endsBefore', 'endsAfter'] as const;
  // Up to three bounds: a window of all six rarely holds an event.
  const window = fc.subarray([...keys], { maxLength: 3 }).chain((chosen) => fc.tuple(...chosen.map(() => date)).map((values) => Object.fromEntries(chosen.map((key, at) => [key, values[at]]))));
  return fc
    .record({
      statuses: fc.subarray([...STATUSES]),
      useOccurrencesTable: fc.boolean(),
      filterOnUtcDates: fc.boolean(),
      orderByUtcStart: fc.boolean(),
      includeHidden: sometimes(fc.boolean()),
      categoryTermIds: some(choices.categories),
      tagTermIds: choices.tags.length === 0 ? fc.constant(undefined) : sometimes(fc.constantFrom(...choices.tags).map((tag) => [tag])),
      venueIds: some(choices.venues),
      organizerIds: some(choices.organizers),
      featured: sometimes(fc.boolean()),
      postParent: sometimes(fc.constant(0)),
      window,
    })
    .map(({ window: dates, ...rest }) => {
      const filter: EventListFilter = { ...rest, ...dates };
      for (const key of Object.keys(filter) as (keyof EventListFilter)[]) if (filter[key] === undefined) delete filter[key];
      return filter;
    });
}

/**
 * Runs the property on `db`: the index's total of each filter equals the SQL count, and its page
 * (where it reads one) the SQL page. Returns how many totals were not zero and how many non-empty
 * pages were compared.
 */
async function totalsAgree(db: Db, runs: number): Promise<{ nonZero: number; pages: number }> {
  const choices = await choicesOf(db);
  const index = new EventTotalsIndex(new ChangeFeed(), 64 * 1024 * 1024);
  let nonZero = 0;
  let pages = 0;
  let narrowedOnes = 0;
  await fc.assert(
    fc.asyncProperty(filterArbitrary(choices), fc.nat(6), fc.integer({ min: 1, max: 5 }), async (filter, offset, limit) => {
      // A filter narrowed by one category, tag, venue or organizer list is read off the wider
      // filter's dates when those are kept: keep them first.
      const narrowed = narrowedFilter(withoutDateWindow(filter)!);
      if (narrowed) {
        await index.total(db, UNGATED, narrowed.wider, 0);
        narrowedOnes += 1;
      }
      const kept = await index.total(db, UNGATED, filter, 0);
      const counted = await countEvents(db, filter);
      expect(kept, JSON.stringify(filter)).toBe(counted);
      if (counted > 0) nonZero += 1;
      const page = await index.page(db, UNGATED, filter, 0, { offset, limit });
      expect(page.total).toBe(kept);
      if (page.ids === undefined) return;
      const { ids } = await selectEventPage(db, filter, { offset, limit, orderByPostDate: false });
      expect(page, JSON.stringify({ filter, offset, limit })).toEqual({ ids, total: counted });
      if (ids.length > 0) pages += 1;
    }),
    { numRuns: runs },
  );
  expect(narrowedOnes).toBeGreaterThan(runs / 10);
  return { nonZero, pages };
}

describe('event totals from the kept dates, MariaDB (generated site)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await generateSite(database.db, { events: 300, seed: 3 });
    // Some events with a second occurrence (as Events Calendar Pro writes them), one with a second start meta row.
    await sql`insert into ${sql.table('tec_occurrences')} (event_id, post_id, start_date, start_date_utc, end_date, end_date_utc, duration, hash, updated_at)
      select event_id, post_id, date_add(start_date, interval 40 day), date_add(start_date_utc, interval 40 day), date_add(end_date, interval 40 day), date_add(end_date_utc, interval 40 day), duration, sha1(concat(hash, 'x')), updated_at
      from ${sql.table('tec_occurrences')} where mod(post_id, 7) = 0`.execute(database.db);
    await sql`insert into ${sql.table('postmeta')} (post_id, meta_key, meta_value)
      select post_id, meta_key, '2030-01-01 10:00:00' from ${sql.table('postmeta')} where meta_key = '_EventStartDate' order by post_id limit 1`.execute(database.db);
  }, 120_000);
  afterAll(() => database?.drop());

  it('equals the SQL count and page for random filters and windows', async () => {
    const { nonZero, pages } = await totalsAgree(database.db, 150);
    expect(nonZero).toBeGreaterThan(40);
    expect(pages).toBeGreaterThan(5);
  }, 120_000);
});

describe('event totals from the kept dates, SQLite (recorded site)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ dump: 'reference', dialect: 'sqlite' });
  }, 120_000);
  afterAll(() => database?.drop());

  it('leaves to SQL a filter with more rows than a capped load may read (probe mode), and keeps one with fewer', async () => {
    const index = new EventTotalsIndex(new ChangeFeed(), 64 * 1024 * 1024);
    const all: EventListFilter = { statuses: [], useOccurrencesTable: true, filterOnUtcDates: false, orderByUtcStart: false };
    const events = await countEvents(database.db, all);
    expect(events).toBeGreaterThan(3);
    expect(await index.total(database.db, UNGATED, all, 0, events - 1)).toBeUndefined();
    // Remembered: not read again while loads are capped below its size.
    const before = index.misses;
    expect(await index.total(database.db, UNGATED, all, 0, events - 1)).toBeUndefined();
    expect(index.misses).toBe(before);
    expect(await index.total(database.db, UNGATED, all, 0, events)).toBe(events);
    expect(await index.page(database.db, UNGATED, { ...all, startsOnOrAfter: '2000-01-01 00:00:00' }, 0, { offset: 0, limit: 2 }, events)).toEqual({
      ids: (await selectEventPage(database.db, all, { offset: 0, limit: 2, orderByPostDate: false })).ids,
      total: events,
    });
  });

  it("keeps a filter's dates while its narrowings are used, and narrows again at once a narrowing pushed out", async () => {
    const all: EventListFilter = { statuses: [], useOccurrencesTable: true, filterOnUtcDates: false, orderByUtcStart: false };
    const categories = (await database.db.selectFrom('term_taxonomy').select('term_id').where('taxonomy', '=', 'tribe_events_cat').where('count', '>', 0).orderBy('term_id').execute()).map((row) => Number(row.term_id));
    expect(categories.length).toBeGreaterThanOrEqual(2);
    const [inFirst, inSecond] = categories.map((id) => ({ ...all, categoryTermIds: [id] }));
    const featured: EventListFilter = { ...all, featured: true };
    const truth = async (filter: EventListFilter) => countEvents(database.db, filter);
    // The bytes each filter's entry takes, from an index with room for all.
    const sizes = new EventTotalsIndex(new ChangeFeed(), 64 * 1024 * 1024);
    const sizeOf = async (filter: EventListFilter) => {
      const before = sizes.bytes;
      await sizes.total(database.db, UNGATED, filter, 0);
      return sizes.bytes - before;
    };
    const [wider, first, second, other] = [await sizeOf(all), await sizeOf(inFirst!), await sizeOf(inSecond!), await sizeOf(featured)];
    expect(Math.min(wider, first, second, other)).toBeGreaterThan(0);

    // Room for the dates, one narrowing and the other filter's dates, not two narrowings beside them.
    const index = new EventTotalsIndex(new ChangeFeed(), wider + Math.max(first, second, other) + Math.min(first, second, other) - 1);
    expect(await index.total(database.db, UNGATED, all, 0)).toBe(await truth(all));
    expect(await index.total(database.db, UNGATED, inFirst!, 0)).toBe(await truth(inFirst!));
    // Used again (kept), the narrowing keeps its wider dates recently used too...
    expect(await index.total(database.db, UNGATED, inFirst!, 0)).toBe(await truth(inFirst!));
    // ...so another filter's dates push out the narrowing, not the dates it shares.
    expect(await index.total(database.db, UNGATED, featured, 0)).toBe(await truth(featured));
    const hits = index.hits;
    expect(await index.total(database.db, UNGATED, all, 0)).toBe(await truth(all));
    expect(index.hits).toBe(hits + 1);

    // A narrowing pushed out is made again at its next ask (not counted in SQL till a second one).
    expect(await index.total(database.db, UNGATED, inSecond!, 0)).toBe(await truth(inSecond!));
    expect(await index.total(database.db, UNGATED, inFirst!, 0)).toBe(await truth(inFirst!));
  });

  it("narrows again at once, reading its events anew, when SQL behind the service's back changed what the category names", async () => {
    const feed = new ChangeFeed();
    const index = new EventTotalsIndex(feed, 64 * 1024 * 1024);
    const all: EventListFilter = { statuses: [], useOccurrencesTable: true, filterOnUtcDates: false, orderByUtcStart: false };
    const taxonomyRow = async (id: number) =>
      (await database.db.selectFrom('term_taxonomy').selectAll().where('term_taxonomy_id', '=', id).executeTakeFirstOrThrow()) as unknown as Record<string, unknown>;
    const category = await database.db.selectFrom('term_taxonomy').select(['term_id', 'term_taxonomy_id']).where('taxonomy', '=', 'tribe_events_cat').where('count', '>', 0).orderBy('term_id').executeTakeFirstOrThrow();
    const inCategory: EventListFilter = { ...all, categoryTermIds: [Number(category.term_id)] };
    const ttId = Number(category.term_taxonomy_id);
    expect(await index.total(database.db, UNGATED, all, feed.generation)).toBe(await countEvents(database.db, all));
    const before = await countEvents(database.db, inCategory);
    expect(before).toBeGreaterThan(0);
    expect(await index.total(database.db, UNGATED, inCategory, feed.generation)).toBe(before);

    // The category's taxonomy row made a tag's by SQL, reported as the binlog would: the category names no event now.
    const rowBefore = await taxonomyRow(ttId);
    await database.db.updateTable('term_taxonomy').set({ taxonomy: 'post_tag' }).where('term_taxonomy_id', '=', ttId).execute();
    publishAsBinlog(feed, new Date(), [{ table: 'term_taxonomy', action: 'update', rows: [{ before: rowBefore, after: await taxonomyRow(ttId) }] }]);
    try {
      expect(await countEvents(database.db, inCategory)).toBe(0);
      // The change dropped the narrowing, not the dates it narrowed: made again at this first ask.
      expect(await index.total(database.db, UNGATED, inCategory, feed.generation)).toBe(0);
      const misses = index.misses;
      expect(await index.total(database.db, UNGATED, all, feed.generation)).toBe(await countEvents(database.db, all));
      expect(index.misses).toBe(misses);
    } finally {
      const rowAfter = await taxonomyRow(ttId);
      await database.db.updateTable('term_taxonomy').set({ taxonomy: 'tribe_events_cat' }).where('term_taxonomy_id', '=', ttId).execute();
      publishAsBinlog(feed, new Date(), [{ table: 'term_taxonomy', action: 'update', rows: [{ before: rowAfter, after: await taxonomyRow(ttId) }] }]);
    }
  });

  it('equals the SQL count and page for random filters and windows', async () => {
    const { nonZero, pages } = await totalsAgree(database.db, 60);
    expect(nonZero).toBeGreaterThan(15);
    expect(pages).toBeGreaterThan(5);
  }, 120_000);
});
