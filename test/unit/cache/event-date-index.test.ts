import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventDateIndex, encodeDate, type DateWindow, type EventDateRow } from '../../../src/cache/event-date-index.js';

/** What `count(distinct ID)` with the window's comparisons on the text dates gives. */
function sqlCount(rows: readonly EventDateRow[], window: DateWindow): number {
  const found = new Set<string>();
  for (const row of rows) {
    const start = row.start!;
    const end = row.end!;
    if (window.startsOnOrAfter !== undefined && !(start >= window.startsOnOrAfter)) continue;
    if (window.startsAfter !== undefined && !(start > window.startsAfter)) continue;
    if (window.startsBefore !== undefined && !(start < window.startsBefore)) continue;
    if (window.endsOnOrBefore !== undefined && !(end <= window.endsOnOrBefore)) continue;
    if (window.endsBefore !== undefined && !(end < window.endsBefore)) continue;
    if (window.endsAfter !== undefined && !(end > window.endsAfter)) continue;
    found.add(String(row.ID));
  }
  return found.size;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
/** Dates on a few days and hours, so that ties and bounds falling on a date are common. */
const date = fc
  .record({ year: fc.constantFrom(1999, 2026, 2027, 2150), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 3 }), hour: fc.constantFrom(0, 10, 23), minute: fc.constantFrom(0, 59) })
  .map(({ year, month, day, hour, minute }) => `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:00`);
const row = fc.record({ ID: fc.integer({ min: 1, max: 40 }), start: date, end: date }).map((r) => (r.start <= r.end || r.ID % 5 === 0 ? r : { ...r, start: r.end, end: r.start }));
const window = fc.record(
  { startsOnOrAfter: date, endsOnOrBefore: date, startsBefore: date, startsAfter: date, endsBefore: date, endsAfter: date },
  { requiredKeys: [] },
);

