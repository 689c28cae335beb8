import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERIMENTAL_ACKNOWLEDGEMENT, EXPERIMENTAL_HEADER } from '../../src/wp/tec/experimental-acknowledgement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, recordedUserAuth } from './support.js';

/**
 * Event Tickets' tec/v1 ticket writes beyond what the recordings show (fixtures/reference-tickets):
 * unlimited stock, a shared pool asked for by `event_capacity`, a sale date moved by an update,
 * and a refused write leaving no row. Each rule read from Event Tickets 5.28.5.1 (Commerce\Ticket::save,
 * Tribe__Tickets__Tickets::update_capacity, Tickets_Handler::flag_manual_update). One database for
 * the file; each test writes on a post of its own.
 */

const TEC_V1 = '/wp-json/tec/v1';
const NOW = '2026-11-28T22:20:00Z';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference-tickets' });
});
afterAll(async () => {
  await database?.drop();
});

function send(method: 'post' | 'put', path: string, body: Record<string, unknown>) {
  return agentFor(database, { now: NOW, env: { NAMESPACES: 'calendar/events/v1,tec/v1' } })
    [method](`${TEC_V1}${path}`)
    .set(EXPERIMENTAL_HEADER, EXPERIMENTAL_ACKNOWLEDGEMENT)
    .set('Authorization', recordedUserAuth('admin'))
    .send(body);
}

async function metaOf(postId: number): Promise<Map<string, string[]>> {
  const rows = await sql<{ meta_key: string; meta_value: string }>`SELECT meta_key, meta_value FROM wp_postmeta WHERE post_id = ${postId} ORDER BY meta_id`.execute(database.db);
  const meta = new Map<string, string[]>();
  for (const row of rows.rows) meta.set(row.meta_key, [...(meta.get(row.meta_key) ?? []), row.meta_value]);
  return meta;
}

const WINDOW = { start_date: '2026-01-01 00:00:00', end_date: '2029-12-31 23:00:00' };

describe('tec/v1 ticket writes: stock and capacity', () => {
  it('stock_mode `unlimited` saves no stock: `_manage_stock` no, capacity -1, no mode', async () => {
    const response = await send('post', '/tickets', { title: 'Open door', event: 6, price: 5, stock_mode: 'unlimited', ...WINDOW });
    expect(response.status).toBe(201);
    const meta = await metaOf(response.body.id);
    expect(meta.get('_manage_stock')).toEqual(['no']);
    expect(meta.get('_tribe_ticket_capacity')).toEqual(['-1']);
    expect(meta.has('_stock')).toBe(false);
    expect(meta.has('_global_stock_mode')).toBe(false);
    expect(response.body.manage_stock).toBe(false);
  });

  it('`event_capacity` on a post without a shared pool enables one: the post gets the pool, its level and capacity', async () => {
    const response = await send('post', '/tickets', { title: 'Pool seat', event: 63, price: 5, capacity: 10, event_capacity: 50, stock_mode: 'capped', ...WINDOW });
    expect(response.status).toBe(201);
    const post = await metaOf(63);
    expect(post.get('_tribe_ticket_use_global_stock')).toEqual(['1']);
    expect(post.get('_tribe_ticket_global_stock_level')).toEqual(['50']);
    expect(post.get('_tribe_ticket_capacity')).toEqual(['50']);
    const ticket = await metaOf(response.body.id);
    expect(ticket.get('_global_stock_mode')).toEqual(['capped']);
    expect(ticket.get('_tribe_ticket_capacity')).toEqual(['10']);
  });
});

describe('tec/v1 ticket writes: the sale window', () => {
  it('an update that moves a sale date lists it once in `_tribe_ticket_manual_updated`', async () => {
    const first = await send('put', '/tickets/2005', { start_date: '2026-02-01 00:00:00' });
    expect(first.status).toBe(200);
    expect(first.body.start_date).toBe('2026-02-01 00:00:00');
    await send('put', '/tickets/2005', { start_date: '2026-03-01 00:00:00' });
    expect((await metaOf(2005)).get('_tribe_ticket_manual_updated')).toEqual(['_ticket_start_date']);
  });
});

describe('tec/v1 ticket writes: refusals write nothing', () => {
  it('a ticket for a post whose type sells no tickets is a 400, and no row is written', async () => {
    const before = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM wp_postmeta`.execute(database.db);
    const response = await send('post', '/tickets', { title: 'Nowhere', event: 20, price: 5, ...WINDOW });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('tec_rest_invalid_event_argument');
    const after = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM wp_postmeta`.execute(database.db);
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
  });
});
