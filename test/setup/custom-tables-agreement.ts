import { expect } from 'vitest';
import type { Db } from '../../src/db/create-db.js';
import { EventMeta, PostType } from '../../src/wp/constants.js';
import { eventDateMetaValues, isValidEventTimezone, settledCustomTablesEventRow } from '../../src/wp/tec/custom-tables.js';
import { occurrenceHash } from '../builders/events.js';

/**
 * The check every write test runs after its writes (docs/writes.md: the custom tables follow the
 * meta): each event's `tec_events` row and its one occurrence are the rows its final date meta
 * makes (settledCustomTablesEventRow: TEC's own, or the resaved ones where TEC's model refuses
 * the meta), the hash recomputed here. An event whose meta makes no rows (no dates) is not checked.
 */

const DATE_KEYS = [EventMeta.startDate, EventMeta.endDate, EventMeta.startDateUtc, EventMeta.endDateUtc, EventMeta.duration, EventMeta.timezone];
/** The MEDIUMINT `duration` columns hold at most this (MySQL outside strict mode stores a longer one so). */
const MEDIUMINT_MAX = 8_388_607;

/**
 * One line per difference between the custom tables rows of these posts' events (every event of
 * the site without `postIds`) and their meta; empty when they agree.
 */
export async function customTablesDisagreements(db: Db, postIds?: Iterable<number>): Promise<string[]> {
  const candidates = postIds === undefined ? undefined : [...new Set(postIds)];
  if (candidates?.length === 0) return [];
  let query = db.selectFrom('posts').select('ID').where('post_type', '=', PostType.event);
  if (candidates) query = query.where('ID', 'in', candidates);
  const events = await query.orderBy('ID').execute();
  const ids = events.map((event) => Number(event.ID));
  if (ids.length === 0) return [];
  const metaRows = await db
    .selectFrom('postmeta')
    .select(['post_id', 'meta_key', 'meta_value'])
    .where('post_id', 'in', ids)
    .where('meta_key', 'in', DATE_KEYS)
    .orderBy('meta_id')
    .execute();
  const eventRows = await db.selectFrom('tec_events').selectAll().where('post_id', 'in', ids).execute();
  const occurrenceRows = await db.selectFrom('tec_occurrences').selectAll().where('post_id', 'in', ids).orderBy('occurrence_id').execute();

  const out: string[] = [];
  for (const id of ids) {
    const meta = new Map<string, string[]>();
    for (const row of metaRows.filter((row) => Number(row.post_id) === id)) {
      meta.set(row.meta_key ?? '', [...(meta.get(row.meta_key ?? '') ?? []), row.meta_value ?? '']);
    }
    const expected = settledCustomTablesEventRow(id, eventDateMetaValues(meta), isValidEventTimezone);
    if (!expected) continue;
    const duration = Math.min(expected.duration, MEDIUMINT_MAX);
    const want = {
      start_date: expected.start_date,
      end_date: expected.end_date,
      start_date_utc: expected.start_date_utc,
      end_date_utc: expected.end_date_utc,
      duration,
    };
    const stored = eventRows.filter((row) => Number(row.post_id) === id);
    const occurrences = occurrenceRows.filter((row) => Number(row.post_id) === id);
    if (stored.length !== 1 || occurrences.length !== 1) {
      out.push(`event ${id}: ${stored.length} tec_events and ${occurrences.length} tec_occurrences rows, expected one each`);
      continue;
    }
    const event = stored[0]!;
    const occurrence = occurrences[0]!;
    const eventWant = { ...want, timezone: expected.timezone, hash: '' };
    for (const [column, value] of Object.entries(eventWant)) {
      const got = column === 'duration' ? Number(event[column]) : event[column as keyof typeof event];
      if (got !== value) out.push(`event ${id}: tec_events.${column} is ${JSON.stringify(got)}, the meta makes ${JSON.stringify(value)}`);
    }
    const occurrenceWant = { ...want, event_id: Number(event.event_id), hash: occurrenceHash(id, expected, expected.duration) };
    for (const [column, value] of Object.entries(occurrenceWant)) {
      const raw = occurrence[column as keyof typeof occurrence];
      const got = column === 'duration' || column === 'event_id' ? Number(raw) : raw;
      if (got !== value) out.push(`event ${id}: tec_occurrences.${column} is ${JSON.stringify(got)}, the meta makes ${JSON.stringify(value)}`);
    }
  }
  return out;
}

/** Fails the test unless every event's custom tables rows follow its meta (docs/writes.md); for an afterEach of write tests. */
export async function expectCustomTablesFollowMeta(db: Db): Promise<void> {
  expect(await customTablesDisagreements(db), "tec_events / tec_occurrences rows that are not the meta's").toEqual([]);
}
