import { describe, expect, it } from 'vitest';
import { parseCurrencyPosition, parseCurrencySymbol } from '../../../../src/wp/tec/currency.js';
import { customTablesEventRow, occurrenceHash } from '../../../../src/wp/tec/custom-tables.js';
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
