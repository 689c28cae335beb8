import { EventMeta } from '../constants.js';
import { firstMeta, type MetaMap } from '../posts/meta.js';
import { endOfDay, formatInZone, zoneOffsetSeconds } from './dates.js';
import { isTribeTruthy } from './truthy.js';
import { wallTimeToUnix } from './event-dates.js';

/*
 * Tribe\Events\Models\Post_Types\Event::build_properties: the date and state properties TEC
 * decorates an event post with (tribe_get_event), for one instant and site.
 */

/** A PHP DateTimeImmutable as json_encode prints it. */
export interface PhpDateObject {
  date: string;
  timezone_type: number;
  timezone: string;
}

/** `UTC+9`, `UTC-5.5`: the offsets TEC stores for sites without a named zone. */
const UTC_OFFSET = /^UTC([+-])(\d+)(?:\.(\d+))?$/;

/** A date object at an instant in a zone: a named zone is type 3, a `UTC±N` one a fixed offset (type 1). */
function dateObject(unix: number, zone: string): PhpDateObject {
  const offset = UTC_OFFSET.exec(zone);
  if (offset && !/^UTC[+-]0+(\.0+)?$/.test(zone)) {
    const seconds = zoneOffsetSeconds(zone, unix);
    const sign = seconds < 0 ? '-' : '+';
    const minutes = Math.abs(seconds) / 60;
    const name = `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return { date: `${formatInZone(unix, zone)}.000000`, timezone_type: 1, timezone: name };
  }
  const name = offset ? 'UTC' : zone;
  return { date: `${formatInZone(unix, name)}.000000`, timezone_type: 3, timezone: name };
}

function utcUnix(wallTime: string): number {
  return Date.parse(`${wallTime.replace(' ', 'T')}Z`) / 1000;
}

export interface EventModelSettings {
  /** Tribe__Timezones::wp_timezone_string. */
  siteZone: string;
  /** TEC's `tribeEventsTimezoneMode`: dates display in the event's zone (`event`) or the site's. */
  timezoneMode: 'event' | 'site';
  /** TEC's multi-day cutoff (`HH:MM`). */
  multiDayCutoff: string;
}

export interface EventModel {
  start_date: string | null;
  start_date_utc: string | null;
  end_date: string | null;
  end_date_utc: string | null;
  dates: Record<'start' | 'start_utc' | 'start_site' | 'start_display' | 'end' | 'end_utc' | 'end_site' | 'end_display', PhpDateObject>;
  timezone: string;
  /** The stored `_EventDuration` (a string); when that is empty, the seconds between the UTC dates (an integer). */
  duration: string | number;
  /** False, or the number of days the event touches. */
  multiday: number | false;
  is_past: boolean;
  is_now: boolean;
  all_day: boolean;
  featured: boolean;
  /** Start and end as displayed (TEC's timezone mode), for the schedule details. */
  display: { start: string; end: string };
}

/** The event's properties; undefined where TEC's model would fail (no dates: it returns no properties). */
export function toEventModel(meta: MetaMap, settings: EventModelSettings, now: Date): EventModel | undefined {
  const startDate = firstMeta(meta, EventMeta.startDate) ?? null;
  const endDate = firstMeta(meta, EventMeta.endDate) ?? null;
  const startUtc = firstMeta(meta, EventMeta.startDateUtc) ?? null;
  const endUtc = firstMeta(meta, EventMeta.endDateUtc) ?? null;
  if (startDate === null || endDate === null) return undefined;
  const zoneMeta = firstMeta(meta, EventMeta.timezone);
  const timezone = zoneMeta === undefined || zoneMeta === '' ? settings.siteZone : zoneMeta;
  const allDay = isTribeTruthy(firstMeta(meta, EventMeta.allDay) ?? '');
  const startUnix = wallTimeToUnix(startDate, timezone) ?? utcUnix(startDate);
  const endUnix = wallTimeToUnix(endDate, timezone) ?? utcUnix(endDate);
  const startUtcUnix = startUtc === null ? startUnix : utcUnix(startUtc);
  const endUtcUnix = endUtc === null ? endUnix : utcUnix(endUtc);
  const storedDuration = firstMeta(meta, EventMeta.duration);
  const duration = storedDuration === undefined || storedDuration === '' || storedDuration === '0' ? endUtcUnix - startUtcUnix : storedDuration;

  const start = dateObject(startUnix, timezone);
  const end = dateObject(endUnix, timezone);
  const startSite = dateObject(startUnix, settings.siteZone);
  const endSite = dateObject(endUnix, settings.siteZone);
  const eventMode = settings.timezoneMode === 'event';
  const nowUnix = Math.floor(now.getTime() / 1000);
  return {
    start_date: startDate,
    start_date_utc: startUtc,
    end_date: endDate,
    end_date_utc: endUtc,
    dates: {
      start,
      start_utc: dateObject(startUtcUnix, 'UTC'),
      start_site: startSite,
      start_display: eventMode ? start : startSite,
      end,
      end_utc: dateObject(endUtcUnix, 'UTC'),
      end_site: endSite,
      end_display: eventMode ? end : endSite,
    },
    timezone,
    duration,
    multiday: multidayOf(startDate, endDate, allDay, settings.multiDayCutoff, now),
    is_past: startUnix < nowUnix,
    is_now: startUnix <= nowUnix && nowUnix <= endUnix,
    all_day: allDay,
    featured: isTribeTruthy(firstMeta(meta, EventMeta.featured) ?? ''),
    display: eventMode ? { start: startDate, end: endDate } : { start: startSite.date.slice(0, 19), end: endSite.date.slice(0, 19) },
  };
}

/**
 * The model's `multiday`: for an all-day event the whole days from start to one second past the
 * end when more than one; otherwise, when it ends after its start day's end (or on another date),
 * one plus each day end (from the start day's, by days) before the end.
 */
function multidayOf(start: string, end: string, allDay: boolean, cutoff: string, now: Date): number | false {
  const startUnix = utcUnix(start);
  const endUnix = utcUnix(end);
  if (allDay) {
    const days = Math.floor((endUnix + 1 - startUnix) / 86400);
    return days > 1 ? days : false;
  }
  const dayEnd = endOfDay(start, now, cutoff);
  const dayEndUnix = dayEnd === null ? startUnix : utcUnix(dayEnd);
  const multiday = dayEndUnix + 1 < endUnix || end.slice(0, 10) !== start.slice(0, 10);
  if (!multiday) return false;
  let days = 1;
  for (let at = dayEndUnix; at < endUnix; at += 86400) days += 1;
  return days;
}

