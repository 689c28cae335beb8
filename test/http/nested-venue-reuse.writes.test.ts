import { describe, expect, it } from 'vitest';
import { decodeModifiedFields } from '../../src/wp/tec/tracker.js';
import { insertOrganizer, insertPostMeta, insertVenue } from '../builders/index.js';
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
 *   `_Venuepost_date_gmt` written '' (the false dates); fields not sent keep their rows;
 * - with an empty `id` (0, '', false) beside the name: insert lets it through to create (line 51,
 *   `! empty( $data['id'] )`, is false) and sets it on the request (lines 63-66); Single_Venue's
 *   prepare_postarr puts `$request['id']` first as `VenueID` (line 393), which array_filter(
 *   is_not_null ) keeps, and Venue::save_meta's loop (Venue.php 492-498) writes every entry left
 *   as `_Venue{key}`: a `_VenueVenueID` row holding sanitize_text_field of the value, written
 *   before the dates, stamped by the tracker. Organizers alike (Single_Organizer.php 350,
 *   Organizer.php 375-376: `_OrganizerOrganizerID`), and POST /venues with an `id` in its body.
 *
 * POST /events/{id} naming the links the event has: Linked_Posts::handle_submission_by_post_type
 * compares them with the stored ones (Linked_Posts.php 911) and maybe_reorder_linked_posts_ids
 * returns at `$old_order === $new_order` (line 939), so `_EventVenueID` and `_EventOrganizerID`
 * keep their rows (meta_ids) and their tracker stamps, however the venue is named.
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

const rowsOf = (postId: number, key: string) =>
  site.database.db
    .selectFrom('postmeta')
    .select(['meta_id', 'meta_value'])
    .where('post_id', '=', postId)
    .where('meta_key', '=', key)
    .orderBy('meta_id')
    .execute();

async function stamps(postId: number): Promise<Map<string, unknown>> {
  const [row] = await rowsOf(postId, '_tribe_modified_fields');
  return decodeModifiedFields(row?.meta_value);
}

describe('a nested create naming an existing venue with an empty id', () => {
  it.each([
    ['0', 0, '0'],
    ["''", '', ''],
    ['false', false, ''],
  ])('id %s: the found venue gets a _VenueVenueID row before its dates', async (label, id, stored) => {
    const title = `Empty Id ${label} Hall`;
    const venue = await existingVenue(title);
    const response = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Linked by name, empty id', ...dates, venue: { id, venue: title } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((response.body as { venue: { id: number } }).venue.id).toBe(venue);
    const [venueIdRow] = await rowsOf(venue, '_VenueVenueID');
    expect(venueIdRow?.meta_value).toBe(stored);
    // Added by save_meta's loop, the first entry of the post array: before the rows of its dates
    // (updated in place) and after every row the venue had.
    const [origin] = await rowsOf(venue, '_VenueOrigin');
    expect(Number(venueIdRow?.meta_id)).toBeGreaterThan(Number(origin?.meta_id));
    expect((await stamps(venue)).has('_VenueVenueID')).toBe(true);
  });

  it('a null id is dropped by array_filter( is_not_null ): no _VenueVenueID row', async () => {
    const venue = await existingVenue('Null Id Hall');
    const response = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Linked by name, null id', ...dates, venue: { id: null, venue: 'Null Id Hall' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await postMetaValues(site.database.db, venue, '_VenueVenueID')).toEqual([]);
  });

  it('an organizer named with id 0 gets _OrganizerOrganizerID', async () => {
    const { id: organizer } = await insertOrganizer(site.database.db, { post_title: 'Empty Id Society' });
    const response = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Organizer by name, empty id', ...dates, organizer: [{ id: 0, organizer: 'Empty Id Society' }] });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await postMetaValues(site.database.db, organizer, '_OrganizerOrganizerID')).toEqual(['0']);
  });

  it('POST /venues with an id in its body writes it as _VenueVenueID', async () => {
    const response = await agent().post(`${ROOT}/venues`).set('Authorization', admin).send({ venue: 'Body Id Venue', id: 7 });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const id = (response.body as { id: number }).id;
    expect(await postMetaValues(site.database.db, id, '_VenueVenueID')).toEqual(['7']);
  });
});

