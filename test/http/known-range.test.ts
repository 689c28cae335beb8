import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maybeUnserialize } from '../../src/wp/php/php-values.js';
import { expectCustomTablesFollowMeta } from '../setup/custom-tables-agreement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, recordedUserAuth, ROOT } from './support.js';

/**
 * TEC's known range (`earliest_date`, `latest_date` and their markers in
 * `tribe_events_calendar_options`), which its month view and navigation read, follows our event
 * writes as it follows the plugin's: rebuilt from TEC 6's occurrences (UTC dates, one marker).
 * The recorded site holds 2026-09-20 03:00:00 (event 194) to 2027-08-09 22:00:00 (event 263).
 */

const NOW = '2026-11-24T17:00:00Z';
let database: TestDatabase;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  admin = recordedUserAuth();
});

afterAll(async () => {
  await database?.drop();
});

// Every event's tec_events / tec_occurrences rows follow its meta after each test's writes (docs/writes.md).
afterEach(() => expectCustomTablesFollowMeta(database.db));

async function knownRange(): Promise<Record<string, unknown>> {
  const row = await database.db.selectFrom('options').select('option_value').where('option_name', '=', 'tribe_events_calendar_options').executeTakeFirstOrThrow();
  const options = maybeUnserialize(row.option_value) as Record<string, unknown>;
  return {
    earliest_date: options.earliest_date,
    earliest_date_markers: options.earliest_date_markers,
    latest_date: options.latest_date,
    latest_date_markers: options.latest_date_markers,
  };
}

const RECORDED = {
  earliest_date: '2026-09-20 03:00:00',
  earliest_date_markers: [194],
  latest_date: '2027-08-09 22:00:00',
  latest_date_markers: [263],
};

describe('TEC known range after event writes', () => {
  it('starts as recorded', async () => {
    expect(await knownRange()).toEqual(RECORDED);
  });

  it('a later event moves the latest date (UTC) and its marker; trashing it moves them back', async () => {
    const agent = agentFor(database, { now: NOW });
    const created = await agent
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Far Future', start_date: '2030-05-01 10:00:00', end_date: '2030-05-01 12:00:00', timezone: 'Europe/Berlin' });
    expect(created.status).toBe(201);
    expect(await knownRange()).toEqual({ ...RECORDED, latest_date: '2030-05-01 10:00:00', latest_date_markers: [created.body.id] });

    const trashed = await agent.delete(`${ROOT}/events/${created.body.id}`).set('Authorization', admin);
    expect(trashed.status).toBe(200);
    expect(await knownRange()).toEqual(RECORDED);
  });

  it('a draft does not count, and an earliest event moved into the future hands the start to the next one', async () => {
    const agent = agentFor(database, { now: NOW });
    const draft = await agent
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Old Draft', status: 'draft', start_date: '2020-01-01 10:00:00', end_date: '2020-01-01 12:00:00' });
    expect(draft.status).toBe(201);
    expect(await knownRange()).toEqual(RECORDED);

    const moved = await agent
      .post(`${ROOT}/events/194`)
      .set('Authorization', admin)
      .send({ start_date: '2027-01-05 10:00:00', end_date: '2027-01-05 11:00:00' });
    expect(moved.status).toBe(200);
    const range = await knownRange();
    expect(range.earliest_date_markers).not.toEqual([194]);
    expect(String(range.earliest_date) > RECORDED.earliest_date).toBe(true);
    expect(range.latest_date).toBe(RECORDED.latest_date);
  });
});
