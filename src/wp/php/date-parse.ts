/**
 * PHP's date string scanner (timelib's parse_date.re, which strtotime(), `new DateTime()` and
 * date_create() share), written from its grammar: the same named patterns, the same rules in the
 * same order, and the same way of choosing between them (at each position the rule with the
 * longest match wins, the earlier rule on a tie). What a rule sets follows timelib's actions.
 * The result is the parsed fields; date-resolve.ts turns them into an instant.
 */

/** A zone written in the string: a fixed offset (`+02:00`, `EST`) or a tz database name. */
export type ParsedZone = { kind: 'offset'; seconds: number } | { kind: 'id'; name: string };

/** Year, month, day, hour, minute and second, as timelib's fields (and its relative amounts) hold them. */
export interface DateFields {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
}

export interface ParsedRelative extends DateFields {
  /** 0 (Sunday) to 6; negative after `ago`. */
  weekday: number;
  /** 0: strictly after today, 1: today counts, 2: within the current week. */
  weekdayBehavior: number;
  haveWeekday: boolean;
  /** `first day of` (1) / `last day of` (2). */
  firstLastDayOf: 0 | 1 | 2;
  /** `N weekdays` (business days), `first monday of`, `last friday of`. */
  special: { type: 'weekdays' | 'dayOfWeekInMonth' | 'lastDayOfWeekInMonth'; amount: number } | undefined;
}

export interface ParsedDate {
  /** Fields the string set; undefined ones are filled from "now". */
  y: number | undefined;
  m: number | undefined;
  d: number | undefined;
  h: number | undefined;
  i: number | undefined;
  s: number | undefined;
  haveTime: number;
  haveDate: boolean;
  haveRelative: boolean;
  haveZone: number;
  zone: ParsedZone | undefined;
  relative: ParsedRelative;
  errors: string[];
  warnings: string[];
}

// ---- the named patterns of the grammar (re2c: "..." is case-sensitive, '...' is not) ----