describe('an update naming the venue and organizers the event has', () => {
  it.each([
    ['its ID', (venue: number) => venue],
    ['{id}', (venue: number) => ({ id: venue })],
    ['its name', (_venue: number, title: string) => ({ venue: title })],
  ])('by %s: the link rows keep their meta_ids and stamps', async (label, named) => {
    const title = `Named Again By ${label} Hall`;
    const venue = await existingVenue(title);
    const { id: first } = await insertOrganizer(site.database.db, { post_title: 'Again Org One' });
    const { id: second } = await insertOrganizer(site.database.db, { post_title: 'Again Org Two' });
    const created = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Named again', ...dates, venue, organizer: [first, second] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const event = (created.body as { id: number }).id;
    const before = { venue: await rowsOf(event, '_EventVenueID'), organizers: await rowsOf(event, '_EventOrganizerID'), stamps: await stamps(event) };

    const later = agentFor(site.database, { now: '2026-11-24T18:00:00Z' });
    const updated = await later
      .post(`${ROOT}/events/${event}`)
      .set('Authorization', admin)
      .send({ ...dates, venue: named(venue, title), organizer: [first, second] });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);

    expect(await rowsOf(event, '_EventVenueID')).toEqual(before.venue);
    expect(await rowsOf(event, '_EventOrganizerID')).toEqual(before.organizers);
    const after = await stamps(event);
    expect(after.get('_EventVenueID')).toBe(before.stamps.get('_EventVenueID'));
    expect(after.get('_EventOrganizerID')).toBe(before.stamps.get('_EventOrganizerID'));
  });

  it('organizers named in another order are written again in that order', async () => {
    const { id: first } = await insertOrganizer(site.database.db, { post_title: 'Order Org One' });
    const { id: second } = await insertOrganizer(site.database.db, { post_title: 'Order Org Two' });
    const created = await agent().post(`${ROOT}/events`).set('Authorization', admin).send({ title: 'Reordered', ...dates, organizer: [first, second] });
    const event = (created.body as { id: number }).id;
    const before = await rowsOf(event, '_EventOrganizerID');
    const updated = await agent().post(`${ROOT}/events/${event}`).set('Authorization', admin).send({ ...dates, organizer: [second, first] });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const after = await rowsOf(event, '_EventOrganizerID');
    expect(after.map((row) => row.meta_value)).toEqual([String(second), String(first)]);
    expect(Number(after[0]?.meta_id)).toBeGreaterThan(Number(before[1]?.meta_id));
  });
});

/*
 * A draft venue found by its name. publishAssociatedTypes (Main.php, hooked on
 * `publish_tribe_events` at line 844) publishes the drafts the event's stored links name
 * (get_post_custom at 3118, wp_publish_post at 3163). wp_insert_post fires it before saveEventMeta
 * stores the link, so a create leaves the venue a draft; but a sticky create has saveEventMeta call
 * wp_update_post again for `menu_order` (API.php 251-257), whose transition fires the hook with the
 * link stored: the venue is published and, having no slug, given one from its title.
 */
describe('a nested create naming a draft venue', () => {
  const statusOf = async (id: number) =>
    site.database.db.selectFrom('posts').select(['post_status', 'post_name']).where('ID', '=', id).executeTakeFirstOrThrow();

  /** A draft venue without a slug, then an event created naming it by its title; returns the venue's ID. */
  async function linkDraftVenue(title: string, event: Record<string, unknown>): Promise<number> {
    const venue = await existingVenue(title);
    await site.database.db.updateTable('posts').set({ post_status: 'draft', post_name: '' }).where('ID', '=', venue).execute();
    const response = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: `Event at ${title}`, ...dates, ...event, venue: { venue: title } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((response.body as { venue: { id: number } }).venue.id).toBe(venue);
    return venue;
  }

  it('stays a draft when the event is not sticky', async () => {
    const venue = await linkDraftVenue('Draft Reused Hall', {});
    expect(await statusOf(venue)).toEqual({ post_status: 'draft', post_name: '' });
  });

  it('is published by a sticky create, through the menu_order update', async () => {
    const venue = await linkDraftVenue('Draft Sticky Hall', { sticky: true });
    expect(await statusOf(venue)).toEqual({ post_status: 'publish', post_name: 'draft-sticky-hall' });
    // wp_publish_post writes the status without `post_updated`, and the slug's wp_update_post
    // sees it published before and after: the tracker stamps no post field.
    expect((await stamps(venue)).has('post_status')).toBe(false);
  });
});
