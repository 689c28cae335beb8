import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/create-db.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, occurrenceHash, setOption } from '../builders/index.js';
import { ROOT, agentFor, type ArchiveJson } from './support.js';

/**
 * Events with several rows in TEC 6's `tec_occurrences` (recurring events left by an inactive
 * Events Calendar Pro). selectEventPage reads rows in date order without GROUP BY and skips an
 * event it has already seen, re-reading twice as many rows when skipped duplicates leave the page
 * short. Whatever the page size, each event must appear once, at the position of its earliest
 * occurrence that matches the filter, the total must count it once, and the pages put together
 * must give the whole list in order.
 *
 * The site (seed options: UTC) is marked as migrated, so the list reads the occurrences table.
 */

type EventJson = Record<string, unknown> & { id: number; title: string };
type ListJson = ArchiveJson<'events', EventJson>;

const MIGRATED_STATE = 'a:1:{s:5:"phase";s:18:"migration-complete";}';

/** One more occurrence of a UTC event, as TEC Pro writes it (same tec_events row, its own hash). */
async function addOccurrence(db: Db, postId: number, start: string, end: string): Promise<void> {
  const { event_id } = await db.selectFrom('tec_events').select('event_id').where('post_id', '=', postId).executeTakeFirstOrThrow();
  const dates = { start_date: start, end_date: end, start_date_utc: start, end_date_utc: end };
  const duration = (Date.parse(`${end.replace(' ', 'T')}Z`) - Date.parse(`${start.replace(' ', 'T')}Z`)) / 1000;
  await db
    .insertInto('tec_occurrences')
    .values({ event_id, post_id: postId, ...dates, duration, hash: occurrenceHash(postId, dates, duration), updated_at: '2026-11-01 00:00:00' })
    .execute();
}

let database: TestDatabase;
/** Post IDs by name. */
const id: Record<string, number> = {};

/** Occurrence starts (UTC, each lasting an hour) by event; the first one is the builder's row. */
const OCCURRENCES: Record<string, string[]> = {
  A: ['2026-12-01 10:00:00'],
  // Second occurrence right after the first: with per_page=2 it is the first row of page 2.
  B: ['2026-12-02 10:00:00', '2026-12-03 10:00:00'],
  C: ['2026-12-04 10:00:00'],
  // Second occurrence far later in the window.
  D: ['2026-12-05 10:00:00', '2026-12-20 10:00:00'],
  // A run of twelve occurrences (twice a day, Dec 6 to 11): one re-read (twice the rows) is not
  // enough for the page after it.
  E: [6, 7, 8, 9, 10, 11].flatMap((day) => [`2026-12-${String(day).padStart(2, '0')} 10:00:00`, `2026-12-${String(day).padStart(2, '0')} 14:00:00`]),
  F: ['2026-12-12 10:00:00'],
  // Same start as F, a higher post ID: after F.
  K: ['2026-12-12 10:00:00'],
  // First occurrence before the window (it starts "yesterday 23:59"): listed by its second.
  G: ['2026-11-01 10:00:00', '2026-12-13 10:00:00'],
  H: ['2026-12-14 10:00:00'],
  // Two occurrences at the very end of the list.
  I: ['2026-12-15 10:00:00', '2026-12-16 10:00:00'],
};
/** Every event once, by its earliest occurrence in the default window, ties by post ID. */
const EXPECTED = ['A', 'B', 'C', 'D', 'E', 'F', 'K', 'G', 'H', 'I'];

const hourLater = (start: string) => new Date(Date.parse(`${start.replace(' ', 'T')}Z`) + 3600_000).toISOString().slice(0, 19).replace('T', ' ');

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await setOption(db, 'tec_ct1_migration_state', MIGRATED_STATE);
  await setOption(db, 'tec_ct1_occurrences_table_schema_version', '1.0.1');
  for (const [name, starts] of Object.entries(OCCURRENCES)) {
    const [first, ...more] = starts;
    id[name] = (await insertEvent(db, { post_title: `Event ${name}`, start_date: first!, end_date: hourLater(first!) })).id;
    for (const start of more) await addOccurrence(db, id[name]!, start, hourLater(start));
  }
});

