import { timezoneAbbreviation } from '../../../test/builders/events.js';
import { wallClockFormat } from '../../../src/wp/tec/dates.js';

/*
 * Wall time <-> UTC for the generator, the same arithmetic as test/builders/events.ts (which the
 * generator must match row for row) but fast enough for a million events: the builder asks Intl
 * for the zone's offset on every call (tens of microseconds each); here each zone's offset changes
 * (DST switches) are found once over the generated window and looked up by binary search.
 *
 * Wall times are epoch milliseconds of the same digits read as UTC, as in the builder.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SAMPLE_STEP = 6 * HOUR;

/** The builder's zoneOffset: local digits at `utc` read as UTC, minus `utc` (whole seconds). */
function intlOffset(format: Intl.DateTimeFormat, utc: number): number {
  const parts = format.formatToParts(new Date(utc));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - (utc - (utc % 1000));
}

class ZoneTable {
  readonly #format: Intl.DateTimeFormat;
  readonly #from: number;
  readonly #to: number;
  /** Instants (ms) from which offsets[i + 1] applies; offsets[0] applies before the first. */
  readonly #changes: number[] = [];
  readonly #offsets: number[] = [];
  readonly #abbreviations = new Map<number, string>();

  constructor(
    readonly zone: string,
    from: number,
    to: number,
  ) {
    this.#format = wallClockFormat(zone);
    this.#from = from;
    this.#to = to;
    let previous = intlOffset(this.#format, from);
    this.#offsets.push(previous);
    for (let t = from + SAMPLE_STEP; t <= to; t += SAMPLE_STEP) {
      const offset = intlOffset(this.#format, t);
      if (offset === previous) continue;
      // The switch lies in (t - step, t]: find its first second.
      let low = (t - SAMPLE_STEP) / 1000;
      let high = t / 1000;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (intlOffset(this.#format, middle * 1000) === previous) low = middle;
        else high = middle;
      }
      this.#changes.push(high * 1000);
      this.#offsets.push(offset);
      previous = offset;
    }
  }

  /** The zone's offset (ms) at the UTC instant `utc` (whole seconds). */
  offset(utc: number): number {
    if (utc < this.#from || utc > this.#to) return intlOffset(this.#format, utc);
    const changes = this.#changes;
    let low = 0;
    let high = changes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (changes[middle]! <= utc) low = middle + 1;
      else high = middle;
    }
    return this.#offsets[low]!;
  }

  /** The builder's wallTimeToUtc: a guess from the offset at the wall time, then a second pass. */
  toUtc(wall: number): number {
    if (this.zone === 'UTC') return wall;
    const guess = wall - this.offset(wall);
    return wall - this.offset(guess);
  }

  /**
   * What the builder's timezoneAbbreviation prints at `utc`; within one zone it depends on the
   * offset alone (EST/EDT, CET/CEST, ...), so it is asked once per offset.
   */
  abbreviation(utc: number): string {
    const offset = this.offset(utc);
    let known = this.#abbreviations.get(offset);
    if (known === undefined) {
      known = timezoneAbbreviation(this.zone, utc);
      this.#abbreviations.set(offset, known);
    }
    return known;
  }
}

/** Offset tables for the zones the generator uses, over [from, to] (epoch ms), with a margin. */
export class Zones {
  readonly #tables = new Map<string, ZoneTable>();
  readonly #from: number;
  readonly #to: number;

  constructor(from: number, to: number) {
    this.#from = from - 40 * DAY;
    this.#to = to + 40 * DAY;
  }

  get(zone: string): ZoneTable {
    let table = this.#tables.get(zone);
    if (!table) {
      table = new ZoneTable(zone, this.#from, this.#to);
      this.#tables.set(zone, table);
    }
    return table;
  }
}

/** `YYYY-MM-DD HH:MM:SS` of epoch ms (UTC digits). */
export function formatWallTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Epoch ms of `YYYY-MM-DD[ HH:MM:SS]` read as UTC digits. */
export function parseWallTime(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/.exec(value);
  if (!match) throw new Error(`Expected YYYY-MM-DD HH:MM:SS (got "${value}")`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

export { DAY, HOUR };
