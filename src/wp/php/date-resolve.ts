import { parseDateString, type DateFields, type ParsedDate } from './date-parse.js';

/**
 * From parsed date fields to an instant, as timelib does after scanning (timelib_fill_holes, then
 * timelib_update_ts: weekday and relative adjustments on the wall clock, then the zone). This is
 * what strtotime() and `new DateTime($text, $zone)` return, without PHP.
 */

/** A zone as PHP holds it: a fixed offset, or a tz database name whose offsets `offsetAt` gives. */
export type PhpZone = { kind: 'offset'; seconds: number } | { kind: 'id'; name: string };

export interface ZoneRules {
  /** Seconds east of UTC in force in the named zone at an instant. */
  offsetAt(zone: string, unixSeconds: number): number;
  /** The canonical spelling of a tz database name, found without regard to case; undefined when unknown. */
  canonicalName(zone: string): string | undefined;
}

/** An instant with the zone PHP's DateTime keeps for it (the string's own zone, else the given one). */
export interface PhpDateTime {
  unix: number;
  zone: PhpZone;
  /** Seconds east of UTC at the instant, in that zone. */
  offset: number;
}

const DAY = 86400;

/** Days since 1970-01-01 of a proleptic Gregorian date; month and day may overflow either way. */
export function daysFromCivil(y: number, m: number, d: number): number {
  const year = y + Math.floor((m - 1) / 12);
  const month = ((((m - 1) % 12) + 12) % 12) + 1;
  const yy = month <= 2 ? year - 1 : year;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5);
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468 + (d - 1);
}

