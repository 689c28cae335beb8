import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertPostMeta, insertVenue } from '../builders/index.js';
import { agentFor, ROOT } from './support.js';

/** geo_lat / geo_lng: printed when Events Calendar Pro has geocoded the venue, after the address fields. */
let database: TestDatabase;
let geocoded: number;
let plain: number;

beforeAll(async () => {
  database = await createTestDatabase();
  geocoded = (await insertVenue(database.db, { post_title: 'Geocoded', city: 'Berlin' })).id;
  await insertPostMeta(database.db, geocoded, [
    ['_VenueLat', '52.520008'],
    ['_VenueLng', '13.404954'],
  ]);
  plain = (await insertVenue(database.db, { post_title: 'Plain', city: 'Paris' })).id;
});
afterAll(() => database?.drop());

describe('venue coordinates', () => {
  it('prints both as numbers right after the address fields', async () => {
    const body = (await agentFor(database).get(`${ROOT}/venues/${geocoded}`)).body as Record<string, unknown>;
    expect(body.geo_lat).toBe(52.520008);
    expect(body.geo_lng).toBe(13.404954);
    const keys = Object.keys(body);
    // The plugin's order: address fields, coordinates, json_ld, then the appended map flags.
    expect(keys.indexOf('geo_lat')).toBeGreaterThan(keys.indexOf('city'));
    expect(keys.slice(keys.indexOf('geo_lat'), keys.indexOf('geo_lat') + 4)).toEqual(['geo_lat', 'geo_lng', 'json_ld', 'show_map']);
  });

  it('leaves them out of a venue without coordinates', async () => {
    const body = (await agentFor(database).get(`${ROOT}/venues/${plain}`)).body as Record<string, unknown>;
    expect(body).not.toHaveProperty('geo_lat');
    expect(body).not.toHaveProperty('geo_lng');
  });
});
