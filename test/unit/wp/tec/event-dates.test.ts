import { describe, expect, it } from 'vitest';
import { strtotime } from '../../../../src/wp/tec/dates.js';
import {
  eventTimezoneAbbr,
  prepareEventDateMeta,
  requestDateInSiteZone,
  requestDateWallTime,
  utcOffsetZoneSeconds,
  wallTimeToUtc,
} from '../../../../src/wp/tec/event-dates.js';
import { timezoneAbbr } from '../../../../src/wp/tec/timezone-abbr.js';

const now = new Date('2026-11-24T16:57:00Z');
const settings = { siteTimezone: 'UTC', multiDayCutoff: '00:00', now };

describe('requestDateInSiteZone (Tribe__Date_Utils::reformat in wp_timezone, the venue and organizer `date`)', () => {
  it.each([
    ['2027-03-02 09:30:00', 'Europe/Berlin', '2027-03-02 09:30:00'],
    ['2027-03-02T09:30:00+05:00', 'Europe/Berlin', '2027-03-02 09:30:00'],
    ['1800000000', 'Europe/Berlin', '2027-01-15 09:00:00'],
    ['1800000000', 'UTC+5.5', '2027-01-15 13:30:00'],
    ['1800000000', 'UTC', '2027-01-15 08:00:00'],
    ['now', 'America/New_York', '2026-11-24 11:57:00'],
    ['tomorrow', 'Asia/Tokyo', '2026-11-26 00:00:00'],
  ])('%s in %s -> %s', (value, zone, wall) => {
    expect(requestDateInSiteZone(value, zone, now)).toBe(wall);
  });
});

describe('requestDateWallTime (build_date_object as prepare_postarr formats it)', () => {
  it.each([
    ['2027-03-02 09:30:00', '2027-03-02 09:30:00'],
    ['2027-03-02T09:30:00', '2027-03-02 09:30:00'],
    // A zone in the value keeps the value's own wall time.
    ['2027-03-02T09:30:00+02:00', '2027-03-02 09:30:00'],
    ['2027-03-02T09:30:00Z', '2027-03-02 09:30:00'],
    ['March 3 2027 10am', '2027-03-03 10:00:00'],
    ['March 3 2027 2pm', '2027-03-03 14:00:00'],
    ['2027-03-04', '2027-03-04 00:00:00'],
    ['1800000000', '2027-01-15 08:00:00'],
  ])('%s -> %s', (value, wall) => {
    expect(requestDateWallTime(value, 'UTC', now)).toBe(wall);
  });

  it('reads RFC 2822 dates, keeping the wall time written with their offset', () => {
    expect(requestDateWallTime('Sat, 01 May 2027 10:00:00 +0200', 'America/New_York', now)).toBe('2027-05-01 10:00:00');
  });

  it("moves a wall time in the zone's spring-forward gap forward by the gap, as DateTime does", () => {
    expect(requestDateWallTime('2027-03-14 02:30:00', 'America/New_York', now)).toBe('2027-03-14 03:30:00');
    expect(requestDateWallTime('2027-03-28 02:30:00', 'Europe/Berlin', now)).toBe('2027-03-28 03:30:00');
    expect(requestDateWallTime('2027-03-14 02:30:00', 'america/new_york', now)).toBe('2027-03-14 03:30:00');
  });

  it('reads relative words against now in the zone (new DateTime("tomorrow", $zone))', () => {
    // 16:57 UTC on November 24th is 01:57 on the 25th in Tokyo.
    expect(requestDateWallTime('tomorrow', 'Asia/Tokyo', now)).toBe('2026-11-26 00:00:00');
    expect(requestDateWallTime('now', 'Asia/Tokyo', now)).toBe('2026-11-25 01:57:00');
  });

  it('reads 12am as midnight and 12pm as noon, and refuses 13pm', () => {
    expect(strtotime('2027-03-03 12am', now)).toBe(Date.UTC(2027, 2, 3) / 1000);
    expect(strtotime('2027-03-03 12:30pm', now)).toBe(Date.UTC(2027, 2, 3, 12, 30) / 1000);
    expect(strtotime('2027-03-03 13pm', now)).toBeNull();
  });
});

describe('UTC offsets and zones', () => {
  it('reads UTC+5:30, UTC+5.5 and UTC-3 offsets', () => {
    expect(utcOffsetZoneSeconds('UTC+5:30')).toBe(19800);
    expect(utcOffsetZoneSeconds('UTC+5.5')).toBe(19800);
    expect(utcOffsetZoneSeconds('UTC-3')).toBe(-10800);
    expect(wallTimeToUtc('2027-03-01 10:00:00', 'UTC+5:30')).toBe('2027-03-01 04:30:00');
  });

  it('converts across a daylight-saving change', () => {
    expect(wallTimeToUtc('2027-03-13 23:00:00', 'America/New_York')).toBe('2027-03-14 04:00:00');
    expect(wallTimeToUtc('2027-03-14 04:00:00', 'America/New_York')).toBe('2027-03-14 08:00:00');
  });

  it('reads a wall time in the spring-forward gap as the moved time (date_create in the zone)', () => {
    expect(wallTimeToUtc('2027-03-14 02:30:00', 'America/New_York')).toBe('2027-03-14 07:30:00');
    expect(wallTimeToUtc('2027-03-14 02:30:00', 'AMERICA/NEW_YORK')).toBe('2027-03-14 07:30:00');
  });
});

