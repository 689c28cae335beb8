import { describe, expect, it } from 'vitest';
import { insertPostMeta, insertVenue } from '../builders/index.js';
import { postMetaValues } from '../setup/post-meta.js';
import { ROOT, agentFor, fileDatabase, recordedUserAuth } from './support.js';

/*
 * POST /events (tribe/events/v1) whose `venue` names a venue that exists, derived by hand from
 * TEC 6.17.2 (src/Tribe/REST/V1/Endpoints/Linked_Post_Base.php insert, Single_Venue.php
 * prepare_postarr and create, src/Tribe/Venue.php create and save_meta):
 * - by `id` (with other fields or not), insert returns [ 'VenueID' => id ] and ignores the rest:
 *   handle_submission links the venue and no row of the venue changes;
 * - by the same name, without an id, insert runs Single_Venue::create on an unvalidated request
 *   (no defaults), whose Tribe__Duplicate__Post finds the venue, and Venue::create runs save_meta
 *   on it all the same: the four map flags set to '1' (the created-venue default), the
 *   `_thumbnail_id` deleted (prepare_postarr's FeaturedImage is tribe_upload_image( null ), false,
 *   which array_filter( is_not_null ) keeps), `_VenueStateProvince` recomputed from the fields sent
 *   ('' when neither State nor Province is), each field sent written, and `_Venuepost_date` /
 *   `_Venuepost_date_gmt` written '' (the false dates); fields not sent keep their rows.
 */

const admin = recordedUserAuth();
const site = fileDatabase('reference');
const agent = () => agentFor(site.database, { now: '2026-11-24T17:00:00Z' });
const dates = { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' };

async function existingVenue(title: string): Promise<number> {
  const { id } = await insertVenue(site.database.db, {
    post_title: title,
    address: '1 Old Road',
    city: 'Berlin',
    country: 'Germany',
    province: 'Berlin Region',
    show_map: false,
    show_map_link: false,
  });
  await insertPostMeta(site.database.db, id, [['_thumbnail_id', '252']]);
  return id;
}

const metaOf = async (id: number, keys: readonly string[]) =>
  Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await postMetaValues(site.database.db, id, key)] as const)));

const KEYS = ['_VenueAddress', '_VenueCity', '_VenueProvince', '_VenueStateProvince', '_VenueShowMap', '_VenueShowMapLink', '_EventShowMap', '_EventShowMapLink', '_Venuepost_date', '_Venuepost_date_gmt', '_thumbnail_id'];

describe('a nested create naming an existing venue', () => {
  it('by id (with other fields): the venue is linked and none of its rows changes', async () => {
    const venue = await existingVenue('Reused By Id Hall');
    const before = await metaOf(venue, KEYS);
    const response = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Linked by id', ...dates, venue: { id: venue, address: '2 New Road', venue: 'Renamed' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((response.body as { venue: { id: number } }).venue.id).toBe(venue);
    expect(await metaOf(venue, KEYS)).toEqual(before);
  });

  it('by the same name: the venue is found and its meta saved again from the fields sent', async () => {
    const venue = await existingVenue('Reused By Name Hall');
    const response = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Linked by name', ...dates, venue: { venue: 'Reused By Name Hall', address: '2 New Road' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((response.body as { venue: { id: number } }).venue.id).toBe(venue);
    expect(await metaOf(venue, KEYS)).toEqual({
      _VenueAddress: ['2 New Road'],
      _VenueCity: ['Berlin'],
      _VenueProvince: ['Berlin Region'],
      _VenueStateProvince: [''],
      _VenueShowMap: ['1'],
      _VenueShowMapLink: ['1'],
      _EventShowMap: ['1'],
      _EventShowMapLink: ['1'],
      _Venuepost_date: [''],
      _Venuepost_date_gmt: [''],
      _thumbnail_id: [],
    });
  });
});