/** re2c's case-insensitive literal. */
const ci = (word: string): string =>
  [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('');
/** Alternatives, longest first, so a backtracking regex prefers the longest as re2c does. */
const anyOf = (words: string[], caseless = true): string =>
  `(?:${[...words].sort((a, b) => b.length - a.length).map((w) => (caseless ? ci(w) : w)).join('|')})`;

const space = '[ \\t]+';
const frac = '\\.[0-9]+';
const hour24 = '(?:2[0-4]|[01]?[0-9])';
const hour24lz = '(?:2[0-4]|[01][0-9])';
const hour12 = '(?:1[0-2]|0?[1-9])';
const minute = '[0-5]?[0-9]';
const minutelz = '[0-5][0-9]';
const second = '(?:60|[0-5]?[0-9])';
const secondlz = '(?:60|[0-5][0-9])';
const meridian = '[AaPp]\\.?[Mm]\\.?[\\0\\t ]';
const tz = '(?:[A-Z][a-z]+(?:[_/-][A-Za-z]+)+|\\(?[A-Za-z]{1,6}\\)?)';
const tzcorrection = `(?:GMT)?[+-](?:${hour24lz}:${minutelz}:${secondlz}|${hour24lz}${minutelz}${secondlz}|${hour24}:?(?:${minute})?)`;
const daysuf = '(?:st|nd|rd|th)';
const month = '(?:1[0-2]|0?[0-9])';
const day = `(?:3[01]|[0-2]?[0-9])${daysuf}?`;
const year = '[0-9]{1,4}';
const year2 = '[0-9]{2}';
const year4 = '[0-9]{4}';
const year4withsign = '[+-]?[0-9]{4}';
const dayofyear = '(?:36[0-6]|3[0-5][0-9]|[12][0-9][0-9]|0[1-9][0-9]|00[1-9])';
const weekofyear = '(?:5[0-3]|[1-4][0-9]|0[1-9])';
const monthlz = '(?:1[0-2]|0[0-9])';
const daylz = '(?:3[01]|[12][0-9]|0[0-9])';

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_ABBRS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_ABBRS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'];
const MONTH_ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

const dayfull = anyOf(DAY_NAMES);
const dayabbr = anyOf(DAY_ABBRS);
const daytext = anyOf([...DAY_NAMES, ...DAY_ABBRS, 'weekday', 'weekdays']);
const monthfull = anyOf(MONTH_NAMES);
const monthabbr = anyOf(MONTH_ABBRS);
const monthtextPattern = `(?:${monthfull}|${monthabbr}|${anyOf(MONTH_ROMAN, false)})`;

const timeshort12 = `${hour12}[:.]${minutelz}(?:${space})?${meridian}`;
const timelong12 = `${hour12}[:.]${minute}[:.]${secondlz}(?:${space})?${meridian}`;
const timeshort24 = `[tT]?${hour24}[:.]${minute}`;
const timelong24 = `[tT]?${hour24}[:.]${minute}[:.]${second}`;
const iso8601normtz = `[tT]?${hour24}[:.]${minute}[:.]${secondlz}(?:${space})?(?:${tzcorrection}|${tz})`;
const datenoyear = `${monthtextPattern}[ .\\t-]*${day}[,.stndrh\\t ]*`;

const RELTEXT_NUMBERS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eight', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const RELTEXT_TEXTS = ['next', 'last', 'previous', 'this'];
const reltextnumber = anyOf(RELTEXT_NUMBERS);
const reltexttext = anyOf(RELTEXT_TEXTS);
const UNIT_WORDS = ['msec', 'millisecond', 'µsec', 'microsecond', 'usec', 'sec', 'second', 'min', 'minute', 'hour', 'day', 'fortnight', 'forthnight', 'month', 'year'];
const reltextunit = anyOf(['ms', 'µs', ...UNIT_WORDS, ...UNIT_WORDS.map((u) => `${u}s`), 'weeks', ...DAY_NAMES, ...DAY_ABBRS, 'weekday', 'weekdays']);
const relnumber = '[+-]*[ \\t]*[0-9]{1,13}';

type Action = (token: string, s: ScanState) => void;
interface Rule {
  name: string;
  re: RegExp;
  action: Action;
}

const rule = (name: string, pattern: string, action: Action): Rule => ({ name, re: new RegExp(pattern, 'y'), action });

/** A date rule: TIMELIB_HAVE_DATE, then the year (when written), month and day read off the token in its order. */
const dateRule = (name: string, pattern: string, read: (c: Cursor) => [number | undefined, number, number]): Rule =>
  rule(name, pattern, (token, s) => {
    if (!s.haveDate()) return;
    const [y, m, d] = read(new Cursor(token));
    if (y !== undefined) s.time.y = y;
    s.time.m = m;
    s.time.d = d;
  });

// ---- reading numbers and words off a token, as timelib's helpers do ----

class Cursor {
  constructor(
    readonly text: string,
    public at = 0,
  ) {}
  get char(): string {
    return this.text[this.at] ?? '\0';
  }
  /** Whether anything is left before the end (timelib's strings end in NUL). */
  more(): boolean {
    return (this.text[this.at] ?? '\0') !== '\0';
  }
  /** timelib_get_nr: skips to the next digit, reads at most `max` digits; undefined at the end. */
  number(max: number): { value: number; length: number } | undefined {
    while (!/[0-9]/.test(this.char)) {
      if (this.char === '\0') return undefined;
      this.at++;
    }
    const begin = this.at;
    while (/[0-9]/.test(this.char) && this.at - begin < max) this.at++;
    return { value: Number(this.text.slice(begin, this.at)), length: this.at - begin };
  }
  nr(max: number): number {
    return this.number(max)?.value ?? 0;
  }
  /** A year of at most `max` digits, two-digit years read as 1970-2069 (TIMELIB_PROCESS_YEAR). */
  year(max: number): number | undefined {
    const read = this.number(max);
    return read ? processYear(read.value, read.length) : undefined;
  }
  /** timelib_get_signed_nr: signs before the digits multiply. */
  signedNumber(max: number): number {
    let sign = 1;
    while (!/[0-9+-]/.test(this.char)) {
      if (this.char === '\0') return 0;
      this.at++;
    }
    while (this.char === '+' || this.char === '-') {
      if (this.char === '-') sign = -sign;
      this.at++;
    }
    return sign * this.nr(max);
  }
  skip(chars: string): void {
    while (chars.includes(this.char) && this.char !== '\0') this.at++;
  }
  /** A word of letters (timelib_lookup_month / timelib_lookup_relative_text). */
  letters(): string {
    const begin = this.at;
    while (/[A-Za-z]/.test(this.char)) this.at++;
    return this.text.slice(begin, this.at);
  }
  /** timelib_lookup_relunit: a word up to a separator. */
  unitWord(): string {
    const begin = this.at;
    while (!' ,\t;:/.-()\0'.includes(this.char)) this.at++;
    return this.text.slice(begin, this.at);
  }
  /** timelib_skip_day_suffix. */
  skipDaySuffix(): void {
    if (/\s/.test(this.char)) return;
    if (/^(nd|rd|st|th)/i.test(this.text.slice(this.at, this.at + 2))) this.at += 2;
  }
  /** timelib_meridian: the hours to add for am/pm after an hour. */
  meridian(hour: number): number {
    while (!'AaPp'.includes(this.char) && this.char !== '\0') this.at++;
    const am = this.char === 'a' || this.char === 'A';
    this.at++;
    if (this.char === '.') this.at += 3;
    else this.at++;
    if (am) return hour === 12 ? -12 : 0;
    return hour !== 12 ? 12 : 0;
  }
}

/** TIMELIB_PROCESS_YEAR: two-digit years are 1970-2069. */
function processYear(value: number, length: number): number {
  if (length >= 4) return value;
  if (value < 100) return value < 70 ? value + 2000 : value + 1900;
  return value;
}

const MONTH_NUMBERS: Record<string, number> = {
  ...Object.fromEntries(MONTH_NAMES.map((name, n) => [name, n + 1])),
  ...Object.fromEntries(MONTH_NAMES.map((name, n) => [name.slice(0, 3), n + 1])),
  sept: 9,
  ...Object.fromEntries(MONTH_ROMAN.map((numeral, n) => [numeral.toLowerCase(), n + 1])),
};

/** timelib_lookup_month: 0 for a word that names no month. */
function lookupMonth(word: string): number {
  return MONTH_NUMBERS[word.toLowerCase()] ?? 0;
}

/** timelib_get_month: skips ` \t-./`, then reads a month name. */
function readMonth(c: Cursor): number {
  c.skip(' \t-./');
  return lookupMonth(c.letters());
}

const RELTEXT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 10, 11, 12];
const RELATIVE_TEXT: Record<string, { value: number; behavior: number }> = {
  ...Object.fromEntries(RELTEXT_NUMBERS.map((word, n) => [word, { value: RELTEXT_VALUES[n] ?? 0, behavior: 0 }])),
  next: { value: 1, behavior: 0 },
  last: { value: -1, behavior: 0 },
  previous: { value: -1, behavior: 0 },
  this: { value: 0, behavior: 1 },
};