/** The calendar date of a day number (inverse of daysFromCivil). */
export function civilFromDays(days: number): { y: number; m: number; d: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

type Fields = DateFields;

/** timelib_do_normalize: carries seconds into minutes, hours, days and months into the calendar. */
function normalize(f: Fields): void {
  const seconds = f.h * 3600 + f.i * 60 + f.s;
  const dayCarry = Math.floor(seconds / DAY);
  const rest = seconds - dayCarry * DAY;
  const date = civilFromDays(daysFromCivil(f.y, f.m, f.d) + dayCarry);
  f.y = date.y;
  f.m = date.m;
  f.d = date.d;
  f.h = Math.floor(rest / 3600);
  f.i = Math.floor((rest % 3600) / 60);
  f.s = rest % 60;
}

const dayOfWeek = (f: Fields): number => (((daysFromCivil(f.y, f.m, f.d) + 4) % 7) + 7) % 7;

/** do_adjust_for_weekday: moves to the weekday a day name asked for. */
function adjustForWeekday(f: Fields, t: ParsedDate): void {
  const rel = t.relative;
  const current = dayOfWeek(f);
  if (rel.weekdayBehavior === 2) {
    // "this week" counts weeks from Monday: on a Sunday, Monday is six days back.
    let weekday = rel.weekday;
    if (current === 0 && weekday !== 0) weekday -= 7;
    if (weekday === 0 && current !== 0) weekday = 7;
    f.d += weekday - current;
    return;
  }
  let difference = rel.weekday - current;
  if ((rel.d < 0 && difference < 0) || (rel.d >= 0 && difference <= -rel.weekdayBehavior)) difference += 7;
  if (rel.weekday >= 0) f.d += difference;
  else f.d -= 7 - (Math.abs(rel.weekday) - current);
}

/** `N weekdays`: steps over Saturdays and Sundays. */
function adjustForBusinessDays(f: Fields, amount: number): void {
  const step = amount < 0 ? -1 : 1;
  for (let left = Math.abs(amount); left > 0; ) {
    f.d += step;
    normalize(f);
    const dow = dayOfWeek(f);
    if (dow !== 0 && dow !== 6) left--;
  }
}

/** timelib_update_ts up to the zone: the wall clock after every relative part. */
function wallClock(t: ParsedDate, f: Fields): Fields {
  const rel = t.relative;
  if (rel.special?.type === 'dayOfWeekInMonth' || rel.special?.type === 'lastDayOfWeekInMonth') {
    f.d = 1;
    f.m += rel.m + (rel.special.type === 'lastDayOfWeekInMonth' ? 1 : 0);
    rel.m = 0;
    normalize(f);
  }
  if (rel.haveWeekday) adjustForWeekday(f, t);
  normalize(f);
  if (t.haveRelative) {
    f.s += rel.s;
    f.i += rel.i;
    f.h += rel.h;
    f.d += rel.d;
    f.m += rel.m;
    f.y += rel.y;
  }
  if (rel.firstLastDayOf === 1) f.d = 1;
  if (rel.firstLastDayOf === 2) {
    f.d = 0;
    f.m++;
  }
  normalize(f);
  if (rel.special?.type === 'weekdays') adjustForBusinessDays(f, rel.special.amount);
  return f;
}

/**
 * The instant of a wall clock time in a tz database zone, as timelib's do_adjust_timezone picks
 * it: a time in a spring-forward gap moves forward by the gap (02:30 on a New York spring-forward
 * day is 03:30 EDT), a repeated time takes the offset found first from the wall time read as UTC.
 */
export function wallClockToUnix(wallSeconds: number, offsetAt: (unixSeconds: number) => number): number {
  const current = offsetAt(wallSeconds);
  const after = offsetAt(wallSeconds - current);
  if (current === after) return wallSeconds - current;
  // In the transition: the offset changed between (wall - after) and (wall - current).
  const inTransition = after > current && offsetAt(wallSeconds - after) !== after;
  return wallSeconds - (inTransition ? current : after);
}

function zoneOffset(zone: PhpZone, unix: number, rules: ZoneRules): number {
  return zone.kind === 'offset' ? zone.seconds : rules.offsetAt(zone.name, unix);
}

/** Fills what the string left out from "now" in the zone (timelib_fill_holes) and resolves the instant. */
function resolve(t: ParsedDate, nowUnix: number, zone: PhpZone, rules: ZoneRules): PhpDateTime {
  const nowOffset = zoneOffset(zone, nowUnix, rules);
  const nowWall = nowUnix + nowOffset;
  const nowDays = Math.floor(nowWall / DAY);
  const nowDate = civilFromDays(nowDays);
  const nowTime = nowWall - nowDays * DAY;
  const timeFromNow = !(t.haveDate && !t.haveTime);
  const f: Fields = {
    y: t.y ?? nowDate.y,
    m: t.m ?? nowDate.m,
    d: t.d ?? nowDate.d,
    h: t.h ?? (timeFromNow ? Math.floor(nowTime / 3600) : 0),
    i: t.i ?? (timeFromNow ? Math.floor((nowTime % 3600) / 60) : 0),
    s: t.s ?? (timeFromNow ? nowTime % 60 : 0),
  };
  wallClock(t, f);
  const wall = daysFromCivil(f.y, f.m, f.d) * DAY + f.h * 3600 + f.i * 60 + f.s;
  const own = t.zone;
  const effective: PhpZone = own ?? zone;
  const unix =
    effective.kind === 'offset' ? wall - effective.seconds : wallClockToUnix(wall, (at) => rules.offsetAt(effective.name, at));
  return { unix, zone: effective, offset: zoneOffset(effective, unix, rules) };
}

/**
 * PHP's strtotime($text, $now) with the default zone `zone` (UTC under WordPress): unix seconds,
 * or null where PHP returns false.
 */
export function phpStrtotime(text: string, nowUnix: number, zone: PhpZone, rules: ZoneRules): number | null {
  if (text === '') return null;
  const parsed = parseDateString(text, (name) => rules.canonicalName(name));
  if (parsed.errors.length > 0) return null;
  return resolve(parsed, nowUnix, zone, rules).unix;
}

/**
 * `new DateTime($text, $zone)`: the instant and the zone it keeps (one written in the text wins
 * over the given one), or null where PHP throws. `"now"` is the current time in the given zone.
 */
export function phpDateTime(text: string, nowUnix: number, zone: PhpZone, rules: ZoneRules): PhpDateTime | null {
  const parsed = parseDateString(text === '' ? 'now' : text, (name) => rules.canonicalName(name));
  if (parsed.errors.length > 0) return null;
  return resolve(parsed, nowUnix, zone, rules);
}
