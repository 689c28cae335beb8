import { describe, expect, it } from 'vitest';
import { isCacheableQuery, responseCacheKey } from '../../../src/cache/response-cache-policy.js';
import { ANONYMOUS } from '../../../src/wp/auth/capabilities.js';

const base = { namespace: 'calendar/events/v1', routePath: '/events', querystring: 'per_page=5', viewer: ANONYMOUS, siteZone: 'Europe/Berlin' };

describe('isCacheableQuery', () => {
  it('caches absolute dates and no dates at all', () => {
    expect(isCacheableQuery({})).toBe(true);
    expect(isCacheableQuery({ start_date: '2027-06-01', end_date: '2027-06-30 23:59:59', per_page: '5' })).toBe(true);
    expect(isCacheableQuery({ starts_after: '2027-06-01T10:00' })).toBe(true);
  });

  it('never caches dates relative to now, nor answers that move with every second', () => {
    expect(isCacheableQuery({ start_date: 'now' })).toBe(false);
    expect(isCacheableQuery({ end_date: '+1 week' })).toBe(false);
    expect(isCacheableQuery({ ends_before: 'tomorrow' })).toBe(false);
    expect(isCacheableQuery({ start_date: ['2027-01-01'] })).toBe(false);
    expect(isCacheableQuery({ only_with_upcoming: '1' })).toBe(false);
  });
});

describe('responseCacheKey', () => {
  const at = (iso: string, extra: Partial<typeof base> = {}) => responseCacheKey({ ...base, ...extra, now: new Date(iso) });

  it('is the same within one site day, and differs across the site midnight (not the UTC one)', () => {
    // Berlin is UTC+1 in November: its day starts at 23:00 UTC.
    expect(at('2026-11-26T08:00:00Z')).toBe(at('2026-11-26T22:59:59Z'));
    expect(at('2026-11-26T22:59:59Z')).not.toBe(at('2026-11-26T23:00:00Z'));
  });

  it('differs across a change of the zone offset within a day (DST)', () => {
    // Berlin leaves summer time at 01:00 UTC on 2026-10-25, the same local day.
    expect(at('2026-10-25T00:30:00Z')).not.toBe(at('2026-10-25T01:30:00Z'));
  });

  it('changes at the very second the site day or the offset does, asked within the same minute before', () => {
    // The day part is kept for a minute of UTC: both edges fall on a whole minute.
    expect(at('2026-11-26T22:59:00Z')).toBe(at('2026-11-26T22:59:59Z'));
    expect(at('2026-11-26T22:59:59Z')).not.toBe(at('2026-11-26T23:00:00Z'));
    expect(at('2026-10-25T00:59:59Z')).not.toBe(at('2026-10-25T01:00:00Z'));
    // Asia/Kathmandu is UTC+5:45: its day starts at 18:15 UTC.
    const kathmandu = (iso: string) => at(iso, { siteZone: 'Asia/Kathmandu' });
    expect(kathmandu('2026-11-26T18:14:59Z')).not.toBe(kathmandu('2026-11-26T18:15:00Z'));
    expect(kathmandu('2026-11-26T18:15:00Z')).toBe(kathmandu('2026-11-26T18:15:59Z'));
    // Another zone asked within the same minute gets its own day.
    expect(at('2026-11-26T23:30:00Z', { siteZone: 'UTC' })).not.toBe(at('2026-11-26T23:30:00Z'));
  });

  it('differs by who asks, by namespace and by the raw query order', () => {
    const anonymous = at('2026-11-26T08:00:00Z');
    expect(at('2026-11-26T08:00:00Z', { viewer: { userId: 3, capabilities: new Set() } })).not.toBe(anonymous);
    expect(at('2026-11-26T08:00:00Z', { namespace: 'tribe/events/v1' })).not.toBe(anonymous);
    expect(at('2026-11-26T08:00:00Z', { querystring: 'page=1&per_page=5' })).not.toBe(at('2026-11-26T08:00:00Z', { querystring: 'per_page=5&page=1' }));
  });
});
