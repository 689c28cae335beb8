import { describe, expect, it } from 'vitest';
import { parseCurrencyPosition, parseCurrencySymbol } from '../../../../src/wp/tec/currency.js';
import { customTablesEventRow, isValidEventTimezone, occurrenceHash, settledCustomTablesEventRow } from '../../../../src/wp/tec/custom-tables.js';
import { scaleBackPostStatus } from '../../../../src/wp/tec/event-status.js';

describe('parseCurrencySymbol / parseCurrencyPosition (Tribe__Cost_Utils)', () => {
  it.each([
    ['$15', '$', 'prefix'],
    ['15€', '€', 'postfix'],
    ['10', '', false],
    ['Free', false, false],
    ['5 - 10', false, false],
    ['$10, $5', '$', 'prefix'],
    ['$10, 5€', false, false],
    ['0', false, false],
    ['', false, false],
    // Arrays of costs, as TEC's own Cost_UtilsTest gives them.
    [['free', '20$', '30$'], '$', 'postfix'],
    [['free', '20¥', '30$'], false, false],
    [['20¥', '30$'], false, false],
    [['free', '20¥'], '¥', 'postfix'],
    [[10, 25], '', false],
    [['0', '15'], '', false],
    [[], false, false],
  ])('%j -> %j, %j', (cost, symbol, position) => {
    expect(parseCurrencySymbol(cost)).toBe(symbol);
    expect(parseCurrencyPosition(cost)).toBe(position);
  });
});

describe('scaleBackPostStatus', () => {
  it('gives publishers what they ask for, publish by default', () => {
    expect(scaleBackPostStatus(undefined, true)).toBe('publish');
    expect(scaleBackPostStatus('future', true)).toBe('future');
  });
  it('turns publish and future into pending for others, nothing into draft', () => {
    expect(scaleBackPostStatus('publish', false)).toBe('pending');
    expect(scaleBackPostStatus('future', false)).toBe('pending');
    expect(scaleBackPostStatus(undefined, false)).toBe('draft');
    expect(scaleBackPostStatus('private', false)).toBe('private');
  });
  it("reads values as PHP does: '0' is no status, true (which the validator lets through) equals publish for others", () => {
    expect(scaleBackPostStatus('0', true)).toBe('publish');
    expect(scaleBackPostStatus('0', false)).toBe('draft');
    expect(scaleBackPostStatus(true, false)).toBe('pending');
    expect(scaleBackPostStatus(true, true)).toBe('1');
  });
});

describe('customTablesEventRow (CT1 Event model validation)', () => {
  const valid = (zone: string) => zone === 'UTC' || zone.startsWith('UTC') || zone.includes('/');
  const meta = {
    start: '2027-03-10 10:00:00',
    end: '2027-03-10 11:00:00',
    startUtc: '2027-03-10 10:00:00',
    endUtc: '2027-03-10 11:00:00',
    duration: '3600',
    timezone: 'UTC',
  };

  it('builds the row and the occurrence hash TEC stores', () => {
    const row = customTablesEventRow(266, meta, valid);
    expect(row).toMatchObject({ post_id: 266, duration: 3600, hash: '' });
    expect(occurrenceHash(row!)).toBe('477eb2d3bf53249bdc3330ad0c1113c2d73e68dd');
  });

  it('computes a missing or zero duration from the UTC dates', () => {
    expect(customTablesEventRow(266, { ...meta, duration: undefined }, valid)?.duration).toBe(3600);
    expect(customTablesEventRow(266, { ...meta, duration: '0' }, valid)?.duration).toBe(3600);
  });

  it('refuses UTC dates that do not match the zone (a zone changed without new dates)', () => {
    expect(customTablesEventRow(41, { ...meta, timezone: 'Asia/Tokyo' }, valid)).toBeNull();
  });

  it('refuses a UTC end before the UTC start (end moved back to the start after UTC was taken)', () => {
    expect(customTablesEventRow(266, { ...meta, end: meta.start, endUtc: '2027-03-10 09:00:00', duration: '0' }, valid)).toBeNull();
  });

  it('refuses a duration longer than the dates span', () => {
    expect(customTablesEventRow(266, { ...meta, duration: '7200' }, valid)).toBeNull();
  });
});

describe('settledCustomTablesEventRow (the rows left after a write here)', () => {
  const meta = {
    start: '2027-06-02 00:00:00',
    end: '2027-06-02 23:59:59',
    startUtc: '2027-06-02 00:00:00',
    endUtc: '2027-06-02 23:59:59',
    duration: '86399',
    timezone: 'UTC',
  };
  const settled = (values: Partial<typeof meta>) => settledCustomTablesEventRow(266, { ...meta, ...values }, isValidEventTimezone);

  it("is TEC's own row wherever TEC's model takes the meta, a shorter kept duration included", () => {
    expect(settled({})).toEqual(customTablesEventRow(266, meta, isValidEventTimezone));
    expect(settled({ duration: '3600' })?.duration).toBe(3600);
  });

  it('takes the span of the dates where an all-day update kept a longer duration', () => {
    expect(customTablesEventRow(266, { ...meta, duration: '100800' }, isValidEventTimezone)).toBeNull();
    expect(settled({ duration: '100800' })).toMatchObject({ start_date: '2027-06-02 00:00:00', start_date_utc: '2027-06-02 00:00:00', duration: 86399 });
  });

  it('takes the UTC dates of the wall times in the new zone where a zone-only update kept the old ones', () => {
    expect(settled({ timezone: 'Europe/Paris' })).toMatchObject({
      start_date: '2027-06-02 00:00:00',
      end_date: '2027-06-02 23:59:59',
      timezone: 'Europe/Paris',
      start_date_utc: '2027-06-01 22:00:00',
      end_date_utc: '2027-06-02 21:59:59',
      duration: 86399,
    });
    expect(settled({ timezone: 'UTC+2' })).toMatchObject({ start_date_utc: '2027-06-01 22:00:00', timezone: 'UTC+2' });
  });

  it('takes the end moved back to the start where the UTC end was taken before', () => {
    expect(settled({ end: meta.start, endUtc: '2027-06-01 23:00:00', duration: '0' })).toMatchObject({ end_date_utc: '2027-06-02 00:00:00', duration: 0 });
  });

  it('is null where the wall times or the zone are unusable', () => {
    expect(settled({ start: undefined })).toBeNull();
    expect(settled({ timezone: 'Mars/Olympus' })).toBeNull();
    expect(settled({ end: '2027-06-01 00:00:00', endUtc: '2027-06-01 00:00:00' })).toBeNull();
  });
});
