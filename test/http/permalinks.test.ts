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

describe('the rest_route parameter, read as rest_api_loaded() reads it', () => {
  const NO_ROUTE = { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } };

  it('answers rest_no_route for a route without its leading slash: every registered route begins with one', async () => {
    for (const path of ['/?rest_route=events', '/?rest_route=calendar/events/v1/events', '/index.php?rest_route=calendar/events/v1']) {
      const response = await agent().get(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual(NO_ROUTE);
      // Still a REST answer: WordPress sends its Link header before it looks for the route.
      expect(response.headers.link, path).toMatch(/rel="https:\/\/api\.w\.org\/"$/);
    }
  });

  it('answers the front page for an empty rest_route ("" or "0", PHP-empty): WordPress renders the page there, not the API', async () => {
    const page = await agent().get('/');
    for (const path of ['/?rest_route=', '/?rest_route=0', '/index.php?rest_route=']) {
      const response = await agent().get(path);
      expect(response.status, path).toBe(page.status);
      expect(response.text, path).toBe(page.text);
      expect(response.headers.link, path).toBe(page.headers.link);
    }
    // The page is no REST answer, but it names the REST root in the site's URL form (here still
    // PATHINFO, from the block above), as rest_output_link_header() does.
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/plain; charset=UTF-8');
    expect(page.headers.link).toBe('<http://127.0.0.1:8080/index.php/wp-json/>; rel="https://api.w.org/"');
  });

  it('drops trailing slashes and backslashes (untrailingslashit), an emptied route being the root', async () => {
    for (const path of ['/?rest_route=///', '/?rest_route=0/', '/?rest_route=%5C']) {
      const response = await agent().get(path);
      expect(response.status, path).toBe(200);
      expect(response.body.namespaces, path).toContain('calendar/events/v1');
    }
    const list = await agent().get('/?rest_route=/calendar/events/v1/events/%5C');
    expect(list.status).toBe(200);
    expect(list.body.events.map((event: { id: number }) => event.id)).toEqual([eventId]);
  });

  it('takes the last of a repeated rest_route, as PHP does', async () => {
    const response = await agent().get('/?rest_route=events&rest_route=/calendar/events/v1');
    expect(response.status).toBe(200);
    expect(response.body.namespace).toBe('calendar/events/v1');
  });
});
