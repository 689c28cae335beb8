import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { attachTerms, insertEvent, insertOrganizer, insertPost, insertTerm, insertVenue, setOption } from '../builders/index.js';
import { ROOT, agentFor, type ArchiveJson } from './support.js';

/**
 * Pointed checks of the events read API on hand-built data: what the reference dump does not
 * exercise (prefixes, PUBLIC_URL, other site time zones, several venues, child categories) and
 * the invariants a client relies on (ordering, paging, errors instead of crashes).
 */
type EventJson = Record<string, unknown> & { id: number };
type ListJson = ArchiveJson<'events', EventJson>;

describe('on a multisite sub-site prefix (wp_2_) with PUBLIC_URL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ prefix: 'wp_2_' });
    const venue = await insertVenue(database.db, { post_title: 'Hall', city: 'Berlin' });
    const first = await insertOrganizer(database.db, { post_title: 'First Org' });
    const second = await insertOrganizer(database.db, { post_title: 'Second Org' });
    await insertEvent(database.db, {
      post_title: 'Prefixed',
      start_date: '2026-12-01 10:00:00',
      venue: venue.id,
      organizers: [second.id, first.id],
    });
  });
  afterAll(() => database?.drop());

  it('reads the prefixed tables and keeps organizer row order', async () => {
    const response = await agentFor(database).get(`${ROOT}/events`);
    expect(response.status).toBe(200);
    const list = response.body as ListJson;
    expect(list.total).toBe(1);
    const event = list.events[0]!;
    expect(event.title).toBe('Prefixed');
    expect((event.venue as { venue: string }).venue).toBe('Hall');
    expect((event.organizer as { organizer: string }[]).map((o) => o.organizer)).toEqual(['Second Org', 'First Org']);
  });

  it('builds every URL from PUBLIC_URL when set, and from `home` otherwise', async () => {
    const home = (await agentFor(database).get(`${ROOT}/events`)).body as ListJson;
    expect(home.rest_url.startsWith('http://127.0.0.1:8080/wp-json/calendar/events/v1/events/')).toBe(true);
    const response = await agentFor(database, { env: { PUBLIC_URL: 'https://events.example.com' } }).get(`${ROOT}/events`);
    const list = response.body as ListJson;
    expect(list.rest_url.startsWith('https://events.example.com/wp-json/calendar/events/v1/events/?')).toBe(true);
    expect(list.events[0]!.url).toBe('https://events.example.com/event/prefixed/');
    expect(response.headers.link).toBe('<https://events.example.com/wp-json/>; rel="https://api.w.org/"');
    // global_id identifies the site, whose home stays the same.
    expect(list.events[0]!.global_id).toBe(`127.0.0.1?id=${list.events[0]!.id}`);
  });
});

describe('listing rules', () => {
  let database: TestDatabase;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    ids.late = (await insertEvent(db, { post_title: 'Late', start_date: '2026-12-03 09:00:00' })).id;
    ids.tieB = (await insertEvent(db, { post_title: 'Tie B', start_date: '2026-12-02 09:00:00' })).id;
    ids.tieA = (await insertEvent(db, { post_title: 'Tie A', start_date: '2026-12-02 09:00:00' })).id;
    ids.hidden = (await insertEvent(db, { post_title: 'Hidden', start_date: '2026-12-02 10:00:00', hide_from_listings: true })).id;
    ids.draft = (await insertEvent(db, { post_title: 'Draft', post_status: 'draft', start_date: '2026-12-02 11:00:00' })).id;
    const parent = await insertTerm(db, { taxonomy: 'tribe_events_cat', name: 'Music' });
    const child = await insertTerm(db, { taxonomy: 'tribe_events_cat', name: 'Jazz', parent: parent.term_id });
    await attachTerms(db, ids.late, [child.term_taxonomy_id]);
    const a = await insertVenue(db, { post_title: 'Venue A' });
    const b = await insertVenue(db, { post_title: 'Venue B' });
    ids.twoVenues = (await insertEvent(db, { post_title: 'Two venues', start_date: '2026-12-04 09:00:00', venue: a.id })).id;
    // TEC free writes one venue row; older data can hold two, and the plugin then lists both.
    await database.db.insertInto('postmeta').values({ post_id: ids.twoVenues, meta_key: '_EventVenueID', meta_value: String(b.id) }).execute();
    // An organizer row pointing at a post that no longer exists is skipped.
    ids.ghostOrganizer = (await insertEvent(db, { post_title: 'Ghost organizer', start_date: '2026-12-05 09:00:00', organizers: [999_999] })).id;
  });
  afterAll(() => database?.drop());

  it('orders by start date, then by post ID, and leaves hidden and unpublished events out', async () => {
    const list = (await agentFor(database).get(`${ROOT}/events`)).body as ListJson;
    expect(list.events.map((event) => event.title)).toEqual(['Tie B', 'Tie A', 'Late', 'Two venues', 'Ghost organizer']);
  });

  it('still serves a hidden event on its own, flagged', async () => {
    const response = await agentFor(database).get(`${ROOT}/events/${ids.hidden}`);
    expect(response.status).toBe(200);
    expect(response.body.hide_from_listings).toBe(true);
  });

  it('matches child categories when filtering by the parent', async () => {
    const list = (await agentFor(database).get(`${ROOT}/events?categories=music`)).body as ListJson;
    expect(list.events.map((event) => event.id)).toEqual([ids.late]);
    expect(list.events[0]!.categories).toHaveLength(1);
    expect((list.events[0]!.categories as { urls: { up?: string } }[])[0]!.urls.up).toMatch(/\/categories\/\d+$/);
  });

  it('shows several venues as a list and skips missing organizers', async () => {
    const list = (await agentFor(database).get(`${ROOT}/events?start_date=2026-12-04&end_date=2026-12-05`)).body as ListJson;
    const twoVenues = list.events.find((event) => event.id === ids.twoVenues)!;
    expect(Array.isArray(twoVenues.venue)).toBe(true);
    expect((twoVenues.venue as { venue: string }[]).map((venue) => venue.venue)).toEqual(['Venue A', 'Venue B']);
    const ghost = list.events.find((event) => event.id === ids.ghostOrganizer)!;
    expect(ghost.organizer).toEqual([]);
    expect(ghost.venue).toEqual([]);
  });

  it('pages with links that keep the query and a 404 past the end', async () => {
    const agent = agentFor(database);
    const first = (await agent.get(`${ROOT}/events?per_page=2`)).body as ListJson;
    expect(first.total).toBe(5);
    expect(first.total_pages).toBe(3);
    expect(first.next_rest_url).toMatch(/[?&]per_page=2&.*&page=2$/);
    expect(first.previous_rest_url).toBeUndefined();
    const third = (await agent.get(`${ROOT}/events?per_page=2&page=3`)).body as ListJson;
    expect(third.events).toHaveLength(1);
    expect(third.next_rest_url).toBeUndefined();
    expect(third.previous_rest_url).toMatch(/&page=2$/);
    const past = await agent.get(`${ROOT}/events?per_page=2&page=4`);
    expect(past.status).toBe(404);
    expect(past.body.code).toBe('event-archive-page-not-found');
  });

  it('takes the default page size from TEC’s own option before WordPress’s', async () => {
    await setOption(database.db, 'tribe_events_calendar_options', 'a:1:{s:14:"posts_per_page";s:1:"2";}');
    // The settings cache lives in the app; a new app reads the new option.
    const list = (await agentFor(database).get(`${ROOT}/events`)).body as ListJson;
    expect(list.events).toHaveLength(2);
    expect(list.rest_url).toContain('per_page=2');
    await setOption(database.db, 'tribe_events_calendar_options', 'a:0:{}');
  });
});

