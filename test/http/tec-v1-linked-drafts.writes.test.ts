import { describe, expect, it } from 'vitest';
import { insertEvent, insertOrganizer, insertVenue } from '../builders/index.js';
import { agentFor, fileDatabase, recordedUserAuth } from './support.js';

/*
 * tec/v1 writes of events linked to draft venues and organizers, which the recorded site lacks.
 * Derived by hand from TEC 6.17.2 and WordPress core:
 * - Update_Entity_Response::update saves through the ORM (Tribe__Repository::save), which calls
 *   wp_update_post with the event fields as `meta_input`, and PUT/PATCH default `status` to
 *   `publish` (the request body definition), so a draft event is published.
 * - wp_insert_post writes `meta_input` (the links) and then runs wp_transition_post_status, whose
 *   `publish_tribe_events` action runs Main::publishAssociatedTypes (src/Tribe/Main.php): every
 *   linked venue and organizer neither `publish` nor `private` that the user may publish goes
 *   through wp_publish_post (its revision written then, before the event's own), and one left
 *   without a slug gets one from its title (TEC 6.15.4).
 * - The answer is get_formatted_entity of the event read again, so its nested venue and organizer
 *   show `publish`.
 * - The hook fires on every save that leaves the event published, a create included, and, unlike
 *   the v1 API (which saves the links after wp_update_post), it sees the links the save writes.
 */

const EEA =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';
const admin = recordedUserAuth();

const site = fileDatabase('reference');
const db = () => site.database.db;

const agent = () => agentFor(site.database, { now: '2026-11-26T21:08:00Z', env: { NAMESPACES: 'tec/v1' } });

async function rows(ids: number[]) {
  const found = await db().selectFrom('posts').select(['ID', 'post_status', 'post_name']).where('ID', 'in', ids).orderBy('ID').execute();
  return Object.fromEntries(found.map((row) => [row.ID, `${row.post_status} ${row.post_name}`]));
}

async function revisionParents(ids: number[]): Promise<number[]> {
  const found = await db().selectFrom('posts').select('post_parent').where('post_type', '=', 'revision').where('post_parent', 'in', ids).orderBy('ID').execute();
  return found.map((row) => row.post_parent);
}

async function draftLinks(name: string) {
  // Drafts saved in the editor have no slug; the builders store them so.
  const venue = (await insertVenue(db(), { post_title: `Draft Hall ${name}`, post_status: 'draft', post_name: '' })).id;
  const organizer = (await insertOrganizer(db(), { post_title: '', post_status: 'draft', post_name: '' })).id;
  return { venue, organizer };
}

describe('tec/v1: an event saved published publishes its draft venue and organizer', () => {
  it('PATCH of a draft event (status defaults to publish): the links published, with slugs and revisions before the event’s', async () => {
    const { venue, organizer } = await draftLinks('one');
    const event = (await insertEvent(db(), { post_title: 'Draft gig', post_status: 'draft', venue, organizers: [organizer] })).id;
    const response = await agent().patch(`/wp-json/tec/v1/events/${event}`).set('Authorization', admin).set('X-TEC-EEA', EEA).send({ title: 'Published gig' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await rows([event, venue, organizer])).toEqual({
      [event]: 'publish published-gig',
      [venue]: 'publish draft-hall-one',
      [organizer]: `publish organizer-${organizer}`,
    });
    expect(await revisionParents([event, venue, organizer])).toEqual([venue, organizer, event]);
    const body = response.body as { status: string; venues: { id: number; status: string }[]; organizers: { id: number; status: string; slug: string }[] };
    expect(body.status).toBe('publish');
    expect(body.venues.map((linked) => [linked.id, linked.status])).toEqual([[venue, 'publish']]);
    expect(body.organizers.map((linked) => [linked.id, linked.status, linked.slug])).toEqual([[organizer, 'publish', `organizer-${organizer}`]]);
  });

  it('a draft kept a draft leaves its links drafts', async () => {
    const { venue, organizer } = await draftLinks('two');
    const event = (await insertEvent(db(), { post_title: 'Still drafting', post_status: 'draft', venue, organizers: [organizer] })).id;
    const response = await agent()
      .patch(`/wp-json/tec/v1/events/${event}`)
      .set('Authorization', admin)
      .set('X-TEC-EEA', EEA)
      .send({ title: 'Still drafting', status: 'draft' });
    expect(response.status).toBe(200);
    expect(await rows([venue, organizer])).toEqual({ [venue]: 'draft ', [organizer]: 'draft ' });
  });

  it('a create naming draft links publishes them: the hook sees the links this save wrote', async () => {
    const { venue, organizer } = await draftLinks('three');
    const response = await agent()
      .post('/wp-json/tec/v1/events')
      .set('Authorization', admin)
      .set('X-TEC-EEA', EEA)
      .send({ title: 'Born published', start_date: '2028-02-10 18:00:00', end_date: '2028-02-10 20:30:00', venues: [venue], organizers: [organizer] });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await rows([venue, organizer])).toEqual({ [venue]: 'publish draft-hall-three', [organizer]: `publish organizer-${organizer}` });
  });
});
