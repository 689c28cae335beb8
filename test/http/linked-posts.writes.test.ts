import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../src/http/request-context.js';
import { insertLinkedOrganizers, insertLinkedVenue } from '../../src/resources/linked-posts/linked-posts.writes.js';
import { postMetaValues } from '../setup/post-meta.js';
import { inRolledBackWrite } from '../setup/rolled-back-write.js';
import { expectCustomTablesFollowMeta } from '../setup/custom-tables-agreement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ROOT, agentFor, recordedUserAuth } from './support.js';
import { setOption } from '../builders/options.js';
import { insertOrganizer, insertVenue } from '../builders/index.js';

/*
 * Venue and organizer writes on the recorded site, for the plugin's rules the captures do not
 * show: the province fallback, map flags reset by an update, the featured image an update
 * without `image` removes, duplicate avoidance that skips trashed posts, post fields that land
 * in meta (`_Organizerpost_author`), and the nested entries events create.
 */

const admin = recordedUserAuth();

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  await database?.drop();
});

// Every event's tec_events / tec_occurrences rows follow its meta after each test's writes (docs/writes.md).
afterEach(() => expectCustomTablesFollowMeta(database.db));

const agent = () => agentFor(database, { now: '2026-11-24T17:00:00Z' });

function meta(id: number, key: string): Promise<string[]> {
  return postMetaValues(database.db, id, key);
}

describe('POST /venues', () => {
  it('fills stateprovince from the province outside the US, and from the state inside it', async () => {
    const canada = await agent()
      .post(`${ROOT}/venues`)
      .set('Authorization', admin)
      .send({ venue: 'Maple Hall', country: 'Canada', state: 'XX', province: 'Ontario' });
    expect(canada.status, JSON.stringify(canada.body)).toBe(201);
    expect(canada.body.stateprovince).toBe('Ontario');
    const us = await agent().post(`${ROOT}/venues`).set('Authorization', admin).send({ venue: 'Pine Hall', country: 'US', state: 'OR' });
    expect(us.body.stateprovince).toBe('OR');
  });

  it('creates a new venue rather than reusing a trashed one of the same name', async () => {
    const first = await agent().post(`${ROOT}/venues`).set('Authorization', admin).send({ venue: 'Short Lived Hall' });
    await agent().delete(`${ROOT}/venues/${first.body.id}`).set('Authorization', admin).expect(200);
    const again = await agent().post(`${ROOT}/venues`).set('Authorization', admin).send({ venue: 'Short Lived Hall' });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body.slug).toBe('short-lived-hall');
    // A third create finds the live one.
    const third = await agent().post(`${ROOT}/venues`).set('Authorization', admin).send({ venue: 'short lived hall' });
    expect(third.body.id).toBe(again.body.id);
  });
});

describe('POST /venues/{id}', () => {
  it('turns the map flags back on unless the update says otherwise', async () => {
    const created = await agent().post(`${ROOT}/venues`).set('Authorization', admin).send({ venue: 'Flag Hall', show_map: 'false' });
    const id = created.body.id as number;
    expect(await meta(id, '_VenueShowMap')).toEqual(['']);
    const off = await agent().post(`${ROOT}/venues/${id}`).set('Authorization', admin).send({ show_map_link: 'no' });
    expect(off.body).toMatchObject({ show_map: true, show_map_link: false });
    expect(await meta(id, '_VenueShowMap')).toEqual(['1']);
    expect(await meta(id, '_VenueShowMapLink')).toEqual(['']);
  });

  it('removes the featured image when the update does not send one, as the plugin does', async () => {
    const created = await agent().post(`${ROOT}/venues`).set('Authorization', admin).send({ venue: 'Image Hall', image: '252' });
    const id = created.body.id as number;
    expect(await meta(id, '_thumbnail_id')).toEqual(['252']);
    expect(created.body.image).toMatchObject({ id: 252 });
    await agent().put(`${ROOT}/venues/${id}`).set('Authorization', admin).send({ city: 'Lyon' }).expect(200);
    expect(await meta(id, '_thumbnail_id')).toEqual([]);
  });
});

