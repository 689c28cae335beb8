import { describe, expect, it } from 'vitest';
import { ROOT } from '../http/support.js';
import { feedApp, ManualClock, publishAsBinlog, readThroughCache, sqlUpdatePostAsBinlog, useBinlogFeedApp, type FeedApp } from './support.js';

/**
 * Issue 30: what Event Tickets adds to an event (its `ticketed` providers, its `attendance`, its
 * offers) is read from ticket and attendee posts, which are not the event's own rows. A ticket or
 * an attendee changed behind the service's back (raw SQL, reported as the binlog reports it) must
 * reach the very next answer, single or listed, from the response cache and the record cache alike.
 */

/** The site's QR key: a guest asking with it gets what attendee managers get, and its answers are cached as a guest's. */
const API_KEY = 'api_key=dev-qr-key-2026';
const clock = new ManualClock(new Date('2026-11-28T22:20:00Z'));
const fixture = useBinlogFeedApp('reference-tickets', clock);

function read(url: string): Promise<{ body: Record<string, unknown>; hit: boolean }> {
  return readThroughCache(fixture.app, `${ROOT}${url}`);
}

/** Reads until the cache answers (the second read, with only the service's own writes reported). */
async function readUntilHit(url: string): Promise<Record<string, unknown>> {
  const first = await read(url);
  const second = await read(url);
  expect(second.hit).toBe(true);
  expect(second.body).toEqual(first.body);
  return second.body;
}

function sqlUpdatePost(id: number, set: string): Promise<void> {
  return sqlUpdatePostAsBinlog(fixture.raw, fixture.feed, clock.now(), id, set);
}

/** Deletes a post and its meta by SQL, reported as the binlog reports the two tables' rows. */
async function sqlDeletePost(id: number): Promise<void> {
  const posts = ((await fixture.raw.query('SELECT * FROM wp_posts WHERE ID = ?', [id]))[0] as Record<string, unknown>[]).map((before) => ({ before }));
  const meta = ((await fixture.raw.query('SELECT * FROM wp_postmeta WHERE post_id = ?', [id]))[0] as Record<string, unknown>[]).map((before) => ({ before }));
  await fixture.raw.query('DELETE FROM wp_postmeta WHERE post_id = ?', [id]);
  await fixture.raw.query('DELETE FROM wp_posts WHERE ID = ?', [id]);
  publishAsBinlog(fixture.feed, clock.now(), [
    { table: 'postmeta', action: 'delete', rows: meta },
    { table: 'posts', action: 'delete', rows: posts },
  ]);
}

const WINDOW = '/events?start_date=2027-01-01&end_date=2027-12-31&per_page=50';
/** The events with a ticket relation in the window (102 among them, whatever its tickets' status). */
const TICKETED = `${WINDOW}&ticketed=true`;
const eventOf = (list: Record<string, unknown>, id: number) => (list.events as Record<string, unknown>[]).find((event) => event.id === id)!;

describe('ticket and attendee changes made by SQL reach the next answer', () => {
  it("an attendee trashed: the event's attendance", async () => {
    const before = await readUntilHit(`/events/37?${API_KEY}`);
    expect(before.attendance).toEqual({ total_attendees: 6, checked_in: 2, not_checked_in: 4 });
    await sqlUpdatePost(2102, "post_status = 'trash'");
    const after = await read(`/events/37?${API_KEY}`);
    expect(after.hit).toBe(false);
    expect(after.body.attendance).toEqual({ total_attendees: 5, checked_in: 2, not_checked_in: 3 });
  });

  it("a ticket unpublished: the listed event's providers (a kept list rendering), its cost and offers", async () => {
    const before = await readUntilHit(TICKETED);
    expect(eventOf(before, 102).ticketed).toEqual(['tc']);
    expect(eventOf(before, 102).cost).toBe('&#x24;5.00 – &#x24;25.00');
    const single = await readUntilHit('/events/102');
    expect((single.json_ld as { offers: unknown[] }).offers).toHaveLength(2);

    await sqlUpdatePost(2005, "post_status = 'draft'");
    await sqlUpdatePost(2006, "post_status = 'draft'");
    const after = await read(TICKETED);
    expect(after.hit).toBe(false);
    expect(eventOf(after.body, 102).ticketed).toBe(false);
    // Without tickets the event's own cost is TEC's again (no decimals), still in Event Tickets' symbol.
    expect(eventOf(after.body, 102).cost).toBe('&#x24;5 – &#x24;25');
    const singleAfter = await read('/events/102');
    expect(singleAfter.hit).toBe(false);
    expect((singleAfter.body.json_ld as { offers: unknown }).offers).not.toBeInstanceOf(Array);
  });

  it('a ticket deleted: the `ticketed` filter (which reads the relation meta alone)', async () => {
    const before = await readUntilHit(`${WINDOW}&ticketed=false`);
    // Ticket 2003 is event 61's only ticket, and 61 has no attendee: a TC attendee's event meta has
    // the same key as a TC ticket's, and Event Tickets' filter counts it as a relation too.
    await sqlDeletePost(2003);
    const after = await read(`${WINDOW}&ticketed=false`);
    expect(after.hit).toBe(false);
    expect(after.body.total).toBe(Number(before.total) + 1);
  });
});

describe('tec/v1 tickets: a ticket changed by SQL reaches the next answer', () => {
  // The same database and feed, served with tec/v1 (its experimental gate off, so plain GETs ask).
  let tecV1: FeedApp;
  const tecRead = (url: string) => readThroughCache(tecV1, `/wp-json/tec/v1${url}`);

  it('its title and price, single and listed', async () => {
    tecV1 = feedApp(fixture.database, { clock, feed: fixture.feed, env: { NAMESPACES: 'calendar/events/v1,tec/v1', TEC_V1_EXPERIMENTAL_GATE: 'off' } });
    const single = async () => {
      const first = await tecRead('/tickets/2002');
      const second = await tecRead('/tickets/2002');
      expect(second.body).toEqual(first.body);
      return second;
    };
    const listed = async () => (await tecRead('/tickets?event=37')).body as unknown as Record<string, unknown>[];
    const before = await single();
    expect(before.body.title).toEqual(expect.objectContaining({ rendered: 'Standard Admission' }));
    expect((await listed()).map((ticket) => ticket.id)).toContain(2002);

    await sqlUpdatePost(2002, "post_title = 'Renamed Admission'");
    const after = await tecRead('/tickets/2002');
    expect(after.hit).toBe(false);
    expect(after.body.title).toEqual(expect.objectContaining({ rendered: 'Renamed Admission' }));
    expect((await listed()).find((ticket) => ticket.id === 2002)?.title).toEqual(expect.objectContaining({ rendered: 'Renamed Admission' }));

    await sqlUpdatePost(2002, "post_status = 'draft'");
    expect((await listed()).map((ticket) => ticket.id)).not.toContain(2002);
  });
});
