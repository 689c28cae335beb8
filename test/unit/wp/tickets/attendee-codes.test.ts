import { describe, expect, it } from 'vitest';
import { compareRows } from '../../../contract/table-rows.js';
import { attendeeSecurityCode, rsvpOrderHash } from '../../../../src/wp/tickets/attendee-codes.js';

const RECORDED_AT = '2026-11-28T22:22:08Z';
const row = (metaKey: string, metaValue: string) => ({ meta_id: '3960', post_id: '2207', meta_key: metaKey, meta_value: metaValue });
const compare = (metaKey: string, recorded: string, ours: string) =>
  compareRows('rows', { wp_postmeta: [row(metaKey, recorded)] }, { wp_postmeta: [row(metaKey, ours)] }, RECORDED_AT);

describe("the random values of Event Tickets' attendee writes", () => {
  it('are fresh hex of the md5-based lengths: 32 for the order hash, 10 for the security code', () => {
    const hashes = new Set(Array.from({ length: 50 }, rsvpOrderHash));
    expect(hashes.size).toBe(50);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{32}$/);
    const codes = new Set(Array.from({ length: 50 }, attendeeSecurityCode));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{10}$/);
  });

  it("compare by shape in exactly those keys: a recorded value and ours of the same shape match, any other shape or key does not", () => {
    expect(compare('_tribe_rsvp_order', 'b2642ed1e325d55012d624f495f2bd26', rsvpOrderHash())).toEqual([]);
    expect(compare('_tribe_rsvp_security_code', '3e77d897c6', attendeeSecurityCode())).toEqual([]);
    expect(compare('_tribe_rsvp_order', 'b2642ed1e325d55012d624f495f2bd26', attendeeSecurityCode())).toHaveLength(1);
    expect(compare('_tribe_rsvp_security_code', '3e77d897c6', 'ZZZZZZZZZZ')).toHaveLength(1);
    expect(compare('_tribe_rsvp_full_name', '3e77d897c6', attendeeSecurityCode())).toHaveLength(1);
  });
});