/** timelib_get_relative_text. */
function readRelativeText(c: Cursor): { value: number; behavior: number } {
  c.skip(' \t-/');
  return RELATIVE_TEXT[c.letters().toLowerCase()] ?? { value: 0, behavior: 0 };
}

type RelUnit = { unit: 's' | 'i' | 'h' | 'd' | 'm' | 'y' | 'us' | 'weekday' | 'weekdays'; multiplier: number };

function lookupRelUnit(word: string): RelUnit | undefined {
  const w = word.toLowerCase();
  const dayIndex = DAY_NAMES.indexOf(w) !== -1 ? DAY_NAMES.indexOf(w) : DAY_ABBRS.indexOf(w);
  if (dayIndex !== -1) return { unit: 'weekday', multiplier: dayIndex };
  if (w === 'weekday' || w === 'weekdays') return { unit: 'weekdays', multiplier: 1 };
  const base = w.endsWith('s') && w !== 'ms' && w !== 'µs' ? w.slice(0, -1) : w;
  switch (base) {
    case 'ms': case 'msec': case 'millisecond': return { unit: 'us', multiplier: 1000 };
    case 'µs': case 'usec': case 'µsec': case 'microsecond': return { unit: 'us', multiplier: 1 };
    case 'sec': case 'second': return { unit: 's', multiplier: 1 };
    case 'min': case 'minute': return { unit: 'i', multiplier: 1 };
    case 'hour': return { unit: 'h', multiplier: 1 };
    case 'day': return { unit: 'd', multiplier: 1 };
    case 'week': return { unit: 'd', multiplier: 7 };
    case 'fortnight': case 'forthnight': return { unit: 'd', multiplier: 14 };
    case 'month': return { unit: 'm', multiplier: 1 };
    case 'year': return { unit: 'y', multiplier: 1 };
    default: return undefined;
  }
}

/**
 * Time zone abbreviations timelib knows (its timezonemap.h, the common ones): total offset from
 * UTC in seconds. UTC, GMT and Z are UTC; military letters A-Z are whole-hour offsets.
 */
