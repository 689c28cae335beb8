import { isPhpNumeric } from '../php/php-values.js';
import { phpDateTime, phpStrtotime, wallClockToUnix, type PhpZone, type ZoneRules } from '../php/date-resolve.js';
import { canonicalZoneName } from './zone-names.js';
import { PureMemo } from '../../cache/pure-memo.js';

/**
 * Date rules of WordPress and TEC, without PHP. WordPress runs PHP with the default timezone set
 * to UTC, so `strtotime()` and `date()` in plugin code read and write UTC; conversions to the
 * site's zone are explicit (Tribe__Timezones::localize_date).
 */

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `Y-m-d H:i:s` of a unix time, in UTC (PHP `date()` under WordPress). */
export function formatUtc(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** Tribe__Date_Utils::is_timestamp: an integer-valued number. */
export function isTimestamp(value: string): boolean {
  return isPhpNumeric(value) && Number.isInteger(Number(value));
}

function utcSeconds(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  return Date.UTC(y, mo - 1, d, h, mi, s) / 1000;
}

/** PHP's view of the zones: offsets from Intl, names found without regard to case. */
const PHP_ZONE_RULES: ZoneRules = {
  offsetAt: (zone, unixSeconds) => zoneOffsetSeconds(zone, unixSeconds),
  canonicalName: (zone) => canonicalZoneName(zone),
};

const UTC: PhpZone = { kind: 'id', name: 'UTC' };

/**
 * The zone a TEC zone setting names for PHP: a tz database name, or a fixed offset for
 * `UTC+N` (TEC builds a named zone of that offset there; its clock is the same outside DST).
 */
export function phpZoneOf(zone: string): PhpZone {
  const fixed = fixedOffsetSeconds(zone);
  return fixed !== null && zone !== 'UTC' ? { kind: 'offset', seconds: fixed } : { kind: 'id', name: zone };
}

/**
 * PHP `strtotime()` in UTC, WordPress's default zone: every form PHP's date parser reads
 * (php/date-parse.ts). Returns unix seconds, or null where PHP returns false.
 */
export function strtotime(input: string, now: Date): number | null {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!FULL_WALL_TIME.test(input)) return phpStrtotime(input, nowSeconds, UTC, PHP_ZONE_RULES);
  return fullWallTimes.get(input, () => phpStrtotime(input, nowSeconds, UTC, PHP_ZONE_RULES));
}

/**
 * A stored date as WordPress and TEC write them, every field given, or a date alone (midnight,
 * as the lists' date parameters come): timelib takes nothing from "now" for it, so strtotime's answer is a pure function of the text (in UTC, the default zone
 * here). Events' dates are parsed many times per answer (dates, JSON-LD, zones) and the parser
 * is a faithful port of timelib's scanner, slow by design: memoised, bounded, never stale.
 */
const FULL_WALL_TIME = /^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}:\d{2})?$/;
const fullWallTimes = new PureMemo<number | null>(20_000, 19);

/**
 * `new DateTime($value, $zone)`: the instant and its wall time in the zone PHP keeps (one written
 * in the value wins over `zone`). Null where PHP would throw.
 */
export function phpDateTimeIn(value: string, zone: string, now: Date): { unix: number; wallTime: string } | null {
  const result = phpDateTime(value, Math.floor(now.getTime() / 1000), phpZoneOf(zone), PHP_ZONE_RULES);
  return result ? { unix: result.unix, wallTime: formatUtc(result.unix + result.offset) } : null;
}

/**
 * Validator::is_time: `is_numeric($value) || strtotime($value)`. A strtotime result of 0 (the
 * epoch) is falsy in PHP, so it is invalid too.
 */
export function isTime(value: string, now: Date): boolean {
  if (isPhpNumeric(value)) return true;
  const parsed = strtotime(value, now);
  return parsed !== null && parsed !== 0;
}

/** Unix seconds of a request date: a timestamp as is, anything else through strtotime. */
function toUnix(value: string, now: Date): number | null {
  return isTimestamp(value) ? Math.trunc(Number(value)) : strtotime(value, now);
}

/** A `HH:MM` cutoff (TEC's multiDayCutoff option) as seconds past midnight. */
export function cutoffSeconds(cutoff: string): number {
  const [h, m] = cutoff.split(':');
  return (Number(h) || 0) * 3600 + (Number(m) || 0) * 60;
}

/** tribe_beginning_of_day: the value's UTC day at the cutoff, `Y-m-d H:i:s`. */
export function beginningOfDay(value: string, now: Date, cutoff = '00:00'): string | null {
  const unix = toUnix(value, now);
  if (unix === null) return null;
  return formatUtc(Math.floor(unix / 86400) * 86400 + cutoffSeconds(cutoff));
}

