import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostType } from '../../../../src/wp/constants.js';
import { selectPostBySlug } from '../../../../src/wp/posts/posts.repository.js';
import { insertPost } from '../../../builders/index.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';

/** selectPostBySlug against WordPress's get_page_by_path( $path, OBJECT, $type ). */
let database: TestDatabase;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const insert = async (key: string, overrides: Parameters<typeof insertPost>[1]) => {
    ids[key] = (await insertPost(database.db, overrides)).id;
  };
  // Two events may share a name (a draft keeps the name it was given): the lower ID wins,
  // whatever the status.
  await insert('draftConcert', { post_type: PostType.event, post_status: 'draft', post_name: 'concert' });
  await insert('publishedConcert', { post_type: PostType.event, post_status: 'publish', post_name: 'concert' });
  await insert('attachmentOnly', { post_type: PostType.attachment, post_status: 'inherit', post_name: 'poster' });
  await insert('attachmentFirst', { post_type: PostType.attachment, post_status: 'inherit', post_name: 'gala' });
  await insert('galaEvent', { post_type: PostType.event, post_status: 'publish', post_name: 'gala' });
  await insert('venueCafe', { post_type: PostType.venue, post_status: 'publish', post_name: 'caf%c3%a9' });
  await insert('parent', { post_type: PostType.event, post_status: 'publish', post_name: 'series' });
  await insert('child', { post_type: PostType.event, post_status: 'publish', post_name: 'night', post_parent: ids.parent });
});
afterAll(() => database?.drop());

const idOf = async (path: string, postType: string = PostType.event) => (await selectPostBySlug(database.db, path, postType))?.ID;

describe('selectPostBySlug (get_page_by_path for a non-hierarchical type)', () => {
  it('finds a post of the type in any status, the lowest ID first', async () => {
    expect(await idOf('concert')).toBe(ids.draftConcert);
  });

  it('prefers a post of the type to an attachment of the same name, and never returns the attachment', async () => {
    expect(await idOf('gala')).toBe(ids.galaEvent);
    expect(await idOf('poster')).toBeUndefined();
  });

  it('reads the slug through sanitize_title_for_query', async () => {
    expect(await idOf('Concert')).toBe(ids.draftConcert);
    expect(await idOf(' concert/')).toBe(ids.draftConcert);
    expect(await idOf('Café', PostType.venue)).toBe(ids.venueCafe);
    expect(await idOf('caf%C3%A9', PostType.venue)).toBe(ids.venueCafe);
  });

  it('matches a path against the post’s parents', async () => {
    expect(await idOf('series/night')).toBe(ids.child);
    expect(await idOf('night')).toBeUndefined();
    expect(await idOf('other/night')).toBeUndefined();
  });

  it('finds nothing for a name no post has', async () => {
    expect(await idOf('missing')).toBeUndefined();
  });
});
