import { createHash } from 'node:crypto';
import type { Db } from '../../src/db/create-db.js';
import { attachTerms } from './terms.js';
import { definedOnly, insertPost, insertPostMeta, type PostOverrides } from './posts.js';

/** Event fields under the REST API's names; post columns (post_title, post_status, ...) as in insertPost. */
export interface EventOverrides extends Omit<PostOverrides, 'post_type'> {
  /** Local wall time in the event's time zone, `YYYY-MM-DD HH:MM:SS` (all-day events: the time is ignored). */
  start_date?: string;
  /** Local wall time; defaults to two hours after the start. */
  end_date?: string;
  /** IANA zone or `UTC`; defaults to `UTC`, the seeded site's zone. */
  timezone?: string;
  /** Defaults to the abbreviation PHP prints for the zone at the start (`EST`, `CEST`, `JST`). */
  timezone_abbr?: string;
  all_day?: boolean;
  /** Stored as typed (`15`, `Free`, `10-20`). */
  cost?: string;
  website?: string;
  /** Venue post ID. */
  venue?: number;
  /** Organizer post IDs, one `_EventOrganizerID` row each, in this order. */
  organizers?: readonly number[];
  featured?: boolean;
  /** TEC stores "sticky in month view" as `menu_order = -1`. */
  sticky?: boolean;
  hide_from_listings?: boolean;
  show_map?: boolean;
  show_map_link?: boolean;
  /** term_taxonomy_ids of `tribe_events_cat` terms. */
  categories?: readonly number[];
  /** term_taxonomy_ids of `post_tag` terms. */
  tags?: readonly number[];
  /** Write the TEC 6 `tec_events` / `tec_occurrences` rows (default true; false = a site that never migrated). */
  custom_tables?: boolean;
}

export interface InsertedEvent {
  /** The post ID. */
  id: number;
  /** `tec_events.event_id`, null without custom tables. */
  event_id: number | null;
  /** `tec_occurrences.occurrence_id`, null without custom tables. */
  occurrence_id: number | null;
}

export const DEFAULT_EVENT_START = '2026-12-01 10:00:00';
const DEFAULT_DURATION_SECONDS = 2 * 60 * 60;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * Inserts a `tribe_events` post with the meta rows TEC 6 writes, in TEC's order, and the
 * `tec_events` / `tec_occurrences` rows of a single (non-recurring) event.
 *
 * Storage rules reproduced from the reference dump: booleans are `1` or an empty string
 * (`_EventShowMap`), `_EventAllDay` is written only for all-day events (as `1`), and those have
 * no `_EventDuration` row; all-day events run from 00:00:00 on the start day to 23:59:59 on the
 * end day; `_EventHideFromUpcoming` is `yes`; `tec_events.hash` is empty while the occurrence
 * hash is sha1 of `post_id:start:end:start_utc:end_utc:duration`.
 */
export async function insertEvent(db: Db, overrides: EventOverrides = {}): Promise<InsertedEvent> {
  const {
    start_date,
    end_date,
    timezone = 'UTC',
    timezone_abbr,
    all_day = false,
    cost,
    website,
    venue,
    organizers = [],
    featured = false,
    sticky = false,
    hide_from_listings = false,
    show_map = false,
    show_map_link = false,
    categories = [],
    tags = [],
    custom_tables = true,
    ...postOverrides
  } = overrides;

  let start = parseWallTime(start_date ?? DEFAULT_EVENT_START, 'start_date');
  let end =
    end_date === undefined ? start + DEFAULT_DURATION_SECONDS * 1000 : parseWallTime(end_date, 'end_date');
  if (all_day) {
    start = startOfDay(start);
    end = startOfDay(end) + (24 * 60 * 60 - 1) * 1000;
  }
  const startUtc = wallTimeToUtc(start, timezone);
  const endUtc = wallTimeToUtc(end, timezone);
  const duration = Math.round((endUtc - startUtc) / 1000);
  const dates = {
    start_date: formatWallTime(start),
    end_date: formatWallTime(end),
    start_date_utc: formatWallTime(startUtc),
    end_date_utc: formatWallTime(endUtc),
  };

  const { id } = await insertPost(db, {
    post_title: 'Test Event',
    ...(sticky ? { menu_order: -1 } : {}),
    ...definedOnly(postOverrides),
    post_type: 'tribe_events',
  });

  const meta: Array<[string, string]> = [
    ['_EventOrigin', 'events-calendar'],
    ['_EventShowMapLink', show_map_link ? '1' : ''],
    ['_EventShowMap', show_map ? '1' : ''],
  ];
  if (venue !== undefined) meta.push(['_EventVenueID', String(venue)]);
  for (const organizer of organizers) meta.push(['_EventOrganizerID', String(organizer)]);
  if (all_day) meta.push(['_EventAllDay', '1']);
  meta.push(
    ['_EventStartDate', dates.start_date],
    ['_EventEndDate', dates.end_date],
    ['_EventStartDateUTC', dates.start_date_utc],
    ['_EventEndDateUTC', dates.end_date_utc],
  );
  if (!all_day) meta.push(['_EventDuration', String(duration)]);
  if (cost !== undefined) meta.push(['_EventCost', cost]);
  if (website !== undefined) meta.push(['_EventURL', website]);
  if (hide_from_listings) meta.push(['_EventHideFromUpcoming', 'yes']);
  meta.push(
    ['_EventTimezone', timezone],
    ['_EventTimezoneAbbr', timezone_abbr ?? timezoneAbbreviation(timezone, startUtc)],
  );
  if (featured) meta.push(['_tribe_featured', '1']);
  await insertPostMeta(db, id, meta);

  const termTaxonomyIds = [...categories, ...tags];
  if (termTaxonomyIds.length > 0) await attachTerms(db, id, termTaxonomyIds);

  if (!custom_tables) return { id, event_id: null, occurrence_id: null };

  // TEC stamps both rows with the time of the save; here that is the post's own date.
  const updatedAt = postOverrides.post_modified ?? postOverrides.post_date ?? (await postDate(db, id));
  const event = await db
    .insertInto('tec_events')
    .values({ post_id: id, ...dates, timezone, duration, updated_at: updatedAt, hash: '' })
    .executeTakeFirstOrThrow();
  const eventId = Number(event.insertId);
  const occurrence = await db
    .insertInto('tec_occurrences')
    .values({
      event_id: eventId,
      post_id: id,
      start_date: dates.start_date,
      start_date_utc: dates.start_date_utc,
      end_date: dates.end_date,
      end_date_utc: dates.end_date_utc,
      duration,
      hash: occurrenceHash(id, dates, duration),
      updated_at: updatedAt,
    })
    .executeTakeFirstOrThrow();
  return { id, event_id: eventId, occurrence_id: Number(occurrence.insertId) };
}