/** tribe_end_of_day: one second before the next day's cutoff, `Y-m-d H:i:s`. */
export function endOfDay(value: string, now: Date, cutoff = '00:00'): string | null {
  const unix = toUnix(value, now);
  if (unix === null) return null;
  return formatUtc(Math.floor(unix / 86400) * 86400 + 86400 + cutoffSeconds(cutoff) - 1);
}

/**
 * Tribe__Timezones::wp_timezone_string: the `timezone_string` option, else `UTC+N` built from
 * `gmt_offset` (`UTC+0`, `UTC-5`, `UTC+5.5`).
 */
export function siteTimezoneString(timezoneString: string, gmtOffset: string): string {
  if (timezoneString) return timezoneString;
  const offset = Number(gmtOffset) || 0;
  if (offset === 0) return 'UTC+0';
  return offset < 0 ? `UTC${offset}` : `UTC+${offset}`;
}

/** Offset in seconds of a `UTC+5.5`-style zone, or null for a named zone. */
function fixedOffsetSeconds(zone: string): number | null {
  const m = /^UTC([+-]\d+(?:\.\d+)?)$/.exec(zone);
  if (m) return Math.round(Number(m[1]) * 3600);
  if (zone === 'UTC' || zone === 'GMT') return 0;
  return null;
}

/**
 * Formatters by zone name. Making an Intl.DateTimeFormat costs far more than using one, and
 * every event of a list needs its zone's: a memo of a pure function, bounded by the number of
 * zone names (a few hundred exist), so not state that could differ between requests.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_REMEMBERED_ZONES = 1000;

/** A formatter of an instant as the zone's wall clock, in parts (year to second, 24-hour). Throws for an unknown zone. */
export function wallClockFormat(zone: string): Intl.DateTimeFormat {
  const known = wallClockFormats.get(zone);
  if (known) return known;
  const format = newWallClockFormat(zone);
  if (wallClockFormats.size < MAX_REMEMBERED_ZONES) wallClockFormats.set(zone, format);
  return format;
}

/** Whether Intl knows the zone name (IANA names and their aliases). */
export function isKnownZoneName(zone: string): boolean {
  try {
    wallClockFormat(zone);
    return true;
  } catch {
    return false;
  }
}

function newWallClockFormat(zone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** The zone's offset from UTC, in seconds, at an instant. */
export function zoneOffsetSeconds(zone: string, unixSeconds: number): number {
  const fixed = fixedOffsetSeconds(zone);
  if (fixed !== null) return fixed;
  try {
    const parts = wallClockFormat(zone).formatToParts(new Date(unixSeconds * 1000));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const wall = utcSeconds(get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second'));
    return wall - unixSeconds;
  } catch {
    return 0;
  }
}

/** `Y-m-d H:i:s` wall time of an instant in a zone. */
export function formatInZone(unixSeconds: number, zone: string): string {
  return formatUtc(unixSeconds + zoneOffsetSeconds(zone, unixSeconds));
}

/**
 * Tribe__Timezones::localize_date('Y-m-d H:i:s', value): the value read as UTC (or as a unix
 * timestamp) and shown as wall time in the site's zone. Null where PHP's DateTime would throw.
 */
export function localizeDate(value: string, siteZone: string, now: Date): string | null {
  const unix = toUnix(value, now);
  if (unix === null) return null;
  return formatInZone(unix, siteZone);
}

export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

/**
 * Post_Repository::get_date_details: the parts of a stored `Y-m-d H:i:s` as zero-padded strings.
 * A missing or unreadable value describes the epoch, as `date()` on `strtotime(null)` does.
 */
export function dateDetails(value: string | undefined): DateDetails {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value) : null;
  if (m) {
    return { year: m[1]!, month: m[2]!, day: m[3]!, hour: m[4]!, minutes: m[5]!, seconds: m[6]! };
  }
  const unix = value ? strtotime(value, new Date(0)) ?? 0 : 0;
  const f = formatUtc(unix);
  return {
    year: f.slice(0, 4),
    month: f.slice(5, 7),
    day: f.slice(8, 10),
    hour: f.slice(11, 13),
    minutes: f.slice(14, 16),
    seconds: f.slice(17, 19),
  };
}

/**
 * A `Y-m-d H:i:s` wall time in a zone, as the UTC `Y-m-d H:i:s` of the same instant
 * (`date_create($wallTime, $zone)`, so a time in a spring-forward gap is moved forward).
 */
export function siteWallTimeToUtc(wallTime: string, zone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wallTime);
  if (!m) return wallTime;
  const asUtc = utcSeconds(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  // PHP's choice around DST changes: a time in the spring gap moves forward by the gap.
  return formatUtc(wallClockToUnix(asUtc, (at) => zoneOffsetSeconds(zone, at)));
}
