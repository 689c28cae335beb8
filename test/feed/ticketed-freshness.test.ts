import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultSetHeader } from 'mysql2/promise';
import { createNotifier } from '../../src/feed/notifications/notifier.js';
import { notifyRecordChanges } from '../../src/feed/notify-changes.js';
import type { RecordKind } from '../../src/feed/record-change.js';
import { ROOT } from '../http/support.js';
import { WebhookReceiver } from '../setup/webhook-receiver.js';
import { FAST_RETRY, recordingLog } from './notification-support.js';
import { answerOf, feedApp, ManualClock, publishAsBinlog, readThroughCache, sqlUpdatePostAsBinlog, useBinlogFeedApp, type FeedApp } from './support.js';

/**
 * Issue 30: what Event Tickets adds to an event (its `ticketed` providers, its `attendance`, its
 * offers) is read from ticket and attendee posts, which are not the event's own rows. A ticket or
 * an attendee changed behind the service's back (raw SQL, reported as the binlog reports it) must
 * reach the very next answer, single or listed, from the response cache and the record cache alike,
 * and drop nothing that did not read them; ticket and attendee changes are notified as such.
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

/** Inserts a post by SQL (an attendee, as a sale or an RSVP makes one), reported as the binlog reports it; its ID. */
async function sqlInsertPost(postType: string, title: string): Promise<number> {
  const at = '2026-11-28 22:20:00';
  const [result] = await fixture.raw.query(
    'INSERT INTO wp_posts (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_type) VALUES (0, ?, ?, \'\', ?, \'\', \'publish\', ?, \'\', \'\', ?, ?, \'\', ?)',
    [at, at, title, title.toLowerCase().replace(/\W+/g, '-'), at, at, postType],
  );
  const id = (result as ResultSetHeader).insertId;
  const after = ((await fixture.raw.query('SELECT * FROM wp_posts WHERE ID = ?', [id]))[0] as Record<string, unknown>[])[0]!;
  publishAsBinlog(fixture.feed, clock.now(), [{ table: 'posts', action: 'insert', rows: [{ after }] }]);
  return id;
}

/** Adds meta rows to a post by SQL, reported as the binlog reports them (rows without the post's type). */
async function sqlAddMeta(postId: number, meta: Record<string, string>): Promise<void> {
  const rows: { after: Record<string, unknown> }[] = [];
  for (const [key, value] of Object.entries(meta)) {
    const [result] = await fixture.raw.query('INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (?, ?, ?)', [postId, key, value]);
    rows.push({ after: { meta_id: (result as ResultSetHeader).insertId, post_id: postId, meta_key: key, meta_value: value } });
  }
  publishAsBinlog(fixture.feed, clock.now(), [{ table: 'postmeta', action: 'insert', rows }]);
}