const ZONE_ABBREVIATIONS: Record<string, number> = {
  utc: 0, gmt: 0, ut: 0, z: 0, wet: 0, west: 3600, bst: 3600, ist: 3600,
  cet: 3600, cest: 7200, met: 3600, mest: 7200, eet: 7200, eest: 10800, msk: 10800, msd: 14400,
  est: -18000, edt: -14400, cst: -21600, cdt: -18000, mst: -25200, mdt: -21600, pst: -28800, pdt: -25200,
  akst: -32400, akdt: -28800, hst: -36000, hdt: -32400, ast: -14400, adt: -10800, nst: -12600, ndt: -9000,
  jst: 32400, kst: 32400, hkt: 28800, awst: 28800, acst: 34200, acdt: 37800, aest: 36000, aedt: 39600,
  nzst: 43200, nzdt: 46800, sast: 7200, cat: 7200, eat: 10800, wat: 3600, pkt: 18000, wib: 25200,
  ...Object.fromEntries([...'abcdefghi'].map((l, n) => [l, (n + 1) * 3600])),
  ...Object.fromEntries([...'klm'].map((l, n) => [l, (n + 10) * 3600])),
  ...Object.fromEntries([...'nopqrstuvwxy'].map((l, n) => [l, -(n + 1) * 3600])),
};

/** timelib_parse_tz_cor: `H`, `HH`, `HMM`, `HHMM`, `H:MM`, `HH:MM`, `HHMMSS`, `HH:MM:SS` as seconds. */
function parseTzCorrection(c: Cursor): number {
  const begin = c.at;
  while (/[0-9:]/.test(c.char)) c.at++;
  const text = c.text.slice(begin, c.at);
  const n = (s: string) => Number.parseInt(s, 10) || 0;
  switch (text.length) {
    case 1:
    case 2:
      return n(text) * 3600;
    case 3:
    case 4:
      if (text[1] === ':') return n(text) * 3600 + n(text.slice(2)) * 60;
      if (text[2] === ':') return n(text) * 3600 + n(text.slice(3)) * 60;
      return Math.trunc(n(text) / 100) * 3600 + (n(text) % 100) * 60;
    case 5:
      return text[2] === ':' ? n(text) * 3600 + n(text.slice(3)) * 60 : 0;
    case 6:
      return n(text.slice(0, 2)) * 3600 + n(text.slice(2, 4)) * 60 + n(text.slice(4, 6));
    case 8:
      return n(text.slice(0, 2)) * 3600 + n(text.slice(3, 5)) * 60 + n(text.slice(6, 8));
    default:
      return 0;
  }
}

class ScanState {
  readonly time: ParsedDate = {
    y: undefined,
    m: undefined,
    d: undefined,
    h: undefined,
    i: undefined,
    s: undefined,
    haveTime: 0,
    haveDate: false,
    haveRelative: false,
    haveZone: 0,
    zone: undefined,
    relative: { y: 0, m: 0, d: 0, h: 0, i: 0, s: 0, weekday: 0, weekdayBehavior: 0, haveWeekday: false, firstLastDayOf: 0, special: undefined },
    errors: [],
    warnings: [],
  };

  constructor(readonly isZoneName: (name: string) => string | undefined) {}

  /** TIMELIB_HAVE_TIME: false (an error) on a second time. */
  haveTime(): boolean {
    if (this.time.haveTime) {
      this.time.errors.push('Double time specification');
      return false;
    }
    this.time.haveTime = 1;
    this.time.h = this.time.i = this.time.s = 0;
    return true;
  }
  unhaveTime(): void {
    this.time.haveTime = 0;
    this.time.h = this.time.i = this.time.s = 0;
  }
  haveDate(): boolean {
    if (this.time.haveDate) {
      this.time.errors.push('Double date specification');
      return false;
    }
    this.time.haveDate = true;
    return true;
  }
  unhaveDate(): void {
    this.time.haveDate = false;
    this.time.y = this.time.m = this.time.d = 0;
  }
  haveWeekdayRelative(): void {
    this.time.haveRelative = true;
    this.time.relative.haveWeekday = true;
  }
  /** TIMELIB_HAVE_TZ: a second zone is a warning and is ignored, a third an error. */
  haveZone(): boolean {
    if (this.time.haveZone) {
      if (this.time.haveZone > 1) this.time.errors.push('Double timezone specification');
      else this.time.warnings.push('Double timezone specification');
      this.time.haveZone++;
      return false;
    }
    this.time.haveZone++;
    return true;
  }

