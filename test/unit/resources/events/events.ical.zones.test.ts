import { describe, expect, it } from 'vitest';
import { formatUtcOffset, toVTimezone, zoneObservances } from '../../../../src/resources/events/events.ical.zones.js';

const unix = (iso: string) => Date.parse(iso) / 1000;

describe('zoneObservances', () => {
  it('starts with the offset in force on the first of January of the year before, then each real transition', () => {
    const observances = zoneObservances('America/New_York', 2026, 2026);
    expect(observances[0]).toEqual({
      kind: 'STANDARD',
      onset: unix('2025-01-01T05:00:00Z'),
      offsetFrom: -5 * 3600,
      offsetTo: -5 * 3600,
      name: 'EST',
    });
    // 2025 to 2027: two changes a year.
    expect(observances).toHaveLength(7);
    expect(observances.find((o) => o.onset === unix('2026-03-08T07:00:00Z'))).toEqual({
      kind: 'DAYLIGHT',
      onset: unix('2026-03-08T07:00:00Z'),
      offsetFrom: -5 * 3600,
      offsetTo: -4 * 3600,
      name: 'EDT',
    });
    expect(observances.find((o) => o.onset === unix('2026-11-01T06:00:00Z'))?.kind).toBe('STANDARD');
  });

  it('follows the rules of the years asked for, not today\'s (the United States changed its rules in 2007)', () => {
    const onsets = zoneObservances('America/New_York', 2005, 2005).filter((o) => o.kind === 'DAYLIGHT').map((o) => o.onset);
    expect(onsets).toContain(unix('2005-04-03T07:00:00Z'));
    expect(onsets).toContain(unix('2006-04-02T07:00:00Z'));
  });

  it('gives a zone without transitions, or a fixed offset, one observance', () => {
    expect(zoneObservances('Asia/Tokyo', 2026, 2027)).toEqual([
      { kind: 'STANDARD', onset: unix('2024-12-31T15:00:00Z'), offsetFrom: 9 * 3600, offsetTo: 9 * 3600, name: 'JST' },
    ]);
    expect(zoneObservances('UTC+5.5', 2026, 2026)).toEqual([
      { kind: 'STANDARD', onset: unix('2024-12-31T18:30:00Z'), offsetFrom: 19800, offsetTo: 19800, name: undefined },
    ]);
  });
});

describe('formatUtcOffset', () => {
  it('writes ±HHMM, with seconds only when there are some', () => {
    expect(formatUtcOffset(-5 * 3600)).toBe('-0500');
    expect(formatUtcOffset(19800)).toBe('+0530');
    expect(formatUtcOffset(0)).toBe('+0000');
    expect(formatUtcOffset(-(3 * 3600 + 30 * 60))).toBe('-0330');
    expect(formatUtcOffset(4 * 3600 + 5)).toBe('+040005');
  });
});

describe('toVTimezone', () => {
  it('writes each onset on the wall clock in force before it', () => {
    const text = toVTimezone('Europe/Berlin', 2026, 2026);
    expect(text.startsWith('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n')).toBe(true);
    expect(text).toContain(
      'BEGIN:DAYLIGHT\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nTZNAME:CEST\r\nDTSTART:20260329T020000\r\nEND:DAYLIGHT',
    );
    expect(text).toContain(
      'BEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nTZNAME:CET\r\nDTSTART:20261025T030000\r\nEND:STANDARD',
    );
    expect(text.endsWith('END:VTIMEZONE')).toBe(true);
  });
});
