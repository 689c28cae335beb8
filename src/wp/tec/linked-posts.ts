import type { Db } from '../../db/create-db.js';
import type { PostRow } from '../posts/posts.repository.js';
import { selectPostBundle } from '../posts/post-bundle.repository.js';
import { firstMeta, type MetaMap } from '../posts/meta.js';
import { EventMeta } from '../constants.js';
import { toImageResource, uploadsBaseUrl, type ImageResource } from '../posts/images.js';
import type { MetaPath } from '../posts/meta-paths.js';

export interface LoadedPost {
  post: PostRow;
  meta: MetaMap;
}

/** Posts and all their meta, one statement for any number of IDs. */
export async function loadPostsWithMeta(db: Db, ids: readonly number[]): Promise<Map<number, LoadedPost>> {
  if (ids.length === 0) return new Map();
  return (await selectPostBundle(db, { ids })).posts;
}

/**
 * What an event's answer shows of other posts, as paths through its meta: its featured image,
 * and its venue and organizers with their featured images. Loaded with the events themselves
 * (selectPostBundle's byMetaOf), they cost no statement of their own.
 */
export function eventLinkPaths(eventIds: readonly number[]): MetaPath[] {
  return [
    { postIds: eventIds, steps: [[EventMeta.thumbnailId]] },
    { postIds: eventIds, steps: [[EventMeta.venueId, EventMeta.organizerId], [EventMeta.thumbnailId]] },
  ];
}

/** The attachment ID of a post's featured image (`(int) _thumbnail_id`), or undefined. */
export function thumbnailIdOf({ meta }: Pick<LoadedPost, 'meta'>): number | undefined {
  const id = Number(firstMeta(meta, EventMeta.thumbnailId));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The featured images of a batch of posts from attachments already loaded (`attachmentOf`);
 * posts without a thumbnail (or with a missing attachment) map to false.
 */
export function featuredImagesOf(
  posts: readonly LoadedPost[],
  attachmentOf: (id: number) => LoadedPost | undefined,
  siteUrl: string,
): Map<number, ImageResource | false> {
  const images = new Map<number, ImageResource | false>();
  for (const loaded of posts) {
    const thumbnailId = thumbnailIdOf(loaded);
    const attachment = thumbnailId === undefined ? undefined : attachmentOf(thumbnailId);
    images.set(loaded.post.ID, attachment ? toImageResource(attachment.post, attachment.meta, uploadsBaseUrl(siteUrl)) : false);
  }
  return images;
}