afterAll(async () => {
  await database?.drop();
});

const names = (list: ListJson) => list.events.map((event) => Object.keys(id).find((name) => id[name] === event.id) ?? `#${event.id}`);

async function getList(query: string): Promise<{ status: number; list: ListJson; header: string | undefined }> {
  const response = await agentFor(database).get(`${ROOT}/events${query === '' ? '' : `?${query}`}`);
  return { status: response.status, list: response.body as ListJson, header: response.headers['x-tec-total'] };
}

describe('events with several occurrences in the list', () => {
  it('the data really holds duplicate rows (the test is not vacuous)', async () => {
    const rows = await database.db.selectFrom('tec_occurrences').select('post_id').execute();
    expect(rows).toHaveLength(Object.values(OCCURRENCES).flat().length);
    expect(rows.length).toBeGreaterThan(EXPECTED.length + 5);
  });

  it('lists each event once, at its earliest matching occurrence, and counts it once', async () => {
    const { status, list, header } = await getList('per_page=50');
    expect(status).toBe(200);
    expect(names(list)).toEqual(EXPECTED);
    expect(list.total).toBe(EXPECTED.length);
    expect(header).toBe(String(EXPECTED.length));
    expect(list.total_pages).toBe(1);
  });

  it('places an event by the first occurrence the date filter keeps (B from its Dec 3 row, D before E)', async () => {
    const { list } = await getList('start_date=2026-12-03&end_date=2026-12-31&per_page=50');
    expect(names(list)).toEqual(['B', 'C', 'D', 'E', 'F', 'K', 'G', 'H', 'I']);
    expect(list.total).toBe(9);
    // From Dec 6 on only D's second occurrence (Dec 20) keeps it: it moves behind I.
    const later = (await getList('start_date=2026-12-06&end_date=2026-12-31&per_page=50')).list;
    expect(names(later)).toEqual(['E', 'F', 'K', 'G', 'H', 'I', 'D']);
    expect(later.total).toBe(7);
  });

  it.each([1, 2, 3, 4, 5, 6, 7])('per_page=%i: every page full, the pages together give every event once in order', async (perPage) => {
    const pages = Math.ceil(EXPECTED.length / perPage);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page += 1) {
      const { status, list, header } = await getList(`per_page=${perPage}&page=${page}`);
      expect(status, `page ${page}`).toBe(200);
      expect(list.total, `page ${page}`).toBe(EXPECTED.length);
      expect(header, `page ${page}`).toBe(String(EXPECTED.length));
      expect(list.total_pages, `page ${page}`).toBe(pages);
      const expectedSize = page < pages ? perPage : EXPECTED.length - perPage * (pages - 1);
      expect(list.events, `page ${page}`).toHaveLength(expectedSize);
      seen.push(...names(list));
    }
    expect(seen).toEqual(EXPECTED);
    const past = await getList(`per_page=${perPage}&page=${pages + 1}`);
    expect(past.status).toBe(404);
  });

  it('page 2 at per_page=2 starts after B although B\'s second row is the first row past page 1 (the re-read path)', async () => {
    // Rows in date order: A, B, B', C, ...: the page-2 read of 4 rows finds 3 events and reads again.
    const { list } = await getList('per_page=2&page=2');
    expect(names(list)).toEqual(['C', 'D']);
    // Rows A, B, B', C, D, E x12, F: page 3 at per_page=2 wants 6 events; 6 rows hold 5 and so do
    // 12, so it needs two re-reads (6, 12, then 24 rows).
    const third = (await getList('per_page=2&page=3')).list;
    expect(names(third)).toEqual(['E', 'F']);
  });

  it('lists an included event with several occurrences once', async () => {
    const { list } = await getList(`include=${id.B},${id.E},${id.A}&per_page=50`);
    // include lists run by post date, then ID (the builder gives every event the same date).
    expect(names(list)).toEqual(['A', 'B', 'E']);
    expect(list.events).toHaveLength(3);
    expect(list.total).toBe(3);
  });
});
