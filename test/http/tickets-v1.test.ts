import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTicketsV1Routes } from '../../src/resources/tickets-v1/tickets-v1.routes.js';
import { inProgressEndpoints } from '../../src/resources/tickets-v1/in-progress.js';
import { recordedUserAuth } from './support.js';
import { TICKETS_ROOT as ROOT, ticketsSite } from './tickets-site.js';

/**
 * Event Tickets' `tribe/tickets/v1` beyond the recorded cases (test/contract/tickets*.ts): the
 * rules the recordings cannot show on their one site (a site's own posts_per_page, coupons and
 * fees present, a post whose ticket provider is RSVP), and what an endpoint in progress answers.
 */

const site = ticketsSite();
/** One app for the file's reads; freshAgent for a test that changes the site settings (plugins, options). */
let agent: ReturnType<typeof site.agent>;
beforeAll(() => {
  agent = site.agent();
});
const freshAgent = site.agent;

describe('tribe/tickets/v1 on a site running Event Tickets', () => {
  it('is listed by the REST root and the front page', async () => {
    expect((await agent.get('/wp-json/').query({ _fields: 'namespaces' })).body.namespaces).toEqual(['calendar/events/v1', 'tribe/events/v1', 'tribe/tickets/v1']);
    expect((await agent.get('/')).text).toContain('/wp-json/tribe/tickets/v1');
  });

  it('answers each endpoint in progress rest_no_route, without an Allow header, whoever asks', async () => {
    for (const [method, path] of [
      ['post', '/coupons/apply'],
    ] as const) {
      const answer = await agent[method](`${ROOT}${path}`).set('Authorization', recordedUserAuth('admin'));
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.code, `${method} ${path}`).toBe('rest_no_route');
      expect(answer.headers.allow, `${method} ${path}`).toBeUndefined();
    }
  });

  it('lists the endpoints in progress (docs/tickets-api.md names the same)', () => {
    const inProgress = inProgressEndpoints(createTicketsV1Routes('tribe/tickets/v1'));
    expect(inProgress).not.toContain('GET /tickets');
    expect(inProgress).not.toContain('GET /attendees');
    expect(inProgress).not.toContain('GET /qr');
    expect(inProgress).not.toContain('GET /tickets/(?P<id>\\d+)');
    expect(inProgress).not.toContain('GET /attendees/(?P<id>\\d+)');
    expect(inProgress).not.toContain('GET /cart');
    expect(inProgress).not.toContain('GET /coupons');
    expect(inProgress).not.toContain('DELETE /tickets/(?P<id>\\d+)');
    expect(inProgress).not.toContain('POST /coupons/validate');
    expect(inProgress).toHaveLength(15);
  });

  it("shows the site's own posts_per_page as the lists' per_page default, in the index and /doc", async () => {
    await sql`UPDATE wp_options SET option_value = '7' WHERE option_name = 'posts_per_page'`.execute(site.database.db);
    try {
      const fresh = freshAgent();
      const index = await fresh.get(ROOT);
      expect(index.body.routes['/tribe/tickets/v1/tickets'].endpoints[0].args.per_page.default).toBe('7');
      const doc = await fresh.get(`${ROOT}/doc`);
      expect(doc.body.paths['/tickets'].get.parameters[1]).toEqual({
        in: 'query',
        schema: { type: 'integer', default: '7' },
        description: 'How many tickets to return per results page; defaults to posts_per_page.',
        required: false,
        name: 'per_page',
      });
    } finally {
      await sql`UPDATE wp_options SET option_value = '10' WHERE option_name = 'posts_per_page'`.execute(site.database.db);
    }
  });

  it('answers coupons and fees in progress once the site has some (their model is not ported): never an empty list that is wrong', async () => {
    const admin = recordedUserAuth('admin');
    expect((await agent.get(`${ROOT}/coupons`).set('Authorization', admin)).body).toEqual([]);
    await sql`INSERT INTO wp_tec_order_modifiers (modifier_type, sub_type, raw_amount, slug, display_name, status) VALUES ('coupon', 'flat', 5, 'SAVE5', 'Save 5', 'active')`.execute(site.database.db);
    try {
      const coupons = await agent.get(`${ROOT}/coupons`).set('Authorization', admin);
      expect(coupons.status).toBe(404);
      expect(coupons.body.code).toBe('rest_no_route');
      // Fees are another type: still none.
      expect((await agent.get(`${ROOT}/fees`).set('Authorization', admin)).body).toEqual({ all_fees: [], automatic_fees: [], selectable_fees: [] });
    } finally {
      await sql`DELETE FROM wp_tec_order_modifiers WHERE slug = 'SAVE5'`.execute(site.database.db);
    }
  });

  it('validates a coupon slug as Tickets Commerce does: active, within its times, with uses left', async () => {
    const validate = async (coupon: string) => (await agent.post(`${ROOT}/coupons/validate`).send({ coupon })).body;
    expect(await validate('SAVE5')).toEqual({ valid: false });
    await sql`INSERT INTO wp_tec_order_modifiers (id, modifier_type, sub_type, raw_amount, slug, display_name, status, start_time, end_time) VALUES
      (901, 'coupon', 'flat', 5, 'SAVE5', 'Save 5', 'active', NULL, NULL),
      (902, 'coupon', 'flat', 5, 'OFF', 'Off', 'inactive', NULL, NULL),
      (903, 'coupon', 'flat', 5, 'OVER', 'Over', 'active', NULL, '2026-11-01 00:00:00'),
      (904, 'coupon', 'flat', 5, 'SOON', 'Soon', 'active', '2026-12-24 00:00:00', NULL),
      (905, 'coupon', 'flat', 5, 'USED', 'Used', 'active', NULL, NULL),
      (906, 'fee', 'flat', 5, 'FEE', 'Fee', 'active', NULL, NULL)`.execute(site.database.db);
    await sql`INSERT INTO wp_tec_order_modifiers_meta (order_modifier_id, meta_key, meta_value, priority) VALUES
      (901, 'coupons_available', '3', 0), (901, 'coupons_uses', '2', 0),
      (905, 'coupons_available', '2', 0), (905, 'coupons_uses', '2', 0)`.execute(site.database.db);
    try {
      expect(await validate('SAVE5')).toEqual({ valid: true });
      for (const slug of ['OFF', 'OVER', 'SOON', 'USED', 'FEE', 'NONE']) expect(await validate(slug), slug).toEqual({ valid: false });
      const missing = await agent.post(`${ROOT}/coupons/validate`).send({});
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
    } finally {
      await sql`DELETE FROM wp_tec_order_modifiers_meta WHERE order_modifier_id BETWEEN 901 AND 906`.execute(site.database.db);
      await sql`DELETE FROM wp_tec_order_modifiers WHERE id BETWEEN 901 AND 906`.execute(site.database.db);
    }
  });

  it("refuses a coupon's creation without manage_options (401 guest, 403 editor); an administrator's is in progress", async () => {
    const coupon = { slug: 'x', display_name: 'X', status: 'active', amount: 5 };
    expect((await agent.post(`${ROOT}/coupons`).send(coupon)).status).toBe(401);
    const editor = await agent.post(`${ROOT}/coupons`).set('Authorization', recordedUserAuth('editor')).send(coupon);
    expect([editor.status, editor.body.code]).toEqual([403, 'rest_forbidden']);
    const admin = await agent.post(`${ROOT}/coupons`).set('Authorization', recordedUserAuth('admin')).send(coupon);
    expect([admin.status, admin.body.code]).toEqual([404, 'rest_no_route']);
    expect(await site.database.db.selectFrom('tec_order_modifiers').select('id').execute()).toEqual([]);
  });

  it('refuses coupons and fees to an editor (manage_options), 403 with no Allow header', async () => {
    const answer = await agent.get(`${ROOT}/fees`).set('Authorization', recordedUserAuth('editor'));
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('rest_forbidden');
    expect(answer.headers.allow).toBeUndefined();
  });

  it("finds a post's Tickets Commerce tickets only while Tickets Commerce is its provider", async () => {
    // Event 102 has Tickets Commerce tickets only; its provider saved as RSVP hides them.
    expect((await agent.get(`${ROOT}/cart`).query({ post_id: 102 })).status).toBe(200);
    await sql`INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (102, '_tribe_default_ticket_provider', 'Tribe__Tickets__RSVP')`.execute(site.database.db);
    try {
      const answer = await agent.get(`${ROOT}/cart`).query({ post_id: 102 });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ code: 'post-has-no-tickets', message: '', data: { status: 403 } });
    } finally {
      await sql`DELETE FROM wp_postmeta WHERE post_id = 102 AND meta_key = '_tribe_default_ticket_provider'`.execute(site.database.db);
    }
  });
});

