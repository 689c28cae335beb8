import { describe, expect, it } from 'vitest';
import { compareRows } from '../../../contract/table-rows.js';
import { attendeeSecurityCode, manualGatewayOrderId, rsvpOrderHash, wpGeneratePassword } from '../../../../src/wp/tickets/attendee-codes.js';

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

describe("Tickets Commerce's random and clock-stamped order values", () => {
  const postRow = (title: string, name: string) => ({ ID: '2207', post_type: 'tec_tc_order', post_title: title, post_name: name });
  const comparePosts = (recorded: ReturnType<typeof postRow>, ours: ReturnType<typeof postRow>) =>
    compareRows('rows', { wp_posts: [recorded] }, { wp_posts: [ours] }, RECORDED_AT);

  it("are wp_generate_password's letters and digits (12 for the order hash) and 32 hex digits for the gateway's order ID", () => {
    const hashes = new Set(Array.from({ length: 50 }, () => wpGeneratePassword(12)));
    expect(hashes.size).toBe(50);
    for (const hash of hashes) expect(hash).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(manualGatewayOrderId()).toMatch(/^[0-9a-f]{32}$/);
    expect(compare('_tec_tc_order_gateway_order_id', '92234aa7eec8689dc339be94f31678c1', manualGatewayOrderId())).toEqual([]);
    expect(compare('_tec_tickets_commerce_security_code', '1d2601a2c4', attendeeSecurityCode())).toEqual([]);
  });

  it("compare a manual order's title and slug with the hash taken out: the tickets must match, the hash only its shape", () => {
    const recorded = postRow('TEC-TC-M-sGHC6A9mdJAi-T-2002', 'tec-tc-m-sghc6a9mdjai-t-2002');
    const hash = wpGeneratePassword(12);
    expect(comparePosts(recorded, postRow(`TEC-TC-M-${hash}-T-2002`, `tec-tc-m-${hash.toLowerCase()}-t-2002`))).toEqual([]);
    expect(comparePosts(recorded, postRow(`TEC-TC-M-${hash}-T-2003`, `tec-tc-m-${hash.toLowerCase()}-t-2002`))).toHaveLength(1);
    expect(comparePosts(recorded, postRow('TEC-TC-M-short-T-2002', 'tec-tc-m-short-t-2002'))).toHaveLength(2);
    // Another post type's title compares exactly.
    expect(compareRows('rows', { wp_posts: [{ ...recorded, post_type: 'page' }] }, { wp_posts: [{ ...postRow(`TEC-TC-M-${hash}-T-2002`, recorded.post_name), post_type: 'page' }] }, RECORDED_AT)).toHaveLength(1);
  });

  it('compare the markers and status logs as milliseconds stamps of the run', () => {
    expect(compare('_tec_tc_order_fa_marker:pending:decrease_stock', '2026-11-28 22:22:10.5607', '2026-11-28 22:22:08.0031')).toEqual([]);
    expect(compare('_tec_tc_order_status_log_completed', '2026-11-28 22:22:10.6127', '2026-11-28 22:22:09.9999')).toEqual([]);
    // Outside the run, without the fraction, or another key: a difference.
    expect(compare('_tec_tc_order_status_log_completed', '2026-11-28 22:22:10.6127', '2026-11-28 23:22:09.9999')).toHaveLength(1);
    expect(compare('_tec_tc_order_status_log_completed', '2026-11-28 22:22:10.6127', '2026-11-28 22:22:09')).toHaveLength(1);
    expect(compare('_tec_tc_order_total_value', '2026-11-28 22:22:10.6127', '2026-11-28 22:22:09.9999')).toHaveLength(1);
  });
});
