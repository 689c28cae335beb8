import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertPostMeta, insertVenue, setOption } from '../builders/index.js';
import { agentFor, ROOT } from './support.js';

/**
 * Venue coordinates (tribe_get_coordinates): only while Events Calendar Pro is active are
 * `_VenueLat` / `_VenueLng` read. Then the venue prints `geo_lat` / `geo_lng` after its address
 * fields (Post_Repository::get_venue_data) and its JSON-LD a `geo` GeoCoordinates object between
 * `address` and `telephone` (JSON_LD/Venue.php), inside events too. Without Pro, leftover rows
 * show nothing, as the plugin shows nothing.
 */
const PRO_ACTIVE = 'a:2:{i:0;s:43:"the-events-calendar/the-events-calendar.php";i:1;s:43:"events-calendar-pro/events-calendar-pro.php";}';
const TEC_ONLY = 'a:1:{i:0;s:43:"the-events-calendar/the-events-calendar.php";}';

let database: TestDatabase;
let geocoded: number;
let plain: number;
let eventId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  geocoded = (await insertVenue(database.db, { post_title: 'Geocoded', city: 'Berlin', phone: '555' })).id;
  await insertPostMeta(database.db, geocoded, [
    ['_VenueLat', '52.520008'],
    ['_VenueLng', '13.404954'],
  ]);
  plain = (await insertVenue(database.db, { post_title: 'Plain', city: 'Paris' })).id;
  eventId = (await insertEvent(database.db, { post_title: 'At the geocoded venue', venue: geocoded })).id;
});
afterAll(() => database?.drop());

describe('with Events Calendar Pro active', () => {
  beforeAll(() => setOption(database.db, 'active_plugins', PRO_ACTIVE));

  it('prints geo_lat and geo_lng as numbers after the address fields', async () => {
    const body = (await agentFor(database).get(`${ROOT}/venues/${geocoded}`)).body as Record<string, unknown>;
    expect(body.geo_lat).toBe(52.520008);
    expect(body.geo_lng).toBe(13.404954);
    const keys = Object.keys(body);
    expect(keys.indexOf('geo_lat')).toBeGreaterThan(keys.indexOf('city'));
    expect(keys.slice(keys.indexOf('geo_lat'), keys.indexOf('geo_lat') + 4)).toEqual(['geo_lat', 'geo_lng', 'json_ld', 'show_map']);
  });

  it('puts GeoCoordinates between address and telephone in the JSON-LD, of the venue and of its events', async () => {
    const venue = (await agentFor(database).get(`${ROOT}/venues/${geocoded}`)).body as { json_ld: Record<string, unknown> };
    const event = (await agentFor(database).get(`${ROOT}/events/${eventId}`)).body as { json_ld: { location: Record<string, unknown> } };
    for (const place of [venue.json_ld, event.json_ld.location]) {
      expect(place.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 52.520008, longitude: 13.404954 });
      const keys = Object.keys(place);
      expect(keys.slice(keys.indexOf('address'), keys.indexOf('address') + 3)).toEqual(['address', 'geo', 'telephone']);
    }
  });

  it('leaves them out of a venue without coordinates', async () => {
    const body = (await agentFor(database).get(`${ROOT}/venues/${plain}`)).body as { json_ld: object };
    expect(body).not.toHaveProperty('geo_lat');
    expect(body.json_ld).not.toHaveProperty('geo');
  });
});

describe('without Events Calendar Pro', () => {
  beforeAll(() => setOption(database.db, 'active_plugins', TEC_ONLY));

  it('ignores leftover coordinate rows', async () => {
    const body = (await agentFor(database).get(`${ROOT}/venues/${geocoded}`)).body as { json_ld: object };
    expect(body).not.toHaveProperty('geo_lat');
    expect(body).not.toHaveProperty('geo_lng');
    expect(body.json_ld).not.toHaveProperty('geo');
  });
});