/** Sets a post's meta value by SQL, reported as the binlog reports the rows. */
async function sqlSetMeta(postId: number, key: string, value: string): Promise<void> {
  const select = async () => (await fixture.raw.query('SELECT * FROM wp_postmeta WHERE post_id = ? AND meta_key = ?', [postId, key]))[0] as Record<string, unknown>[];
  const before = await select();
  await fixture.raw.query('UPDATE wp_postmeta SET meta_value = ? WHERE post_id = ? AND meta_key = ?', [value, postId, key]);
  const after = await select();
  publishAsBinlog(fixture.feed, clock.now(), [{ table: 'postmeta', action: 'update', rows: before.map((row, index) => ({ before: row, after: after[index]! })) }]);
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

describe('sales, RSVPs, check-ins and ticket edits made through WordPress (SQL) reach what they change, and nothing else', () => {
  // Served with every namespace that shows tickets: TEC's events, tec/v1's tickets, Event Tickets' own.
  let all: FeedApp;
  const readAll = (url: string) => readThroughCache(all, url);
  const attendance = async () => (await read(`/events/37?${API_KEY}`)).body.attendance as { total_attendees: number; checked_in: number };
  /** Answers no ticket or attendee feeds: each must still come from the cache after every change below. */
  const untouched = ['/venues/20', '/categories/7'];

  beforeAll(async () => {
    // The tec/v1 test above left ticket 2002 a draft.
    await sqlUpdatePost(2002, "post_status = 'publish'");
    all = feedApp(fixture.database, { clock, feed: fixture.feed, env: { NAMESPACES: 'calendar/events/v1,tec/v1,tribe/tickets/v1', TEC_V1_EXPERIMENTAL_GATE: 'off' } });
  });

  async function expectUntouchedKept(): Promise<void> {
    for (const url of untouched) expect((await read(url)).hit, url).toBe(true);
  }

  it('a Tickets Commerce sale (an attendee made, the ticket\'s stock down): attendance, the ticket\'s stock in tec/v1', async () => {
    for (const url of untouched) await readUntilHit(url);
    const before = await attendance();
    await readUntilHit(`/events/37?${API_KEY}`);
    const ticketBefore = (await readAll('/wp-json/tec/v1/tickets/2002')).body;
    expect((await readAll('/wp-json/tec/v1/tickets/2002')).hit).toBe(true);

    const attendee = await sqlInsertPost('tec_tc_attendee', 'Buyer One');
    await sqlAddMeta(attendee, { _tec_tickets_commerce_event: '37', _tec_tickets_commerce_ticket: '2002' });
    await sqlSetMeta(2002, '_stock', '97');
    const after = await read(`/events/37?${API_KEY}`);
    expect(after.hit).toBe(false);
    expect((after.body.attendance as { total_attendees: number }).total_attendees).toBe(before.total_attendees + 1);
    const ticketAfter = await readAll('/wp-json/tec/v1/tickets/2002');
    expect(ticketAfter.hit).toBe(false);
    expect(ticketAfter.body).not.toEqual(ticketBefore);
    expect(JSON.stringify(ticketAfter.body)).toContain('97');
    await expectUntouchedKept();
  });

  it('an RSVP (an RSVP attendee made): attendance', async () => {
    const before = await attendance();
    await readUntilHit(`/events/37?${API_KEY}`);
    const attendee = await sqlInsertPost('tribe_rsvp_attendees', 'Guest One');
    await sqlAddMeta(attendee, { _tribe_rsvp_event: '37', _tribe_rsvp_product: '2001', _tribe_rsvp_status: 'yes' });
    expect((await attendance()).total_attendees).toBe(before.total_attendees + 1);
    await expectUntouchedKept();
  });

  it('a check-in (one meta row, the post\'s type unsaid): attendance', async () => {
    const before = await attendance();
    await readUntilHit(`/events/37?${API_KEY}`);
    await sqlAddMeta(2106, { _tec_tickets_commerce_checked_in: '1' });
    const after = await read(`/events/37?${API_KEY}`);
    expect(after.hit).toBe(false);
    expect((after.body.attendance as { checked_in: number }).checked_in).toBe(before.checked_in + 1);
    await expectUntouchedKept();
  });

  it("a ticket's price edited: the event's JSON-LD offer, tec/v1's ticket", async () => {
    const offers = async () => ((await read('/events/37')).body.json_ld as { offers: { price: string }[] }).offers.map((offer) => offer.price);
    await readUntilHit('/events/37');
    expect(await offers()).toEqual(['25', '0']);
    await sqlSetMeta(2002, '_price', '30');
    expect(await offers()).toEqual(['30', '0']);
    expect(JSON.stringify((await readAll('/wp-json/tec/v1/tickets/2002')).body)).toContain('30');
    await expectUntouchedKept();
  });
});

describe("Event Tickets' own answers (tribe/tickets/v1) are kept, and a change made by SQL reaches the next one", () => {
  // Tickets 2013 (event 249), 2014 (page 2) and 2016-2017 (event 217), which no test above touches.
  let tickets: FeedApp;
  const readTickets = (url: string) => readThroughCache(tickets, `/wp-json/tribe/tickets/v1${url}`);
  const readTicketsUntilHit = async (url: string) => {
    const first = await readTickets(url);
    const second = await readTickets(url);
    expect(second.hit, url).toBe(true);
    expect(second.body).toEqual(first.body);
    return second.body;
  };
  const idsOf = (list: Record<string, unknown>) => (list.tickets as { id: number }[]).map((ticket) => ticket.id);
  const LIST = '/tickets?per_page=50';

  beforeAll(() => {
    tickets = feedApp(fixture.database, { clock, feed: fixture.feed, env: { NAMESPACES: 'calendar/events/v1,tribe/tickets/v1' } });
  });

  it('a new attendee row: the ticket\'s attendees and check-in counts (as the QR key reads them), the attendee list', async () => {
    const single = `/tickets/2017?${API_KEY}`;
    const before = await readTicketsUntilHit(single);
    expect(before.checkin).toEqual(expect.objectContaining({ checked_in: 1, unchecked_in: 0 }));
    const attendees = await readTicketsUntilHit(`/attendees?${API_KEY}&per_page=50`);

    const attendee = await sqlInsertPost('tec_tc_attendee', 'Buyer Garden');
    await sqlAddMeta(attendee, { _tec_tickets_commerce_event: '217', _tec_tickets_commerce_ticket: '2017' });
    const after = await readTickets(single);
    expect(after.hit).toBe(false);
    expect(after.body.checkin).toEqual(expect.objectContaining({ checked_in: 1, unchecked_in: 1 }));
    const attendeesAfter = await readTickets(`/attendees?${API_KEY}&per_page=50`);
    expect(attendeesAfter.hit).toBe(false);
    expect(attendeesAfter.body.total).toBe(Number(attendees.total) + 1);
  });

  it("a ticket's price and stock meta changed: the ticket, single and listed, anonymous", async () => {
    const before = await readTicketsUntilHit('/tickets/2014');
    expect(before.cost).toBe('$3.00');
    const listed = await readTicketsUntilHit(LIST);
    expect(idsOf(listed)).toContain(2014);

    await sqlSetMeta(2014, '_price', '4');
    const after = await readTickets('/tickets/2014');
    expect(after.hit).toBe(false);
    expect(after.body.cost).toBe('$4.00');
    const listedAfter = await readTickets(LIST);
    expect(listedAfter.hit).toBe(false);
    expect((listedAfter.body.tickets as Record<string, unknown>[]).find((ticket) => ticket.id === 2014)?.cost).toBe('$4.00');

    const available = (body: Record<string, unknown>) => (body.capacity_details as { available: number }).available;
    const stockBefore = available(await readTicketsUntilHit('/tickets/2014'));
    await sqlSetMeta(2014, '_stock', String(stockBefore - 5));
    const stockAfter = await readTickets('/tickets/2014');
    expect(stockAfter.hit).toBe(false);
    expect(available(stockAfter.body)).toBe(stockBefore - 5);
  });

  it("a ticket trashed: gone from the list; the draft event a ticket is for published: its ticket listed", async () => {
    const listed = await readTicketsUntilHit(LIST);
    expect(idsOf(listed)).toContain(2013);
    await sqlUpdatePost(2013, "post_status = 'trash'");
    const after = await readTickets(LIST);
    expect(after.hit).toBe(false);
    expect(idsOf(after.body)).not.toContain(2013);
    expect(after.body.total).toBe(Number(listed.total) - 1);

    // A guest's archive lists tickets of published posts only: it read event 241's status, not its
    // ticket 2011's rows or its event's (neither is shown).
    expect(idsOf(await readTicketsUntilHit(LIST))).not.toContain(2011);
    await sqlUpdatePost(241, "post_status = 'publish'");
    const published = await readTickets(LIST);
    expect(published.hit).toBe(false);
    expect(idsOf(published.body)).toContain(2011);
    await sqlUpdatePost(241, "post_status = 'draft'");
  });

  // A manager's ticket (the QR key) reads Event Tickets' order modifiers, a table no tag describes:
  // any change drops it. A guest's answers read only what their tags name.
  it("a change no guest's ticket answer read (a venue renamed) drops none of them", async () => {
    const kept = ['/tickets/2014', LIST, '/tickets?per_page=5&page=2'];
    for (const url of kept) await readTicketsUntilHit(url);
    await sqlUpdatePost(20, "post_title = 'Venue Renamed by SQL'");
    for (const url of kept) expect((await readTickets(url)).hit, url).toBe(true);
  });

  it('a QR check-in (a GET that writes) and the cart are never kept', async () => {
    for (let round = 0; round < 2; round++) {
      const cart = await answerOf(tickets.agent, '/wp-json/tribe/tickets/v1/cart?provider=tribe-commerce');
      expect(cart.status).not.toBe(500);
    }
    const hits = await tickets.hits();
    await answerOf(tickets.agent, '/wp-json/tribe/tickets/v1/cart?provider=tribe-commerce');
    await answerOf(tickets.agent, `/wp-json/tribe/tickets/v1/qr?${API_KEY}&ticket_id=2101&security_code=x`);
    await answerOf(tickets.agent, `/wp-json/tribe/tickets/v1/qr?${API_KEY}&ticket_id=2101&security_code=x`);
    expect(await tickets.hits()).toBe(hits);
  });
});

describe('ticket and attendee changes made by SQL are notified', () => {
  const receiver = new WebhookReceiver();
  let unsubscribe: (() => void) | undefined;
  let notifier: ReturnType<typeof createNotifier> | undefined;

  beforeAll(async () => {
    await receiver.start();
    const tickets = feedApp(fixture.database, { clock, feed: fixture.feed, env: { NAMESPACES: 'calendar/events/v1,tribe/tickets/v1' } });
    const plural: Partial<Record<RecordKind, string>> = { ticket: 'tickets', attendee: 'attendees', event: 'events' };
    const fetchRecord = async (kind: RecordKind, id: number) => {
      const path = kind === 'event' ? `${ROOT}/events/${id}` : `/wp-json/tribe/tickets/v1/${plural[kind]}/${id}`;
      const answer = await answerOf(tickets.agent, path);
      return answer.status === 200 ? (JSON.parse(answer.body) as unknown) : null;
    };
    const { log } = recordingLog();
    notifier = createNotifier({
      config: { webhooks: [{ url: receiver.url, secret: 'hook-secret', resources: ['ticket', 'attendee'], changes: ['created', 'updated', 'deleted'] }], nats: undefined },
      fetchRecord,
      log,
      retry: FAST_RETRY,
    });
    unsubscribe = notifyRecordChanges({ feed: fixture.feed, db: fixture.database.db, notifier, logError: (error) => { throw error; } });
  });

  afterAll(async () => {
    unsubscribe?.();
    await notifier?.close();
    await receiver.stop();
  });

  it('a ticket renamed is `ticket.updated` with the ticket as a guest reads it; an attendee made is `attendee.created`', async () => {
    await sqlUpdatePost(2007, "post_title = 'Renamed by SQL'");
    const attendee = await sqlInsertPost('tec_tc_attendee', 'Buyer Two');
    await sqlAddMeta(attendee, { _tec_tickets_commerce_event: '129', _tec_tickets_commerce_ticket: '2007' });
    // The post and its meta rows are two transactions, as WordPress's own statements are: created, then updated.
    const deliveries = await receiver.waitForAccepted(3);
    const types = deliveries.map((delivery) => [delivery.json.type, (delivery.json.record as { id?: number } | null)?.id ?? null]);
    expect(types[0]).toEqual(['ticket.updated', 2007]);
    expect((deliveries[0]!.json.record as { title: string }).title).toBe('Renamed by SQL');
    // Attendees are not shown to guests: the change is told, its record null.
    expect(types.slice(1)).toEqual([
      ['attendee.created', null],
      ['attendee.updated', null],
    ]);
    expect(deliveries[1]!.headers['x-calendar-event']).toBe('attendee.created');
    expect(deliveries.some((delivery) => String(delivery.json.type).startsWith('event.'))).toBe(false);
  });
});
