import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { attachTerms, insertEvent, insertPost, insertTerm, setOption, type InsertedTerm } from '../builders/index.js';
import { REST_BASE, ROOT, agentFor, getArchive, type ArchiveJson } from './support.js';

/**
 * Pointed checks of GET /tags and /tags/{id}: tags are WordPress's own `post_tag`, shared with
 * ordinary posts, so the list holds tags no event uses and counts every published post.
 */
type TagJson = { id: number; count: number; name: string; slug: string; url: string; urls: Record<string, string> };
type ListJson = ArchiveJson<'tags', TagJson>;

const list = (database: TestDatabase, query = '') => getArchive<ListJson>(database, 'tags', query);

const names = (body: ListJson) => body.tags.map((tag) => tag.name);

describe('tags shared with ordinary posts', () => {
  let database: TestDatabase;
  const tags = {} as Record<'blog' | 'draft' | 'free' | 'kids' | 'unused', InsertedTerm>;
  const posts = {} as Record<'post' | 'draftPost' | 'event', number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const tag = (name: string) => insertTerm(db, { taxonomy: 'post_tag', name });
    tags.blog = await tag('blog only');
    tags.draft = await tag('draft only');
    tags.free = await tag('free');
    tags.kids = await tag('Kids');
    tags.unused = await tag('unused');
    posts.post = (await insertPost(db, { post_title: 'Hello', post_type: 'post' })).id;
    await attachTerms(db, posts.post, [tags.blog.term_taxonomy_id, tags.free.term_taxonomy_id]);
    posts.draftPost = (await insertPost(db, { post_title: 'Unfinished', post_type: 'post', post_status: 'draft' })).id;
    await attachTerms(db, posts.draftPost, [tags.draft.term_taxonomy_id]);
    posts.event = (
      await insertEvent(db, { post_title: 'Fair', tags: [tags.free.term_taxonomy_id, tags.kids.term_taxonomy_id] })
    ).id;
  });
  afterAll(() => database?.drop());

  it('lists a tag used only by an ordinary post, and hides tags no published post uses', async () => {
    const body = await list(database);
    expect(names(body)).toEqual(['blog only', 'free', 'Kids']);
    expect(body.total).toBe(3);
    // The stored count covers every post type: the post and the event both carry `free`.
    expect(body.tags.find((tag) => tag.name === 'free')!.count).toBe(2);
    expect(names(await list(database, 'hide_empty=false'))).toEqual(['blog only', 'draft only', 'free', 'Kids', 'unused']);
  });

  it('prints tags without a parent, with /tag/ archive links', async () => {
    const free = (await list(database, 'slug=free')).tags[0]!;
    expect(Object.keys(free)).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'meta', 'url', 'urls']);
    expect(free).toMatchObject({ taxonomy: 'post_tag', meta: [], url: 'http://127.0.0.1:8080/tag/free/' });
    expect(free.urls).toEqual({ self: `${REST_BASE}/tags/${tags.free.term_id}`, collection: `${REST_BASE}/tags` });
  });

  it('lists the tags of one event; an ordinary post is no event', async () => {
    expect(names(await list(database, `post=${posts.event}`))).toEqual(['free', 'Kids']);
    const response = await agentFor(database).get(`${ROOT}/tags?post=${posts.post}`);
    expect(response.status).toBe(400);
    expect(response.body.data.params).toEqual({ post: 'Invalid parameter.' });
  });

  it('ignores parent, which tags do not have', async () => {
    expect(names(await list(database, `parent=${tags.free.term_id}`))).toEqual(['blog only', 'free', 'Kids']);
  });

  it('orders by count, then term ID, and by name in the column collation', async () => {
    expect(names(await list(database, 'orderby=count&order=desc&hide_empty=0'))).toEqual([
      'free',
      'blog only',
      'Kids',
      'draft only',
      'unused',
    ]);
    // Names sort case-insensitively, as the database collation does.
    expect(names(await list(database, 'order=desc'))).toEqual(['Kids', 'free', 'blog only']);
  });

  it('pages and honours core`s offset for flat taxonomies', async () => {
    const second = await list(database, 'per_page=2&page=2&hide_empty=0');
    expect(names(second)).toEqual(['free', 'Kids']);
    expect(second.total_pages).toBe(3);
    expect(second.next_rest_url).toBe(`${REST_BASE}/tags/?page=3`);
    expect(second.previous_rest_url).toBe(`${REST_BASE}/tags/`);
    const offset = await list(database, 'per_page=2&offset=3&hide_empty=0');
    expect(names(offset)).toEqual(['Kids', 'unused']);
    // TEC's links follow `page`, which offset does not change.
    expect(offset.next_rest_url).toBe(`${REST_BASE}/tags/?page=2`);
  });

  it('include and exclude name tags only', async () => {
    expect(names(await list(database, `include=${tags.kids.term_id},${tags.blog.term_id}&orderby=include`))).toEqual([
      'Kids',
      'blog only',
    ]);
    expect(names(await list(database, `exclude=${tags.free.term_id}`))).toEqual(['blog only', 'Kids']);
    const category = await insertTerm(database.db, { taxonomy: 'tribe_events_cat', name: 'Music' });
    const response = await agentFor(database).get(`${ROOT}/tags?include=${category.term_id}`);
    expect(response.status).toBe(400);
  });

  it('reads one tag with core links to every REST post type it applies to', async () => {
    const response = await agentFor(database).get(`${ROOT}/tags/${tags.kids.term_id}`);
    expect(response.status).toBe(200);
    const id = tags.kids.term_id;
    const wp = 'http://127.0.0.1:8080/wp-json/wp/v2';
    expect(response.body).toEqual({
      id,
      count: 1,
      description: '',
      name: 'Kids',
      slug: 'kids',
      taxonomy: 'post_tag',
      meta: [],
      url: 'http://127.0.0.1:8080/tag/kids/',
      urls: { self: `${REST_BASE}/tags/${id}`, collection: `${REST_BASE}/tags` },
      _links: {
        self: [{ href: `${wp}/tags/${id}`, targetHints: { allow: ['GET'] } }],
        collection: [{ href: `${wp}/tags` }],
        about: [{ href: `${wp}/taxonomies/post_tag` }],
        'wp:post_type': [
          { href: `${wp}/posts?tags=${id}` },
          { href: `${wp}/tribe_events?tags=${id}` },
          { href: `${wp}/tec_calendar_embed?tags=${id}` },
        ],
        curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
      },
    });
  });

  it('follows the tag base and a plain permalink structure', async () => {
    await setOption(database.db, 'tag_base', '/topics');
    try {
      expect((await list(database, 'slug=kids')).tags[0]!.url).toBe('http://127.0.0.1:8080/topics/kids/');
      await setOption(database.db, 'permalink_structure', '');
      expect((await list(database, 'slug=kids')).tags[0]!.url).toBe('http://127.0.0.1:8080/?tag=kids');
    } finally {
      await database.db.deleteFrom('options').where('option_name', '=', 'tag_base').execute();
      await setOption(database.db, 'permalink_structure', '/%postname%/');
    }
  });
});

describe('on a multisite sub-site prefix (wp_2_)', () => {
  let database: TestDatabase;
  let tag: InsertedTerm;
  beforeAll(async () => {
    database = await createTestDatabase({ prefix: 'wp_2_' });
    tag = await insertTerm(database.db, { taxonomy: 'post_tag', name: 'weekend' });
    await insertEvent(database.db, { post_title: 'Brunch', tags: [tag.term_taxonomy_id] });
  });
  afterAll(() => database?.drop());

  it('lists and reads the prefixed tables', async () => {
    const body = await list(database);
    expect(body.tags.map((item) => [item.name, item.count])).toEqual([['weekend', 1]]);
    const single = await agentFor(database).get(`${ROOT}/tags/${tag.term_id}`);
    expect(single.status).toBe(200);
    expect(single.body.url).toBe('http://127.0.0.1:8080/tag/weekend/');
  });
});
