import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { namedSelects, selectPostBundle } from '../../../../src/wp/posts/post-bundle.repository.js';
import { selectMetaForPosts, selectPostsByIds } from '../../../../src/wp/posts/posts.repository.js';
import { selectTermsForPosts } from '../../../../src/wp/terms/terms.repository.js';
import { groupMetaRows } from '../../../../src/wp/posts/meta.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';
import { insertPostMeta } from '../../../builders/index.js';
import { idsAlongPath } from '../../../../src/wp/posts/meta-paths.js';

/**
 * selectPostBundle answers, in one statement, what the separate SELECTs answer: the same post
 * rows (types included), every meta row in meta_id order, the terms by name then term_id.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});
afterAll(() => database?.drop());

describe('selectPostBundle', () => {
  it('loads posts and all their meta exactly as the separate queries do', async () => {
    const ids = [6, 248, 254, 264, 265, 99999];
    const [bundle, posts, metaRows] = await Promise.all([
      selectPostBundle(database.db, { ids }),
      selectPostsByIds(database.db, ids),
      selectMetaForPosts(database.db, ids),
    ]);
    const meta = groupMetaRows(metaRows);
    expect([...bundle.posts.keys()].sort((a, b) => a - b)).toEqual(posts.map((post) => post.ID).sort((a, b) => a - b));
    for (const post of posts) {
      expect(bundle.posts.get(post.ID)?.post).toEqual(post);
      expect([...(bundle.posts.get(post.ID)?.meta ?? new Map())]).toEqual([...(meta.get(post.ID) ?? new Map())]);
    }
  });

  it('loads the terms of objects in the order wp_get_object_terms gives them', async () => {
    const objectIds = [6, 7, 194, 246];
    const taxonomies = ['tribe_events_cat', 'post_tag'];
    const [bundle, terms] = await Promise.all([
      selectPostBundle(database.db, { termsOf: { objectIds, taxonomies } }),
      selectTermsForPosts(database.db, objectIds, taxonomies),
    ]);
    expect(terms.length).toBeGreaterThan(3);
    expect(bundle.terms).toEqual(terms);
  });

  it('loads posts named by a meta value of other posts (featured images), once even when also named by ID', async () => {
    const bundle = await selectPostBundle(database.db, { ids: [254, 252], byMetaOf: [{ postIds: [254], steps: [['_thumbnail_id']] }] });
    expect([...bundle.posts.keys()].sort()).toEqual([252, 254]);
    const attachmentMeta = bundle.posts.get(252)!.meta;
    expect(attachmentMeta.get('_wp_attached_file')).toEqual(['2026/11/harbour-night.jpg']);
    // Each meta row once, though the attachment came both ways.
    const [rows] = await Promise.all([selectMetaForPosts(database.db, [252])]);
    expect([...attachmentMeta.values()].flat()).toHaveLength(rows.length);
  });

  it('loads every post along a meta path (an event\'s venue and organizer, then their featured images) with its meta', async () => {
    // Venue 5 of event 6 gets a featured image; organizer 4 has none.
    await insertPostMeta(database.db, 5, [['_thumbnail_id', '252']]);
    const path = { postIds: [6], steps: [['_EventVenueID', '_EventOrganizerID'], ['_thumbnail_id']] };
    const bundle = await selectPostBundle(database.db, { ids: [6], byMetaOf: [path] });
    expect([...bundle.posts.keys()].sort((a, b) => a - b)).toEqual([4, 5, 6, 252]);
    const metaRows = groupMetaRows(await selectMetaForPosts(database.db, [4, 5, 252]));
    for (const id of [4, 5, 252]) expect([...bundle.posts.get(id)!.meta]).toEqual([...metaRows.get(id)!]);
    expect([...idsAlongPath(path, (id) => bundle.posts.get(id)?.meta)].sort((a, b) => a - b)).toEqual([4, 5, 252]);
  });

  it('answers right from the SQL it keeps per shape for meta paths, with other start posts', async () => {
    const steps = [['_EventVenueID', '_EventOrganizerID'], ['_thumbnail_id']];
    // Same shape (one start post, two steps of 2 and 1 keys), different values each time.
    for (const [start, venue, organizers] of [[6, 5, [4]], [248, 20, [30, 31]]] as const) {
      const bundle = await selectPostBundle(database.db, { byMetaOf: [{ postIds: [start], steps }] });
      expect([...bundle.posts.keys()].sort((a, b) => a - b)).toEqual([venue, ...organizers, ...(venue === 5 ? [252] : [])].sort((a, b) => a - b));
    }
  });

  it('keeps each post and meta row once when two paths name the same post (an event and its venue sharing an image)', async () => {
    await insertPostMeta(database.db, 7, [['_thumbnail_id', '252']]);
    await insertPostMeta(database.db, 5, [['_thumbnail_id', '252']]);
    const paths = [
      { postIds: [7], steps: [['_thumbnail_id']] },
      { postIds: [7], steps: [['_EventVenueID', '_EventOrganizerID'], ['_thumbnail_id']] },
    ];
    const venue = Number((await selectMetaForPosts(database.db, [7])).find((row) => row.meta_key === '_EventVenueID')!.meta_value);
    expect(venue).toBe(5);
    const bundle = await selectPostBundle(database.db, { ids: [7], byMetaOf: paths });
    const metaRows = groupMetaRows(await selectMetaForPosts(database.db, [252, 5]));
    expect([...bundle.posts.get(252)!.meta]).toEqual([...metaRows.get(252)!]);
    expect([...bundle.posts.get(5)!.meta]).toEqual([...metaRows.get(5)!]);
  });

  it('looks at the same posts through the same steps once: keys of steps that start alike are one SELECT', () => {
    const thumbnail = { postIds: [6, 7], steps: [['_thumbnail_id']] };
    const linked = { postIds: [6, 7], steps: [['_EventVenueID', '_EventOrganizerID'], ['_thumbnail_id']] };
    expect(namedSelects([thumbnail, linked])).toEqual([
      { postIds: [6, 7], steps: [['_thumbnail_id', '_EventVenueID', '_EventOrganizerID']] },
      { postIds: [6, 7], steps: [['_EventVenueID', '_EventOrganizerID'], ['_thumbnail_id']] },
    ]);
    // A path that begins another adds nothing; other start posts are a SELECT of their own.
    expect(namedSelects([linked, { postIds: [6, 7], steps: [linked.steps[0]!] }, { postIds: [8], steps: [['_thumbnail_id']] }])).toEqual([
      { postIds: [6, 7], steps: [['_EventVenueID', '_EventOrganizerID']] },
      { postIds: [6, 7], steps: [['_EventVenueID', '_EventOrganizerID'], ['_thumbnail_id']] },
      { postIds: [8], steps: [['_thumbnail_id']] },
    ]);
  });

  it('finds the newest published oEmbed cache of each key, without counting it among the posts', async () => {
    const bundle = await selectPostBundle(database.db, { oembedKeys: ['20524984a55bda3abf9ccb08db815d36', 'nothing-cached'] });
    expect([...bundle.oembedCaches.keys()]).toEqual(['20524984a55bda3abf9ccb08db815d36']);
    expect(bundle.oembedCaches.get('20524984a55bda3abf9ccb08db815d36')?.ID).toBe(258);
    expect(bundle.posts.size).toBe(0);
  });

  it('loads nothing for an empty request', async () => {
    const bundle = await selectPostBundle(database.db, { ids: [], byMetaOf: [{ postIds: [], steps: [['x']] }] });
    expect(bundle.posts.size + bundle.oembedCaches.size + bundle.terms.length).toBe(0);
  });

  it('keeps meta keys and values with quotes and newlines as they are', async () => {
    await insertPostMeta(database.db, 6, [["it's", 'line one\nline "two"']]);
    const bundle = await selectPostBundle(database.db, { ids: [6] });
    expect(bundle.posts.get(6)!.meta.get("it's")).toEqual(['line one\nline "two"']);
  });

  it('answers right from the SQL it keeps per shape, for other values and for lists with repeats', async () => {
    const taxonomies = ['tribe_events_cat', 'post_tag'];
    const ask = (objectIds: number[]) => selectPostBundle(database.db, { ids: objectIds, termsOf: { objectIds, taxonomies } });
    // The first request of a shape compiles it; the next ones of the same lengths reuse it.
    for (const objectIds of [[6, 6, 7], [7, 194, 246], [246, 246, 246], [6, 7, 194]]) {
      const [bundle, terms] = await Promise.all([ask(objectIds), selectTermsForPosts(database.db, objectIds, taxonomies)]);
      expect(bundle.terms).toEqual(terms);
      expect([...bundle.posts.keys()].sort((a, b) => a - b)).toEqual([...new Set(objectIds)].sort((a, b) => a - b));
    }
  });

  it('unions tables of different collations, as sites upgraded over the years hold them', async () => {
    await sql`alter table ${sql.table(`${database.prefix}postmeta`)} convert to character set utf8mb4 collate utf8mb4_general_ci`.execute(database.db.withoutPlugins());
    await sql`alter table ${sql.table(`${database.prefix}terms`)} convert to character set latin1 collate latin1_swedish_ci`.execute(database.db.withoutPlugins());
    const bundle = await selectPostBundle(database.db, { ids: [6], termsOf: { objectIds: [6], taxonomies: ['tribe_events_cat'] } });
    expect(bundle.posts.get(6)!.meta.get('_EventStartDate')).toEqual(['2026-12-05 19:00:00']);
    expect(bundle.terms.map((term) => term.name)).toEqual(['Concerts']);
  });
});
