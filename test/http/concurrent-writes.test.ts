import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { loadUsers } from '../contract/captures.js';
import { expectCustomTablesFollowMeta } from '../setup/custom-tables-agreement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ROOT } from './support.js';

/**
 * Creates that race: WordPress picks a free slug with a SELECT and then INSERTs, so two requests
 * at once can both take the same one. Ours queue on the site's write lock, so each sees the other's
 * committed row. Two separate app instances (two pools, as two service replicas would be) send
 * the requests at the same moment.
 */

const NOW = '2026-11-24T17:00:00Z';
let database: TestDatabase;
const extraPools: Db[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  await Promise.all(extraPools.map((db) => db.destroy()));
  await database?.drop();
});

// Every event's tec_events / tec_occurrences rows follow its meta after each test's writes (README, Writes).
afterEach(() => expectCustomTablesFollowMeta(database.db));

function replica() {
  const db = createDb({ databaseUrl: database.url, tablePrefix: database.prefix });
  extraPools.push(db);
  const app = createApp({ db, config: loadConfig({ DATABASE_URL: database.url }), clock: fixedClock(NOW) });
  return supertest(app.callback());
}

function basicAuth(): string {
  const admin = loadUsers().admin;
  if (!admin) throw new Error('users.json has no admin');
  return `Basic ${Buffer.from(`${admin.login}:${admin.app_password}`).toString('base64')}`;
}

async function createAll(resource: string, bodies: object[]): Promise<Array<{ status: number; body: { slug?: string; id?: number } }>> {
  const replicas = [replica(), replica()];
  return Promise.all(
    bodies.map((body, index) =>
      replicas[index % replicas.length]!
        .post(`${ROOT}/${resource}`)
        .set('Authorization', basicAuth())
        .send(body)
        .then((response) => ({ status: response.status, body: response.body as { slug?: string; id?: number } })),
    ),
  );
}

describe('concurrent creates with the same title', () => {
  it('events get distinct slugs, numbered as wp_unique_post_slug numbers them', async () => {
    const body = { title: 'Race Night', start_date: '2027-04-01 19:00:00', end_date: '2027-04-01 21:00:00' };
    const results = await createAll('events', Array.from({ length: 6 }, () => body));
    expect(results.map((result) => result.status)).toEqual(Array(6).fill(201));
    const slugs = results.map((result) => result.body.slug).sort();
    expect(slugs).toEqual(['race-night', 'race-night-2', 'race-night-3', 'race-night-4', 'race-night-5', 'race-night-6']);
  });

  it('venues and organizers whose names make the same slug get distinct slugs', async () => {
    // Different titles (so TEC's duplicate finder does not merge them), one slug: `race-hall`.
    const names = ['Race Hall', 'Race Hall!', 'Race Hall?', 'Race Hall.'];
    const venues = await createAll('venues', names.map((venue) => ({ venue })));
    expect(venues.map((result) => result.status)).toEqual(Array(4).fill(201));
    expect(venues.map((result) => result.body.slug).sort()).toEqual(['race-hall', 'race-hall-2', 'race-hall-3', 'race-hall-4']);

    const organizers = await createAll('organizers', names.map((name) => ({ organizer: name.replace('Hall', 'Org') })));
    expect(organizers.map((result) => result.status)).toEqual(Array(4).fill(201));
    expect(organizers.map((result) => result.body.slug).sort()).toEqual(['race-org', 'race-org-2', 'race-org-3', 'race-org-4']);
  });

  it('venues with the same name at once become one venue, as TEC\'s duplicate finder makes them one after another', async () => {
    const venues = await createAll('venues', Array.from({ length: 4 }, () => ({ venue: 'Twin Hall', city: 'Oslo' })));
    expect(venues.map((result) => result.status)).toEqual(Array(4).fill(201));
    expect(new Set(venues.map((result) => result.body.id)).size).toBe(1);
    const rows = await database.db.selectFrom('posts').select('ID').where('post_title', '=', 'Twin Hall').where('post_type', '=', 'tribe_venue').execute();
    expect(rows.length).toBe(1);
  });

  it('categories with the same name at once: one is created, the others are told the term exists', async () => {
    const results = await createAll('categories', Array.from({ length: 4 }, () => ({ name: 'Race Category' })));
    expect(results.map((result) => result.status).sort()).toEqual([201, 400, 400, 400]);
  });
});

describe('concurrent deletes of one event', () => {
  it('trash it once: one answers 200, the others 410 event-is-in-trash, and one set of trash meta is written', async () => {
    const created = await replica()
      .post(`${ROOT}/events`)
      .set('Authorization', basicAuth())
      .send({ title: 'Delete Race', start_date: '2027-05-01 19:00:00', end_date: '2027-05-01 21:00:00' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const replicas = [replica(), replica()];
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => replicas[index % 2]!.delete(`${ROOT}/events/${id}`).set('Authorization', basicAuth())),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410, 410, 410]);
    const trashMeta = await database.db.selectFrom('postmeta').select('meta_value').where('post_id', '=', id).where('meta_key', '=', '_wp_trash_meta_status').execute();
    expect(trashMeta.map((row) => row.meta_value)).toEqual(['publish']);
  });
});

describe('concurrent deletes of one category', () => {
  it('delete it once: one answers 200 with the term, the others 404 rest_term_invalid (never a 500)', async () => {
    const created = await replica().post(`${ROOT}/categories`).set('Authorization', basicAuth()).send({ name: 'Delete Race Category' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const replicas = [replica(), replica()];
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => replicas[index % 2]!.delete(`${ROOT}/categories/${id}`).set('Authorization', basicAuth())),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404]);
    expect(answers.filter((answer) => answer.status === 404).map((answer) => answer.body.code)).toEqual([
      'rest_term_invalid',
      'rest_term_invalid',
      'rest_term_invalid',
    ]);
  });
});
