import type { Db } from '../../db/create-db.js';
import { selectMetaForPosts, selectPostsByIds, type PostRow } from '../posts/posts.repository.js';
import { groupMetaRows, firstMeta, type MetaMap } from '../posts/meta.js';
import { EventMeta } from '../constants.js';
import { toImageResource, uploadsBaseUrl, type ImageResource } from '../posts/images.js';

export interface LoadedPost {
  post: PostRow;
  meta: MetaMap;
}

/** Posts and all their meta, two queries for any number of IDs. */
export async function loadPostsWithMeta(db: Db, ids: readonly number[]): Promise<Map<number, LoadedPost>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [posts, metaRows] = await Promise.all([selectPostsByIds(db, unique), selectMetaForPosts(db, unique)]);
  const metaByPost = groupMetaRows(metaRows);
  return new Map(posts.map((post) => [post.ID, { post, meta: metaByPost.get(post.ID) ?? new Map() }]));
}

/**
 * The featured images of a batch of posts (`_thumbnail_id`), two queries at most for the whole
 * batch; posts without a thumbnail (or with a missing attachment) map to false.
 */
export async function loadFeaturedImages(
  db: Db,
  posts: readonly LoadedPost[],
  siteUrl: string,
): Promise<Map<number, ImageResource | false>> {
  const thumbnailOf = new Map<number, number>();
  for (const { post, meta } of posts) {
    const id = Number(firstMeta(meta, EventMeta.thumbnailId));
    if (Number.isInteger(id) && id > 0) thumbnailOf.set(post.ID, id);
  }
  const attachments = await loadPostsWithMeta(db, [...thumbnailOf.values()]);
  const images = new Map<number, ImageResource | false>();
  for (const { post } of posts) {
    const attachment = attachments.get(thumbnailOf.get(post.ID) ?? 0);
    images.set(post.ID, attachment ? toImageResource(attachment.post, attachment.meta, uploadsBaseUrl(siteUrl)) : false);
  }
  return images;
}