  /** timelib_set_relative: `amount` of the unit named at the cursor. */
  setRelative(c: Cursor, amount: number, behavior: number): void {
    const unit = lookupRelUnit(c.unitWord());
    if (!unit) return;
    const rel = this.time.relative;
    switch (unit.unit) {
      case 'us':
        break;
      case 'weekday':
        this.haveWeekdayRelative();
        this.unhaveTime();
        rel.d += (amount > 0 ? amount - 1 : amount) * 7;
        rel.weekday = unit.multiplier;
        rel.weekdayBehavior = behavior;
        break;
      case 'weekdays':
        this.time.haveRelative = true;
        this.unhaveTime();
        rel.special = { type: 'weekdays', amount };
        break;
      default:
        rel[unit.unit] += amount * unit.multiplier;
    }
  }

  /** timelib_get_zone: an offset, an abbreviation or a tz database name; an error when unknown. */
  readZone(c: Cursor): void {
    c.skip(' \t(');
    if (c.text.startsWith('GMT+', c.at) || c.text.startsWith('GMT-', c.at)) c.at += 3;
    let zone: ParsedZone | undefined;
    if (c.char === '+' || c.char === '-') {
      const sign = c.char === '-' ? -1 : 1;
      c.at++;
      zone = { kind: 'offset', seconds: sign * parseTzCorrection(c) };
    } else {
      const begin = c.at;
      while (!'\0) '.includes(c.char)) c.at++;
      const word = c.text.slice(begin, c.at);
      const abbr = ZONE_ABBREVIATIONS[word.toLowerCase()];
      if (abbr !== undefined) zone = { kind: 'offset', seconds: abbr };
      if (word.includes('/') || word === 'UTC') {
        const name = this.isZoneName(word);
        if (name) zone = { kind: 'id', name };
      }
    }
    c.skip(')');
    if (!zone) {
      this.time.errors.push('The timezone could not be found in the database');
      return;
    }
    this.time.zone = zone;
  }
}

/** The relativetext actions: each `<ordinal> <unit>` of the token in turn, then `afterEach`. */
function readRelativeTexts(token: string, s: ScanState, afterEach: () => void = () => undefined): void {
  s.time.haveRelative = true;
  const c = new Cursor(token);
  while (c.more()) {
    const { value, behavior } = readRelativeText(c);
    c.skip(' \t');
    s.setRelative(c, value, behavior);
    afterEach();
  }
}

/** Reads `H[:.]i[:.]s[.frac]` from a token into the time (the 24-hour time rules). */
function readClock(c: Cursor, s: ScanState, seconds: 'colon-or-dot' | 'colon'): void {
  s.time.h = c.nr(2);
  s.time.i = c.nr(2);
  if (c.char === ':' || (seconds === 'colon-or-dot' && c.char === '.')) {
    s.time.s = c.nr(2);
    if (c.char === '.') {
      c.at++;
      while (/[0-9]/.test(c.char)) c.at++;
    }
  }
}

