import { formatUtc, zoneOffsetSeconds } from '../../wp/tec/dates.js';
import { zoneTimeType } from '../../wp/tec/timezone-abbr.js';

/**
 * VTIMEZONE definitions the way TEC's iCal export builds them (Tribe__Events__iCal::get_timezones,
 * 6.15.6 on): not recurrence rules but every transition the zone really had, from the first of
 * January of the year before the earliest event to the end of the year after the latest one.
 * The transitions come from Intl (ICU's tz data) and their names and daylight flags from the
 * system's tz files, as PHP's DateTimeZone::getTransitions reads them from its own copy.
 */

/** One STANDARD or DAYLIGHT observance: from `onset` (unix seconds) on, the zone is `offsetTo` seconds east of UTC. */
export interface ZoneObservance {
  kind: 'STANDARD' | 'DAYLIGHT';
  onset: number;
  offsetFrom: number;
  offsetTo: number;
  name: string | undefined;
}

const DAY = 86_400;

/**
 * Transitions of a zone within one calendar year (UTC), each with the offsets either side. A memo
 * of a pure function of the runtime's tz data, bounded, so no state that differs between requests:
 * a year costs a few hundred Intl calls, and a feed asks for the same zones and years again.
 */
const yearTransitions = new Map<string, readonly { at: number; from: number; to: number }[]>();
const MAX_REMEMBERED_YEARS = 2000;

export function transitionsInYear(zone: string, year: number): readonly { at: number; from: number; to: number }[] {
  const key = `${zone}\u0000${year}`;
  const known = yearTransitions.get(key);
  if (known) return known;
  const start = Date.UTC(year, 0, 1) / 1000;
  const end = Date.UTC(year + 1, 0, 1) / 1000;
  const found: { at: number; from: number; to: number }[] = [];
  let at = start;
  let offset = zoneOffsetSeconds(zone, at);
  // Day steps: no zone changes its offset twice within a day.
  while (at < end) {
    const next = Math.min(at + DAY, end);
    const nextOffset = zoneOffsetSeconds(zone, next);
    if (nextOffset !== offset) {
      // The first second of the new offset.
      let before = at;
      let after = next;
      while (after - before > 1) {
        const middle = Math.floor((before + after) / 2);
        if (zoneOffsetSeconds(zone, middle) === offset) before = middle;
        else after = middle;
      }
      found.push({ at: after, from: offset, to: nextOffset });
    }
    at = next;
    offset = nextOffset;
  }
  if (yearTransitions.size < MAX_REMEMBERED_YEARS) yearTransitions.set(key, found);
  return found;
}

function observanceKind(zone: string, unixSeconds: number): 'STANDARD' | 'DAYLIGHT' {
  return zoneTimeType(zone, unixSeconds)?.isDst ? 'DAYLIGHT' : 'STANDARD';
}

/**
 * The observances of `zone` over the years `firstYear - 1` to `lastYear + 1` (TEC's
 * `tec_events_ical_timezone_extend_years` default of one year each way): the offset in force on
 * the first of January of the first year, then each transition. TEC starts at the first
 * transition instead, and repeats a zone's only entry when it has none in the range (Asia/Tokyo);
 * starting with the offset in force covers both the same way.
 */
export function zoneObservances(zone: string, firstYear: number, lastYear: number): ZoneObservance[] {
  const from = firstYear - 1;
  const to = lastYear + 1;
  // The first of January as the zone's wall clock reads it.
  const januaryFirst = Date.UTC(from, 0, 1) / 1000;
  const rangeStart = januaryFirst - zoneOffsetSeconds(zone, januaryFirst);
  const initialOffset = zoneOffsetSeconds(zone, rangeStart);
  const observances: ZoneObservance[] = [
    {
      kind: observanceKind(zone, rangeStart),
      onset: rangeStart,
      offsetFrom: initialOffset,
      offsetTo: initialOffset,
      name: zoneTimeType(zone, rangeStart)?.abbr,
    },
  ];
  for (let year = from; year <= to; year++) {
    for (const transition of transitionsInYear(zone, year)) {
      if (transition.at <= rangeStart) continue;
      observances.push({
        kind: observanceKind(zone, transition.at),
        onset: transition.at,
        offsetFrom: transition.from,
        offsetTo: transition.to,
        name: zoneTimeType(zone, transition.at)?.abbr,
      });
    }
  }
  return observances;
}

/** `±HHMM` (`±HHMMSS` when seconds remain), as UTC-OFFSET values are written. */
export function formatUtcOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const total = Math.abs(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  const rest = total % 60;
  return `${sign}${pad(Math.floor(total / 3600))}${pad(Math.floor((total % 3600) / 60))}${rest === 0 ? '' : pad(rest)}`;
}

/** `YYYYMMDDTHHMMSS` of a unix instant shifted by `offset` seconds. */
function localDateTime(unixSeconds: number, offset: number): string {
  return formatUtc(unixSeconds + offset).replace(/[-:]/g, '').replace(' ', 'T');
}

/**
 * The VTIMEZONE component of `zone` covering the given years. Each observance's DTSTART is its
 * onset on the wall clock in force before it (TZOFFSETFROM), as RFC 5545 has it; TEC writes the
 * onset's UTC time there (it builds the DateTime from a string that carries `+0000`), which puts
 * every change a few hours off.
 */
export function toVTimezone(zone: string, firstYear: number, lastYear: number): string {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  for (const observance of zoneObservances(zone, firstYear, lastYear)) {
    lines.push(
      `BEGIN:${observance.kind}`,
      `TZOFFSETFROM:${formatUtcOffset(observance.offsetFrom)}`,
      `TZOFFSETTO:${formatUtcOffset(observance.offsetTo)}`,
    );
    if (observance.name) lines.push(`TZNAME:${observance.name}`);
    lines.push(`DTSTART:${localDateTime(observance.onset, observance.offsetFrom)}`, `END:${observance.kind}`);
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
