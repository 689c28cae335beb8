import { describe, expect, it } from 'vitest';
import {
  beginningOfDay,
  dateDetails,
  endOfDay,
  isTime,
  localizeDate,
  siteTimezoneString,
  strtotime,
  formatInZone,
} from '../../../../src/wp/tec/dates.js';

const NOW = new Date('2026-11-21T23:16:07Z');
const unix = (iso: string) => Date.parse(iso) / 1000;

describe('strtotime', () => {
  it('reads ISO dates and date-times as UTC', () => {
    expect(strtotime('2026-12-05', NOW)).toBe(unix('2026-12-05T00:00:00Z'));
    expect(strtotime('2026-12-05 20:00:00', NOW)).toBe(unix('2026-12-05T20:00:00Z'));
    expect(strtotime('2026-12-05T20:00', NOW)).toBe(unix('2026-12-05T20:00:00Z'));
  });
  it('applies an explicit zone', () => {
    expect(strtotime('2026-12-05T20:00:00+02:00', NOW)).toBe(unix('2026-12-05T18:00:00Z'));
  });
  it('resolves relative words against now', () => {
    expect(strtotime('yesterday 23:59', NOW)).toBe(unix('2026-11-20T23:59:00Z'));
    expect(strtotime('+24 months', NOW)).toBe(unix('2028-11-21T23:16:07Z'));
    expect(strtotime('tomorrow', NOW)).toBe(unix('2026-11-22T00:00:00Z'));
  });
  it('refuses what PHP refuses', () => {
    expect(strtotime('foo', NOW)).toBeNull();
    expect(strtotime('notadate', NOW)).toBeNull();
    expect(strtotime('tomorrowish', NOW)).toBeNull();
    expect(strtotime('', NOW)).toBeNull();
  });
});

describe('isTime (Validator::is_time)', () => {
  it('accepts numbers and parseable strings', () => {
    expect(isTime('1796083200', NOW)).toBe(true);
    expect(isTime('2027-01-01', NOW)).toBe(true);
  });
  it('rejects garbage', () => {
    expect(isTime('foo', NOW)).toBe(false);
  });
});

describe('day widening (tribe_beginning_of_day / tribe_end_of_day)', () => {
  it('widens to the whole UTC day', () => {
    expect(beginningOfDay('2026-12-05 20:00:00', NOW)).toBe('2026-12-05 00:00:00');
    expect(endOfDay('2026-12-11 10:00:00', NOW)).toBe('2026-12-11 23:59:59');
  });
  it('takes unix timestamps', () => {
    expect(beginningOfDay('1796083200', NOW)).toBe('2026-12-01 00:00:00');
    expect(endOfDay('1797292800', NOW)).toBe('2026-12-15 23:59:59');
  });
  it('honours the multi-day cutoff', () => {
    expect(beginningOfDay('2026-12-05', NOW, '06:30')).toBe('2026-12-05 06:30:00');
    expect(endOfDay('2026-12-05', NOW, '06:30')).toBe('2026-12-06 06:29:59');
  });
});

describe('site time zones', () => {
  it('builds UTC+N strings from gmt_offset when no zone name is set', () => {
    expect(siteTimezoneString('', '0')).toBe('UTC+0');
    expect(siteTimezoneString('', '-5')).toBe('UTC-5');
    expect(siteTimezoneString('', '5.5')).toBe('UTC+5.5');
    expect(siteTimezoneString('Europe/Berlin', '1')).toBe('Europe/Berlin');
  });
  it('localizes a UTC value into the site zone', () => {
    expect(localizeDate('2026-12-05 20:00:00', 'Europe/Berlin', NOW)).toBe('2026-12-05 21:00:00');
    expect(localizeDate('2026-07-05 20:00:00', 'America/New_York', NOW)).toBe('2026-07-05 16:00:00');
    expect(formatInZone(unix('2026-12-05T20:00:00Z'), 'UTC+5.5')).toBe('2026-12-06 01:30:00');
  });
});

describe('dateDetails', () => {
  it('splits a stored date into padded strings', () => {
    expect(dateDetails('2027-06-04 09:05:00')).toEqual({
      year: '2027', month: '06', day: '04', hour: '09', minutes: '05', seconds: '00',
    });
  });
  it('describes the epoch for a missing value', () => {
    expect(dateDetails(undefined).year).toBe('1970');
  });
});

describe('strtotime of a stored date (memoised: it must not read "now")', () => {
  // A leading space keeps a text off the memo; timelib skips it, so it parses the same.
  const stored = ['2026-09-01', '2026-02-30', '0000-00-00 00:00:00', '2026-09-01 24:00:00', '2026-13-01', '2026-09-01 10:61:00', '2026-03-29 02:30:00', '2026-09-01 23:59:60'];
  const nows = [new Date('2026-11-27T05:00:00Z'), new Date('2001-03-04T23:59:59Z'), new Date('1969-12-31T12:00:00Z')];
  it.each(stored)('gives %s the same answer at every now as a fresh parse', (text) => {
    const first = strtotime(text, nows[0]!);
    for (const now of nows) {
      expect(strtotime(text, now)).toBe(first);
      expect(strtotime(` ${text}`, now)).toBe(first);
    }
  });
});