const RULES: Rule[] = [
  rule('yesterday', ci('yesterday'), (_, s) => {
    s.time.haveRelative = true;
    s.unhaveTime();
    s.time.relative.d = -1;
  }),
  rule('now', ci('now'), () => undefined),
  rule('noon', ci('noon'), (_, s) => {
    s.unhaveTime();
    if (s.haveTime()) s.time.h = 12;
  }),
  rule('midnight | today', `(?:${ci('midnight')}|${ci('today')})`, (_, s) => s.unhaveTime()),
  rule('tomorrow', ci('tomorrow'), (_, s) => {
    s.time.haveRelative = true;
    s.unhaveTime();
    s.time.relative.d = 1;
  }),
  rule('timestamp', '@-?[0-9]+(?:\\.[0-9]{0,6})?', (token, s) => {
    s.time.haveRelative = true;
    s.unhaveDate();
    s.unhaveTime();
    if (!s.haveZone()) return;
    const seconds = Number(token.slice(1).split('.')[0]);
    s.time.y = 1970;
    s.time.m = 1;
    s.time.d = 1;
    s.time.h = s.time.i = s.time.s = 0;
    s.time.relative.s += seconds;
    s.time.zone = { kind: 'offset', seconds: 0 };
  }),
  rule('firstdayof | lastdayof', `(?:${ci('first day of')}|${ci('last day of')})`, (token, s) => {
    s.time.haveRelative = true;
    s.time.relative.firstLastDayOf = /^l/i.test(token) ? 2 : 1;
  }),
  rule('backof | frontof', `(?:${ci('back of ')}|${ci('front of ')})${hour24}(?:(?:${space})?${meridian})?`, (token, s) => {
    s.unhaveTime();
    if (!s.haveTime()) return;
    const c = new Cursor(token);
    const back = /^b/i.test(token);
    s.time.h = c.nr(2) - (back ? 0 : 1);
    s.time.i = back ? 15 : 45;
    if (c.more()) {
      c.skip(' \t');
      if (c.more()) s.time.h += c.meridian(s.time.h);
    }
  }),
  rule('weekdayof', `(?:${reltextnumber}|${reltexttext})${space}(?:${dayfull}|${dayabbr})${space}${ci('of')}`, (token, s) => {
    s.time.haveRelative = true;
    const c = new Cursor(token);
    const { value, behavior } = readRelativeText(c);
    c.skip(' \t');
    if (value > 0) {
      s.time.relative.special = { type: 'dayOfWeekInMonth', amount: 0 };
      s.setRelative(c, value, 1);
    } else {
      s.time.relative.special = { type: 'lastDayOfWeekInMonth', amount: 0 };
      s.setRelative(c, value, behavior);
    }
  }),
  rule('timetiny12 | timeshort12 | timelong12', `(?:${timelong12}|${timeshort12}|${hour12}(?:${space})?${meridian})`, (token, s) => {
    if (!s.haveTime()) return;
    const c = new Cursor(token);
    s.time.h = c.nr(2);
    if (c.char === ':' || c.char === '.') {
      s.time.i = c.nr(2);
      if (c.char === ':' || c.char === '.') s.time.s = c.nr(2);
    }
    s.time.h += c.meridian(s.time.h);
  }),
  rule('mssqltime', `${hour12}:${minutelz}:${secondlz}[:.][0-9]+${meridian}`, (token, s) => {
    if (!s.haveTime()) return;
    const c = new Cursor(token);
    readClock(c, s, 'colon-or-dot');
    c.skip(':.0123456789');
    c.skip(' \t');
    s.time.h = (s.time.h ?? 0) + c.meridian(s.time.h ?? 0);
  }),
  rule('timetiny24 | timeshort24 | timelong24 | iso8601long', `(?:${timelong24}(?:${frac})?|${timeshort24}|[tT]${hour24})`, (token, s) => {
    if (!s.haveTime()) return;
    const c = new Cursor(token);
    s.time.h = c.nr(2);
    if (c.char === ':' || c.char === '.') {
      s.time.i = c.nr(2);
      if (c.char === ':' || c.char === '.') {
        s.time.s = c.nr(2);
      }
    }
  }),
  rule('gnunocolon', `[tT]?${hour24lz}${minutelz}`, (token, s) => {
    const c = new Cursor(token);
    if (s.time.haveTime === 0) {
      s.time.h = c.nr(2);
      s.time.i = c.nr(2);
      s.time.s = 0;
    } else if (s.time.haveTime === 1) {
      s.time.y = c.nr(4);
    } else {
      s.time.errors.push('Double time specification');
      return;
    }
    s.time.haveTime++;
  }),
  rule('iso8601nocolon', `[tT]?${hour24lz}${minutelz}${secondlz}`, (token, s) => {
    if (!s.haveTime()) return;
    const c = new Cursor(token);
    s.time.h = c.nr(2);
    s.time.i = c.nr(2);
    s.time.s = c.nr(2);
  }),
  dateRule('americanshort | american', `${month}/${day}(?:/${year})?`, (c) => {
    const m = c.nr(2);
    const d = c.nr(2);
    return [c.char === '/' ? c.year(4) : undefined, m, d];
  }),
  dateRule(
    'iso8601date4 | iso8601dateslash | dateslash',
    `(?:${year4withsign}-${monthlz}-${daylz}|${year4}/${monthlz}/${daylz}/?|${year4}/${month}/${day})`,
    (c) => [c.signedNumber(4), c.nr(2), c.nr(2)],
  ),
  dateRule('iso8601date2', `${year2}-${monthlz}-${daylz}`, (c) => [c.year(4), c.nr(2), c.nr(2)]),
  dateRule('gnudateshorter', `${year4}-${month}`, (c) => [c.year(4), c.nr(2), 1]),
  dateRule('gnudateshort', `${year}-${month}-${day}`, (c) => [c.year(4), c.nr(2), c.nr(2)]),
  dateRule('datefull', `${day}[ \\t.-]*${monthtextPattern}[ \\t.-]*${year}`, (c) => {
    const d = c.nr(2);
    c.skipDaySuffix();
    const m = readMonth(c);
    return [c.year(4), m, d];
  }),
  dateRule('pointeddate4', `${day}[.\\t-]${month}[.-]${year4}`, (c) => {
    const d = c.nr(2);
    const m = c.nr(2);
    return [c.nr(4), m, d];
  }),
  dateRule('pointeddate2', `${day}[.\\t]${month}\\.${year2}`, (c) => {
    const d = c.nr(2);
    const m = c.nr(2);
    return [c.year(2), m, d];
  }),
  dateRule('datenoday', `${monthtextPattern}[ .\\t-]*${year4}`, (c) => {
    const m = readMonth(c);
    return [c.year(4), m, 1];
  }),
  dateRule('datenodayrev', `${year4}[ .\\t-]*${monthtextPattern}`, (c) => [c.year(4), readMonth(c), 1]),
  dateRule('datetextual | datenoyear', `(?:${monthtextPattern}[ .\\t-]*${day}[,.stndrh\\t ]+${year}|${datenoyear})`, (c) => {
    const m = readMonth(c);
    const d = c.nr(2);
    return [c.year(4), m, d];
  }),
  dateRule('datenoyearrev', `${day}[ .\\t-]*${monthtextPattern}`, (c) => {
    const d = c.nr(2);
    c.skipDaySuffix();
    return [undefined, readMonth(c), d];
  }),
  dateRule('datenocolon', `${year4}${monthlz}${daylz}`, (c) => [c.nr(4), c.nr(2), c.nr(2)]),
  rule(
    'xmlrpc | xmlrpcnocolon | soap | wddx | exif',
    `(?:${year4}-${monthlz}-${daylz}T${hour24lz}:${minutelz}:${secondlz}${frac}(?:${tzcorrection})?` +
      `|${year4}${monthlz}${daylz}T${hour24}:${minutelz}:${secondlz}` +
      `|${year4}${monthlz}${daylz}[tT]${hour24}${minutelz}${secondlz}` +
      `|${year4}-${month}-${day}T${hour24}:${minute}:${second}` +
      `|${year4}:${monthlz}:${daylz} ${hour24lz}:${minutelz}:${secondlz})`,
    (token, s) => {
      if (!s.haveTime() || !s.haveDate()) return;
      const c = new Cursor(token);
      s.time.y = c.nr(4);
      s.time.m = c.nr(2);
      s.time.d = c.nr(2);
      s.time.h = c.nr(2);
      s.time.i = c.nr(2);
      s.time.s = c.nr(2);
      if (c.char === '.') {
        c.at++;
        while (/[0-9]/.test(c.char)) c.at++;
        if (c.more()) s.readZone(c);
      }
    },
  ),
  dateRule('pgydotd', `${year4}\\.?${dayofyear}`, (c) => [c.year(4), 1, c.nr(3)]),
  rule('isoweekday | isoweek', `${year4}-?W${weekofyear}(?:-?[0-7])?`, (token, s) => {
    if (!s.haveDate()) return;
    s.time.haveRelative = true;
    const c = new Cursor(token);
    const y = c.nr(4);
    const w = c.nr(2);
    const d = c.number(1)?.value ?? 1;
    s.time.y = y;
    s.time.m = 1;
    s.time.d = 1;
    s.time.relative.d = dayNumberFromIsoWeek(y, w, d);
  }),
  dateRule('pgtextshort', `${monthabbr}-${daylz}-${year}`, (c) => {
    const m = readMonth(c);
    const d = c.nr(2);
    return [c.year(4), m, d];
  }),
  dateRule('pgtextreverse', `${year}-${monthabbr}-${daylz}`, (c) => [c.year(4), readMonth(c), c.nr(2)]),
  rule('clf', `${day}/${monthabbr}/${year4}:${hour24lz}:${minutelz}:${secondlz}${space}${tzcorrection}`, (token, s) => {
    if (!s.haveTime() || !s.haveDate()) return;
    const c = new Cursor(token);
    s.time.d = c.nr(2);
    s.time.m = readMonth(c);
    s.time.y = c.nr(4);
    s.time.h = c.nr(2);
    s.time.i = c.nr(2);
    s.time.s = c.nr(2);
    s.readZone(c);
  }),
  rule('year4', year4, (token, s) => {
    s.time.y = Number(token);
  }),
  rule('ago', ci('ago'), (_, s) => {
    const rel = s.time.relative;
    for (const key of ['y', 'm', 'd', 'h', 'i', 's'] as const) rel[key] = -rel[key];
    rel.weekday = -rel.weekday;
    if (rel.weekday === 0) rel.weekday = -7;
    if (rel.special?.type === 'weekdays') rel.special.amount = -rel.special.amount;
  }),
  rule('daytext', daytext, (token, s) => {
    s.haveWeekdayRelative();
    s.unhaveTime();
    const unit = lookupRelUnit(token);
    s.time.relative.weekday = unit?.unit === 'weekday' ? unit.multiplier : 1;
    if (s.time.relative.weekdayBehavior !== 2) s.time.relative.weekdayBehavior = 1;
  }),
  rule('relativetextweek', `${reltexttext}${space}${ci('week')}`, (token, s) =>
    readRelativeTexts(token, s, () => {
      s.time.relative.weekdayBehavior = 2;
      // "weekday + last/this/next week": without a day name the week's Monday is meant.
      if (!s.time.relative.haveWeekday) {
        s.haveWeekdayRelative();
        s.time.relative.weekday = 1;
      }
    }),
  ),
  rule('relativetext', `(?:${reltextnumber}|${reltexttext})${space}${reltextunit}`, (token, s) => readRelativeTexts(token, s)),
  rule('monthfull | monthabbr', `(?:${monthfull}|${monthabbr})`, (token, s) => {
    if (!s.haveDate()) return;
    s.time.m = lookupMonth(token);
  }),
  rule('tzcorrection | tz', `(?:${tzcorrection}|${tz})`, (token, s) => {
    if (!s.haveZone()) return;
    s.readZone(new Cursor(token));
  }),
  rule('dateshortwithtimeshort12 | dateshortwithtimelong12', `${datenoyear}(?:${timelong12}|${timeshort12})`, (token, s) => {
    if (!s.haveDate()) return;
    const c = new Cursor(token);
    s.time.m = readMonth(c);
    s.time.d = c.nr(2);
    if (!s.haveTime()) return;
    readClock(c, s, 'colon-or-dot');
    s.time.h = (s.time.h ?? 0) + c.meridian(s.time.h ?? 0);
  }),
  rule(
    'dateshortwithtimeshort | dateshortwithtimelong | dateshortwithtimelongtz',
    `${datenoyear}(?:${iso8601normtz}|${timelong24}|${timeshort24})`,
    (token, s) => {
      if (!s.haveDate()) return;
      const c = new Cursor(token);
      s.time.m = readMonth(c);
      s.time.d = c.nr(2);
      if (!s.haveTime()) return;
      readClock(c, s, 'colon');
      if (c.more()) s.readZone(c);
    },
  ),
  rule('relative', `${relnumber}(?:${space})?(?:${reltextunit}|${ci('week')})`, (token, s) => {
    s.time.haveRelative = true;
    const c = new Cursor(token);
    while (c.more()) {
      const amount = c.signedNumber(24);
      c.skip(' \t');
      s.setRelative(c, amount, 1);
    }
  }),
];

