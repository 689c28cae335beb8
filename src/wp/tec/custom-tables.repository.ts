import type { Db } from '../../db/create-db.js';
import { formatUtc } from './dates.js';
import { occurrenceHash, type CustomTablesEventRow } from './custom-tables.js';

/** The largest value of a signed MEDIUMINT column. */
const MEDIUMINT_MAX = 8_388_607;

/**
 * Events::update as TEC runs it after a save that touched an event's date meta: the
 * `tec_events` row upserted by post ID (a row whose values are unchanged is left alone, as MySQL
 * leaves it, `updated_at` included), then the event's one occurrence (TEC free) inserted, or the
 * first one rewritten with a fresh `updated_at` even when nothing else changed. Times of the
 * request come from `now`, not from the database server's clock.
 */
export async function upsertEventCustomTables(trx: Db, event: CustomTablesEventRow, now: Date): Promise<void> {
  const updatedAt = formatUtc(Math.floor(now.getTime() / 1000));
  // `duration` is a MEDIUMINT: WordPress runs MySQL outside strict mode, which stores a longer
  // event's (over 97 days) as the column's largest value. The hash keeps the duration TEC computed.
  const row = { ...event, duration: Math.min(event.duration, MEDIUMINT_MAX) };
  const existing = await trx.selectFrom('tec_events').selectAll().where('post_id', '=', row.post_id).executeTakeFirst();
  let eventId: number;
  if (!existing) {
    const result = await trx.insertInto('tec_events').values({ ...row, updated_at: updatedAt }).executeTakeFirstOrThrow();
    eventId = Number(result.insertId);
  } else {
    eventId = Number(existing.event_id);
    const changed =
      existing.start_date !== row.start_date ||
      existing.end_date !== row.end_date ||
      existing.timezone !== row.timezone ||
      existing.start_date_utc !== row.start_date_utc ||
      existing.end_date_utc !== row.end_date_utc ||
      Number(existing.duration) !== row.duration ||
      existing.hash !== row.hash;
    if (changed) {
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
  const first = await trx
    .selectFrom('tec_occurrences')
    .select('occurrence_id')
    .where('post_id', '=', row.post_id)
    .orderBy('occurrence_id')
    .executeTakeFirst();
  if (first) {
    await trx.updateTable('tec_occurrences').set(occurrence).where('occurrence_id', '=', first.occurrence_id).execute();
  } else {
    await trx.insertInto('tec_occurrences').values(occurrence).execute();
  }
}
