import { describe, expect, it } from 'vitest';
import { phpDateTime, phpStrtotime, type PhpZone, type ZoneRules } from '../../../../src/wp/php/date-resolve.js';
import { canonicalZoneName } from '../../../../src/wp/tec/zone-names.js';
import { zoneOffsetSeconds } from '../../../../src/wp/tec/dates.js';

/**
 * Tables of inputs and PHP's answers, each from php-src's own tests (ext/date/tests/*.phpt, named
 * per table) or from php.net's "Supported Date and Time Formats" pages; none are guessed.
 */

const rules: ZoneRules = { offsetAt: zoneOffsetSeconds, canonicalName: (zone) => canonicalZoneName(zone) };
const zone = (name: string): PhpZone => ({ kind: 'id', name });
/** An RFC 2822 / ISO answer as PHP printed it, read back as unix seconds. */
const at = (printed: string): number => Date.parse(printed) / 1000;

describe('strtotime3-64bit.phpt (Europe/Lisbon, now 2006-06-16 22:51:59 WEST)', () => {
  const now = 1150494719;
  const cases: [string, string | false][] = [
    ['', false],
    [' \t\r\n000', false],
    ['yesterday', 'Thu, 15 Jun 2006 00:00:00 +0100'],
    ['22:49:12', 'Fri, 16 Jun 2006 22:49:12 +0100'],
    ['22:49:12 bogusTZ', false],
    ['22.49.12.42GMT', 'Fri, 16 Jun 2006 23:49:12 +0100'],
    ['22.49.12.42bogusTZ', false],
    ['t0222', 'Fri, 16 Jun 2006 02:22:00 +0100'],
    ['022233', 'Fri, 16 Jun 2006 02:22:33 +0100'],
    ['022233 bogusTZ', false],
    ['2-3-2004', 'Tue, 02 Mar 2004 00:00:00 +0000'],
    ['2.3.2004', 'Tue, 02 Mar 2004 00:00:00 +0000'],
    ['20060212T23:12:23UTC', 'Sun, 12 Feb 2006 23:12:23 +0000'],
    ['20060212T23:12:23 bogusTZ', false],
    ['2006167', 'Fri, 16 Jun 2006 00:00:00 +0100'],
    ['Jan-15-2006', 'Sun, 15 Jan 2006 00:00:00 +0000'],
    ['2006-Jan-15', 'Sun, 15 Jan 2006 00:00:00 +0000'],
    ['10/Oct/2000:13:55:36 +0100', 'Tue, 10 Oct 2000 13:55:36 +0100'],
    ['10/Oct/2000:13:55:36 +00100', false],
    ['2006', 'Fri, 16 Jun 2006 20:06:00 +0100'],
    ['1986', 'Mon, 16 Jun 1986 22:51:59 +0100'],
    ['JAN', 'Mon, 16 Jan 2006 00:00:00 +0000'],
    ['January', 'Mon, 16 Jan 2006 00:00:00 +0000'],
  ];
  it.each(cases)('%j', (input, expected) => {
    expect(phpStrtotime(input, now, zone('Europe/Lisbon'), rules)).toBe(expected === false ? null : at(expected));
  });
});

describe('strtotime-relative.phpt (UTC, now 2008-02-28 12:00:00)', () => {
  const now = 1204200000;
  const cases: [string, string][] = [
    ['+80412 seconds', '2008-02-29T10:20:12+0000'],
    ['-80412 seconds', '2008-02-27T13:39:48+0000'],
    ['+86400 seconds', '2008-02-29T12:00:00+0000'],
    ['-86401 seconds', '2008-02-27T11:59:59+0000'],
    ['+134 hours', '2008-03-05T02:00:00+0000'],
    ['-183 hours', '2008-02-20T21:00:00+0000'],
    ['+178 days', '2008-08-24T12:00:00+0000'],
    ['-184 days', '2007-08-28T12:00:00+0000'],
    ['+115 months', '2017-09-28T12:00:00+0000'],
    ['-121 months', '1998-01-28T12:00:00+0000'],
    ['+128 months', '2018-10-28T12:00:00+0000'],
    ['+24 years', '2032-02-28T12:00:00+0000'],
    ['-26 years', '1982-02-28T12:00:00+0000'],
  ];
  it.each(cases)('%s', (input, expected) => {
    expect(phpStrtotime(input, now, zone('UTC'), rules)).toBe(at(expected.replace(/\+0000$/, 'Z')));
  });
});

describe("strtotime_basic.phpt: 'first' and '1' (UTC)", () => {
  const cases: [string, string][] = [
    ['1 Monday December 2008', '2008-12-01'],
    ['2 Monday December 2008', '2008-12-08'],
    ['3 Monday December 2008', '2008-12-15'],
    ['first Monday December 2008', '2008-12-08'],
    ['second Monday December 2008', '2008-12-15'],
    ['third Monday December 2008', '2008-12-22'],
  ];
  it.each(cases)('%s', (input, expected) => {
    expect(phpStrtotime(input, 1700000000, zone('UTC'), rules)).toBe(at(`${expected}T00:00:00Z`));
  });
});