describe('timezoneAbbr (PHP DateTime format T, from the tz database)', () => {
  it.each([
    ['Europe/Berlin', '2027-01-15T12:00:00Z', 'CET'],
    ['Europe/Berlin', '2027-07-15T12:00:00Z', 'CEST'],
    ['America/New_York', '2027-01-15T12:00:00Z', 'EST'],
    ['America/New_York', '2027-07-15T12:00:00Z', 'EDT'],
    ['America/Chicago', '2027-03-12T19:00:00Z', 'CST'],
    ['Asia/Tokyo', '2027-07-15T12:00:00Z', 'JST'],
    ['America/Sao_Paulo', '2027-07-15T12:00:00Z', '-03'],
    ['Europe/Berlin', '2010-07-15T12:00:00Z', 'CEST'],
    ['UTC', '2027-07-15T12:00:00Z', 'UTC'],
  ])('%s at %s is %s', (zone, at, abbr) => {
    expect(timezoneAbbr(zone, Date.parse(at) / 1000)).toBe(abbr);
  });

  it('is the zone itself for UTC offsets and unknown names', () => {
    expect(eventTimezoneAbbr('2027-03-01 10:00:00', 'UTC+5:30', now)).toBe('UTC+5:30');
    expect(timezoneAbbr('../../etc/passwd', 0)).toBe('../../etc/passwd');
  });

  it('finds a zone named in another letter case, as PHP does (never the name as given)', () => {
    expect(timezoneAbbr('america/new_york', Date.parse('2027-07-15T12:00:00Z') / 1000)).toBe('EDT');
    expect(timezoneAbbr('EUROPE/BERLIN', Date.parse('2027-01-15T12:00:00Z') / 1000)).toBe('CET');
    expect(timezoneAbbr('utc', 0)).toBe('UTC');
  });
});

describe('prepareEventDateMeta', () => {
  const none = { start: undefined, end: undefined };

  it('stores a timed event with UTC companions and duration', () => {
    const meta = prepareEventDateMeta(
      { allDay: undefined, start: '2027-03-12 19:00:00', end: '2027-03-12 23:00:00', timezone: 'America/Chicago' },
      none,
      settings,
    );
    expect(meta).toEqual({
      allDay: undefined,
      deleteAllDay: true,
      start: '2027-03-12 19:00:00',
      end: '2027-03-12 23:00:00',
      startUtc: '2027-03-13 01:00:00',
      endUtc: '2027-03-13 05:00:00',
      duration: 14400,
      timezone: 'America/Chicago',
      timezoneAbbr: 'CST',
    });
  });

  it('moves an end before the start to the start, after the UTC end was taken', () => {
    const meta = prepareEventDateMeta({ allDay: undefined, start: '2027-03-20 12:00:00', end: '2027-03-20 10:00:00', timezone: undefined }, none, settings);
    expect([meta.end, meta.endUtc, meta.duration]).toEqual(['2027-03-20 12:00:00', '2027-03-20 10:00:00', 0]);
  });

  it('widens all-day events to whole days at the cutoff and stores no duration', () => {
    const meta = prepareEventDateMeta({ allDay: true, start: '2027-03-10 10:00:00', end: '2027-03-10 12:00:00', timezone: undefined }, none, settings);
    expect([meta.allDay, meta.start, meta.end, meta.duration, meta.deleteAllDay]).toEqual(['yes', '2027-03-10 00:00:00', '2027-03-10 23:59:59', undefined, false]);
    const late = prepareEventDateMeta({ allDay: true, start: '2027-03-10 10:00:00', end: '2027-03-10 12:00:00', timezone: undefined }, none, {
      ...settings,
      multiDayCutoff: '04:00',
    });
    expect([late.start, late.end]).toEqual(['2027-03-10 04:00:00', '2027-03-11 03:59:59']);
  });

  it('keeps the stored dates and recomputes only the zone when no dates are sent', () => {
    const meta = prepareEventDateMeta(
      { allDay: false, start: undefined, end: undefined, timezone: 'Asia/Tokyo' },
      { start: '2026-11-14 20:15:00', end: '2026-11-14 23:15:00' },
      settings,
    );
    expect(meta).toMatchObject({ allDay: 'no', deleteAllDay: true, start: '2026-11-14 20:15:00', startUtc: undefined, duration: undefined, timezone: 'Asia/Tokyo', timezoneAbbr: 'JST' });
  });

  it('turns a stored timed event all-day from its stored dates', () => {
    const meta = prepareEventDateMeta({ allDay: true, start: undefined, end: undefined, timezone: undefined }, { start: '2026-12-23 10:00:00', end: '2026-12-23 11:30:00' }, settings);
    expect([meta.start, meta.end, meta.startUtc, meta.endUtc]).toEqual(['2026-12-23 00:00:00', '2026-12-23 23:59:59', '2026-12-23 00:00:00', '2026-12-23 23:59:59']);
  });
});
