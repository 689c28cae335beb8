import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { recordedUserAuth } from './support.js';
import { TICKETS_ROOT as ROOT, ticketsSite } from './tickets-site.js';

/**
 * `GET /tribe/tickets/v1/attendees`, the QR routes and the attendee writes' checks beyond the
 * recorded cases (test/contract/tickets*.ts): each rule read from Event Tickets 5.28.5.1
 * (Attendee_Archive, Attendee_Repository, QR, Single_Attendee) on the recorded site, with what a
 * test changes undone after it.
 */

const QR_KEY = 'dev-qr-key-2026';

const site = ticketsSite();
const { agent, get } = site;

const ids = (body: { attendees: { id: number }[] }) => body.attendees.map((attendee) => attendee.id);

describe('GET /attendees', () => {
  it("a guest asking for drafts' attendees gets none: the post status filter voids the query for who cannot read private posts", async () => {
    const answer = await get('/attendees?post_status=draft');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 0, total_pages: 0, attendees: [] });
  });

  it('a guest never sees private order statuses: order_status=no leaves nothing, for a manager it finds the not-going RSVP', async () => {
    expect((await get('/attendees?order_status=no')).body.total).toBe(0);
    expect(ids((await get('/attendees?order_status=no', 'admin')).body)).toEqual([2103]);
  });

  it("a provider is named by the attendee repository's keys: tec-tc finds Tickets Commerce's attendees, tc nothing", async () => {
    expect(ids((await get('/attendees?provider=tec-tc&per_page=50', 'admin')).body)).toEqual([2105, 2106, 2109, 2110, 2114, 2115]);
    expect((await get('/attendees?provider=tc', 'admin')).body.total).toBe(0);
  });

  it('include_ticket as an array is read item by item (a CSV string is one value)', async () => {
    expect(ids((await get('/attendees?include_ticket[]=2002&include_ticket[]=2017', 'admin')).body)).toEqual([2105, 2106, 2114]);
  });

  it('orders by title in the order asked, and slugs (post_name) descending by default', async () => {
    expect(ids((await get('/attendees?orderby=title&order=ASC&per_page=3', 'admin')).body)).toEqual([2101, 2102, 2103]);
    expect(ids((await get('/attendees?orderby=slug&per_page=2', 'admin')).body)).toEqual([2115, 2114]);
  });

  it('an attendee moved to the trash leaves every list, and a trashed status list finds it for a manager', async () => {
    await sql`UPDATE wp_posts SET post_status = 'trash' WHERE ID = 2102`.execute(site.database.db);
    try {
      expect(ids((await get('/attendees?post_id=37', 'admin')).body)).not.toContain(2102);
      expect(ids((await get('/attendees?status=trash', 'admin')).body)).toEqual([2102]);
    } finally {
      await sql`UPDATE wp_posts SET post_status = 'publish' WHERE ID = 2102`.execute(site.database.db);
    }
  });
});

describe('QR', () => {
  it('GET /qr/{id} is refused for a post that is no ticket, attendee or order', async () => {
    const answer = await get('/qr/37');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('rest_invalid_param');
  });

  it('checks an attendee in once: the rows land in one write, and the same request again finds it checked in', async () => {
    const code = (await sql<{ meta_value: string }>`SELECT meta_value FROM wp_postmeta WHERE post_id = 2107 AND meta_key = '_tribe_rsvp_security_code'`.execute(site.database.db)).rows[0]!.meta_value;
    const path = `/qr?api_key=${QR_KEY}&ticket_id=2107&security_code=${code}`;
    try {
      const first = await get(path);
      expect(first.status).toBe(201);
      expect(first.body.msg).toBe('Checked In!');
      expect(first.body.attendee).toMatchObject({ id: 2107, checked_in: false });
      const rows = await sql<{ meta_key: string; meta_value: string }>`SELECT meta_key, meta_value FROM wp_postmeta WHERE post_id = 2107 AND meta_key IN ('_tribe_qr_status', '_tribe_rsvp_checkedin', '_tribe_rsvp_checkedin_details') ORDER BY meta_id`.execute(site.database.db);
      expect(rows.rows.map((row) => row.meta_key)).toEqual(['_tribe_qr_status', '_tribe_rsvp_checkedin', '_tribe_rsvp_checkedin_details']);
      expect(rows.rows[2]!.meta_value).toBe('a:4:{s:4:"date";s:19:"2026-11-28 22:20:00";s:6:"source";s:3:"app";s:6:"author";i:0;s:9:"device_id";N;}');
      const again = await get(path);
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({ error: 'attendee_already_checked_in', attendee: { id: 2107, checked_in: true } });
      expect((await get('/qr/2107')).body).toEqual({ id: 2107, checked_in: '1' });
    } finally {
      await sql`DELETE FROM wp_postmeta WHERE post_id = 2107 AND meta_key IN ('_tribe_qr_status', '_tribe_rsvp_checkedin', '_tribe_rsvp_checkedin_details')`.execute(site.database.db);
    }
  });

  it('a Tickets Commerce attendee with the right code is not checked in (not built): in progress, nothing written', async () => {
    const code = (await sql<{ meta_value: string }>`SELECT meta_value FROM wp_postmeta WHERE post_id = 2106 AND meta_key = '_tec_tickets_commerce_security_code'`.execute(site.database.db)).rows[0]!.meta_value;
    const answer = await get(`/qr?api_key=${QR_KEY}&ticket_id=2106&security_code=${code}`);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('rest_no_route');
    const rows = await sql`SELECT meta_id FROM wp_postmeta WHERE post_id = 2106 AND meta_key = '_tribe_qr_status'`.execute(site.database.db);
    expect(rows.rows).toEqual([]);
  });
});

