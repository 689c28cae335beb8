import { createHash } from 'node:crypto';
import { EventMeta } from '../constants.js';
import { isUtcOffsetZone, wallTimeToUnix, wallTimeToUtc } from './event-dates.js';
import { isKnownZoneName } from './dates.js';

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

/**
 * The rows of the event's wall times and zone saved afresh, as prepare_event_date_meta computes a
 * save that sends them: UTC dates from the wall times in the zone, the duration their span. What
 * an event write leaves here where TEC's model refuses meta that the save left at odds with
 * itself (docs/writes.md: an intended deviation): an all-day update keeps the old
 * `_EventDuration`, longer than the new day, and a zone-only update keeps the UTC dates of the
 * old zone; TEC then writes nothing and its calendar views go on showing the old dates. Null when
 * the wall times or the zone are themselves unusable (no dates, an end before the start).
 */
export function resavedCustomTablesEventRow(
  postId: number,
  meta: EventDateMetaValues,
  isValidTimezone: (zone: string) => boolean,
): CustomTablesEventRow | null {
  const { start, end, timezone } = meta;
  if (start === undefined || end === undefined || timezone === undefined || !isValidTimezone(timezone)) return null;
  const resaved = { start, end, timezone, startUtc: wallTimeToUtc(start, timezone), endUtc: wallTimeToUtc(end, timezone) };
  return customTablesEventRow(postId, resaved, isValidTimezone);
}

/**
 * The rows `tec_events` and `tec_occurrences` hold for an event after any write here: TEC's own
 * (customTablesEventRow) whenever its model takes the event's meta, else the resaved ones.
 */
export function settledCustomTablesEventRow(
  postId: number,
  meta: EventDateMetaValues,
  isValidTimezone: (zone: string) => boolean,
): CustomTablesEventRow | null {
  return customTablesEventRow(postId, meta, isValidTimezone) ?? resavedCustomTablesEventRow(postId, meta, isValidTimezone);
}

/** Timezones::is_valid_timezone as the Event model's Valid_Timezone asks it: `UTC+N` offsets, or a zone Intl can build. */
export function isValidEventTimezone(zone: string): boolean {
  return isUtcOffsetZone(zone) || isKnownZoneName(zone);
}

/** The date meta customTablesEventRow reads, from an event's meta (first value of each key). */
export function eventDateMetaValues(meta: ReadonlyMap<string, readonly string[]>): EventDateMetaValues {
  const first = (key: string) => meta.get(key)?.[0];
  return {
    start: first(EventMeta.startDate),
    end: first(EventMeta.endDate),
    startUtc: first(EventMeta.startDateUtc),
    endUtc: first(EventMeta.endDateUtc),
    duration: first(EventMeta.duration),
    timezone: first(EventMeta.timezone),
  };
}

/** Occurrence::generate_hash: sha1 of the hashed columns, in the model's column order, joined by `:`. */
export function occurrenceHash(row: CustomTablesEventRow): string {
  const pieces = [row.post_id, row.start_date, row.end_date, row.start_date_utc, row.end_date_utc, row.duration];
  return createHash('sha1').update(pieces.join(':')).digest('hex');
}
