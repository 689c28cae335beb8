import type { Db } from '../../db/create-db.js';

/** Whether `postId` has a published ticket of the given post type whose event meta names it. */
export async function hasPublishedTicket(db: Db, postId: number, ticketPostType: string, eventMetaKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('postmeta', 'postmeta.post_id', 'posts.ID')
    .select('posts.ID')
    .where('posts.post_type', '=', ticketPostType)
    .where('posts.post_status', '=', 'publish')
    .where('postmeta.meta_key', '=', eventMetaKey)
    .where('postmeta.meta_value', '=', String(postId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
