import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertTerm, setOption, type InsertedTerm } from '../builders/index.js';
import { REST_BASE, ROOT, agentFor, getArchive, type ArchiveJson } from './support.js';

/**
 * Pointed checks of GET /categories and /categories/{id} on hand-built data: a category tree
 * (what the reference dump lacks), hide_empty over it, parent, include/exclude, ordering, paging
 * and the terms of one event.
 */
type TermJson = {
  id: number;
  count: number;
  name: string;
  slug: string;
  parent?: number;
  url: string;
  urls: Record<string, string>;
  _links?: Record<string, Record<string, unknown>[]>;
};
type ListJson = ArchiveJson<'categories', TermJson>;

const list = (database: TestDatabase, query = '') => getArchive<ListJson>(database, 'categories', query);

const names = (body: ListJson) => body.categories.map((term) => term.name);

describe('a category tree', () => {
  let database: TestDatabase;
  const terms = {} as Record<'music' | 'jazz' | 'bebop' | 'sports' | 'food' | 'empty', InsertedTerm>;
  const events = {} as Record<'bebop' | 'games' | 'draft', number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const category = (name: string, parent?: InsertedTerm, description?: string) =>
      insertTerm(db, { taxonomy: 'tribe_events_cat', name, parent: parent?.term_id, description });
    // Music has no event of its own; its grandchild Bebop has one.
    terms.music = await category('Music');
    terms.jazz = await category('Jazz', terms.music);
    terms.bebop = await category('Bebop', terms.jazz);
    terms.sports = await category('Sports');
    terms.food = await category('Food & Drink', undefined, 'Eat & drink');
    terms.empty = await category('Arts');
    events.bebop = (await insertEvent(db, { post_title: 'Bebop night', categories: [terms.bebop.term_taxonomy_id] })).id;
    events.games = (
      await insertEvent(db, {
        post_title: 'Games',
        categories: [terms.sports.term_taxonomy_id, terms.food.term_taxonomy_id],
      })
    ).id;
    await insertEvent(db, { post_title: 'More games', categories: [terms.sports.term_taxonomy_id] });
    // A draft's category keeps a count of 0 (WordPress counts published posts only).
    events.draft = (
      await insertEvent(db, { post_title: 'Draft', post_status: 'draft', categories: [terms.empty.term_taxonomy_id] })
    ).id;
  });
  afterAll(() => database?.drop());

  it('hides empty categories by default but keeps an empty parent of a non-empty one', async () => {
    const body = await list(database);
    expect(names(body)).toEqual(['Bebop', 'Food &amp; Drink', 'Jazz', 'Music', 'Sports']);
    // The count query of get_terms skips the hierarchy walk, so the total leaves Jazz and Music out.
    expect(body.total).toBe(3);
    expect(body.categories.find((term) => term.name === 'Music')!.count).toBe(0);
  });

  it('lists every category with hide_empty=false', async () => {
    const body = await list(database, 'hide_empty=false');
    expect(names(body)).toEqual(['Arts', 'Bebop', 'Food &amp; Drink', 'Jazz', 'Music', 'Sports']);
    expect(body.total).toBe(6);
    expect(body.total_pages).toBe(1);
  });

  it('prints the stored, HTML-escaped name and description', async () => {
    const food = (await list(database, `include=${terms.food.term_id}`)).categories[0]!;
    expect(food).toMatchObject({ name: 'Food &amp; Drink', description: 'Eat &amp; drink', slug: 'food-drink' });
  });

  it('builds hierarchical archive links and parent URLs', async () => {
    const bebop = (await list(database, 'slug=bebop')).categories[0]!;
    expect(Object.keys(bebop)).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls']);
    expect(bebop.parent).toBe(terms.jazz.term_id);
    expect(bebop.url).toBe('http://127.0.0.1:8080/events/category/music/jazz/bebop/');
    expect(bebop.urls).toEqual({
      self: `${REST_BASE}/categories/${terms.bebop.term_id}`,
      collection: `${REST_BASE}/categories`,
      up: `${REST_BASE}/categories/${terms.jazz.term_id}`,
    });
  });

  it('filters on parent: direct children only', async () => {
    expect(names(await list(database, `parent=${terms.music.term_id}`))).toEqual(['Jazz']);
    expect(names(await list(database, `parent=${terms.jazz.term_id}`))).toEqual(['Bebop']);
    // Bebop has no children: an empty list, not an error.
    expect((await list(database, `parent=${terms.bebop.term_id}`)).total).toBe(0);
  });

  it('refuses a parent that is not an event category, 0 included', async () => {
    for (const parent of ['0', '9999', 'abc']) {
      const response = await agentFor(database).get(`${ROOT}/categories?parent=${parent}`);
      expect(response.status, parent).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
    }
  });

  it('filters on include and exclude, include winning', async () => {
    const include = `${terms.sports.term_id},${terms.music.term_id}`;
    expect(names(await list(database, `include=${include}`))).toEqual(['Music', 'Sports']);
    // A trailing comma names nothing more (list_to_array skips empty items).
    expect(names(await list(database, `include=${terms.sports.term_id},`))).toEqual(['Sports']);
    expect(names(await list(database, `exclude=${include}`))).toEqual(['Bebop', 'Food &amp; Drink', 'Jazz']);
    expect(names(await list(database, `include=${terms.sports.term_id}&exclude=${terms.sports.term_id}`))).toEqual(['Sports']);
    const unknown = await agentFor(database).get(`${ROOT}/categories?include=${terms.sports.term_id},9999`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.params).toEqual({ include: 'Invalid parameter.' });
  });

  it('orders by the columns core accepts, ascending unless told otherwise', async () => {
    const all = 'hide_empty=0';
    const byId = [terms.music, terms.jazz, terms.bebop, terms.sports, terms.food, terms.empty].map((term) => term.term_id);
    expect((await list(database, `${all}&orderby=id`)).categories.map((term) => term.id)).toEqual(byId);
    expect((await list(database, `${all}&orderby=id&order=desc`)).categories.map((term) => term.id)).toEqual([...byId].reverse());
    // Anything but `asc` (any case) sorts descending, as WP_Term_Query::parse_order does.
    expect((await list(database, `${all}&orderby=id&order=upwards`)).categories.map((term) => term.id)).toEqual([...byId].reverse());
    expect((await list(database, `${all}&orderby=ID&order=ASC`)).categories.map((term) => term.id)).toEqual(byId);
    expect(names(await list(database, `${all}&orderby=slug&order=desc`))).toEqual(['Sports', 'Music', 'Jazz', 'Food &amp; Drink', 'Bebop', 'Arts']);
    // Counts 2, 1, 1, 0, 0, 0: equal counts come by term ID.
    expect(names(await list(database, `${all}&orderby=count&order=desc`))).toEqual(['Sports', 'Bebop', 'Food &amp; Drink', 'Music', 'Jazz', 'Arts']);
    const include = `${terms.sports.term_id},${terms.bebop.term_id},${terms.food.term_id}`;
    expect(names(await list(database, `include=${include}&orderby=include`))).toEqual(['Sports', 'Bebop', 'Food &amp; Drink']);
    // An unknown orderby falls back to the name.
    expect(names(await list(database, 'orderby=whatever'))).toEqual(['Bebop', 'Food &amp; Drink', 'Jazz', 'Music', 'Sports']);
  });

  it('searches names and slugs', async () => {
    expect(names(await list(database, 'search=jaz'))).toEqual(['Jazz']);
    expect(names(await list(database, 'search=food-'))).toEqual(['Food &amp; Drink']);
    // `%` is a literal character, not a wildcard.
    expect((await list(database, 'search=%25')).total).toBe(0);
  });

  it('pages with next and previous links computed from the page count', async () => {
    const all = 'hide_empty=false&per_page=2';
    const first = await list(database, all);
    expect(first.rest_url).toBe(`${REST_BASE}/categories/`);
    expect(first.total_pages).toBe(3);
    expect(first.next_rest_url).toBe(`${REST_BASE}/categories/?page=2`);
    expect(first.previous_rest_url).toBeUndefined();

    const second = await list(database, `${all}&page=2`);
    expect(names(second)).toEqual(['Food &amp; Drink', 'Jazz']);
    expect(second.next_rest_url).toBe(`${REST_BASE}/categories/?page=3`);
    expect(second.previous_rest_url).toBe(`${REST_BASE}/categories/`);
    expect(Object.keys(second)).toEqual(['rest_url', 'total', 'total_pages', 'categories', 'next_rest_url', 'previous_rest_url']);

    const third = await list(database, `${all}&page=3`);
    expect(third.next_rest_url).toBeUndefined();
    expect(third.previous_rest_url).toBe(`${REST_BASE}/categories/?page=2`);

    const past = await agentFor(database).get(`${ROOT}/categories?${all}&page=7`);
    expect(past.status).toBe(200);
    expect(past.headers['x-tec-total']).toBe('6');
    expect(past.headers['x-tec-totalpages']).toBe('3');
    expect(past.body.categories).toEqual([]);
    expect(past.body.previous_rest_url).toBe(`${REST_BASE}/categories/?page=6`);
  });

  it('caps per_page at 50', async () => {
    const response = await agentFor(database).get(`${ROOT}/categories?per_page=500&hide_empty=0`);
    expect(response.status).toBe(200);
    expect(response.body.total_pages).toBe(1);
  });

  it('lists the categories of one event, empty ones included, with post or its alias event', async () => {
    expect(names(await list(database, `post=${events.games}`))).toEqual(['Food &amp; Drink', 'Sports']);
    expect(names(await list(database, `event=${events.games}`))).toEqual(['Food &amp; Drink', 'Sports']);
    // `event` wins over `post` when both are sent.
    expect(names(await list(database, `post=${events.games}&event=${events.bebop}`))).toEqual(['Bebop']);
    const draft = await list(database, `post=${events.draft}`);
    expect(names(draft)).toEqual(['Arts']);
    expect(draft.total).toBe(1);
  });

  it('refuses post and event values that are not events', async () => {
    for (const query of ['post=9999', 'event=abc', 'post[]=1']) {
      const response = await agentFor(database).get(`${ROOT}/categories?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
    }
  });

  it('reads one category with core links, an up link for a child', async () => {
    const response = await agentFor(database).get(`${ROOT}/categories/${terms.jazz.term_id}`);
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET');
    const jazz = response.body as TermJson;
    expect(jazz.url).toBe('http://127.0.0.1:8080/events/category/music/jazz/');
    const wp = 'http://127.0.0.1:8080/wp-json/wp/v2';
    expect(jazz._links).toEqual({
      self: [{ href: `${wp}/tribe_events_cat/${terms.jazz.term_id}`, targetHints: { allow: ['GET'] } }],
      collection: [{ href: `${wp}/tribe_events_cat` }],
      about: [{ href: `${wp}/taxonomies/tribe_events_cat` }],
      up: [{ embeddable: true, href: `${wp}/tribe_events_cat/${terms.music.term_id}` }],
      'wp:post_type': [
        { href: `${wp}/tribe_events?tribe_events_cat=${terms.jazz.term_id}` },
        { href: `${wp}/tec_calendar_embed?tribe_events_cat=${terms.jazz.term_id}` },
      ],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    });
    expect(Object.keys(jazz._links!.up![0]!)).toEqual(['embeddable', 'href']);
  });

  it('answers 400 for an unknown ID or a tag ID, and 404 for a non-numeric one', async () => {
    const tag = await insertTerm(database.db, { taxonomy: 'post_tag', name: 'A tag' });
    for (const id of [9999, tag.term_id]) {
      const response = await agentFor(database).get(`${ROOT}/categories/${id}`);
      expect(response.status).toBe(400);
      expect(response.body.data.params).toEqual({ id: 'Invalid parameter.' });
    }
    expect((await agentFor(database).get(`${ROOT}/categories/jazz`)).status).toBe(404);
  });

  it('follows the events slug and the permalink settings in archive links', async () => {
    const jazzId = terms.jazz.term_id;
    await setOption(database.db, 'tribe_events_calendar_options', 'a:1:{s:10:"eventsSlug";s:10:"Happenings";}');
    await setOption(database.db, 'permalink_structure', '/blog/%postname%');
    try {
      const pretty = (await agentFor(database).get(`${ROOT}/categories/${jazzId}`)).body as TermJson;
      // No permalink front (with_front is false) and no trailing slash without one in the structure.
      expect(pretty.url).toBe('http://127.0.0.1:8080/happenings/category/music/jazz');
      await setOption(database.db, 'permalink_structure', '');
      const plain = (await agentFor(database).get(`${ROOT}/categories/${jazzId}`)).body as TermJson;
      expect(plain.url).toBe('http://127.0.0.1:8080/?tribe_events_cat=jazz');
    } finally {
      await setOption(database.db, 'tribe_events_calendar_options', 'a:0:{}', 'auto');
      await setOption(database.db, 'permalink_structure', '/%postname%/');
    }
  });
});

describe('on a multisite sub-site prefix (wp_2_)', () => {
  let database: TestDatabase;
  let music: InsertedTerm;
  beforeAll(async () => {
    database = await createTestDatabase({ prefix: 'wp_2_' });
    music = await insertTerm(database.db, { taxonomy: 'tribe_events_cat', name: 'Music' });
    await insertEvent(database.db, { post_title: 'Concert', categories: [music.term_taxonomy_id] });
  });
  afterAll(() => database?.drop());

  it('lists and reads the prefixed tables, with URLs from PUBLIC_URL', async () => {
    const agent = agentFor(database, { env: { PUBLIC_URL: 'https://events.example.com' } });
    const listed = await agent.get(`${ROOT}/categories`);
    expect(listed.status).toBe(200);
    expect(listed.body.rest_url).toBe(`https://events.example.com${ROOT}/categories/`);
    expect(listed.body.categories.map((term: TermJson) => [term.name, term.count])).toEqual([['Music', 1]]);
    const single = await agent.get(`${ROOT}/categories/${music.term_id}`);
    expect(single.status).toBe(200);
    expect(single.body.url).toBe('https://events.example.com/events/category/music/');
  });
});
