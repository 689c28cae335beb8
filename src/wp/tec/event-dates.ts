import { beginningOfDay, endOfDay, formatInZone, formatUtc, isTimestamp, phpDateTimeIn, siteWallTimeToUtc } from './dates.js';
import { timezoneAbbr } from './timezone-abbr.js';

/**
 * The date half of an event save: what the REST endpoint makes of the request's dates
 * (Single_Event::prepare_postarr, Tribe__Date_Utils::build_date_object) and what
 * Tribe__Events__API::prepare_event_date_meta stores from them. Pure: the stored meta and the
 * site's settings come in, the values to store go out.
 */

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Tribe__Timezones::is_utc_offset: `UTC` followed by anything (`UTC+2`, `UTC-5:30`). */
export function isUtcOffsetZone(zone: string): boolean {
  const trimmed = zone.trim();
  return trimmed.startsWith('UTC') && trimmed.length > 3;
}

/** Seconds east of UTC of a `UTC+5:30` / `UTC+5.5` / `UTC-3` zone. */
export function utcOffsetZoneSeconds(zone: string): number {
  const m = /^UTC\s*([+-])?\s*(\d{1,2})(?:([:.])(\d+))?/.exec(zone.trim());
  if (!m) return 0;
  const hours = Number(m[2]);
  const minutes = m[3] === '.' ? Number(`0.${m[4]}`) * 60 : Number(m[4] ?? 0);
  return (m[1] === '-' ? -1 : 1) * Math.round(hours * 3600 + minutes * 60);
}

/** The unix time of a `Y-m-d H:i:s` wall time in a zone (a named zone or `UTC+N`). */
export function wallTimeToUnix(wallTime: string, zone: string): number | null {
  const m = WALL_TIME.exec(wallTime);
  if (!m) return null;
  if (isUtcOffsetZone(zone)) {
    const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) / 1000;
    return asUtc - utcOffsetZoneSeconds(zone);
  }
  const utc = WALL_TIME.exec(siteWallTimeToUtc(wallTime, zone));
  if (!utc) return null;
  return Date.UTC(Number(utc[1]), Number(utc[2]) - 1, Number(utc[3]), Number(utc[4]), Number(utc[5]), Number(utc[6])) / 1000;
}

/** The UTC `Y-m-d H:i:s` of a wall time in a zone (Tribe__Timezones::to_utc). */
export function wallTimeToUtc(wallTime: string, zone: string): string {
  const unix = wallTimeToUnix(wallTime, zone);
  return unix === null ? wallTime : formatUtc(unix);
}

/**
 * `build_date_object($value, $timezone)->format('Y-m-d H:i:s')` as prepare_postarr reads a
 * request date: `new DateTime($value, $zone)` and its wall time. Whatever PHP's parser reads is
 * read (RFC 2822, ISO 8601, relative words against now in the zone); a zone written in the value
 * itself (`+02:00`, `EST`) is the one PHP keeps, so the wall time stays as written; a wall time
 * in the zone's spring-forward gap moves forward by the gap, as DateTime moves it. A unix
 * timestamp is read in UTC (PHP ignores the zone for `@` times). A value PHP cannot read falls
 * back to now, which the arguments' validators never let through.
 */
export function requestDateWallTime(value: string, zone: string, now: Date): string {
  if (isTimestamp(value)) return formatUtc(Math.trunc(Number(value)));
  const read = phpDateTimeIn(value, zone, now) ?? phpDateTimeIn('now', zone, now);
  return read?.wallTime ?? formatUtc(Math.floor(now.getTime() / 1000));
}

/**
 * Tribe__Timezones::build_timezone_object($request['timezone']) for reading request dates: the
 * site's zone when the request sent none, UTC for an empty one (PHP cannot build a zone from '').
 */
export function requestDateZone(requested: string | undefined, siteTimezone: string): string {
  if (requested === undefined) return siteTimezone;
  return requested === '' ? 'UTC' : requested;
}

/**
 * Tribe__Date_Utils::reformat($value, 'Y-m-d H:i:s'), as the venue and organizer endpoints read
 * `date`: a DateTime built in the site's zone (wp_timezone), so the wall time written in the
 * value stays as it is (a zone written in the value is kept too, not converted), relative words
 * (`now`, `tomorrow`) are read on the site's clock, and a unix timestamp is shown in the site's zone.
 */
export function requestDateInSiteZone(value: string, siteZone: string, now: Date): string {
  if (isTimestamp(value)) return formatInZone(Math.trunc(Number(value)), siteZone);
  return requestDateWallTime(value, siteZone, now);
}