describe('attendee writes', () => {
  it("a missing attendee's update is a 404 in WordPress's shape (Event Tickets answers 500)", async () => {
    const answer = await agent().post(`${ROOT}/attendees/99999`).set('Authorization', recordedUserAuth('admin')).send({ check_in: true });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 'invalid-attendee-id', message: 'Attendee ID is not valid.', data: { status: 404 } });
  });

  const metaOf = async (postId: number) =>
    (await sql<{ meta_key: string; meta_value: string }>`SELECT meta_key, meta_value FROM wp_postmeta WHERE post_id = ${postId} ORDER BY meta_id`.execute(site.database.db)).rows;
  const valueOf = (rows: { meta_key: string; meta_value: string }[], key: string) => rows.find((row) => row.meta_key === key)?.meta_value;

  it('an RSVP check-in, then its check-out: the check-in rows come and go, each write a new random order hash and an `id` row', async () => {
    const before = await metaOf(2102);
    const checkIn = await agent().post(`${ROOT}/attendees/2102`).set('Authorization', recordedUserAuth('admin')).send({ check_in: true });
    expect(checkIn.status).toBe(201);
    expect(checkIn.body).toMatchObject({ id: 2102, checked_in: true, checkin_details: { date: '2026-11-28 22:20:00', source: 'site', author: 1 } });
    const checkedIn = await metaOf(2102);
    expect(valueOf(checkedIn, '_tribe_rsvp_checkedin')).toBe('1');
    expect(valueOf(checkedIn, 'id')).toBe('2102');
    const firstHash = valueOf(checkedIn, '_tribe_rsvp_order');
    expect(firstHash).toMatch(/^[0-9a-f]{32}$/);
    expect(firstHash).not.toBe(valueOf(before, '_tribe_rsvp_order'));

    const checkOut = await agent().put(`${ROOT}/attendees/2102`).set('Authorization', recordedUserAuth('admin')).send({ check_in: false });
    expect(checkOut.status).toBe(201);
    expect(checkOut.body).toMatchObject({ id: 2102, checked_in: false, checkin_details: false });
    const checkedOut = await metaOf(2102);
    expect(checkedOut.map((row) => row.meta_key)).not.toContain('_tribe_rsvp_checkedin');
    expect(checkedOut.map((row) => row.meta_key)).not.toContain('_tribe_rsvp_checkedin_details');
    expect(valueOf(checkedOut, '_tribe_rsvp_order')).toMatch(/^[0-9a-f]{32}$/);
    expect(valueOf(checkedOut, '_tribe_rsvp_order')).not.toBe(firstHash);
  });

  it("creating a not-going RSVP attendee with a user's e-mail stores the user's ID and leaves the ticket's counters alone", async () => {
    const ticketBefore = await metaOf(2001);
    const answer = await agent()
      .post(`${ROOT}/attendees`)
      .set('Authorization', recordedUserAuth('admin'))
      .send({ ticket_id: 2001, full_name: 'Edith Again', email: 'editor@example.test', attendee_status: 'no' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ ticket_id: 2001, title: 'Edith Again', provider: 'rsvp', rsvp_going: false, optout: true });
    const rows = await metaOf(answer.body.id);
    expect(valueOf(rows, '_tribe_tickets_attendee_user_id')).toBe('2');
    expect(valueOf(rows, '_tribe_rsvp_status')).toBe('no');
    expect(valueOf(rows, '_tribe_rsvp_security_code')).toMatch(/^[0-9a-f]{10}$/);
    expect(await metaOf(2001)).toEqual(ticketBefore);
  });

  it("a Tickets Commerce attendee's update, and an update naming a post field, answer in progress and write nothing", async () => {
    const count = async () => (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM wp_postmeta`.execute(site.database.db)).rows[0]!.n;
    const before = await count();
    const commerce = await agent().post(`${ROOT}/attendees/2106`).set('Authorization', recordedUserAuth('admin')).send({ check_in: true });
    expect(commerce.status).toBe(404);
    expect(commerce.body.code).toBe('rest_no_route');
    const postField = await agent().patch(`${ROOT}/attendees/2101`).set('Authorization', recordedUserAuth('admin')).send({ status: 'draft' });
    expect(postField.status).toBe(404);
    expect(postField.body.code).toBe('rest_no_route');
    expect(await count()).toBe(before);
  });

  it('a not-going RSVP may not be checked in (400)', async () => {
    const answer = await agent().post(`${ROOT}/attendees/2103`).set('Authorization', recordedUserAuth('admin')).send({ check_in: true });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('tec-et-attendee-invalid-check-in');
  });
});
