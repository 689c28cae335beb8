import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ROOT, agentFor, recordStatements, type StatementRecorder } from './support.js';

/**
 * A list costs a fixed number of SQL statements whatever per_page is: the page's meta, terms,
 * venues, organizers and images are loaded in batches, never once per event.
 */
// The reference dump's recording instant, as the contract files replay it.
const RECORDING_INSTANT = '2026-11-21T23:16:07Z';

let database: TestDatabase;
let recorder: StatementRecorder;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  recorder = recordStatements(database);
});

afterAll(async () => {
  await recorder?.db.destroy();
  await database?.drop();
});

async function countStatements(query: string): Promise<{ count: number; events: number }> {
  const agent = agentFor(database, { db: recorder.db, now: RECORDING_INSTANT });
  // The first request warms the site-settings cache so both counts see the same cache state.
  await agent.get(`${ROOT}/events?per_page=1&start_date=2026-09-01&end_date=2027-12-31`);
  recorder.clear();
  const response = await agent.get(`${ROOT}/events?${query}`);
  expect(response.status).toBe(200);
  return { count: recorder.statements.length, events: (response.body as { events: unknown[] }).events.length };
}

describe('events list statement count', () => {
  it('is the same for 1 event and for 50 events with venues, organizers and terms', async () => {
    const window = 'start_date=2026-09-01&end_date=2027-12-31';
    const one = await countStatements(`per_page=1&${window}`);
    const fifty = await countStatements(`per_page=50&${window}`);
    expect(one.events).toBe(1);
    expect(fifty.events).toBe(50);
    expect(fifty.count).toBe(one.count);
  });

  it('stays fixed with every filter that needs its own lookup', async () => {
    const filters = 'start_date=2026-09-01&end_date=2027-12-31&categories=music&tags=free&venue=19,20&organizer=29,30';
    const small = await countStatements(`per_page=1&${filters}`);
    const large = await countStatements(`per_page=20&${filters}`);
    expect(large.count).toBe(small.count);
  });

  it('keeps a single event read to a fixed handful of statements', async () => {
    const agent = agentFor(database, { db: recorder.db, now: RECORDING_INSTANT });
    await agent.get(`${ROOT}/events/6`);
    recorder.clear();
    const response = await agent.get(`${ROOT}/events/248?password=letmein`);
    expect(response.status).toBe(200);
    // post, meta, terms, venue posts + meta, organizer posts + meta, images (none): well under 15.
    expect(recorder.statements.length).toBeLessThan(15);
  });
});
