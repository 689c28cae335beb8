import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertOrganizer, insertPostMeta, insertVenue, setOption } from '../builders/index.js';
import { REST_BASE, ROOT, agentFor, getArchive, type ArchiveJson } from './support.js';

/**
 * Pointed checks of the venue read API on hand-built data: ordering and paging, the search over
 * the venue's own fields and its no-match quirk, the event filters, password handling, and a
 * multisite table prefix. The reference captures cover the common answers byte for byte.
 */
type VenueJson = Record<string, unknown> & { id: number };
type ListJson = ArchiveJson<'venues', VenueJson>;

const listVenues = (database: TestDatabase, query = '', now?: string) =>
  getArchive<ListJson>(database, 'venues', query, { now });

const titles = (list: ListJson) => list.venues.map((venue) => venue.venue);

describe('venue archive: order, paging and event filters', () => {
  let database: TestDatabase;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    ids.old = (await insertVenue(db, { post_title: 'Old', post_date: '2026-01-01 10:00:00' })).id;
    // Saved in the same second: the later ID comes first.
    ids.tieA = (await insertVenue(db, { post_title: 'Tie A', post_date: '2026-03-01 10:00:00' })).id;
    ids.tieB = (await insertVenue(db, { post_title: 'Tie B', post_date: '2026-03-01 10:00:00' })).id;
    ids.newest = (await insertVenue(db, { post_title: 'Newest', post_date: '2026-04-01 10:00:00' })).id;
    ids.draft = (await insertVenue(db, { post_title: 'Draft', post_status: 'draft', post_date: '2026-05-01 10:00:00' })).id;
    ids.trashed = (await insertVenue(db, { post_title: 'Trashed', post_status: 'trash', post_date: '2026-05-01 10:00:00' })).id;

    ids.published = (await insertEvent(db, { post_title: 'Published', venue: ids.newest })).id;
    // Draft and pending events do not give their venue "events"; a trashed one does.
    await insertEvent(db, { post_title: 'Draft event', post_status: 'draft', venue: ids.tieA });
    await insertEvent(db, { post_title: 'Pending event', post_status: 'pending', venue: ids.old });
    await insertEvent(db, { post_title: 'Trashed event', post_status: 'trash', venue: ids.tieB });
  });
  afterAll(() => database?.drop());

  it('lists published venues newest first, ties by descending ID', async () => {
    const list = await listVenues(database);
    expect(titles(list)).toEqual(['Newest', 'Tie B', 'Tie A', 'Old']);
    expect(list.total).toBe(4);
    expect(list.rest_url).toBe(`${REST_BASE}/venues/?page=1&per_page=10&status=publish`);
    expect(list.next_rest_url).toBeUndefined();
    expect(Object.keys(list)).toEqual(['venues', 'rest_url', 'total', 'total_pages']);
  });

  it('pages with the plugin’s links, headers and a 404 past the end', async () => {
    const agent = agentFor(database);
    const first = await agent.get(`${ROOT}/venues?per_page=2`);
    expect(first.headers['x-tec-total']).toBe('4');
    expect(first.headers['x-tec-totalpages']).toBe('2');
    const firstBody = first.body as ListJson;
    expect(firstBody.venues.map((venue) => venue.id)).toEqual([ids.newest, ids.tieB]);
    expect(firstBody.next_rest_url).toBe(`${REST_BASE}/venues/?per_page=2&status=publish&page=2`);
    expect(firstBody.previous_rest_url).toBeUndefined();

    const second = (await agent.get(`${ROOT}/venues?per_page=2&page=2`)).body as ListJson;
    expect(second.venues.map((venue) => venue.id)).toEqual([ids.tieA, ids.old]);
    expect(second.rest_url).toBe(`${REST_BASE}/venues/?page=2&per_page=2&status=publish`);
    expect(second.previous_rest_url).toBe(`${REST_BASE}/venues/?per_page=2&status=publish`);
    expect(second.next_rest_url).toBeUndefined();

    const past = await agent.get(`${ROOT}/venues?per_page=2&page=3`);
    expect(past.status).toBe(404);
    expect(past.body).toEqual({
      code: 'venue-archive-page-not-found',
      message: 'The requested venue archive page does not exist',
      data: { status: 404 },
    });
  });

  it('caps per_page at 50', async () => {
    const list = await listVenues(database, 'per_page=500');
    expect(list.rest_url).toBe(`${REST_BASE}/venues/?page=1&per_page=50&status=publish`);
  });

  it('answers an empty first page with 200 and zero totals', async () => {
    const list = await listVenues(database, `event=${ids.published}&has_events=0`);
    expect(list).toEqual({
      venues: [],
      rest_url: `${REST_BASE}/venues/?page=1&per_page=10&event=${ids.published}&has_events=0&status=publish`,
      total: 0,
      total_pages: 0,
    });
  });

  it('filters by has_events, counting trashed events but not drafts or pending ones', async () => {
    const withEvents = await listVenues(database, 'has_events=1');
    expect(titles(withEvents)).toEqual(['Newest', 'Tie B']);
    expect(withEvents.rest_url).toBe(`${REST_BASE}/venues/?page=1&per_page=10&has_events=1&status=publish`);
    const without = await listVenues(database, 'has_events=false');
    expect(titles(without)).toEqual(['Tie A', 'Old']);
    // Anything tribe_is_truthy does not read as yes means "without events".
    expect(titles(await listVenues(database, 'has_events=nope'))).toEqual(['Tie A', 'Old']);
  });

  it('filters by event and shows the event in rest_url', async () => {
    const list = await listVenues(database, `event=${ids.published}`);
    expect(titles(list)).toEqual(['Newest']);
    expect(list.rest_url).toBe(`${REST_BASE}/venues/?page=1&per_page=10&event=${ids.published}&status=publish`);
  });

  it('refuses an event ID that is not an event, and any status but publish from a visitor', async () => {
    for (const query of [`event=${ids.newest}`, 'event=abc', 'status=draft', 'status=publish,draft', 'status=any']) {
      const response = await agentFor(database).get(`${ROOT}/venues?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
    }
    expect(titles(await listVenues(database, 'status=publish'))).toEqual(['Newest', 'Tie B', 'Tie A', 'Old']);
  });
});

describe('venue search', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    await insertVenue(db, { post_title: 'Alpha Hall', city: 'Springfield', zip: '62701', post_date: '2026-01-03 00:00:00' });
    await insertVenue(db, {
      post_title: 'Beta Room',
      address: '12 Main St',
      post_content: 'Near the river',
      country: 'Norway',
      post_date: '2026-01-02 00:00:00',
    });
    await insertVenue(db, { post_title: 'Gamma', phone: '555-0100', post_excerpt: 'Rooftop bar', post_date: '2026-01-01 00:00:00' });
    await insertVenue(db, { post_title: 'Hidden Springfield Annex', post_status: 'draft' });
  });
  afterAll(() => database?.drop());

  it('finds words in the title, content, excerpt and the venue’s own fields, case-insensitively', async () => {
    expect(titles(await listVenues(database, 'search=springfield'))).toEqual(['Alpha Hall']);
    expect(titles(await listVenues(database, 'search=62701'))).toEqual(['Alpha Hall']);
    expect(titles(await listVenues(database, 'search=MAIN%20st'))).toEqual(['Beta Room']);
    expect(titles(await listVenues(database, 'search=river%20near'))).toEqual(['Beta Room']);
    expect(titles(await listVenues(database, 'search=rooftop'))).toEqual(['Gamma']);
    // The hyphen belongs to the word; other punctuation splits words.
    expect(titles(await listVenues(database, 'search=555-0100'))).toEqual(['Gamma']);
    expect(titles(await listVenues(database, 'search=hall!!!alpha'))).toEqual(['Alpha Hall']);
  });

  it('keeps the search out of rest_url and counts only the matches', async () => {
    const list = await listVenues(database, 'search=springfield&per_page=1');
    expect(list.total).toBe(1);
    expect(list.rest_url).toBe(`${REST_BASE}/venues/?page=1&per_page=1&status=publish`);
    expect(list.next_rest_url).toBeUndefined();
  });

  it('empties the list but counts without the search when nothing matches (plugin quirk)', async () => {
    // Words split across fields (title "Hall", zip "62701") match no single field; the country is
    // not searched; punctuation alone leaves no words.
    for (const search of ['hall%2062701', 'norway', '!!!']) {
      const list = await listVenues(database, `search=${search}&per_page=2`);
      expect(list.venues, search).toEqual([]);
      expect(list.total, search).toBe(3);
      expect(list.total_pages, search).toBe(2);
      expect(list.next_rest_url, search).toBe(`${REST_BASE}/venues/?per_page=2&status=publish&page=2`);
    }
    const past = await agentFor(database).get(`${ROOT}/venues?search=norway&per_page=2&page=2`);
    expect(past.status).toBe(404);
  });

  it('counts a match the reader may not list as a match: the list is then truly empty', async () => {
    const list = await listVenues(database, 'search=annex');
    expect(list.venues).toEqual([]);
    expect(list.total).toBe(0);
  });
});

describe('venues with upcoming events', () => {
  let database: TestDatabase;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    for (const name of ['Past', 'First', 'Second', 'Third', 'Hidden only', 'Draft only']) {
      ids[name] = (await insertVenue(db, { post_title: name, post_date: '2026-01-01 00:00:00' })).id;
    }
    await insertEvent(db, { start_date: '2026-11-01 10:00:00', venue: ids.Past });
    await insertEvent(db, { start_date: '2026-12-01 10:00:00', venue: ids.First });
    await insertEvent(db, { start_date: '2026-12-02 10:00:00', venue: ids.Second });
    await insertEvent(db, { start_date: '2026-12-03 10:00:00', venue: ids.Third });
    await insertEvent(db, { start_date: '2026-11-30 10:00:00', venue: ids['Hidden only'], hide_from_listings: true });
    await insertEvent(db, { start_date: '2026-11-30 10:00:00', venue: ids['Draft only'], post_status: 'draft' });
  });
  afterAll(() => database?.drop());

  it('keeps venues of published, listed events starting from now', async () => {
    const list = await listVenues(database, 'only_with_upcoming=1');
    expect(titles(list)).toEqual(['Third', 'Second', 'First']);
    expect(list.total).toBe(3);
    // The parameter is not reflected in rest_url.
    expect(list.rest_url).toBe(`${REST_BASE}/venues/?page=1&per_page=10&status=publish`);
  });

  it('reads "now" from the clock', async () => {
    const list = await listVenues(database, 'only_with_upcoming=yes', '2026-12-01T10:30:00Z');
    expect(titles(list)).toEqual(['Third', 'Second']);
  });

  it('ignores a false value', async () => {
    expect((await listVenues(database, 'only_with_upcoming=false')).total).toBe(6);
    expect((await listVenues(database, 'only_with_upcoming=0')).total).toBe(6);
  });

  it('looks only at the first page of upcoming events (plugin quirk)', async () => {
    // tribe_get_events() is called without a page size, so posts_per_page (here 2) events count.
    await setOption(database.db, 'posts_per_page', '2');
    try {
      const list = await listVenues(database, 'only_with_upcoming=1&per_page=10');
      expect(titles(list)).toEqual(['Second', 'First']);
    } finally {
      await setOption(database.db, 'posts_per_page', '10');
    }
  });

  it('answers an empty list when no event is upcoming', async () => {
    const list = await listVenues(database, 'only_with_upcoming=1', '2027-01-01T00:00:00Z');
    expect(list).toMatchObject({ venues: [], total: 0, total_pages: 0 });
  });
});

describe('single venue', () => {
  let database: TestDatabase;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    ids.open = (await insertVenue(db, { post_title: 'Open Hall', city: 'Oslo', show_map: false })).id;
    await insertPostMeta(db, ids.open, [['_tribe_aggregator_global_id_lineage', 'other.example?id=7']]);
    ids.draft = (await insertVenue(db, { post_title: 'Draft Hall', post_status: 'draft' })).id;
    ids.trashed = (await insertVenue(db, { post_title: 'Trashed Hall', post_status: 'trash' })).id;
    ids.secret = (await insertVenue(db, { post_title: 'Secret Hall', city: 'Bergen', post_password: 'letmein' })).id;
    ids.organizer = (await insertOrganizer(db, { post_title: 'Not a venue' })).id;
  });
  afterAll(() => database?.drop());

  it('answers the venue with JSON-LD and its aggregator lineage', async () => {
    const response = await agentFor(database).get(`${ROOT}/venues/${ids.open}`);
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET');
    const venue = response.body as VenueJson;
    expect(venue).toMatchObject({ id: ids.open, venue: 'Open Hall', city: 'Oslo', show_map: false, show_map_link: true });
    expect(venue.json_ld).toMatchObject({ '@type': 'Place', name: 'Open Hall' });
    expect(venue.global_id_lineage).toEqual([`127.0.0.1?id=${ids.open}`, 'other.example?id=7']);
    // Empty fields are dropped, the map flags and global IDs come after json_ld.
    expect(Object.keys(venue).slice(-5)).toEqual(['json_ld', 'show_map', 'show_map_link', 'global_id', 'global_id_lineage']);
    expect(venue).not.toHaveProperty('description');
  });

  it('answers the same object by slug', async () => {
    const agent = agentFor(database);
    const bySlug = await agent.get(`${ROOT}/venues/by-slug/open-hall`);
    const byId = await agent.get(`${ROOT}/venues/${ids.open}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(byId.body);
  });

  it('refuses unpublished venues to visitors', async () => {
    for (const id of [ids.draft, ids.trashed]) {
      const response = await agentFor(database).get(`${ROOT}/venues/${id}`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        code: 'venue-not-accessible',
        message: 'The requested venue is not accessible',
        data: { status: 403 },
      });
    }
  });

  it('answers IDs and slugs that name no venue with 400', async () => {
    const agent = agentFor(database);
    for (const path of [`/venues/${ids.organizer}`, '/venues/0', '/venues/999999', '/venues/by-slug/not-a-venue', '/venues/by-slug/nope']) {
      const response = await agent.get(`${ROOT}${path}`);
      expect(response.status, path).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
    }
    expect((await agent.get(`${ROOT}/venues/abc`)).status).toBe(404);
  });

  it('blanks a password-protected venue unless the password is given', async () => {
    const agent = agentFor(database);
    for (const query of ['', '?password=wrong', '?password=']) {
      const response = await agent.get(`${ROOT}/venues/${ids.secret}${query}`);
      expect(response.status, query).toBe(200);
      expect(response.body, query).toMatchObject({ id: ids.secret, venue: [], city: '', show_map: null, show_map_link: null });
      expect(response.body, query).not.toHaveProperty('json_ld');
    }
    const unlocked = await agent.get(`${ROOT}/venues/${ids.secret}?password=letmein`);
    expect(unlocked.body).toMatchObject({ venue: 'Secret Hall', city: 'Bergen', show_map: true });
    expect(unlocked.body.json_ld).toMatchObject({ '@type': 'Place', name: 'Protected: Secret Hall' });
  });

  it('blanks a password-protected venue in the list, and unlocks it with its password', async () => {
    const locked = await listVenues(database);
    expect(locked.venues.find((venue) => venue.id === ids.secret)).toMatchObject({ venue: [], city: '' });
    const unlocked = await listVenues(database, 'password=letmein');
    expect(unlocked.venues.find((venue) => venue.id === ids.secret)).toMatchObject({ venue: 'Secret Hall', city: 'Bergen' });
    expect(unlocked.venues.find((venue) => venue.id === ids.open)).not.toHaveProperty('json_ld');
  });
});

