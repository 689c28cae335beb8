import type { Db } from '../../db/create-db.js';
import { formatUtc } from './dates.js';
import { occurrenceHash, type CustomTablesEventRow } from './custom-tables.js';

/** The largest value of a signed MEDIUMINT column. */
const MEDIUMINT_MAX = 8_388_607;

/** An event's `tec_events` row and its first occurrence, as stored; undefined where there is none. */
export interface StoredEventCustomTables {
  event: { event_id: number; start_date: string; end_date: string | null; timezone: string; start_date_utc: string; end_date_utc: string | null; duration: number | null; hash: string } | undefined;
  occurrence: { occurrence_id: number; event_id: number; start_date: string; start_date_utc: string; end_date: string; end_date_utc: string; duration: number | null; hash: string } | undefined;
}

/**
 * The event's custom tables rows: one statement for the `tec_events` row with its first
 * occurrence; a second only when there is no `tec_events` row (a new event, or one TEC never
 * modelled), for an occurrence left without one.
 */
export async function selectEventCustomTables(db: Db, postId: number): Promise<StoredEventCustomTables> {
  const joined = await db
    .selectFrom('tec_events as e')
    .leftJoin('tec_occurrences as o', 'o.post_id', 'e.post_id')
    .select([
      'e.event_id',
      'e.start_date',
      'e.end_date',
      'e.timezone',
      'e.start_date_utc',
      'e.end_date_utc',
      'e.duration',
      'e.hash',
      'o.occurrence_id as o_occurrence_id',
      'o.event_id as o_event_id',
      'o.start_date as o_start_date',
      'o.start_date_utc as o_start_date_utc',
      'o.end_date as o_end_date',
      'o.end_date_utc as o_end_date_utc',
      'o.duration as o_duration',
      'o.hash as o_hash',
    ])
    .where('e.post_id', '=', postId)
    .orderBy('o.occurrence_id')
    .limit(1)
    .executeTakeFirst();
  if (!joined) {
    const occurrence = await db
      .selectFrom('tec_occurrences')
      .select(['occurrence_id', 'event_id', 'start_date', 'start_date_utc', 'end_date', 'end_date_utc', 'duration', 'hash'])
      .where('post_id', '=', postId)
      .orderBy('occurrence_id')
      .executeTakeFirst();
    return { event: undefined, occurrence };
  }
  const event = {
    event_id: Number(joined.event_id),
    start_date: joined.start_date,
    end_date: joined.end_date,
    timezone: joined.timezone,
    start_date_utc: joined.start_date_utc,
    end_date_utc: joined.end_date_utc,
    duration: joined.duration,
    hash: joined.hash,
  };
  const occurrence =
    joined.o_occurrence_id === null
      ? undefined
      : {
          occurrence_id: Number(joined.o_occurrence_id),
          event_id: Number(joined.o_event_id),
          start_date: joined.o_start_date ?? '',
          start_date_utc: joined.o_start_date_utc ?? '',
          end_date: joined.o_end_date ?? '',
          end_date_utc: joined.o_end_date_utc ?? '',
          duration: joined.o_duration,
          hash: joined.o_hash ?? '',
        };
  return { event, occurrence };
}

// `duration` is a MEDIUMINT: WordPress runs MySQL outside strict mode, which stores a longer
// event's (over 97 days) as the column's largest value. The hash keeps the duration TEC computed.
const storedDuration = (row: CustomTablesEventRow) => Math.min(row.duration, MEDIUMINT_MAX);

function eventRowChanged(stored: NonNullable<StoredEventCustomTables['event']>, row: CustomTablesEventRow): boolean {
  return (
    stored.start_date !== row.start_date ||
    stored.end_date !== row.end_date ||
    stored.timezone !== row.timezone ||
    stored.start_date_utc !== row.start_date_utc ||
    stored.end_date_utc !== row.end_date_utc ||
    Number(stored.duration) !== storedDuration(row) ||
    stored.hash !== row.hash
  );
}

/** Whether the stored rows are the ones `row` makes: the `tec_events` row and its first occurrence. */
export function customTablesAgree(stored: StoredEventCustomTables, row: CustomTablesEventRow): boolean {
  const { event, occurrence } = stored;
  if (!event || !occurrence || eventRowChanged(event, row)) return false;
  return (
    occurrence.event_id === event.event_id &&
    occurrence.start_date === row.start_date &&
    occurrence.start_date_utc === row.start_date_utc &&
    occurrence.end_date === row.end_date &&
    occurrence.end_date_utc === row.end_date_utc &&
    Number(occurrence.duration) === storedDuration(row) &&
    occurrence.hash === occurrenceHash(row)
  );
}

/**
 * Events::update as TEC runs it after a save that touched an event's date meta, on the rows
 * `stored` read: the `tec_events` row upserted by post ID (a row whose values are unchanged is
 * left alone, as MySQL leaves it, `updated_at` included), then the event's one occurrence (TEC
 * free) inserted, or the first one rewritten with a fresh `updated_at` even when nothing else
 * changed. Times of the request come from `now`, not from the database server's clock.
 */
export async function upsertEventCustomTables(trx: Db, event: CustomTablesEventRow, stored: StoredEventCustomTables, now: Date): Promise<void> {
  const updatedAt = formatUtc(Math.floor(now.getTime() / 1000));
  const row = { ...event, duration: storedDuration(event) };
  let eventId: number;
  if (!stored.event) {
    const result = await trx.insertInto('tec_events').values({ ...row, updated_at: updatedAt }).executeTakeFirstOrThrow();
    eventId = Number(result.insertId);
  } else {
    eventId = stored.event.event_id;
    if (eventRowChanged(stored.event, event)) {
      await trx.updateTable('tec_events').set({ ...row, updated_at: updatedAt }).where('event_id', '=', eventId).execute();
    }
  }
  const occurrence = {
    event_id: eventId,
    post_id: row.post_id,
    start_date: row.start_date,
    start_date_utc: row.start_date_utc,
    end_date: row.end_date,
    end_date_utc: row.end_date_utc,
    duration: row.duration,
    hash: occurrenceHash(event),
    updated_at: updatedAt,
  };
  if (stored.occurrence) {
    await trx.updateTable('tec_occurrences').set(occurrence).where('occurrence_id', '=', stored.occurrence.occurrence_id).execute();
  } else {
    await trx.insertInto('tec_occurrences').values(occurrence).execute();
  }
}
