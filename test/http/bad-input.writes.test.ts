import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, occurrenceHash } from '../builders/index.js';
import { loadUsers } from '../contract/captures.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { expectCustomTablesFollowMeta } from '../setup/custom-tables-agreement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, ROOT } from './support.js';

/*
 * What the write routes answer to the hostile values the bad-input sweep once saw answered with
 * 500 (bad-input.writes.sweep.test.ts only checks that no answer is a 5xx): values longer than
 * their columns, which WordPress's $wpdb refuses before MySQL sees them; numbers past PHP's
 * ranges; an event longer than the custom tables' MEDIUMINT duration holds.
 */

const admin = loadUsers().admin!;
const adminAuth = basicAuth(admin.login, admin.app_password);
/** Over the 65 535 bytes of a TEXT column. */
const HUGE = 'x'.repeat(70_000);
/** Over the 200 characters of `terms.name`, under a TEXT column's bytes. */
const LONG_NAME = 'n'.repeat(201);

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});
afterAll(() => database?.drop());

// Every event's tec_events / tec_occurrences rows follow its meta after each test's writes (docs/writes.md).
afterEach(() => expectCustomTablesFollowMeta(database.db));

function send(method: 'post' | 'put' | 'delete', path: string, body: Record<string, unknown> = {}) {
  return agentFor(database, { now: RECORDING_INSTANT })[method](`${ROOT}${path}`).set('Authorization', adminAuth).send(body);
}

async function checksums(): Promise<unknown> {
  const tables = ['posts', 'postmeta', 'terms', 'term_taxonomy', 'term_relationships', 'termmeta', 'tec_events', 'tec_occurrences', 'options'];
  return (await sql.raw(`CHECKSUM TABLE ${tables.map((table) => `${database.prefix}${table}`).join(', ')}`).execute(database.db)).rows;
}

const EVENT = { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' };

describe('a value longer than its column', () => {
  it('refuses an event created with a 64 KB title: 400 db_insert_error (the plugin: 500), nothing written', async () => {
    const before = await checksums();
    const response = await send('post', '/events', { ...EVENT, title: HUGE });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'db_insert_error', message: 'Could not insert post into the database.', data: { status: 400 } });
    expect(await checksums()).toEqual(before);
  });

  it('leaves an event updated with one as it was, meta included, and answers 200 with it, as the plugin does', async () => {
    const created = await send('post', '/events', { ...EVENT, title: 'Kept title', cost: '5' });
    expect(created.status).toBe(201);
    const response = await send('put', `/events/${created.body.id}`, { title: HUGE, cost: '10' });
    expect(response.status).toBe(200);
    expect(response.body.title).toBe('Kept title');
    expect(response.body.cost).toBe(created.body.cost);
  });

  it('answers could-not-create-venue for a venue created with one; an update keeps the name and saves the rest', async () => {
    const refused = await send('post', '/venues', { venue: HUGE, city: 'Nowhere' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('could-not-create-venue');

    const created = await send('post', '/venues', { venue: 'Kept venue', city: 'Before' });
    expect(created.status).toBe(201);
    const updated = await send('put', `/venues/${created.body.id}`, { venue: HUGE, city: 'After' });
    expect(updated.status).toBe(200);
    expect(updated.body.venue).toBe('Kept venue');
    expect(updated.body.city).toBe('After');
  });

  it('answers could-not-create-organizer for an organizer created with one', async () => {
    const response = await send('post', '/organizers', { organizer: HUGE });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('could-not-create-organizer');
  });

  it('refuses a category named past 200 characters (400 db_insert_error, the plugin: 500); an update keeps the name and saves the description', async () => {
    const before = await checksums();
    const refused = await send('post', '/categories', { name: LONG_NAME });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'db_insert_error', message: 'Could not insert term into the database.', data: { status: 400 } });
    expect(await checksums()).toEqual(before);

    const created = await send('post', '/categories', { name: 'Kept category' });
    expect(created.status).toBe(201);
    const updated = await send('put', `/categories/${created.body.id}`, { name: LONG_NAME, description: 'Saved' });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Kept category');
    expect(updated.body.description).toBe('Saved');
  });

  it('refuses a tag whose unique slug would pass 200 characters', async () => {
    const first = await send('post', '/tags', { name: 'First', slug: 's'.repeat(300) });
    expect(first.status).toBe(201);
    expect(first.body.slug).toBe('s'.repeat(200));
    // The same slug again is made unique with `-2`: 202 characters.
    const second = await send('post', '/tags', { name: 'Second', slug: 's'.repeat(300) });
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('db_insert_error');
  });
});

describe('numbers past PHP ranges', () => {
  it('reads an author of 1e400 as (int) 0, no user: 400 rest_invalid_param', async () => {
    const response = await send('post', '/events', { ...EVENT, title: 'Infinite author', author: '1e400' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_invalid_param');
    expect(Object.keys(response.body.data.params)).toEqual(['author']);
  });

  it('ignores a venue date_utc no DATETIME holds, as localize_date gives false for what DateTime cannot read', async () => {
    const created = await send('post', '/venues', { venue: 'Dated venue' });
    const response = await send('put', `/venues/${created.body.id}`, { date_utc: '99999999999999999999' });
    expect(response.status).toBe(200);
    expect(response.body.date_utc).toBe(created.body.date_utc);
  });
});

describe('an event longer than 97 days', () => {
  it('stores the duration capped at the MEDIUMINT maximum, as MySQL outside strict mode does; the occurrence hash keeps the real one', async () => {
    const response = await send('post', '/events', { title: 'Long season', start_date: '2027-01-01 00:00:00', end_date: '2027-12-31 10:00:00' });
    expect(response.status).toBe(201);
    const id = response.body.id as number;
    const duration = (Date.UTC(2027, 11, 31, 10) - Date.UTC(2027, 0, 1)) / 1000;
    const event = await database.db.selectFrom('tec_events').selectAll().where('post_id', '=', id).executeTakeFirstOrThrow();
    const occurrence = await database.db.selectFrom('tec_occurrences').selectAll().where('post_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(event.duration)).toBe(8_388_607);
    expect(Number(occurrence.duration)).toBe(8_388_607);
    const dates = { start_date: '2027-01-01 00:00:00', end_date: '2027-12-31 10:00:00', start_date_utc: '2027-01-01 00:00:00', end_date_utc: '2027-12-31 10:00:00' };
    expect(occurrence.hash).toBe(occurrenceHash(id, dates, duration));
  });
});

describe('JSON with half a surrogate pair', () => {
  it('is refused as WordPress refuses it: 400 rest_invalid_json, nothing written', async () => {
    const response = await agentFor(database, { now: RECORDING_INSTANT })
      .post(`${ROOT}/events`)
      .set('Authorization', adminAuth)
      .set('Content-Type', 'application/json')
      .send('{"title": "Broken \\ud800 title", "start_date": "2027-01-01 10:00:00", "end_date": "2027-01-01 11:00:00"}');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 10, json_error_message: 'Single unpaired UTF-16 surrogate in unicode escape' },
    });
  });
});