describe('strtotime_basic2.phpt and strtotime.phpt', () => {
  it('refuses a misspelled month', () => {
    expect(phpStrtotime('mayy 2 2009', 1700000000, zone('UTC'), rules)).toBeNull();
  });
  it('reads local times, GMT and @timestamps (Europe/Oslo)', () => {
    const oslo = zone('Europe/Oslo');
    expect(phpStrtotime('2005-07-14 22:30:41', 0, oslo, rules)).toBe(at('2005-07-14T22:30:41+02:00'));
    expect(phpStrtotime('2005-07-14 22:30:41 GMT', 0, oslo, rules)).toBe(at('2005-07-15T00:30:41+02:00'));
    expect(phpStrtotime('@1121373041', 0, oslo, rules)).toBe(1121373041);
  });
});

describe('DST transitions (rfc-datetime_and_daylight_saving_time-type3-*.phpt, America/New_York)', () => {
  const ny = zone('America/New_York');
  it('moves a wall time inside the spring-forward gap forward by the gap', () => {
    // "2010-03-14 01:30:00 EST - 1268548200", "02:00:00 -> 03:00:00 EDT - 1268550000", "02:30:00 -> 03:30:00 EDT"
    expect(phpDateTime('2010-03-14 01:30:00', 0, ny, rules)?.unix).toBe(1268548200);
    expect(phpDateTime('2010-03-14 02:00:00', 0, ny, rules)?.unix).toBe(1268550000);
    const gap = phpDateTime('2010-03-14 02:30:00', 0, ny, rules);
    expect(gap?.unix).toBe(at('2010-03-14T03:30:00-04:00'));
    expect(gap?.offset).toBe(-4 * 3600);
  });
  it('keeps a zone abbreviation written in the string', () => {
    // date_create('2010-11-07 01:30:00 EST') prints "2010-11-07 01:30:00 EST"
    const dt = phpDateTime('2010-11-07 01:30:00 EST', 0, ny, rules);
    expect(dt?.unix).toBe(at('2010-11-07T01:30:00-05:00'));
    expect(dt?.zone).toEqual({ kind: 'offset', seconds: -5 * 3600 });
  });
});

describe('php.net compound and relative formats', () => {
  const now = at('2026-11-21T23:16:07Z');
  const utc = zone('UTC');
  it.each([
    // Compound formats: RFC 2822, ISO 8601 with offsets, MySQL, SOAP, XMLRPC, EXIF, WDDX, cookie.
    ['Sat, 01 May 2027 10:00:00 +0200', '2027-05-01T08:00:00Z'],
    ['Mon, 15 Aug 2005 15:52:01 +0000', '2005-08-15T15:52:01Z'],
    ['2005-08-15T15:52:01+00:00', '2005-08-15T15:52:01Z'],
    ['2008-08-07T18:11:31.5-07:00', '2008-08-08T01:11:31Z'],
    ['2008-08-07 18:11:31', '2008-08-07T18:11:31Z'],
    ['2008-07-01T22:35:17.02', '2008-07-01T22:35:17Z'],
    ['20080701T22:38:07', '2008-07-01T22:38:07Z'],
    ['20080701t223807', '2008-07-01T22:38:07Z'],
    ['2008:08:07 18:11:31', '2008-08-07T18:11:31Z'],
    ['2008-7-1T9:3:37', '2008-07-01T09:03:37Z'],
    ['Monday, 15-Aug-2005 15:52:01 UTC', '2005-08-15T15:52:01Z'],
    ['2008W27', '2008-06-30T00:00:00Z'],
    ['2008-W28-3', '2008-07-09T00:00:00Z'],
    ['2008.197', '2008-07-15T00:00:00Z'],
    ['@1215282385', '2008-07-05T18:26:25Z'],
    // Date formats.
    ['30-June 2008', '2008-06-30T00:00:00Z'],
    ['22DEC78', '1978-12-22T00:00:00Z'],
    ['14 III 1879', '1879-03-14T00:00:00Z'],
    ['June 2008', '2008-06-01T00:00:00Z'],
    ['July 1st, 2008', '2008-07-01T00:00:00Z'],
    ['2008/6/30', '2008-06-30T00:00:00Z'],
    ['12/22/78', '1978-12-22T00:00:00Z'],
    ['30.6.08', '2008-06-30T00:00:00Z'],
    // Relative formats.
    ['yesterday 14:00', '2026-11-20T14:00:00Z'],
    ['yesterday noon', '2026-11-20T12:00:00Z'],
    ['back of 7pm', '2026-11-21T19:15:00Z'],
    ['front of 5am', '2026-11-21T04:45:00Z'],
    ['first day of January 2008', '2008-01-01T00:00:00Z'],
    ['last day of next month', '2026-12-31T23:16:07Z'],
    ['first sat of July 2008', '2008-07-05T00:00:00Z'],
    ['last sat of July 2008', '2008-07-26T00:00:00Z'],
    ['+1 week 2 days 4 hours 2 seconds', '2026-12-01T03:16:09Z'],
    ['3 days ago', '2026-11-18T23:16:07Z'],
  ])('%s', (input, expected) => {
    expect(phpStrtotime(input, now, utc, rules)).toBe(at(expected));
  });
});

describe('zone names in another letter case', () => {
  it('are found as timezone_open finds them', () => {
    const dt = phpDateTime('2027-03-14 02:30:00', 0, zone('america/new_york'), rules);
    expect(dt?.unix).toBe(at('2027-03-14T03:30:00-04:00'));
    expect(phpStrtotime('2027-07-01 12:00 Europe/Berlin', 0, zone('UTC'), rules)).toBe(at('2027-07-01T10:00:00Z'));
  });
});
