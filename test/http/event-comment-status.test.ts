import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maybeUnserialize, phpSerialize } from '../../src/wp/php/php-values.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, recordedUserAuth, ROOT } from './support.js';

/**
 * New events start with the site's `default_comment_status` once TEC's "show comments" setting
 * gives events comment support (Main::register_post_type), and `closed` otherwise, as on the
 * recorded site; venues and organizers never support comments, and no type here takes pings.
 */

const NOW = '2026-11-24T17:00:00Z';
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  await database?.drop();
});

async function setShowComments(value: unknown): Promise<void> {
  const row = await database.db.selectFrom('options').select('option_value').where('option_name', '=', 'tribe_events_calendar_options').executeTakeFirstOrThrow();
  const options = maybeUnserialize(row.option_value) as Record<string, unknown>;
  options.showComments = value;
  await database.db.updateTable('options').set({ option_value: phpSerialize(options) }).where('option_name', '=', 'tribe_events_calendar_options').execute();
}

async function statusesOf(id: number) {
  return database.db.selectFrom('posts').select(['comment_status', 'ping_status']).where('ID', '=', id).executeTakeFirstOrThrow();
}

async function create(resource: string, body: object): Promise<number> {
  const response = await agentFor(database, { now: NOW }).post(`${ROOT}/${resource}`).set('Authorization', recordedUserAuth()).send(body);
  expect(response.status).toBe(201);
  return response.body.id as number;
}

const EVENT = { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' };

describe('comment status of new posts', () => {
  it('is closed for events while TEC does not show comments (the recorded site)', async () => {
    expect(await statusesOf(await create('events', { title: 'No comments', ...EVENT }))).toEqual({ comment_status: 'closed', ping_status: 'closed' });
  });

  it.each([['yes'], [true]])('follows default_comment_status for events once showComments is %s; venues stay closed', async (value) => {
    await setShowComments(value);
    expect(await statusesOf(await create('events', { title: `Comments ${String(value)}`, ...EVENT }))).toEqual({ comment_status: 'open', ping_status: 'closed' });
    expect(await statusesOf(await create('venues', { venue: `Hall ${String(value)}` }))).toEqual({ comment_status: 'closed', ping_status: 'closed' });
    await database.db.updateTable('options').set({ option_value: 'closed' }).where('option_name', '=', 'default_comment_status').execute();
    expect(await statusesOf(await create('events', { title: `Closed ${String(value)}`, ...EVENT }))).toEqual({ comment_status: 'closed', ping_status: 'closed' });
    await database.db.updateTable('options').set({ option_value: 'open' }).where('option_name', '=', 'default_comment_status').execute();
  });

  it('stays closed for a showComments value PHP does not compare equal to yes', async () => {
    await setShowComments('1');
    expect(await statusesOf(await create('events', { title: 'String one', ...EVENT }))).toEqual({ comment_status: 'closed', ping_status: 'closed' });
  });
});
