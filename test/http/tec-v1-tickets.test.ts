import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERIMENTAL_ACKNOWLEDGEMENT, EXPERIMENTAL_HEADER } from '../../src/wp/tec/experimental-acknowledgement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, recordedUserAuth } from './support.js';

/**
 * Event Tickets' tec/v1 ticket routes beyond what the recordings show (fixtures/reference-tickets):
 * each rule read from Event Tickets 5.28.5.1 (TEC\Tickets\REST\TEC\V1, Commerce\Ticket,
 * Tribe__Tickets__Ticket_Object) and checked on the recorded site with one thing changed by hand
 * (undone after each test).
 */

const TEC_V1 = '/wp-json/tec/v1';
/** Within the recording (2026-11-28): the sale windows of the dump hold then. */
const NOW = '2026-11-28T22:20:00Z';
const NAMESPACES = 'calendar/events/v1,tec/v1';

let tickets: TestDatabase;
let tecOnly: TestDatabase;

beforeAll(async () => {
  [tickets, tecOnly] = await Promise.all([createTestDatabase({ dump: 'reference-tickets' }), createTestDatabase({ dump: 'reference' })]);
});
afterAll(async () => {
  await Promise.all([tickets?.drop(), tecOnly?.drop()]);
});

function get(database: TestDatabase, path: string, user = 'none') {
  let request = agentFor(database, { now: NOW, env: { NAMESPACES } }).get(`${TEC_V1}${path}`).set(EXPERIMENTAL_HEADER, EXPERIMENTAL_ACKNOWLEDGEMENT);
  if (user !== 'none') request = request.set('Authorization', recordedUserAuth(user));
  return request;
}

/** Runs `work` with a change made by `change` and undone by `undo` afterwards, whatever happens. */
async function withChange(change: string, undo: string, work: () => Promise<void>): Promise<void> {
  await sql.raw(change).execute(tickets.db);
  try {
    await work();
  } finally {
    await sql.raw(undo).execute(tickets.db);
  }
}

const ids = (body: unknown) => (body as { id: number }[]).map((ticket) => ticket.id);

describe('tec/v1 tickets: registered only where Event Tickets sells with Tickets Commerce', () => {
  it('a site without Event Tickets has no tickets route, in the index or when asked', async () => {
    const index = await get(tecOnly, '');
    expect(Object.keys(index.body.routes)).not.toContain('/tec/v1/tickets');
    const list = await get(tecOnly, '/tickets');
    expect(list.status).toBe(404);
    expect(list.body.code).toBe('rest_no_route');
  });

  it('Event Tickets with Tickets Commerce switched off registers none either (its Controller returns early)', async () => {
    const on = 's:24:"tickets_commerce_enabled";b:1;';
    const off = 's:24:"tickets_commerce_enabled";b:0;';
    await withChange(
      `UPDATE wp_options SET option_value = REPLACE(option_value, '${on}', '${off}') WHERE option_name = 'tribe_events_calendar_options'`,
      `UPDATE wp_options SET option_value = REPLACE(option_value, '${off}', '${on}') WHERE option_name = 'tribe_events_calendar_options'`,
      async () => {
        expect((await get(tickets, '/tickets/2002')).body.code).toBe('rest_no_route');
        expect(Object.keys((await get(tickets, '')).body.routes)).not.toContain('/tec/v1/tickets/(?P<id>\\d+)');
      },
    );
  });

  it('lists the tickets routes first in the index where it does', async () => {
    const index = await get(tickets, '');
    expect(Object.keys(index.body.routes).slice(0, 3)).toEqual(['/tec/v1', '/tec/v1/tickets', '/tec/v1/tickets/(?P<id>\\d+)']);
  });
});

