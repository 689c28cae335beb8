import { describe, expect, it } from 'vitest';
import { parseDateString } from '../../../../src/wp/php/date-parse.js';

const knownZone = (name: string) => (name.toLowerCase() === 'europe/oslo' ? 'Europe/Oslo' : undefined);

describe('parseDateString (timelib_strtotime)', () => {
  it('reads an RFC 2822 date into its fields, the day name as a weekday relative and the offset as its zone', () => {
    const t = parseDateString('Sat, 01 May 2027 10:00:00 +0200', knownZone);
    expect(t.errors).toEqual([]);
    expect([t.y, t.m, t.d, t.h, t.i, t.s]).toEqual([2027, 5, 1, 10, 0, 0]);
    expect(t.relative).toMatchObject({ haveWeekday: true, weekday: 6, weekdayBehavior: 1 });
    expect(t.zone).toEqual({ kind: 'offset', seconds: 7200 });
  });

  it('finds tz database names in the string and keeps their canonical spelling', () => {
    expect(parseDateString('2005-07-14 22:30:41 Europe/Oslo', knownZone).zone).toEqual({ kind: 'id', name: 'Europe/Oslo' });
    expect(parseDateString('2005-07-14 22:30:41 Europe/Nowhere', knownZone).errors).toContain('The timezone could not be found in the database');
  });

  it('errs on a second date or time, an unknown word and an empty string; warns on an invalid date only', () => {
    expect(parseDateString('2027-05-01 2027-05-02', knownZone).errors).toContain('Double date specification');
    expect(parseDateString('10:00 11:00', knownZone).errors).toContain('Double time specification');
    expect(parseDateString('notadate', knownZone).errors.length).toBeGreaterThan(0);
    expect(parseDateString(' \t ', knownZone).errors).toEqual(['Empty string']);
    expect(parseDateString('2027-02-30', knownZone).errors).toEqual([]);
  });

  it('prefers the longest rule at each position (gnudateshort "2-3-20" loses to pointeddate4 "2-3-2004")', () => {
    const t = parseDateString('2-3-2004', knownZone);
    expect([t.y, t.m, t.d]).toEqual([2004, 3, 2]);
  });

  it("applies 'ago' to every relative unit read so far", () => {
    expect(parseDateString('+1 week 2 days ago', knownZone).relative).toMatchObject({ d: -9 });
  });
});
