import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ticketsSite } from './tickets-site.js';

/**
 * `POST /tribe/tickets/v1/attendees` for a Tickets Commerce ticket beyond the recorded case
 * (`attendees.write.create-tc`): each rule read from Event Tickets 5.28.5.1 (Module::create_attendee,
 * Gateways\Manual\Order, Order::modify_status, Stock_Validator, the flag actions) on the recorded
 * site, each test on a fresh copy of it.
 */

const site = ticketsSite({ perTest: true });

const create = (body: Record<string, unknown>) => site.post('/attendees', body);

async function metaOf(postId: number): Promise<Array<[string, string]>> {
  const rows = await sql<{ meta_key: string; meta_value: string }>`SELECT meta_key, meta_value FROM wp_postmeta WHERE post_id = ${postId} ORDER BY meta_id`.execute(site.database.db);
  return rows.rows.map((row) => [row.meta_key, row.meta_value]);
}

async function value(postId: number, key: string): Promise<string | undefined> {
  return (await metaOf(postId)).find(([name]) => name === key)?.[1];
}

async function rowCounts(): Promise<{ posts: number; meta: number }> {
  const posts = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM wp_posts`.execute(site.database.db)).rows[0]!.n;
  const meta = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM wp_postmeta`.execute(site.database.db)).rows[0]!.n;
  return { posts: Number(posts), meta: Number(meta) };
}

const person = { full_name: 'Card Person', email: 'card@example.net' };

