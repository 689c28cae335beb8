import { isPhpNumeric } from '../php/php-values.js';

/**
 * Date rules of WordPress and TEC, without PHP. WordPress runs PHP with the default timezone set
 * to UTC, so `strtotime()` and `date()` in plugin code read and write UTC; conversions to the
 * site's zone are explicit (Tribe__Timezones::localize_date).
 */

const UNIT_SECONDS: Record<string, number> = {
  sec: 1,
  second: 1,
  min: 60,
  minute: 60,
  hour: 3600,
  day: 86400,
  week: 604800,
  fortnight: 1209600,
};

const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
];

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

function validDate(y: number, mo: number, d: number): boolean {
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return false;
  return true; // PHP rolls 2026-02-30 over to March; so do Date.UTC's overflow rules.
}

function parseZone(zone: string | undefined): number | null {
  if (!zone) return 0;
  if (/^z$/i.test(zone) || /^utc$/i.test(zone) || /^gmt$/i.test(zone)) return 0;
  const m = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(zone);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return (m[1] === '-' ? -1 : 1) * minutes * 60;
}

/** Absolute date-times: ISO-like `Y-m-d[ T]H:i[:s[.u]][zone]`, `Y/m/d`, `m/d/Y`, `d F Y`, `F d, Y`. */
function parseAbsolute(text: string): { base: number; rest: string } | null {
  const iso =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(z|utc|gmt|[+-]\d{1,2}:?\d{2})?)?/i.exec(
      text,
    );
  if (iso) {
    const [, y, mo, d, h, mi, s, zone] = iso;
    if (!validDate(Number(y), Number(mo), Number(d))) return null;
    if (h !== undefined && (Number(h) > 24 || Number(mi) > 59 || Number(s ?? 0) > 59)) return null;
    const offset = parseZone(zone);
    if (offset === null) return null;
    const base = utcSeconds(Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)) - offset;
    return { base, rest: text.slice(iso[0].length) };
  }
  const slashYmd = /^(\d{4})\/(\d{1,2})\/(\d{1,2})/.exec(text);
  if (slashYmd) {
    const [, y, mo, d] = slashYmd;
    if (!validDate(Number(y), Number(mo), Number(d))) return null;
    return { base: utcSeconds(Number(y), Number(mo), Number(d)), rest: text.slice(slashYmd[0].length) };
  }
  const american = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text);
  if (american) {
    const [, mo, d, y] = american;
    if (!validDate(Number(y), Number(mo), Number(d))) return null;
    return { base: utcSeconds(Number(y), Number(mo), Number(d)), rest: text.slice(american[0].length) };
  }
  const dayMonth = /^(\d{1,2})\s+([a-z]+)\.?,?\s+(\d{4})/i.exec(text);
  const monthDay = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})/i.exec(text);
  const named = dayMonth
    ? { d: dayMonth[1], m: dayMonth[2], y: dayMonth[3], len: dayMonth[0].length }
    : monthDay
      ? { d: monthDay[2], m: monthDay[1], y: monthDay[3], len: monthDay[0].length }
      : null;
  if (named) {
    const month = monthIndex(named.m ?? '');
    if (month === null) return null;
    return { base: utcSeconds(Number(named.y), month + 1, Number(named.d)), rest: text.slice(named.len) };
  }
  return null;
}

function monthIndex(name: string): number | null {
  const lower = name.toLowerCase();
  const index = MONTHS.findIndex((m) => m === lower || (lower.length >= 3 && m.startsWith(lower) && lower.length <= m.length));
  return index === -1 ? null : index;
}

/** Relative words PHP resolves against "now": now, today, midnight, noon, tomorrow, yesterday. */
function parseRelativeBase(text: string, now: number): { base: number; rest: string } | null {
  const m = /^(now|today|midnight|noon|tomorrow|yesterday)\b/i.exec(text);
  if (!m) return null;
  const word = (m[1] ?? '').toLowerCase();
  const startOfDay = Math.floor(now / 86400) * 86400;
  const base =
    word === 'now'
      ? now
      : word === 'tomorrow'
        ? startOfDay + 86400
        : word === 'yesterday'
          ? startOfDay - 86400
          : word === 'noon'
            ? startOfDay + 43200
            : startOfDay;
  return { base, rest: text.slice(m[0].length) };
}

