import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../src/http/request-context.js';
import { insertLinkedOrganizers, insertLinkedVenue } from '../../src/resources/linked-posts/linked-posts.writes.js';
import { postMetaValues } from '../setup/post-meta.js';
import { inRolledBackWrite } from '../setup/rolled-back-write.js';
import { expectCustomTablesFollowMeta } from '../setup/custom-tables-agreement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ROOT, agentFor, recordedUserAuth } from './support.js';

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

// Every event's tec_events / tec_occurrences rows follow its meta after each test's writes (README, Writes).
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
