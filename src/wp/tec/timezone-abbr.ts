import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zoneOffsetSeconds } from './dates.js';
import { canonicalZoneName } from './zone-names.js';

/**
 * The time zone abbreviation PHP prints for `DateTime::format('T')` (`CET`, `CEST`, `EST`, `JST`,
 * `-03` for zones the tz database gives no letters). PHP reads these from its copy of the tz
 * database; Node's Intl has no such names (it prints `GMT+1`), so they are read here from the
 * system's compiled tz files (TZif, RFC 8536) under /usr/share/zoneinfo.
 */

const DEFAULT_ZONEINFO_DIR = '/usr/share/zoneinfo';

export interface LocalTimeType {
  offset: number;
  isDst: boolean;
  abbr: string;
}

interface ZoneInfo {
  /** Transition instants (unix seconds), ascending. */
  transitions: number[];
  /** The local time type in force from each transition on. */
  typeOfTransition: number[];
  types: LocalTimeType[];
  /** Standard and daylight names and offsets of the footer rule, for instants after the last transition. */
  footer: LocalTimeType[];
}

const cache = new Map<string, ZoneInfo | null>();

/** A tz name safe to join onto the zoneinfo directory (no `..`, no absolute paths). */
function isSafeZoneName(zone: string): boolean {
  return /^[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
}

function loadZone(zone: string, dir: string): ZoneInfo | null {
  const key = `${dir}\0${zone}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  let info: ZoneInfo | null = null;
  // PHP finds `america/new_york` as America/New_York; the file system would not.
  const name = isSafeZoneName(zone) ? (canonicalZoneName(zone, dir) ?? zone) : undefined;
  if (name !== undefined) {
    try {
      info = parseTzif(readFileSync(join(dir, name)));
    } catch {
      info = null;
    }
  }
  cache.set(key, info);
  return info;
}

/** Parses a TZif file: the 64-bit block when the file has one (version 2+), else the 32-bit one. */
export function parseTzif(data: Buffer): ZoneInfo {
  if (data.toString('latin1', 0, 4) !== 'TZif') throw new Error('not a TZif file');
  const version = data[4] ?? 0;
  const counts = (at: number) => ({
    isutcnt: data.readUInt32BE(at + 20),
    isstdcnt: data.readUInt32BE(at + 24),
    leapcnt: data.readUInt32BE(at + 28),
    timecnt: data.readUInt32BE(at + 32),
    typecnt: data.readUInt32BE(at + 36),
    charcnt: data.readUInt32BE(at + 40),
  });
  const v1 = counts(0);
  const v1Size = v1.timecnt * 5 + v1.typecnt * 6 + v1.charcnt + v1.leapcnt * 8 + v1.isstdcnt + v1.isutcnt;
  const wide = version >= 0x32;
  const headerAt = wide ? 44 + v1Size : 0;
  const c = wide ? counts(headerAt) : v1;
  const timeSize = wide ? 8 : 4;
  let at = headerAt + 44;
  const transitions: number[] = [];
  for (let i = 0; i < c.timecnt; i++, at += timeSize) {
    transitions.push(wide ? Number(data.readBigInt64BE(at)) : data.readInt32BE(at));
  }
  const typeOfTransition: number[] = [];
  for (let i = 0; i < c.timecnt; i++, at++) typeOfTransition.push(data[at] ?? 0);
  const raw: { offset: number; isDst: boolean; index: number }[] = [];
  for (let i = 0; i < c.typecnt; i++, at += 6) {
    raw.push({ offset: data.readInt32BE(at), isDst: data[at + 4] === 1, index: data[at + 5] ?? 0 });
  }
  const chars = data.toString('latin1', at, at + c.charcnt);
  at += c.charcnt + c.leapcnt * (timeSize + 4) + c.isstdcnt + c.isutcnt;
  const types = raw.map(({ offset, isDst, index }) => ({ offset, isDst, abbr: chars.slice(index, chars.indexOf('\0', index)) }));
  const footerText = wide ? data.toString('latin1', at).split('\n')[1] ?? '' : '';
  return { transitions, typeOfTransition, types, footer: parsePosixTzNames(footerText) };
}

/**
 * The names and offsets of a POSIX TZ string (`CET-1CEST,M3.5.0,M10.5.0/3`, `<-03>3`, `JST-9`):
 * the standard time first, then the daylight time when there is one (one hour ahead unless given).
 */
export function parsePosixTzNames(tz: string): LocalTimeType[] {
  const name = /^(?:<([^>]+)>|([A-Za-z]{3,}))/;
  const offset = /^([+-]?)(\d{1,3})(?::(\d{1,2}))?(?::(\d{1,2}))?/;
  const result: LocalTimeType[] = [];
  let rest = tz;
  const std = name.exec(rest);
  if (!std) return result;
  rest = rest.slice(std[0].length);
  const stdOffset = offset.exec(rest);
  if (!stdOffset) return result;
  rest = rest.slice(stdOffset[0].length);
  // POSIX offsets are west of Greenwich: `CET-1` is one hour ahead of UTC.
  const seconds = (m: RegExpExecArray) =>
    (m[1] === '-' ? 1 : -1) * (Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0));
  const stdSeconds = seconds(stdOffset);
  result.push({ abbr: std[1] ?? std[2] ?? '', offset: stdSeconds, isDst: false });
  const dst = name.exec(rest);
  if (dst) {
    rest = rest.slice(dst[0].length);
    const dstOffset = offset.exec(rest);
    result.push({ abbr: dst[1] ?? dst[2] ?? '', offset: dstOffset ? seconds(dstOffset) : stdSeconds + 3600, isDst: true });
  }
  return result;
}

function typeAt(info: ZoneInfo, unixSeconds: number, offset: number): LocalTimeType | undefined {
  const { transitions } = info;
  if (transitions.length === 0 || unixSeconds >= (transitions[transitions.length - 1] ?? 0)) {
    // After the last transition the footer rule governs; the offset in force picks its name.
    const fromFooter = info.footer.find((type) => type.offset === offset);
    if (fromFooter) return fromFooter;
  }
  if (transitions.length === 0 || unixSeconds < (transitions[0] ?? 0)) {
    return info.types.find((type) => !type.isDst) ?? info.types[0];
  }
  let low = 0;
  let high = transitions.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((transitions[mid] ?? 0) <= unixSeconds) low = mid;
    else high = mid - 1;
  }
  return info.types[info.typeOfTransition[low] ?? 0];
}

/**
 * `DateTime::format('T')` of an instant in a named zone. `UTC` (and names the system does not
 * know) print as given, as PHP prints `UTC`; a zone without letters prints its offset (`-03`).
 */
export function timezoneAbbr(zone: string, unixSeconds: number, dir = DEFAULT_ZONEINFO_DIR): string {
  if (zone.toUpperCase() === 'UTC') return 'UTC';
  return zoneTimeType(zone, unixSeconds, dir)?.abbr ?? zone;
}

/**
 * The local time type (offset, daylight saving or not, abbreviation) of a named zone at an
 * instant, as the system's tz files give it; undefined for zones they do not have.
 */
export function zoneTimeType(zone: string, unixSeconds: number, dir = DEFAULT_ZONEINFO_DIR): LocalTimeType | undefined {
  const info = loadZone(zone, dir);
  if (!info) return undefined;
  return typeAt(info, unixSeconds, zoneOffsetSeconds(zone, unixSeconds));
}