function addMonths(unix: number, months: number): number {
  const d = new Date(unix * 1000);
  // PHP adds to the month field and lets the day overflow (Jan 31 + 1 month = Mar 3), as Date does.
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime() / 1000;
}

/** Applies what follows a base: a time of day (`23:59`) and relative offsets (`+24 months`). */
function applyModifiers(base: number, rest: string): number | null {
  let time = base;
  let text = rest.trim();
  while (text.length > 0) {
    // A 12-hour time (`10am`, `2:30 pm`, `12 a.m.`): 12am is midnight, 12pm noon.
    const meridian = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap])\.?m\.?(?![a-z])/i.exec(text);
    if (meridian) {
      const [, h, mi, s, half] = meridian;
      if (Number(h) < 1 || Number(h) > 12 || Number(mi ?? 0) > 59 || Number(s ?? 0) > 59) return null;
      const hour = (Number(h) % 12) + ((half ?? '').toLowerCase() === 'p' ? 12 : 0);
      time = Math.floor(time / 86400) * 86400 + hour * 3600 + Number(mi ?? 0) * 60 + Number(s ?? 0);
      text = text.slice(meridian[0].length).trim();
      continue;
    }
    // A meridian after a date-time already read (`2027-03-03 12:30pm`) applies to its hour.
    const suffix = /^([ap])\.?m\.?(?![a-z])/i.exec(text);
    if (suffix) {
      const dayStart = Math.floor(time / 86400) * 86400;
      const hour = Math.floor((time - dayStart) / 3600);
      if (hour < 1 || hour > 12) return null;
      const rest = time - dayStart - hour * 3600;
      time = dayStart + ((hour % 12) + ((suffix[1] ?? '').toLowerCase() === 'p' ? 12 : 0)) * 3600 + rest;
      text = text.slice(suffix[0].length).trim();
      continue;
    }
    const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\b/.exec(text);
    if (clock) {
      const [, h, mi, s] = clock;
      if (Number(h) > 24 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
      time = Math.floor(time / 86400) * 86400 + Number(h) * 3600 + Number(mi) * 60 + Number(s ?? 0);
      text = text.slice(clock[0].length).trim();
      continue;
    }
    const offset = /^([+-]?)\s*(\d+)\s*(sec|second|min|minute|hour|day|week|fortnight|month|year)s?\b/i.exec(text);
    if (offset) {
      const sign = offset[1] === '-' ? -1 : 1;
      const amount = sign * Number(offset[2]);
      const unit = (offset[3] ?? '').toLowerCase();
      if (unit === 'month') time = addMonths(time, amount);
      else if (unit === 'year') time = addMonths(time, amount * 12);
      else time += amount * (UNIT_SECONDS[unit] ?? 0);
      text = text.slice(offset[0].length).trim();
      continue;
    }
    return null;
  }
  return time;
}

/**
 * PHP `strtotime()` in UTC for the forms REST clients send: ISO dates and date-times (with an
 * optional zone), `Y/m/d`, `m/d/Y`, month names, `now`/`today`/`tomorrow`/`yesterday`, times of
 * day and `+N unit` offsets. Returns unix seconds, or null where PHP returns false.
 */
export function strtotime(input: string, now: Date): number | null {
  const text = input.trim();
  if (text === '') return null;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const parsed = parseAbsolute(text) ?? parseRelativeBase(text, nowSeconds);
  if (parsed) return applyModifiers(parsed.base, parsed.rest);
  // A bare offset or time ("+1 day", "23:59") is relative to now.
  return applyModifiers(nowSeconds, text);
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

/** A `Y-m-d H:i:s` wall time in a zone, as the UTC `Y-m-d H:i:s` of the same instant. */
export function siteWallTimeToUtc(wallTime: string, zone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wallTime);
  if (!m) return wallTime;
  const asUtc = utcSeconds(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  // The offset at the wall time itself; around a DST change the first guess is corrected once.
  const guess = asUtc - zoneOffsetSeconds(zone, asUtc);
  return formatUtc(asUtc - zoneOffsetSeconds(zone, guess));
}
