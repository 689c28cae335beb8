import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, recordedUserAuth, recordStatements } from './support.js';

/**
 * Event Tickets' hooks in event writes beyond the recorded cases (test/contract/tickets.writes):
 * the tickets' sale end follows a start moved through tec/v1 too (its `updated_postmeta`), a ticket
 * whose end was set by hand keeps it, and a cost the request gives is stored rather than the
 * tickets' prices. Event 129 sells tickets 2007 (Tickets Commerce, on sale), 2008 and 2009 (RSVP).
 */

const NOW = '2026-11-28T22:21:21Z';
const EEA =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';
const admin = recordedUserAuth('admin');

let database: TestDatabase;
const agent = () => agentFor(database, { now: NOW, env: { NAMESPACES: 'calendar/events/v1,tribe/events/v1,tec/v1' } });

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference-tickets' });
});

afterAll(async () => {
  await database?.drop();
});

async function metaOf(postIds: number[], key: string): Promise<Record<number, string[]>> {
  const rows = await database.db.selectFrom('postmeta').select(['post_id', 'meta_value']).where('post_id', 'in', postIds).where('meta_key', '=', key).orderBy('meta_id').execute();
  const found: Record<number, string[]> = {};
  for (const row of rows) (found[Number(row.post_id)] ??= []).push(row.meta_value ?? '');
  return found;
}

describe('event writes on a site running Event Tickets', () => {
  it('tec/v1: a moved start ends every ticket\'s sale at it, and no cost is made from the tickets', async () => {
    const costsBefore = await metaOf([129], '_EventCost');
    const response = await agent()
      .patch('/wp-json/tec/v1/events/129')
      .set('Authorization', admin)
      .set('X-TEC-EEA', EEA)
      .send({ start_date: '2028-05-01 10:00:00', end_date: '2028-05-01 12:00:00' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await metaOf([2007, 2008, 2009], '_ticket_end_date')).toEqual({
      2007: ['2028-05-01 10:00:00'],
      2008: ['2028-05-01 10:00:00'],
      2009: ['2028-05-01 10:00:00'],
    });
    expect(await metaOf([129], '_EventCost')).toEqual(costsBefore);
  });

  it('tribe/events/v1: a ticket whose end was set by hand keeps it; an unmoved start moves none', async () => {
    await sql`INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (2008, '_tribe_ticket_manual_updated', '_ticket_end_date')`.execute(database.db);
    const moved = await agent().post('/wp-json/tribe/events/v1/events/129').set('Authorization', admin).send({ start_date: '2028-06-01 09:00:00', end_date: '2028-06-01 11:00:00' });
    expect(moved.status).toBe(200);
    expect(await metaOf([2007, 2008, 2009], '_ticket_end_date')).toEqual({
      2007: ['2028-06-01 09:00:00'],
      2008: ['2028-05-01 10:00:00'],
      2009: ['2028-06-01 09:00:00'],
    });
    const renamed = await agent().post('/wp-json/tribe/events/v1/events/129').set('Authorization', admin).send({ title: 'Renamed', start_date: '2028-06-01 09:00:00', end_date: '2028-06-01 11:00:00' });
    expect(renamed.status).toBe(200);
    expect((await metaOf([2007], '_ticket_end_date'))[2007]).toEqual(['2028-06-01 09:00:00']);
  });

  it("reads the tickets' meta in one statement, not one per ticket, when a moved start moves their sale end", async () => {
    const recorder = recordStatements(database);
    try {
      const moved = await agentFor(database, { now: NOW, db: recorder.db, env: { NAMESPACES: 'calendar/events/v1,tribe/events/v1,tec/v1' } })
        .post('/wp-json/tribe/events/v1/events/129')
        .set('Authorization', admin)
        .send({ start_date: '2028-07-01 09:00:00', end_date: '2028-07-01 11:00:00' });
      expect(moved.status).toBe(200);
      expect((await metaOf([2007], '_ticket_end_date'))[2007]).toEqual(['2028-07-01 09:00:00']);
      const tickets = [2007, 2008, 2009];
      const metaReads = recorder.queries.filter(
        (query) => /from `?wp_postmeta`?/i.test(query.sql) && /^\s*select/i.test(query.sql) && query.parameters.some((value) => tickets.includes(Number(value))),
      );
      expect(metaReads.length).toBeGreaterThan(0);
      for (const read of metaReads) expect(tickets.every((id) => read.parameters.map(Number).includes(id)), read.sql).toBe(true);
    } finally {
      await recorder.db.destroy();
    }
  });

  it('a ticket without a sale start starts at the post\'s date, to the half hour, on any save (wp_insert_post)', async () => {
    await sql`DELETE FROM wp_postmeta WHERE post_id = 2009 AND meta_key = '_ticket_start_date'`.execute(database.db);
    await sql`INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (2007, '_tribe_ticket_manual_updated', '_ticket_start_date')`.execute(database.db);
    await sql`DELETE FROM wp_postmeta WHERE post_id = 2007 AND meta_key = '_ticket_start_date'`.execute(database.db);
    await agent().post('/wp-json/tribe/events/v1/events/129').set('Authorization', admin).send({ title: 'Saved again', start_date: '2028-06-01 09:00:00', end_date: '2028-06-01 11:00:00' }).expect(200);
    // The update dates the post now (22:21:21): the half hour nearest is 22:30.
    expect(await metaOf([2007, 2009], '_ticket_start_date')).toEqual({ 2009: ['2026-11-28 22:30:00'] });
  });

  it('tribe/events/v1: without a cost the tickets\' prices, each once, in Event Tickets\' order; a cost given is kept', async () => {
    await agent().post('/wp-json/tribe/events/v1/events/129').set('Authorization', admin).send({ title: 'No cost' }).expect(200);
    expect((await metaOf([129], '_EventCost'))[129]).toEqual(['22.50', '45', '0']);
    const given = await agent().post('/wp-json/tribe/events/v1/events/129').set('Authorization', admin).send({ title: 'Own cost', cost: '12' });
    expect(given.status).toBe(200);
    // One cost is update_post_meta, which rewrites every row the key has (WordPress's update_metadata).
    expect((await metaOf([129], '_EventCost'))[129]).toEqual(['12', '12', '12']);
    expect(given.body.cost).toBe('&#x24;12.00');
  });
});