/** timelib_daynr_from_weeknr: days from January 1st to day `d` of ISO week `w`. */
function dayNumberFromIsoWeek(y: number, w: number, d: number): number {
  const january1 = new Date(0);
  january1.setUTCFullYear(y, 0, 1);
  const weekday = january1.getUTCDay();
  const first = 0 - (weekday > 4 ? weekday - 7 : weekday);
  return first + (w - 1) * 7 + d;
}

/**
 * timelib_strtotime: scans a date string into its fields. Errors make strtotime() return false
 * and `new DateTime()` throw; warnings (an invalid date such as February 30th) do not.
 * `zoneName` answers whether a tz database name written in the string exists (case-insensitively,
 * as timelib looks them up) and gives its canonical spelling.
 */
export function parseDateString(input: string, zoneName: (name: string) => string | undefined): ParsedDate {
  const state = new ScanState(zoneName);
  const text = input.replace(/^[\s\v]+|[\s\v]+$/g, '');
  if (text === '') {
    state.time.errors.push('Empty string');
    return state.time;
  }
  // timelib scans a copy padded with NULs: a meridian at the very end is followed by one.
  const padded = `${text}\0`;
  let at = 0;
  while (at < text.length) {
    let best: { rule: Rule; length: number } | undefined;
    for (const candidate of RULES) {
      candidate.re.lastIndex = at;
      const m = candidate.re.exec(padded);
      if (m && m[0].length > 0 && (!best || m[0].length > best.length)) best = { rule: candidate, length: m[0].length };
    }
    if (best) {
      best.rule.action(padded.slice(at, at + best.length), state);
      at += best.length;
      continue;
    }
    if (!' .,\t\n'.includes(padded[at] ?? '')) state.time.errors.push('Unexpected character');
    at++;
  }
  const t = state.time;
  if (t.haveTime && !(t.h! >= 0 && t.h! <= 23 && t.i! >= 0 && t.i! <= 59 && t.s! >= 0 && t.s! <= 59)) {
    t.warnings.push('The parsed time was invalid');
  }
  return t;
}