/** What the request gives prepare_event_date_meta (keys absent from the post array are undefined). */
export interface EventDateInput {
  /** `EventAllDay`: the request's `all_day` read with tribe_is_truthy; undefined when not sent. */
  allDay: boolean | undefined;
  /** `Y-m-d H:i:s` wall time of `start_date`, undefined when not sent. */
  start: string | undefined;
  end: string | undefined;
  /** `EventTimezone`: the requested zone, undefined when empty or not sent. */
  timezone: string | undefined;
}

export interface StoredEventDates {
  start: string | undefined;
  end: string | undefined;
}

export interface EventDateSettings {
  /** Tribe__Events__Timezones::wp_timezone_string. */
  siteTimezone: string;
  /** TEC's multiDayCutoff option (`HH:MM`). */
  multiDayCutoff: string;
  now: Date;
}

/** The date meta of one save, as the plugin's meta loop will write it. */
export interface EventDateMeta {
  /** `_EventAllDay` as data says it (`yes` / `no`), undefined when the request did not send all_day. */
  allDay: 'yes' | 'no' | undefined;
  /** Whether prepare_event_date_meta deletes `_EventAllDay` first (a timed event with both dates). */
  deleteAllDay: boolean;
  start: string;
  end: string;
  /** Only when dates were provided (both with times, or all-day). */
  startUtc: string | undefined;
  endUtc: string | undefined;
  /** `_EventDuration`: only for timed events with provided dates; all-day saves leave it alone. */
  duration: number | undefined;
  timezone: string;
  timezoneAbbr: string;
}

/**
 * Tribe__Events__API::prepare_event_date_meta for a REST save, then saveEventMeta's rule that
 * all-day events store no duration. Dates not sent keep the stored ones; without both a start
 * and an end time (or all-day) nothing but the zone and its abbreviation is recomputed. The zone
 * defaults to the site's on every save, so an update without `timezone` moves the event to it.
 * A start after the end moves the end back to the start, after the UTC end was computed.
 */
export function prepareEventDateMeta(input: EventDateInput, stored: StoredEventDates, settings: EventDateSettings): EventDateMeta {
  const allDay = input.allDay === undefined ? undefined : input.allDay ? 'yes' : 'no';
  let start = input.start ?? stored.start;
  let end = input.end ?? stored.end;
  let dateProvided = false;
  let deleteAllDay = false;
  if (allDay === 'yes') {
    dateProvided = true;
    start = beginningOfDay(start ?? '', settings.now, settings.multiDayCutoff) ?? start;
    end = endOfDay(end ?? '', settings.now, settings.multiDayCutoff) ?? end;
  } else if (start !== undefined && end !== undefined) {
    // REST sends a time with each date it sends; stored dates carry none.
    dateProvided = input.start !== undefined && input.end !== undefined;
    deleteAllDay = true;
  }
  if (!dateProvided) {
    start = stored.start;
    end = stored.end;
  }
  const timezone = input.timezone || settings.siteTimezone;
  const startText = start ?? '';
  const endText = end ?? '';
  const timezoneAbbr = eventTimezoneAbbr(startText, timezone, settings.now);
  if (!dateProvided) {
    return { allDay, deleteAllDay, start: startText, end: endText, startUtc: undefined, endUtc: undefined, duration: undefined, timezone, timezoneAbbr };
  }
  const startUtc = wallTimeToUtc(startText, timezone);
  const endUtc = wallTimeToUtc(endText, timezone);
  const startUnix = wallTimeToUnix(startText, timezone) ?? 0;
  let endUnix = wallTimeToUnix(endText, timezone) ?? 0;
  let finalEnd = endText;
  if (startUnix > endUnix) {
    finalEnd = startText;
    endUnix = startUnix;
  }
  return {
    allDay,
    deleteAllDay,
    start: startText,
    end: finalEnd,
    startUtc,
    endUtc,
    duration: allDay === 'yes' ? undefined : endUnix - startUnix,
    timezone,
    timezoneAbbr,
  };
}

/**
 * `_EventTimezoneAbbr`: a `UTC+N` zone is its own abbreviation; a named zone gives PHP's
 * abbreviation at the event's start (`CET` in winter, `CEST` in summer).
 */
export function eventTimezoneAbbr(start: string, timezone: string, now: Date): string {
  if (isUtcOffsetZone(timezone)) return timezone;
  const unix = wallTimeToUnix(start, timezone) ?? Math.floor(now.getTime() / 1000);
  return timezoneAbbr(timezone, unix);
}
