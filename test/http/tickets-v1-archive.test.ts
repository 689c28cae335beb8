import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ticketsSite } from './tickets-site.js';

/**
 * GET tribe/tickets/v1/tickets beyond what the recordings show (fixtures/reference-tickets): rules
 * read from Event Tickets 5.28.5.1 (REST/V1/Endpoints/Ticket_Archive, Ticket_Repository and its
 * REST decorator, Tribe__Repository) and checked on the recorded site, with one thing changed by
 * hand where needed (undone after the test).
 */

const site = ticketsSite();

/** GET /tickets + `path` as the recorded user named. */
const get = (path: string, user = 'none') => site.get(`/tickets${path}`, user);

const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((ticket) => ticket.id);

describe('tribe/tickets/v1 GET /tickets', () => {
  it('sends the totals as X-ET-TOTAL headers too, and refuses per_page=0 (a PHP fatal there) 400', async () => {
    const answer = await get('?per_page=4');
    expect(answer.headers['x-et-total']).toBe('15');
    expect(answer.headers['x-et-total-pages']).toBe('4');
    const zero = await get('?per_page=0');
    expect(zero.status).toBe(400);
    expect(zero.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { per_page: 'per_page must be greater than or equal to 1' } } });
  });

  it('orders by title descending whatever `order` says, and `order` alone changes nothing', async () => {
    const titles = (await get('?orderby=title&order=ASC&per_page=3')).body.tickets.map((ticket: { title: string }) => ticket.title);
    expect(titles).toEqual(['Tiny Room RSVP', 'Standing', 'Standard Admission']);
    expect(idsOf((await get('?order=DESC&per_page=2')).body)).toEqual([2001, 2002]);
  });

  it('a trashed ticket: managers find it with status=trash, guests never', async () => {
    await sql`UPDATE wp_posts SET post_status = 'trash' WHERE ID = 2003`.execute(site.database.db);
    try {
      expect(idsOf((await get('?status=trash', 'admin')).body)).toEqual([2003]);
      expect((await get('?status=trash')).body.total).toBe(0);
      expect(idsOf((await get('?per_page=3')).body)).toEqual([2001, 2002, 2004]);
    } finally {
      await sql`UPDATE wp_posts SET post_status = 'publish' WHERE ID = 2003`.execute(site.database.db);
    }
  });

  it('managers get each ticket\'s fees, every attendee and the counts; the capacity ranges are theirs only', async () => {
    const admin = (await get('?include=2001', 'admin')).body.tickets[0];
    expect(admin.fees).toEqual({ available_fees: [], automatic_fees: [], selected_fees: [] });
    expect(admin.attendees).toHaveLength(4);
    expect(admin.rsvp).toEqual({ rsvp_going: 3, rsvp_not_going: 1 });
    // The block editor's fields belong to the single ticket only.
    expect(admin).not.toHaveProperty('capacity_type');
    expect((await get('?capacity_min=1&capacity_max=2', 'admin')).body.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([2004, 2005]);
    expect((await get('?capacity_min=1&capacity_max=2')).body.total).toBe(15);
  });

  it('a post the reader may not see past its password blanks its ticket in the list; the password lets it through', async () => {
    expect((await get('?include=2010')).body.tickets[0].id).toBe(0);
    expect((await get('?include=2010&password=letmein')).body.tickets[0].title).toBe('Members RSVP');
  });
});

describe('tribe/tickets/v1 GET /tickets: odd input is answered, never a 500', () => {
  it('huge paging numbers, junk statuses and providers, a timestamp date', async () => {
    for (const query of [
      '?per_page=99999999999999999999',
      '?page=99999999999999999999',
      '?status=bogus,publish',
      '?post_status=any',
      '?provider[]=rsvp&provider[]=x',
      '?after=1763629200',
      '?available_from=%40123',
      '?attendees_min=-5&attendees_max=99999999999',
      '?currency=',
    ]) {
      const answer = await get(query, 'admin');
      expect(answer.status, query).toBeLessThan(500);
    }
  });
});
