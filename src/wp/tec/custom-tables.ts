import { createHash } from 'node:crypto';
import { isUtcOffsetZone, wallTimeToUnix } from './event-dates.js';

/**
 * TEC 6's custom tables ("CT1") rows of an event, as its save hooks compute them
 * (Custom_Tables\V1\Models\Event::data_from_post, Occurrences_Generator, the models'
 * validators and generate_hash). Pure; custom-tables.repository.ts writes them.
 */

/** The `tec_events` columns data_from_post fills from the event's meta. */
export interface CustomTablesEventRow {
  post_id: number;
  start_date: string;
  end_date: string;
  timezone: string;
  duration: number;
  start_date_utc: string;
  end_date_utc: string;
  /** Always empty for events: data_from_post sets it so. */
  hash: string;
}

/** The meta the rows come from (first row of each key, as get_post_meta(..., true) reads it). */
export interface EventDateMetaValues {
  start?: string;
  end?: string;
  startUtc?: string;
  endUtc?: string;
  duration?: string;
  timezone?: string;
}

const WALL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function utcUnix(wallTime: string): number {
  return wallTimeToUnix(wallTime, 'UTC') ?? Number.NaN;
}

/** PHP's empty() on a meta string. */
const phpEmpty = (value: string | undefined) => value === undefined || value === '' || value === '0';

/**
 * data_from_post and the Event model's validation: null when the model refuses the data (no
 * dates, an end before the start, UTC dates that do not match the zone, a duration longer than
 * the dates allow), in which case TEC writes nothing and leaves any stored rows as they were.
 * A missing or zero `_EventDuration` is computed from the UTC dates.
 */
export function customTablesEventRow(
  postId: number,
  meta: EventDateMetaValues,
  isValidTimezone: (zone: string) => boolean,
): CustomTablesEventRow | null {
  const start = meta.start ?? '';
  const end = meta.end ?? '';
  const startUtc = meta.startUtc ?? '';
  const endUtc = meta.endUtc ?? '';
  const timezone = meta.timezone ?? '';
  if (![start, end, startUtc, endUtc].every((value) => WALL_TIME.test(value))) return null;
  let duration = Number(meta.duration ?? '');
  if (phpEmpty(meta.duration)) duration = utcUnix(endUtc) - utcUnix(startUtc);
  if (!Number.isInteger(duration) || duration < 0) return null;
  if (end < start || endUtc < startUtc) return null;
  if (timezone === '' || !isValidTimezone(timezone)) return null;
  const startUnix = wallTimeToUnix(start, timezone);
  const endUnix = wallTimeToUnix(end, timezone);
  if (startUnix === null || endUnix === null) return null;
  if (startUnix !== utcUnix(startUtc) || endUnix !== utcUnix(endUtc)) return null;
  // The duration may not exceed what the dates span, in the event's zone or in UTC.
  const zoneSpan = isUtcOffsetZone(timezone) ? utcUnix(end) - utcUnix(start) : endUnix - startUnix;
  if (duration > zoneSpan || duration > utcUnix(endUtc) - utcUnix(startUtc)) return null;
  return { post_id: postId, start_date: start, end_date: end, timezone, duration, start_date_utc: startUtc, end_date_utc: endUtc, hash: '' };
}

/** Occurrence::generate_hash: sha1 of the hashed columns, in the model's column order, joined by `:`. */
export function occurrenceHash(row: CustomTablesEventRow): string {
  const pieces = [row.post_id, row.start_date, row.end_date, row.start_date_utc, row.end_date_utc, row.duration];
  return createHash('sha1').update(pieces.join(':')).digest('hex');
}