describe('EventDateIndex', () => {
  it('counts every window as the SQL count over the same rows does', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 120 }), fc.array(window, { minLength: 1, maxLength: 8 }), fc.constantFrom(0, 3, 256), (rows, windows, apart) => {
        const index = EventDateIndex.build(rows, apart)!;
        expect(index).toBeDefined();
        for (const asked of windows) expect(index.count(asked)).toBe(sqlCount(rows, asked));
      }),
      { numRuns: 400 },
    );
  });

  it('lists every page of every window as the page statement does (start, then ID), where each event has one row', () => {
    // Few dates: many events share a start, and the page must order them by ID.
    const few = fc.constantFrom('2026-01-01 10:00:00', '2026-01-01 12:00:00', '2026-01-02 10:00:00', '2026-01-03 00:00:00');
    const tied = fc.record({ ID: fc.integer({ min: 1, max: 60 }), start: few, end: few });
    const oneRowEach = fc.uniqueArray(fc.oneof(row, tied), { selector: (r) => r.ID, maxLength: 40 });
    fc.assert(
      fc.property(oneRowEach, fc.array(window, { minLength: 1, maxLength: 6 }), fc.constantFrom(0, 3, 256), fc.nat(12), fc.integer({ min: 1, max: 12 }), (rows, windows, apart, offset, limit) => {
        const index = EventDateIndex.build(rows, apart)!;
        expect(index.pageable).toBe(true);
        for (const asked of windows) {
          const listed = rows
            .filter((r) => sqlCount([r], asked) === 1)
            .sort((a, b) => (a.start! < b.start! ? -1 : a.start! > b.start! ? 1 : Number(a.ID) - Number(b.ID)))
            .map((r) => Number(r.ID));
          expect(index.page(asked, offset, limit)).toEqual(listed.slice(offset, offset + limit));
          const thirds = listed.filter((id) => id % 3 === 0);
          const narrowed = index.narrow((id) => id % 3 === 0);
          expect(narrowed.page(asked, offset, limit)).toEqual(thirds.slice(offset, offset + limit));
          expect(narrowed.count(asked)).toBe(thirds.length);
        }
      }),
      { numRuns: 400 },
    );
    const twice = EventDateIndex.build([
      { ID: 1, start: '2026-01-01 10:00:00', end: '2026-01-01 11:00:00' },
      { ID: 1, start: '2026-02-01 10:00:00', end: '2026-02-01 11:00:00' },
    ])!;
    expect(twice.pageable).toBe(false);
    expect(twice.page({}, 0, 10)).toBeUndefined();
  });

  it('lists pages by the order date where the list orders by another date than the start', () => {
    const ordered = fc.uniqueArray(fc.record({ ID: fc.integer({ min: 1, max: 60 }), start: date, end: date, order: date }), { selector: (r) => r.ID, maxLength: 40 });
    fc.assert(
      fc.property(ordered, fc.array(window, { minLength: 1, maxLength: 6 }), fc.nat(12), fc.integer({ min: 1, max: 12 }), (rows, windows, offset, limit) => {
        const index = EventDateIndex.build(rows)!;
        for (const asked of windows) {
          const listed = rows
            .filter((r) => sqlCount([r], asked) === 1)
            .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.ID - b.ID))
            .map((r) => r.ID);
          expect(index.page(asked, offset, limit)).toEqual(listed.slice(offset, offset + limit));
          expect(index.narrow((id) => id % 2 === 1).page(asked, offset, limit)).toEqual(listed.filter((id) => id % 2 === 1).slice(offset, offset + limit));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('narrows to a subset of its events as an index of that subset would count and page', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 300 }), fc.array(window, { minLength: 1, maxLength: 4 }), fc.integer({ min: 2, max: 5 }), (rows, windows, every) => {
        const keep = (id: number) => id % every === 0;
        const narrowed = EventDateIndex.build(rows)!.narrow(keep);
        const direct = EventDateIndex.build(rows.filter((r) => keep(Number(r.ID))))!;
        expect(narrowed.events).toBe(direct.events);
        // Narrowed twice: the bits of both narrowings apply.
        const twice = EventDateIndex.build(rows)!.narrow((id) => id % 2 === 0).narrow(keep);
        const both = EventDateIndex.build(rows.filter((r) => Number(r.ID) % 2 === 0 && keep(Number(r.ID))))!;
        expect(twice.events).toBe(both.events);
        for (const asked of windows) {
          expect(narrowed.count(asked)).toBe(direct.count(asked));
          expect(twice.count(asked)).toBe(both.count(asked));
          // Pages where both can read one (a narrowing keeps its wider index's verdict).
          const page = narrowed.page(asked, 0, 10);
          if (page !== undefined && direct.pageable) expect(page).toEqual(direct.page(asked, 0, 10));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts a narrowing over long runs of events (whole bytes of its bits) as an index of those events', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ ID: i + 1, start: `2026-${pad((i % 12) + 1)}-${pad((i % 28) + 1)} ${pad(i % 24)}:00:00`, end: `2026-12-31 23:00:00` }));
    const index = EventDateIndex.build(rows)!;
    for (const keep of [(id: number) => id % 2 === 0, (id: number) => id % 97 !== 0, () => true]) {
      const narrowed = index.narrow(keep);
      const direct = EventDateIndex.build(rows.filter((r) => keep(r.ID)))!;
      for (const asked of [{}, { startsOnOrAfter: '2026-03-01 00:00:00', startsBefore: '2026-09-01 00:00:00' }, { endsAfter: '2026-06-01 00:00:00' }]) {
        expect(narrowed.count(asked)).toBe(direct.count(asked));
      }
    }
  });

  it('orders dates as their text does, and refuses any other form', () => {
    fc.assert(
      fc.property(date, date, (a, b) => {
        expect(Math.sign(encodeDate(a)! - encodeDate(b)!)).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
    expect(encodeDate('0000-00-00 00:00:00')).toBe(0);
    for (const odd of ['2026-11-29', '2026-11-29 10:00', '2026-11-29T10:00:00', '2026-13-01 00:00:00', '2026-11-29 24:00:00', '2026-11-29 10:00:00 ', null]) {
      expect(encodeDate(odd)).toBeUndefined();
    }
    expect(EventDateIndex.build([{ ID: 1, start: '2026-11-29', end: '2026-11-29 10:00:00' }])).toBeUndefined();
    const index = EventDateIndex.build([{ ID: 1, start: '2026-11-29 09:00:00', end: '2026-11-29 10:00:00' }])!;
    expect(index.count({ endsAfter: 'tomorrow' })).toBeUndefined();
    expect(index.count({ endsAfter: '2026-11-29 09:59:59' })).toBe(1);
  });

  it('keeps four bytes a date where the dates span less than a century', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ ID: i + 1, start: `2026-01-01 ${pad(i % 24)}:00:00`, end: `2026-01-02 ${pad(i % 24)}:00:00` }));
    const index = EventDateIndex.build(rows)!;
    expect(index.events).toBe(1000);
    expect(index.bytes).toBeLessThan(1000 * 8 + 256 * 16 + 2000);
  });

  it('keeps four bytes an order date too, and pages by it as by eight (a million events in 16 MB: the share of the default CACHE_MAX_MB)', () => {
    // Local starts up to 14 hours either side of the UTC ones, as a UTC site's events in their own zones.
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      ID: 1000 - i,
      start: `2026-01-${pad(1 + (i % 28))} ${pad(i % 24)}:00:00`,
      end: `2026-01-${pad(1 + (i % 28))} ${pad(i % 24)}:30:00`,
      order: `2026-01-${pad(1 + ((i * 7) % 28))} ${pad((i * 5) % 24)}:${pad(i % 60)}:00`,
    }));
    const index = EventDateIndex.build(rows)!;
    expect(index.bytes).toBeLessThan(1000 * 17);
    const window = { startsOnOrAfter: '2026-01-03 00:00:00', startsBefore: '2026-01-20 00:00:00' };
    const listed = rows
      .filter((r) => sqlCount([r], window) === 1)
      .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.ID - b.ID))
      .map((r) => r.ID);
    expect(listed.length).toBeGreaterThan(100);
    for (const offset of [0, 12, listed.length - 5]) expect(index.page(window, offset, 12)).toEqual(listed.slice(offset, offset + 12));
  });
});
