import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { loadUsers } from '../contract/captures.js';
import { agentFor, recordStatements, ROOT, type StatementRecorder } from './support.js';

/**
 * The `venue` / `organizer` arguments of event writes (Validator::is_linked_post_id_or_entry):
 * IDs, `{id}` objects and new-record entries, checked before permission and handler; a valid body
 * creates the event with those links.
 */
let database: TestDatabase;
let recorder: StatementRecorder;
let adminAuth: string;
const EVENT = { title: 'Linked', start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 12:00:00' };

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  recorder = recordStatements(database);
  const admin = loadUsers().admin!;
  adminAuth = `Basic ${Buffer.from(`${admin.login}:${admin.app_password}`).toString('base64')}`;
});
afterAll(async () => {
  await recorder?.db.destroy();
  await database?.drop();
});

function post(body: Record<string, unknown>) {
  return agentFor(database, { db: recorder.db }).post(`${ROOT}/events`).set('Authorization', adminAuth).send({ ...EVENT, ...body });
}

describe('linked venue and organizer entries on event writes', () => {
  it.each([
    ['organizer IDs as a list', { organizer: [29, 30] }],
    ['an {id} object and a CSV', { organizer: [{ id: 29 }, '30'] }],
    ['a new organizer entry', { organizer: [{ organizer: 'Brand new' }] }],
    ['one venue ID', { venue: 19 }],
  ])('accepts %s (and creates the event)', async (_, body) => {
    const response = await post(body);
    expect(response.status).toBe(201);
    if ('venue' in body) expect(response.body.venue.id).toBe(body.venue);
    if ('organizer' in body) expect(response.body.organizer).toHaveLength(body.organizer.length);
  });

  it.each([
    ['an ID that is an event', { organizer: [29, 6] }],
    ['an {id} that is no venue', { venue: { id: 29 } }],
    ['an entry without its name', { organizer: [{ phone: '555' }] }],
  ])('refuses %s with rest_invalid_param', async (_, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_invalid_param');
    expect(Object.keys(response.body.data.params)).toEqual([Object.keys(body)[0]]);
  });

  it('checks any number of named organizers in one query', async () => {
    /** Statements run before the write takes its lock: validation, permission, handler reads. */
    const beforeWrite = () => recorder.statements.slice(0, recorder.statements.findIndex((text) => text.includes('GET_LOCK')));
    await post({ organizer: [29] });
    recorder.clear();
    await post({ organizer: [29] });
    const one = beforeWrite().length;
    expect(one).toBeGreaterThan(0);
    recorder.clear();
    await post({ organizer: [29, 30, 31, 32, { id: 33 }, { id: 34 }] });
    expect(beforeWrite().length).toBe(one);
  });
});