describe('organizers', () => {
  it('keeps post fields in meta too (`_Organizerpost_author`), as Organizer::save_meta does', async () => {
    const created = await agent().post(`${ROOT}/organizers`).set('Authorization', admin).send({ organizer: 'Meta Org', author: 3 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.author).toBe('3');
    expect(await meta(created.body.id as number, '_Organizerpost_author')).toEqual(['3']);
  });

  it('answers 410 on a second delete, and leaves the row alone', async () => {
    const created = await agent().post(`${ROOT}/organizers`).set('Authorization', admin).send({ organizer: 'Gone Org' });
    const id = created.body.id as number;
    const first = await agent().delete(`${ROOT}/organizers/${id}`).set('Authorization', admin);
    expect(first.body).toMatchObject({ status: 'trash', slug: 'gone-org__trashed' });
    const second = await agent().delete(`${ROOT}/organizers/${id}`).set('Authorization', admin);
    expect(second.status).toBe(410);
    expect(second.body).toEqual({ code: 'organizer-is-in-trash', message: 'The organizer is already trashed', data: { status: 410 } });
    expect(await meta(id, '_wp_trash_meta_status')).toEqual(['publish']);
  });
});

describe('insertLinkedVenue / insertLinkedOrganizer (nested event input)', () => {
  /** The parts of a request context the nested inserts read: the site, the writer, the clock. */
  async function inWrite(work: (ctx: RequestContext, scope: Parameters<typeof insertLinkedVenue>[1]) => Promise<void>) {
    const { loadSiteSettings } = await import('../../src/wp/site/site.js');
    const site = await loadSiteSettings(database.db);
    const viewer = { userId: 1, capabilities: new Set(['publish_tribe_events', 'read_private_tribe_events']) };
    const ctx = { db: database.db, site, viewer, now: new Date('2026-11-24T17:00:00Z'), params: {} } as unknown as RequestContext;
    await inRolledBackWrite(database.db, { now: ctx.now, site, viewer }, (scope) => work(ctx, scope));
  }

  it('returns the ID of `{id}` of the right type, refuses another type, and creates from fields', async () => {
    await inWrite(async (ctx, scope) => {
      expect(await insertLinkedVenue(ctx, scope, { id: 21 })).toBe(21);
      await expect(insertLinkedVenue(ctx, scope, { id: 29 })).rejects.toMatchObject({ status: 400, code: 'invalid-linked-post-id' });
      expect(await insertLinkedOrganizers(ctx, scope, [{ id: 29 }, 29, 0])).toEqual([29, 29]);
      const made = await insertLinkedVenue(ctx, scope, { venue: 'Nested Hall', zip: 12345, show_map: 'false' });
      expect(made).toBeGreaterThan(265);
      expect(await insertLinkedVenue(ctx, scope, { venue: 'Nested Hall' })).toBe(made);
      const rows = await scope.trx
        .selectFrom('postmeta')
        .select(['meta_key', 'meta_value'])
        .where('post_id', '=', made)
        .where('meta_key', 'in', ['_VenueZip', '_EventShowMap'])
        .orderBy('meta_id')
        .execute();
      expect(rows).toEqual([
        { meta_key: '_EventShowMap', meta_value: '1' },
        { meta_key: '_VenueZip', meta_value: '12345' },
      ]);
    });
  });
});

describe('post dates of venues and organizers', () => {
  /** Runs `work` with the site's zone set to `zone`, then puts the recorded UTC back. */
  async function inZone(zone: string, work: () => Promise<void>): Promise<void> {
    await setOption(database.db, 'timezone_string', zone);
    try {
      await work();
    } finally {
      await setOption(database.db, 'timezone_string', 'UTC');
    }
  }

  async function postDates(id: number) {
    return database.db.selectFrom('posts').select(['post_date', 'post_date_gmt']).where('ID', '=', id).executeTakeFirstOrThrow();
  }

  it('keep `date` as wall time in the site zone, in the post and in `_Venuepost_date` / `_Organizerpost_date`', async () => {
    await inZone('Europe/Berlin', async () => {
      // Tribe__Date_Utils::reformat builds the date in wp_timezone(): a timestamp is shown in the site's zone…
      const venue = await agent().post(`${ROOT}/venues`).set('Authorization', admin).send({ venue: 'Zone Hall', date: '1800000000' });
      expect(venue.status, JSON.stringify(venue.body)).toBe(201);
      const venueId = venue.body.id as number;
      expect(await meta(venueId, '_Venuepost_date')).toEqual(['2027-01-15 09:00:00']);
      expect(await postDates(venueId)).toEqual({ post_date: '2027-01-15 09:00:00', post_date_gmt: '2027-01-15 08:00:00' });

      // …and a zone written in the value is kept, not converted.
      const organizer = await agent()
        .post(`${ROOT}/organizers`)
        .set('Authorization', admin)
        .send({ organizer: 'Zone Org', date: '2027-02-01T10:00:00+05:00' });
      expect(organizer.status, JSON.stringify(organizer.body)).toBe(201);
      const organizerId = organizer.body.id as number;
      expect(await meta(organizerId, '_Organizerpost_date')).toEqual(['2027-02-01 10:00:00']);
      expect(await postDates(organizerId)).toEqual({ post_date: '2027-02-01 10:00:00', post_date_gmt: '2027-02-01 09:00:00' });

      // An update reads it the same way (and leaves the meta alone); `now` is the site's clock, 18:00
      // in Berlin. wp_update_post merges the stored GMT date in, and wp_insert_post keeps it.
      await agent().post(`${ROOT}/venues/${venueId}`).set('Authorization', admin).send({ date: 'now' }).expect(200);
      expect(await postDates(venueId)).toEqual({ post_date: '2026-11-24 18:00:00', post_date_gmt: '2027-01-15 08:00:00' });
      expect(await meta(venueId, '_Venuepost_date')).toEqual(['2027-01-15 09:00:00']);
    });
  });
});

describe('publishing an event publishes its draft venue and organizer (publishAssociatedTypes)', () => {
  async function eventWithDraftLinks(status: string) {
    const venue = await agent().post(`${ROOT}/venues`).set('Authorization', admin).send({ venue: `Unpublished Hall ${status}`, status: 'draft' });
    const organizer = await agent()
      .post(`${ROOT}/organizers`)
      .set('Authorization', admin)
      .send({ organizer: `Unpublished Org ${status}`, status: 'draft' });
    const dates = { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' };
    const links = { venue: venue.body.id as number, organizer: organizer.body.id as number };
    const event = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: `Event with drafts ${status}`, status, ...dates, ...links });
    expect([venue.status, organizer.status, event.status]).toEqual([201, 201, 201]);
    return { eventId: event.body.id as number, venueId: links.venue, organizerId: links.organizer, body: { ...dates, ...links } };
  }

  async function statuses(ids: number[]) {
    const rows = await database.db.selectFrom('posts').select(['ID', 'post_status']).where('ID', 'in', ids).execute();
    return Object.fromEntries(rows.map((row) => [row.ID, row.post_status]));
  }

  it('writes the venue\'s and the organizer\'s revisions before the event\'s, as the hook runs inside the event\'s save', async () => {
    const { eventId, venueId, organizerId, body } = await eventWithDraftLinks('draft');
    const published = await agent().post(`${ROOT}/events/${eventId}`).set('Authorization', admin).send({ ...body, status: 'publish' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(await statuses([eventId, venueId, organizerId])).toEqual({ [eventId]: 'publish', [venueId]: 'publish', [organizerId]: 'publish' });
    const revisions = await database.db
      .selectFrom('posts')
      .select('post_parent')
      .where('post_type', '=', 'revision')
      .where('post_parent', 'in', [eventId, venueId, organizerId])
      .orderBy('ID')
      .execute();
    expect(revisions.map((row) => row.post_parent)).toEqual([venueId, organizerId, eventId]);
  });

  it('gives a linked draft saved without a slug one from its title, else from its kind and ID (TEC 6.15.4)', async () => {
    // Drafts saved in the editor have no slug; the builder stores them so.
    const venue = await insertVenue(database.db, { post_title: 'Café Nowhere', post_status: 'draft' });
    const organizer = await insertOrganizer(database.db, { post_title: '', post_status: 'draft' });
    const slugs = async () =>
      (await database.db.selectFrom('posts').select('post_name').where('ID', 'in', [venue.id, organizer.id]).orderBy('ID').execute()).map(
        (row) => row.post_name,
      );
    expect(await slugs()).toEqual(['', '']);
    const body = { title: 'Slugless Links', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00', venue: venue.id, organizer: organizer.id };
    const draft = await agent().post(`${ROOT}/events`).set('Authorization', admin).send({ ...body, status: 'draft' });
    await agent().post(`${ROOT}/events/${draft.body.id}`).set('Authorization', admin).send({ ...body, status: 'publish' }).expect(200);
    expect(await slugs()).toEqual(['cafe-nowhere', `organizer-${organizer.id}`]);
  });

  it('follows the status the event is stored with: not when `publish` dated ahead makes it `future`, yes when `future` dated past makes it `publish`', async () => {
    // Created published, the event had no links yet when its publish hook ran: they stay drafts.
    const { eventId, venueId, organizerId, body } = await eventWithDraftLinks('publish');
    expect(await statuses([venueId, organizerId])).toEqual({ [venueId]: 'draft', [organizerId]: 'draft' });

    const update = async (status: string, date: string) =>
      (await agent().post(`${ROOT}/events/${eventId}`).set('Authorization', admin).send({ ...body, status, date })).body.status as string;
    expect(await update('publish', '2027-01-10 09:00:00')).toBe('future');
    expect(await statuses([venueId, organizerId])).toEqual({ [venueId]: 'draft', [organizerId]: 'draft' });
    expect(await update('future', '2026-11-01 09:00:00')).toBe('publish');
    expect(await statuses([venueId, organizerId])).toEqual({ [venueId]: 'publish', [organizerId]: 'publish' });
  });
});