/** TEC's Occurrence::generate_hash: sha1 of the hashed columns joined by `:`. */
export function occurrenceHash(
  postId: number,
  dates: { start_date: string; end_date: string; start_date_utc: string; end_date_utc: string },
  duration: number,
): string {
  const pieces = [postId, dates.start_date, dates.end_date, dates.start_date_utc, dates.end_date_utc, duration];
  return createHash('sha1').update(pieces.join(':')).digest('hex');
}

/** Converts a local wall time in `timezone` to UTC (`YYYY-MM-DD HH:MM:SS` in, same out). */
export function localToUtc(wallTime: string, timezone: string): string {
  return formatWallTime(wallTimeToUtc(parseWallTime(wallTime, 'wallTime'), timezone));
}

// Wall times are handled as epoch milliseconds of the same digits read as UTC.
function parseWallTime(value: string, field: string): number {
  const match = WALL_TIME.exec(value);
  if (!match) throw new Error(`${field} must look like YYYY-MM-DD HH:MM:SS (got "${value}")`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

function formatWallTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

function startOfDay(ms: number): number {
  return ms - (ms % (24 * 60 * 60 * 1000));
}

function wallTimeToUtc(wall: number, timezone: string): number {
  if (timezone === 'UTC') return wall;
  // The offset at the guess is right except within an hour of a DST switch; a second pass fixes that.
  const guess = wall - zoneOffset(wall, timezone);
  return wall - zoneOffset(guess, timezone);
}

function zoneOffset(utc: number, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utc));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - (utc - (utc % 1000));
}

// Zones whose tz-database abbreviation no Intl locale prints (PHP's `T` format does).
const ABBREVIATIONS_MISSING_FROM_INTL: Readonly<Record<string, string>> = {
  'Asia/Tokyo': 'JST',
  'Asia/Seoul': 'KST',
  'Asia/Kolkata': 'IST',
};

/** What PHP's DateTime::format('T') prints for `timezone` at `utc` (ms). */
export function timezoneAbbreviation(timezone: string, utc: number): string {
  if (timezone === 'UTC') return 'UTC';
  // en-US knows the American names (EST, PDT), en-GB the European ones (CET, CEST, BST).
  for (const locale of ['en-US', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: timezone, timeZoneName: 'short' })
      .formatToParts(new Date(utc))
      .find((part) => part.type === 'timeZoneName')?.value;
    if (name && !/^(GMT|UTC)[+-]/.test(name)) return name;
  }
  const known = ABBREVIATIONS_MISSING_FROM_INTL[timezone];
  if (known) return known;
  // The tz database names such zones by their offset, e.g. `+04` or `+0530`.
  const minutes = Math.round(zoneOffset(utc, timezone) / 60000);
  const sign = minutes < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = Math.abs(minutes) % 60;
  return `${sign}${hh}${mm === 0 ? '' : String(mm).padStart(2, '0')}`;
}

async function postDate(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('posts').select('post_modified').where('ID', '=', id).executeTakeFirstOrThrow();
  return row.post_modified;
}