describe('venues on a multisite sub-site prefix (wp_2_)', () => {
  let database: TestDatabase;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    database = await createTestDatabase({ prefix: 'wp_2_' });
    ids.hall = (await insertVenue(database.db, { post_title: 'Prefixed Hall', zip: '10115', post_date: '2026-02-01 00:00:00' })).id;
    ids.lonely = (await insertVenue(database.db, { post_title: 'Lonely', post_date: '2026-01-01 00:00:00' })).id;
    ids.event = (await insertEvent(database.db, { start_date: '2026-12-01 10:00:00', venue: ids.hall })).id;
  });
  afterAll(() => database?.drop());

  it('runs every filter against the prefixed tables', async () => {
    expect(titles(await listVenues(database))).toEqual(['Prefixed Hall', 'Lonely']);
    expect(titles(await listVenues(database, 'search=10115'))).toEqual(['Prefixed Hall']);
    expect(titles(await listVenues(database, 'has_events=1'))).toEqual(['Prefixed Hall']);
    expect(titles(await listVenues(database, 'has_events=0'))).toEqual(['Lonely']);
    expect(titles(await listVenues(database, `event=${ids.event}`))).toEqual(['Prefixed Hall']);
    expect(titles(await listVenues(database, 'only_with_upcoming=1'))).toEqual(['Prefixed Hall']);
  });

  it('reads a single venue and its slug', async () => {
    const agent = agentFor(database);
    expect((await agent.get(`${ROOT}/venues/${ids.hall}`)).body.venue).toBe('Prefixed Hall');
    expect((await agent.get(`${ROOT}/venues/by-slug/lonely`)).body.id).toBe(ids.lonely);
  });
});