describe('POST /attendees for a Tickets Commerce ticket', () => {
  it("sells a ticket's last seat (its stock reaches 0), then refuses the next with a 400, writing nothing", async () => {
    await sql`UPDATE wp_postmeta SET meta_value = '1' WHERE post_id = 2002 AND meta_key = '_stock'`.execute(site.database.db);
    const first = await create({ ticket_id: 2002, ...person });
    expect(first.status).toBe(201);
    expect(await value(2002, '_stock')).toBe('0');
    expect(await value(2002, 'total_sales')).toBe('3');

    const before = await rowCounts();
    const second = await create({ ticket_id: 2002, ...person });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ code: 'attendee-creation-failed', message: 'Something went wrong! Attendee creation failed.', data: { status: 400 } });
    expect(await rowCounts()).toEqual(before);
    expect(await value(2002, 'total_sales')).toBe('3');
  });

  it('refuses a sold-out ticket (2005, capacity 1, sold 1) before any order is kept', async () => {
    const before = await rowCounts();
    const answer = await create({ ticket_id: 2005, ...person });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('attendee-creation-failed');
    expect(await rowCounts()).toEqual(before);
  });

  it("an unlimited ticket keeps no stock: sales counted, and the status counters it never had are added in the transitions' order", async () => {
    const answer = await create({ ticket_id: 2006, ...person });
    expect(answer.status).toBe(201);
    const added = (await metaOf(2006)).filter(([key]) => key === 'total_sales' || key.startsWith('_tec_tc_ticket_status_count') || key === '_stock');
    expect(added).toEqual([
      ['_tec_tc_ticket_status_count:created', '0'],
      ['_tec_tc_ticket_status_count:unknown', '0'],
      ['_tec_tc_ticket_status_count:pending', '0'],
      ['total_sales', '1'],
      ['_tec_tc_ticket_status_count:completed', '1'],
    ]);
    // The regular price is a float in the order's items even when whole; the manual price is 0.
    const order = answer.body.id - 1;
    expect(await value(order, '_tec_tc_order_items')).toContain('s:13:"regular_price";d:12.5;');
  });

  it("a ticket on the post's shared pool (2007, global) lowers its own stock and the pool; a capped one (2008) too", async () => {
    expect((await create({ ticket_id: 2007, ...person })).status).toBe(201);
    expect(await value(2007, '_stock')).toBe('28');
    expect(await value(129, '_tribe_ticket_global_stock_level')).toBe('28');
    expect((await create({ ticket_id: 2008, ...person })).status).toBe(201);
    expect(await value(2008, '_stock')).toBe('9');
    expect(await value(129, '_tribe_ticket_global_stock_level')).toBe('27');
  });

  it('a ticket of a trashed event still gets its attendee, the order naming the event (Event Tickets does not check the post)', async () => {
    await sql`UPDATE wp_posts SET post_status = 'trash' WHERE ID = 37`.execute(site.database.db);
    const answer = await create({ ticket_id: 2002, ...person });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ post_id: 37, ticket_id: 2002, provider: 'tc', title: 'Card Person' });
    expect(await value(answer.body.id - 1, '_tec_tc_order_events_in_order')).toBe('37');
  });

  it('send_ticket_email=false opts the attendee out; attendee_meta is kept in the order item', async () => {
    const answer = await create({ ticket_id: 2002, ...person, send_ticket_email: false, attendee_meta: { shirt: 'L' } });
    expect(answer.status).toBe(201);
    expect(await value(answer.body.id, '_tec_tickets_commerce_optout')).toBe('1');
    expect(await value(answer.body.id - 1, '_tec_tc_order_items')).toContain(
      's:5:"extra";a:3:{s:9:"attendees";a:1:{i:1;a:1:{s:4:"meta";a:1:{s:5:"shirt";s:1:"L";}}}s:6:"optout";b:1;s:3:"iac";b:0;}',
    );
  });

  it('moves the order created -> pending -> completed, the markers and status logs stamped in milliseconds in that order', async () => {
    const answer = await create({ ticket_id: 2002, ...person });
    const order = answer.body.id - 1;
    const status = await sql<{ post_status: string; post_content_filtered: string }>`SELECT post_status, post_content_filtered FROM wp_posts WHERE ID = ${order}`.execute(site.database.db);
    expect(status.rows[0]).toEqual({ post_status: 'tec-tc-completed', post_content_filtered: '' });
    const stamps = (await metaOf(order)).filter(([key]) => key.startsWith('_tec_tc_order_fa_marker') || key.startsWith('_tec_tc_order_status_log'));
    expect(stamps.map(([key]) => key.replace('_tec_tc_order_', ''))).toEqual([
      'fa_marker:created:backfill_purchaser',
      'fa_marker:pending:backfill_purchaser',
      'fa_marker:pending:generate_attendees',
      'fa_marker:pending:decrease_stock',
      'fa_marker:pending:decrease_stock',
      'fa_marker:pending:decrease_stock',
      'status_log_pending',
      'fa_marker:completed:backfill_purchaser',
      'fa_marker:completed:end_duplicated_pending_orders',
      'fa_marker:completed:send_email',
      'fa_marker:completed:send_email_completed_order',
      'fa_marker:completed:send_email_purchase_receipt',
      'status_log_completed',
    ]);
    const times = stamps.map(([, time]) => time);
    for (const time of times) expect(time).toMatch(/^2026-11-28 22:20:0\d\.\d{4}$/);
    expect([...times].sort()).toEqual(times);
  });

  it('with stock handled at completed, pending only counts the order; completed generates the attendee and decreases the stock', async () => {
    // One more entry in TEC's options row of 20: `tickets-commerce-stock-handling` = `completed`.
    const fragment = 's:31:"tickets-commerce-stock-handling";s:9:"completed";';
    await sql.raw(
      `UPDATE wp_options SET option_value = REPLACE(REPLACE(option_value, 'a:20:{', 'a:21:{'), 's:8:"did_init";', '${fragment}s:8:"did_init";') WHERE option_name = 'tribe_events_calendar_options'`,
    ).execute(site.database.db);
    const answer = await create({ ticket_id: 2002, ...person });
    expect(answer.status).toBe(201);
    expect(await value(2002, '_stock')).toBe('97');
    const markers = (await metaOf(answer.body.id - 1)).map(([key]) => key).filter((key) => key.includes(':generate_attendees') || key.includes(':decrease_stock'));
    expect(markers).toEqual([
      '_tec_tc_order_fa_marker:completed:generate_attendees',
      '_tec_tc_order_fa_marker:completed:decrease_stock',
      '_tec_tc_order_fa_marker:completed:decrease_stock',
      '_tec_tc_order_fa_marker:completed:decrease_stock',
    ]);
  });

  it('refuses any attendee_status: Tickets Commerce has no attendee statuses in the status manager', async () => {
    const before = await rowCounts();
    const answer = await create({ ticket_id: 2002, ...person, attendee_status: 'completed' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'invalid-attendee-status', message: 'Supported statuses for this attendee are: ', data: { status: 400 } });
    expect(await rowCounts()).toEqual(before);
  });

  it('is refused to an editor (request_has_manage_access), writing nothing', async () => {
    const before = await rowCounts();
    const answer = await site.post('/attendees', { ticket_id: 2002, ...person }, 'editor');
    expect(answer.status).toBe(403);
    expect(await rowCounts()).toEqual(before);
  });
});
