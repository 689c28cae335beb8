import { describe, expect, it } from 'vitest';
import type { PostRow } from '../../../../src/wp/posts/posts.repository.js';
import { attendeeMatches, sortAttendees, sqlLike, type AttendeeQuery } from '../../../../src/wp/tickets/attendee-query.js';
import type { AttendeeCandidates } from '../../../../src/wp/tickets/attendees.repository.js';

/** The attendee repository's filters over loaded rows (src/wp/tickets/attendee-query.ts), pure. */

function post(id: number, overrides: Partial<PostRow> = {}): PostRow {
  return {
    ID: id, post_author: 1, post_date: `2026-11-20 09:${String(id % 60).padStart(2, '0')}:00`, post_date_gmt: '', post_content: '', post_title: `T${id}`,
    post_excerpt: '', post_status: 'publish', comment_status: 'closed', ping_status: 'closed', post_password: '', post_name: `n${id}`,
    to_ping: '', pinged: '', post_modified: '', post_modified_gmt: '', post_content_filtered: '', post_parent: 0, guid: '',
    menu_order: 0, post_type: 'tribe_rsvp_attendees', post_mime_type: '', comment_count: 0, ...overrides,
  } as PostRow;
}

const rsvp = (id: number, meta: Record<string, string[]>, overrides: Partial<PostRow> = {}) => ({ post: post(id, overrides), meta: new Map(Object.entries(meta)) });
const loaded = (hide: Record<number, string[]> = {}): AttendeeCandidates => ({
  attendees: [],
  related: new Map([[37, post(37, { post_type: 'tribe_events' })]]),
  hideList: new Map(Object.entries(hide).map(([id, rows]) => [Number(id), rows])),
});
const ANY: AttendeeQuery = { postStatus: ['any'] };

describe('sqlLike', () => {
  it('reads % and _ as wildcards, case-insensitively, and a backslash as an escape', () => {
    expect(sqlLike('Ada Going', '%going%')).toBe(true);
    expect(sqlLike('Ada', 'A_a')).toBe(true);
    expect(sqlLike('A%a', 'A\\%a')).toBe(true);
    expect(sqlLike('Aba', 'A\\%a')).toBe(false);
  });
});

describe('attendeeMatches', () => {
  const going = rsvp(1, { _tribe_rsvp_event: ['37'], _tribe_rsvp_status: ['yes'], _tribe_rsvp_attendee_optout: ['0'] });

  it("keeps a guest's public filters: opted out, not going or trashed attendees are left out", () => {
    const guest: AttendeeQuery = { ...ANY, guest: true };
    expect(attendeeMatches(going, guest, loaded())).toBe(true);
    expect(attendeeMatches(rsvp(2, { _tribe_rsvp_event: ['37'], _tribe_rsvp_status: ['yes'], _tribe_rsvp_attendee_optout: ['yes'] }), guest, loaded())).toBe(false);
    expect(attendeeMatches(rsvp(3, { _tribe_rsvp_event: ['37'], _tribe_rsvp_status: ['no'], _tribe_rsvp_attendee_optout: ['0'] }), guest, loaded())).toBe(false);
  });

  it('keeps a hidden list equal to 1 and drops any other stored value, as Event Tickets compares it', () => {
    const guest: AttendeeQuery = { ...ANY, guest: true };
    expect(attendeeMatches(going, guest, loaded({ 37: ['1'] }))).toBe(true);
    expect(attendeeMatches(going, guest, loaded({ 37: ['yes'] }))).toBe(false);
  });

  it('checkedin=false keeps attendees without a check-in row or with one not 1', () => {
    expect(attendeeMatches(going, { ...ANY, checkedIn: false }, loaded())).toBe(true);
    expect(attendeeMatches(rsvp(4, { _tribe_rsvp_checkedin: ['1'] }), { ...ANY, checkedIn: false }, loaded())).toBe(false);
    expect(attendeeMatches(rsvp(4, { _tribe_rsvp_checkedin: ['1'] }), { ...ANY, checkedIn: true }, loaded())).toBe(true);
  });

  it("compares _paid_price as text, as WP_Query's CHAR meta query does ('9' >= '10')", () => {
    expect(attendeeMatches(rsvp(5, { _paid_price: ['9'] }), { ...ANY, priceMin: 10 }, loaded())).toBe(true);
    expect(attendeeMatches(rsvp(5, {}), { ...ANY, priceMin: 0 }, loaded())).toBe(false);
  });

  it("status `any` leaves out trash and auto-draft only", () => {
    expect(attendeeMatches(rsvp(6, {}, { post_status: 'private' }), ANY, loaded())).toBe(true);
    expect(attendeeMatches(rsvp(6, {}, { post_status: 'trash' }), ANY, loaded())).toBe(false);
  });
});

describe('sortAttendees', () => {
  it("orders by the holder's name, and the ID breaks ties", () => {
    const list = [rsvp(3, { _tribe_rsvp_full_name: ['b'] }), rsvp(1, { _tribe_rsvp_full_name: ['b'] }), rsvp(2, { _tribe_rsvp_full_name: ['A'] })];
    expect(sortAttendees(list, 'full_name', 'ASC').map((a) => a.post.ID)).toEqual([2, 1, 3]);
    expect(sortAttendees(list, 'full_name', 'DESC').map((a) => a.post.ID)).toEqual([1, 3, 2]);
  });
});
