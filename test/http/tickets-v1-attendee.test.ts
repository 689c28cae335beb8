import { describe, expect, it } from 'vitest';
import { ticketsSite } from './tickets-site.js';

/**
 * `GET /tribe/tickets/v1/attendees/{id}` beyond the recorded cases (test/contract/tickets*.ts):
 * each rule read from Event Tickets 5.28.5.1 (REST/V1 Single_Attendee, Attendee_Repository,
 * Post_Repository::build_attendee_data, Commerce Currency) and checked on the recorded site with
 * one thing changed by hand, undone after each test.
 */

const site = ticketsSite();
const { get, withChange } = site;

const OPTIONS_ROW = "option_name = 'tribe_events_calendar_options'";
/** Swaps one serialized fragment of TEC's options row for another (and back). */
const optionSwap = (from: string, to: string) => `UPDATE wp_options SET option_value = REPLACE(option_value, '${from}', '${to}') WHERE ${OPTIONS_ROW}`;

/** Runs `work` with `count` serialized entries (`fragment`) added to TEC's options row of 20, removed after. */
function withOptionEntries(fragment: string, count: number, work: () => Promise<void>): Promise<void> {
  const [before, after] = ['a:20:{', `a:${20 + count}:{`];
  return withChange(
    `UPDATE wp_options SET option_value = REPLACE(REPLACE(option_value, '${before}', '${after}'), 's:8:"did_init";', '${fragment}s:8:"did_init";') WHERE ${OPTIONS_ROW}`,
    `UPDATE wp_options SET option_value = REPLACE(REPLACE(option_value, '${fragment}', ''), '${after}', '${before}') WHERE ${OPTIONS_ROW}`,
    work,
  );
}

describe('who sees an attendee', () => {
  it('a guest is refused (401) as soon as the post is not public, before the attendee is even looked at: a draft event', async () => {
    await withChange("UPDATE wp_posts SET post_status = 'draft' WHERE ID = 37", "UPDATE wp_posts SET post_status = 'publish' WHERE ID = 37", async () => {
      const guest = await get('/attendees/2101');
      expect(guest.status).toBe(401);
      expect(guest.body).toEqual({ code: 'attendee-not-accessible', message: 'The requested attendee is not accessible', data: { status: 401 } });
      expect((await get('/attendees/2101', 'admin')).status).toBe(200);
    });
  });

  it('a guest needs an opt-out row saying "not opted out": an attendee without any is hidden (the repository joins on the row)', async () => {
    await withChange(
      "UPDATE wp_postmeta SET meta_key = '_x_optout' WHERE post_id = 2102 AND meta_key = '_tribe_rsvp_attendee_optout'",
      "UPDATE wp_postmeta SET meta_key = '_tribe_rsvp_attendee_optout' WHERE post_id = 2102 AND meta_key = '_x_optout'",
      async () => {
        expect((await get('/attendees/2102')).status).toBe(401);
        expect((await get('/attendees/2102', 'admin')).body.title).toBe('Ben Going');
      },
    );
    expect((await get('/attendees/2102')).body.title).toBe('Ben Going');
  });

  it('a trashed attendee is no attendee (404): for a manager, and for a guest once the post passed the visibility check', async () => {
    await withChange("UPDATE wp_posts SET post_status = 'trash' WHERE ID = 2102", "UPDATE wp_posts SET post_status = 'publish' WHERE ID = 2102", async () => {
      expect((await get('/attendees/2102', 'admin')).body.code).toBe('attendee-not-found');
      expect((await get('/attendees/2102')).status).toBe(404);
    });
  });

  it('the QR api_key is a manager only when it matches the stored key; an empty stored key lets nobody in', async () => {
    expect((await get('/attendees/2105?api_key=wrong')).body).not.toHaveProperty('email');
    expect((await get('/attendees/2105?api_key=dev-qr-key-2026')).body.email).toBe('eve@example.org');
    await withChange(optionSwap('s:15:"dev-qr-key-2026"', 's:0:""'), optionSwap('s:0:""', 's:15:"dev-qr-key-2026"'), async () => {
      const answer = await get('/attendees/2105?api_key=');
      expect(answer.body).not.toHaveProperty('email');
      expect(answer.headers.allow).toBe('GET');
    });
  });
});

describe('what an attendee answer holds', () => {
  it('a Tickets Commerce ticket on sale shows its sale price (Commerce\\Ticket::get_price), as the recorded list does for attendee 2110', async () => {
    const answer = await get('/attendees/2110', 'admin');
    expect(answer.body.ticket).toMatchObject({ id: 2007, raw_price: '22.50', formatted_price: '22.50' });
    expect(answer.body.payment).toMatchObject({ provider: 'tc', price: '22.50', currency: '$' });
  });

  it('the global ID is computed when none is stored (Event Tickets would store it; a read here writes nothing)', async () => {
    await withChange(
      "UPDATE wp_postmeta SET meta_key = CONCAT('_x', meta_key) WHERE post_id = 2107 AND meta_key IN ('_tribe_global_id', '_tribe_global_id_lineage')",
      "UPDATE wp_postmeta SET meta_key = SUBSTRING(meta_key, 3) WHERE post_id = 2107 AND meta_key IN ('_x_tribe_global_id', '_x_tribe_global_id_lineage')",
      async () => {
        const answer = await get('/attendees/2107', 'admin');
        expect(answer.body.global_id).toBe('127.0.0.1?type=attendee&id=2107');
        expect(answer.body.global_id_lineage).toEqual(['127.0.0.1?type=attendee&id=2107']);
      },
    );
  });

  it("Tickets Commerce's own separators and decimals apply to its prices, not to RSVP's", async () => {
    const added = 's:43:"tickets-commerce-currency-decimal-separator";s:1:",";s:45:"tickets-commerce-currency-thousands-separator";s:1:".";';
    await withOptionEntries(added, 2, async () => {
      const tc = await get('/attendees/2114', 'admin');
      expect(tc.body.ticket.formatted_price).toBe('1.000,50');
      expect(tc.body.ticket.currency_config).toMatchObject({ decimal_point: ',', thousands_sep: '.' });
      expect((await get('/attendees/2101', 'admin')).body.ticket.currency_config.decimal_point).toBe('.');
    });
  });

  it('a currency other than the U.S. dollar is not guessed: the route answers as in progress (rest_no_route)', async () => {
    const code = 's:30:"tickets-commerce-currency-code";s:3:"EUR";';
    await withOptionEntries(code, 1, async () => {
      expect((await get('/attendees/2105', 'admin')).body.code).toBe('rest_no_route');
      // RSVP prices use Tribe Commerce's code, still the dollar.
      expect((await get('/attendees/2101', 'admin')).status).toBe(200);
    });
  });

  it('an attendee whose ticket is gone answers [] (build_attendee_data finds no ticket object)', async () => {
    await withChange("UPDATE wp_posts SET post_type = 'post' WHERE ID = 2004", "UPDATE wp_posts SET post_type = 'tribe_rsvp_tickets' WHERE ID = 2004", async () => {
      const answer = await get('/attendees/2107', 'admin');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    });
  });

  it('a Tickets Commerce attendee on a site with Tickets Commerce switched off answers null (no provider for it)', async () => {
    await withChange(optionSwap('s:24:"tickets_commerce_enabled";b:1;', 's:24:"tickets_commerce_enabled";b:0;'), optionSwap('s:24:"tickets_commerce_enabled";b:0;', 's:24:"tickets_commerce_enabled";b:1;'), async () => {
      const answer = await get('/attendees/2105', 'admin');
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('null');
    });
  });
});
