import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, setOption } from '../builders/index.js';
import { agentFor } from './support.js';

/**
 * Sites without pretty permalinks publish their REST API as `/?rest_route=/...`, PATHINFO sites
 * as `/index.php/wp-json/...`: the URLs in answers take that form, as the plugin prints them,
 * and the service answers at those addresses too.
 */
let database: TestDatabase;
let eventId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  eventId = (await insertEvent(database.db, { post_title: 'Plain links', start_date: '2026-12-01 10:00:00' })).id;
});
afterAll(() => database?.drop());

// A new app per request: the site settings (permalink_structure among them) are cached per app.
const agent = () => agentFor(database);

describe('plain permalinks (permalink_structure empty)', () => {
  beforeAll(() => setOption(database.db, 'permalink_structure', ''));

  it('answers at /?rest_route= and prints ?rest_route= URLs', async () => {
    const response = await agent().get('/?rest_route=/calendar/events/v1/events&per_page=1');
    expect(response.status).toBe(200);
    expect(response.headers.link).toBe('<http://127.0.0.1:8080/?rest_route=/>; rel="https://api.w.org/"');
    const event = response.body.events[0];
    expect(event.rest_url).toBe(`http://127.0.0.1:8080/?rest_route=/calendar/events/v1/events/${eventId}`);
    expect(event.url).toBe('http://127.0.0.1:8080/?tribe_events=plain-links');
    // add_query_arg re-encodes the rest_route already in the URL, as WordPress does.
    expect(response.body.rest_url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/\?rest_route=%2Fcalendar%2Fevents%2Fv1%2Fevents%2F&page=1&per_page=1&/);
  });

  it('reads single records and the index through rest_route too', async () => {
    const single = await agent().get(`/?rest_route=/calendar/events/v1/events/${eventId}`);
    expect(single.status).toBe(200);
    expect(single.body.title).toBe('Plain links');
    const index = await agent().get('/?rest_route=/calendar/events/v1');
    expect(index.body.routes['/calendar/events/v1']._links.self[0].href).toBe('http://127.0.0.1:8080/?rest_route=/calendar/events/v1');
  });
});

describe('PATHINFO permalinks (/index.php/%postname%/)', () => {
  beforeAll(() => setOption(database.db, 'permalink_structure', '/index.php/%postname%/'));

  it('answers under /index.php/wp-json and prints those URLs', async () => {
    const response = await agent().get(`/index.php/wp-json/calendar/events/v1/events/${eventId}`);
    expect(response.status).toBe(200);
    expect(response.body.rest_url).toBe(`http://127.0.0.1:8080/index.php/wp-json/calendar/events/v1/events/${eventId}`);
    expect(response.body.url).toBe('http://127.0.0.1:8080/index.php/event/plain-links/');
  });
});