describe('tec/v1 tickets: who reads what', () => {
  it('a ticket is as readable as its post: a password on the event hides it (list: skipped, still counted; single: refused) until the password is given', async () => {
    await withChange("UPDATE wp_posts SET post_password = 'sesame' WHERE ID = 37", "UPDATE wp_posts SET post_password = '' WHERE ID = 37", async () => {
      const list = await get(tickets, '/tickets');
      expect(ids(list.body)).not.toContain(2002);
      expect(list.headers['x-wp-total']).toBe('9');
      expect((await get(tickets, '/tickets/2002')).status).toBe(401);
      const unlocked = await get(tickets, '/tickets/2002?password=sesame');
      expect(unlocked.status).toBe(200);
      expect(unlocked.body.event_id).toBe(37);
    });
  });

  it('a ticket sold for a post type tickets are not enabled for is refused (Event Tickets does not find its event)', async () => {
    // Page 2 becomes an ordinary post: `post` is not among the ticket-enabled types (tribe_events, page).
    await withChange("UPDATE wp_posts SET post_type = 'post' WHERE ID = 2", "UPDATE wp_posts SET post_type = 'page' WHERE ID = 2", async () => {
      expect((await get(tickets, '/tickets/2014')).status).toBe(401);
      expect(ids((await get(tickets, '/tickets')).body)).not.toContain(2014);
    });
  });

  it('a trashed ticket passes the permission check (its event is readable) and is then not found', async () => {
    await withChange("UPDATE wp_posts SET post_status = 'trash' WHERE ID = 2003", "UPDATE wp_posts SET post_status = 'publish' WHERE ID = 2003", async () => {
      const single = await get(tickets, '/tickets/2003');
      expect(single.status).toBe(404);
      expect(single.body).toEqual({ error: 'The entity could not be read.' });
    });
  });

  it('`status` counts only for who may edit posts: a guest asking for drafts gets the published tickets', async () => {
    await withChange("UPDATE wp_posts SET post_status = 'draft' WHERE ID = 2005", "UPDATE wp_posts SET post_status = 'publish' WHERE ID = 2005", async () => {
      const guest = await get(tickets, '/tickets?status=draft');
      expect(ids(guest.body)).not.toContain(2005);
      expect(guest.headers['x-wp-total']).toBe('8');
      const editor = await get(tickets, '/tickets?status=draft', 'editor');
      expect(ids(editor.body)).toEqual([2005]);
      const any = await get(tickets, '/tickets?status=any', 'admin');
      expect(any.headers['x-wp-total']).toBe('9');
    });
  });

  it('the edit context is refused to who may not edit, as on every tec/v1 entity', async () => {
    const refused = await get(tickets, '/tickets/2002?context=edit');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('rest_forbidden_context');
    expect((await get(tickets, '/tickets/2002?context=edit', 'admin')).status).toBe(200);
  });
});

describe('tec/v1 tickets: the ticket model', () => {
  it('a sale price is on while today is in its window: price is the sale price', async () => {
    await withChange(
      "UPDATE wp_postmeta SET meta_value = '2030-12-31' WHERE post_id = 2006 AND meta_key = '_sale_price_end_date'",
      "UPDATE wp_postmeta SET meta_value = '2025-12-31' WHERE post_id = 2006 AND meta_key = '_sale_price_end_date'",
      async () => {
        const single = await get(tickets, '/tickets/2006');
        expect(single.body).toMatchObject({ on_sale: true, sale_price: 10, price: 10, regular_price: 12.5 });
      },
    );
  });

  it('a shared-pool ticket has no more stock than the event pool left', async () => {
    await withChange(
      "UPDATE wp_postmeta SET meta_value = '3' WHERE post_id = 129 AND meta_key = '_tribe_ticket_global_stock_level'",
      "UPDATE wp_postmeta SET meta_value = '29' WHERE post_id = 129 AND meta_key = '_tribe_ticket_global_stock_level'",
      async () => {
        const list = (await get(tickets, '/tickets?event=129')).body as { id: number; stock: number }[];
        expect(list.map((ticket) => [ticket.id, ticket.stock])).toEqual([
          [2008, 3],
          [2007, 3],
        ]);
      },
    );
  });

  it('without the show-description row the description shows (the default is true)', async () => {
    await withChange(
      "UPDATE wp_postmeta SET meta_key = '_moved_show_description' WHERE post_id = 2002 AND meta_key = '_tribe_ticket_show_description'",
      "UPDATE wp_postmeta SET meta_key = '_tribe_ticket_show_description' WHERE post_id = 2002 AND meta_key = '_moved_show_description'",
      async () => {
        expect((await get(tickets, '/tickets/2002')).body.show_description).toBe(true);
      },
    );
  });
});

describe('tec/v1 tickets: order', () => {
  it('orderby keys WP_Query does not know (`id`, `slug`) fall back to the post date, in the order asked', async () => {
    const byDate = ids((await get(tickets, '/tickets?order=asc')).body);
    expect(ids((await get(tickets, '/tickets?orderby=slug&order=asc')).body)).toEqual(byDate);
    expect(ids((await get(tickets, '/tickets?orderby=id&order=asc')).body)).toEqual(byDate);
    expect(byDate[0]).toBe(2002);
  });

  it('`relevance` with a search puts the tickets whose title holds the term first', async () => {
    // "seat" is in the titles of 2005 and 2011 and only in the excerpt of 2005 ("One seat."): give 2002 the word in its excerpt only.
    await withChange(
      "UPDATE wp_posts SET post_excerpt = 'A seat in the hall.' WHERE ID = 2002",
      "UPDATE wp_posts SET post_excerpt = 'Entry to the hall.' WHERE ID = 2002",
      async () => {
        const byDate = ids((await get(tickets, '/tickets?search=seat&order=asc', 'admin')).body);
        expect(byDate).toEqual([2002, 2005, 2011]);
        const byRelevance = ids((await get(tickets, '/tickets?search=seat&orderby=relevance&order=asc', 'admin')).body);
        expect(byRelevance).toEqual([2005, 2011, 2002]);
      },
    );
  });
});
