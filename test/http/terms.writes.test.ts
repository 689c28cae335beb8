import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ROOT, agentFor, recordedUserAuth } from './support.js';

/*
 * Category and tag writes on the recorded site, for the rules the captures do not show: the
 * Location header, the 400 this service gives duplicate_term_slug (the plugin's is a 500), a
 * parent sent to a tag edit, what a category delete does to its children and to the stored
 * hierarchy, and form-encoded bodies.
 */

const admin = recordedUserAuth();

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  await database?.drop();
});

const agent = () => agentFor(database, { now: '2026-11-24T17:00:00Z' });

async function childrenOption(): Promise<string | undefined> {
  const row = await database.db
    .selectFrom('options')
    .select('option_value')
    .where('option_name', '=', 'tribe_events_cat_children')
    .executeTakeFirst();
  return row?.option_value;
}

async function termRows(termId: number) {
  return database.db
    .selectFrom('terms')
    .innerJoin('term_taxonomy', 'term_taxonomy.term_id', 'terms.term_id')
    .select(['terms.name', 'terms.slug', 'term_taxonomy.parent', 'term_taxonomy.count'])
    .where('terms.term_id', '=', termId)
    .executeTakeFirst();
}

describe('POST /categories', () => {
  it('answers 201 with the Location of the wp/v2 term and the same body a GET gives', async () => {
    const created = await agent().post(`${ROOT}/categories`).set('Authorization', admin).send({ name: 'Lectures', parent: 9 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect(created.headers.location).toBe(`http://127.0.0.1:8080/wp-json/wp/v2/tribe_events_cat/${id}`);
    expect(created.body).toMatchObject({ name: 'Lectures', slug: 'lectures', parent: 9, count: 0 });
    expect(created.body.url).toBe('http://127.0.0.1:8080/events/category/workshops/lectures/');

    const read = await agent().get(`${ROOT}/categories/${id}`).set('Authorization', admin);
    expect(read.body).toEqual(created.body);
    expect(await childrenOption()).toContain(`i:9;a:1:{i:0;i:${id};}`);
  });

  it('takes a form-encoded body too', async () => {
    const created = await agent()
      .post(`${ROOT}/tags`)
      .set('Authorization', admin)
      .type('form')
      .send({ name: 'Open  air', description: 'Under the <em>sky</em> & stars' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'Open air', slug: 'open-air', description: 'Under the <em>sky</em> &amp; stars' });
  });
});

describe('POST /categories/{id} and /tags/{id}', () => {
  it('another category slug: duplicate_term_slug as 400, nothing written', async () => {
    const before = await termRows(10);
    const response = await agent().put(`${ROOT}/categories/10`).set('Authorization', admin).send({ slug: 'music' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'duplicate_term_slug',
      message: 'The slug &#8220;music&#8221; is already in use by another term.',
      data: { status: 400 },
    });
    expect(await termRows(10)).toEqual(before);
  });

  it('a parent sent to a tag edit is refused, though the tag routes declare no parent', async () => {
    const response = await agent().patch(`${ROOT}/tags/13`).set('Authorization', admin).send({ parent: 12 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'rest_taxonomy_not_hierarchical',
      message: 'Cannot set parent term, taxonomy is not hierarchical.',
      data: { status: 400 },
    });
  });

  it('a description edit keeps the name and slug, and the answer carries core _links', async () => {
    const response = await agent().patch(`${ROOT}/tags/16`).set('Authorization', admin).send({ description: 'Sat & Sun' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: 16, name: 'weekend', slug: 'weekend', description: 'Sat &amp; Sun', count: 36 });
    expect(Object.keys(response.body._links)).toEqual(['self', 'collection', 'about', 'wp:post_type', 'curies']);
  });
});

describe('DELETE /categories/{id}', () => {
  it('moves the children up to the deleted category parent and rebuilds the stored hierarchy', async () => {
    const child = await agent().post(`${ROOT}/categories`).set('Authorization', admin).send({ name: 'Bebop', parent: 8 });
    expect(child.status).toBe(201);
    const childId = child.body.id as number;
    expect(await childrenOption()).toContain(`i:8;a:1:{i:0;i:${childId};}`);

    const deleted = await agent().delete(`${ROOT}/categories/8`).set('Authorization', admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: 8, name: 'Sports', count: 41, parent: 0 });
    expect(deleted.body._links).toBeUndefined();

    expect(await termRows(8)).toBeUndefined();
    expect(await termRows(childId)).toMatchObject({ name: 'Bebop', parent: 0 });
    expect(await childrenOption()).not.toContain('i:8;a:');

    const again = await agent().delete(`${ROOT}/categories/8`).set('Authorization', admin);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('rest_invalid_param');
  });
});

describe('term counts after event writes (_update_post_term_count on the status the event is stored with)', () => {
  it('count only published events: a `publish` dated ahead is `future` and drops out, dated past it counts again, trashed it drops out', async () => {
    const category = await agent().post(`${ROOT}/categories`).set('Authorization', admin).send({ name: 'Counted Talks' });
    const tag = await agent().post(`${ROOT}/tags`).set('Authorization', admin).send({ name: 'counted-tag' });
    const termIds = [category.body.id as number, tag.body.id as number];
    const counts = async () => Promise.all(termIds.map(async (id) => (await termRows(id))?.count));
    const dates = { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' };

    const created = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Counted Event', ...dates, categories: [termIds[0]], tags: [termIds[1]] });
    expect(created.body.status).toBe('publish');
    const id = created.body.id as number;
    expect(await counts()).toEqual([1, 1]);

    // The terms are not sent: only the status moves, and WordPress recounts the event's terms.
    const scheduled = await agent().post(`${ROOT}/events/${id}`).set('Authorization', admin).send({ ...dates, date: '2027-01-10 09:00:00' });
    expect(scheduled.body.status).toBe('future');
    expect(await counts()).toEqual([0, 0]);

    const due = await agent().post(`${ROOT}/events/${id}`).set('Authorization', admin).send({ ...dates, date: '2026-11-01 09:00:00' });
    expect(due.body.status).toBe('publish');
    expect(await counts()).toEqual([1, 1]);

    // Created as `publish` with a date ahead, an event is stored `future` and never counted.
    const ahead = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Counted Later', ...dates, date: '2027-01-10 09:00:00', categories: [termIds[0]], tags: [termIds[1]] });
    expect(ahead.body.status).toBe('future');
    expect(await counts()).toEqual([1, 1]);

    await agent().delete(`${ROOT}/events/${id}`).set('Authorization', admin).expect(200);
    expect(await counts()).toEqual([0, 0]);
  });
});