describe('a site in another time zone', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await setOption(database.db, 'timezone_string', 'America/New_York');
    // Local 23:30 on Dec 1 in Los Angeles is Dec 2 in UTC: local dates decide in `event` mode.
    await insertEvent(database.db, { post_title: 'LA late', start_date: '2026-12-01 23:30:00', end_date: '2026-12-01 23:45:00', timezone: 'America/Los_Angeles' });
  });
  afterAll(() => database?.drop());

  it('filters on the events’ local dates', async () => {
    const list = (await agentFor(database).get(`${ROOT}/events?start_date=2026-12-01&end_date=2026-12-01`)).body as ListJson;
    expect(list.events.map((event) => event.title)).toEqual(['LA late']);
    expect(list.events[0]!.utc_start_date).toBe('2026-12-02 07:30:00');
  });

  it('filters on UTC dates in TEC’s site time zone mode', async () => {
    await setOption(database.db, 'tribe_events_calendar_options', 'a:1:{s:26:"tribe_events_timezone_mode";s:4:"site";}');
    // Dec 2 07:30 UTC is Dec 2 02:30 in New York, the site's zone: the event now falls on Dec 2.
    const dec1 = (await agentFor(database).get(`${ROOT}/events?start_date=2026-12-01&end_date=2026-12-01`)).body as ListJson;
    const dec2 = (await agentFor(database).get(`${ROOT}/events?start_date=2026-12-02&end_date=2026-12-02`)).body as ListJson;
    expect(dec1.total).toBe(0);
    expect(dec2.total).toBe(1);
  });
});

describe('event IDs that are no event', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    // The first post of the empty site: ID 1.
    await insertPost(database.db, { post_title: 'A page', post_type: 'page' });
  });
  afterAll(() => database?.drop());

  // Single_Event::validate_event_exists: get_post() finds nothing -> 404, a post of another type -> 400.
  it('answers /events/0 as a missing event', async () => {
    const response = await agentFor(database).get(`${ROOT}/events/0`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'rest-event-not-found', message: 'Event with ID 0 does not exist.', data: { status: 404 } });
  });

  it('answers an ID past any integer as a missing event', async () => {
    // The message repeats the ID as rest_sanitize_value_from_schema's (int) left it: PHP_INT_MAX.
    // (From WordPress's and PHP's source; no capture has such an ID.)
    const response = await agentFor(database).get(`${ROOT}/events/99999999999999999999`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      code: 'rest-event-not-found',
      message: 'Event with ID 9223372036854775807 does not exist.',
      data: { status: 404 },
    });
  });

  it('answers the ID of a page as not an event', async () => {
    const response = await agentFor(database).get(`${ROOT}/events/1`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'rest-invalid-event-id', message: 'The specified ID is not a valid event.', data: { status: 400 } });
  });
});
