import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertOrganizer, insertVenue } from '../builders/index.js';
import { REST_BASE, ROOT, agentFor, getArchive, type ArchiveJson } from './support.js';

/**
 * Pointed checks of the organizer read API on hand-built data. The archive shares its rules with
 * the venue archive (test/http/venues.test.ts); these checks cover what is the organizer's own:
 * its search fields, its `_EventOrganizerID` rows (one per organizer, several per event), its
 * object shape and errors, and a multisite table prefix.
 */
type OrganizerJson = Record<string, unknown> & { id: number };
type ListJson = ArchiveJson<'organizers', OrganizerJson>;

const listOrganizers = (database: TestDatabase, query = '', now?: string) =>
  getArchive<ListJson>(database, 'organizers', query, { now });

const names = (list: ListJson) => list.organizers.map((organizer) => organizer.organizer);

describe('organizer archive', () => {
  let database: TestDatabase;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    ids.ann = (await insertOrganizer(db, {
      post_title: 'Ann',
      email: 'ann@example.test',
      post_date: '2026-01-01 00:00:00',
    })).id;
    ids.bob = (await insertOrganizer(db, {
      post_title: 'Bob',
      website: 'https://bob-events.example.test',
      post_date: '2026-02-01 00:00:00',
    })).id;
    ids.cy = (await insertOrganizer(db, { post_title: 'Cy', phone: '+49 30 1234', post_date: '2026-02-01 00:00:00' })).id;
    ids.dee = (await insertOrganizer(db, { post_title: 'Dee', post_date: '2026-03-01 00:00:00' })).id;
    ids.trashed = (await insertOrganizer(db, { post_title: 'Gone', post_status: 'trash' })).id;
    // A venue with the same phone number must not be found by the organizer search.
    ids.venue = (await insertVenue(db, { post_title: 'Ann’s Venue', phone: '+49 30 1234' })).id;

    ids.concert = (await insertEvent(db, { start_date: '2026-12-05 10:00:00', organizers: [ids.bob, ids.ann] })).id;
    ids.past = (await insertEvent(db, { start_date: '2026-10-01 10:00:00', organizers: [ids.cy] })).id;
    await insertEvent(db, { start_date: '2026-12-06 10:00:00', organizers: [ids.dee], post_status: 'pending' });
  });
  afterAll(() => database?.drop());

  it('lists published organizers newest first, ties by descending ID, with the plugin’s links', async () => {
    const list = await listOrganizers(database, 'per_page=2');
    expect(names(list)).toEqual(['Dee', 'Cy']);
    expect(list.total).toBe(4);
    expect(list.rest_url).toBe(`${REST_BASE}/organizers/?page=1&per_page=2&status=publish`);
    expect(list.next_rest_url).toBe(`${REST_BASE}/organizers/?per_page=2&status=publish&page=2`);
    const second = await listOrganizers(database, 'per_page=2&page=2');
    expect(names(second)).toEqual(['Bob', 'Ann']);
    expect(second.previous_rest_url).toBe(`${REST_BASE}/organizers/?per_page=2&status=publish`);
  });

  it('answers an empty page past the first with the organizer 404', async () => {
    const response = await agentFor(database).get(`${ROOT}/organizers?page=2`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      code: 'organizer-archive-page-not-found',
      message: 'The requested organizer archive page does not exist',
      data: { status: 404 },
    });
  });

  it('searches the e-mail, website and phone', async () => {
    expect(names(await listOrganizers(database, 'search=ann%40example'))).toEqual(['Ann']);
    expect(names(await listOrganizers(database, 'search=bob-events'))).toEqual(['Bob']);
    expect(names(await listOrganizers(database, 'search=1234%2049'))).toEqual(['Cy']);
  });

  it('falls back to the whole archive total when the search finds nothing (plugin quirk)', async () => {
    const list = await listOrganizers(database, 'search=nobody');
    expect(list.organizers).toEqual([]);
    expect(list.total).toBe(4);
  });

  it('lists the organizers of an event, every _EventOrganizerID row counted', async () => {
    const list = await listOrganizers(database, `event=${ids.concert}`);
    expect(names(list)).toEqual(['Bob', 'Ann']);
    expect(list.rest_url).toBe(`${REST_BASE}/organizers/?page=1&per_page=10&event=${ids.concert}&status=publish`);
  });

  it('filters by has_events and by upcoming events', async () => {
    expect(names(await listOrganizers(database, 'has_events=true'))).toEqual(['Cy', 'Bob', 'Ann']);
    expect(names(await listOrganizers(database, 'has_events=0'))).toEqual(['Dee']);
    expect(names(await listOrganizers(database, 'only_with_upcoming=1'))).toEqual(['Bob', 'Ann']);
    expect(names(await listOrganizers(database, 'only_with_upcoming=1', '2026-12-06T00:00:00Z'))).toEqual([]);
  });

  it('refuses a venue ID as event and a status other than publish from a visitor', async () => {
    for (const query of [`event=${ids.venue}`, 'status=trash']) {
      const response = await agentFor(database).get(`${ROOT}/organizers?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
    }
  });
});

describe('single organizer', () => {
  let database: TestDatabase;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    ids.open = (await insertOrganizer(db, { post_title: 'Open Org', email: 'open@example.test' })).id;
    ids.draft = (await insertOrganizer(db, { post_title: 'Draft Org', post_status: 'draft' })).id;
    ids.trashed = (await insertOrganizer(db, { post_title: 'Trashed Org', post_status: 'trash' })).id;
    ids.secret = (await insertOrganizer(db, { post_title: 'Secret Org', phone: '555', post_password: 'pw' })).id;
    ids.venue = (await insertVenue(db, { post_title: 'A venue' })).id;
  });
  afterAll(() => database?.drop());

  it('answers the organizer with JSON-LD, empty fields dropped', async () => {
    const response = await agentFor(database).get(`${ROOT}/organizers/${ids.open}`);
    expect(response.status).toBe(200);
    const organizer = response.body as OrganizerJson;
    expect(Object.keys(organizer)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'organizer', 'slug', 'email',
      'json_ld', 'global_id', 'global_id_lineage',
    ]);
    expect(organizer.json_ld).toMatchObject({ '@type': 'Person', name: 'Open Org' });
    const bySlug = await agentFor(database).get(`${ROOT}/organizers/by-slug/open-org`);
    expect(bySlug.body.id).toBe(ids.open);
  });

  it('refuses unpublished organizers to visitors with organizer-not-accessible', async () => {
    for (const id of [ids.draft, ids.trashed]) {
      const response = await agentFor(database).get(`${ROOT}/organizers/${id}`);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('organizer-not-accessible');
    }
  });

  it('answers a venue ID or an unknown slug with 400', async () => {
    for (const path of [`/organizers/${ids.venue}`, '/organizers/by-slug/a-venue']) {
      const response = await agentFor(database).get(`${ROOT}${path}`);
      expect(response.status, path).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
    }
  });

  it('blanks a password-protected organizer unless the password is given', async () => {
    const locked = await agentFor(database).get(`${ROOT}/organizers/${ids.secret}`);
    expect(locked.body).toMatchObject({ organizer: [], phone: '' });
    expect(locked.body).not.toHaveProperty('json_ld');
    const unlocked = await agentFor(database).get(`${ROOT}/organizers/${ids.secret}?password=pw`);
    expect(unlocked.body).toMatchObject({ organizer: 'Secret Org', phone: '555' });
    expect(unlocked.body).toHaveProperty('json_ld');
  });
});

describe('organizers on a multisite sub-site prefix (wp_2_)', () => {
  let database: TestDatabase;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    database = await createTestDatabase({ prefix: 'wp_2_' });
    ids.host = (await insertOrganizer(database.db, { post_title: 'Host', email: 'host@example.test' })).id;
    ids.event = (await insertEvent(database.db, { start_date: '2026-12-01 10:00:00', organizers: [ids.host] })).id;
  });
  afterAll(() => database?.drop());

  it('lists, filters and reads against the prefixed tables', async () => {
    expect(names(await listOrganizers(database, 'search=host%40example'))).toEqual(['Host']);
    expect(names(await listOrganizers(database, `event=${ids.event}&has_events=1&only_with_upcoming=1`))).toEqual(['Host']);
    expect((await agentFor(database).get(`${ROOT}/organizers/${ids.host}`)).body.organizer).toBe('Host');
  });
});