describe('tribe/tickets/v1 once Event Tickets is deactivated', () => {
  it('answers rest_no_route and is listed nowhere', async () => {
    const [row] = (await sql<{ option_value: string }>`SELECT option_value FROM wp_options WHERE option_name = 'active_plugins'`.execute(site.database.db)).rows;
    expect(row!.option_value).toContain('event-tickets/event-tickets.php');
    const tec = 'the-events-calendar/the-events-calendar.php';
    const withoutTickets = `a:1:{i:0;s:${tec.length}:"${tec}";}`;
    await sql`UPDATE wp_options SET option_value = ${withoutTickets} WHERE option_name = 'active_plugins'`.execute(site.database.db);
    try {
      const fresh = freshAgent();
      const index = await fresh.get(ROOT);
      expect(index.status).toBe(404);
      expect(index.body.code).toBe('rest_no_route');
      expect((await fresh.get(`${ROOT}/cart`)).body.code).toBe('rest_no_route');
      expect((await fresh.get('/wp-json/').query({ _fields: 'namespaces' })).body.namespaces).toEqual(['calendar/events/v1', 'tribe/events/v1']);
    } finally {
      await sql`UPDATE wp_options SET option_value = ${row!.option_value} WHERE option_name = 'active_plugins'`.execute(site.database.db);
    }
  });
});
