import type { Db } from '../../db/create-db.js';
import { PostStatus } from '../constants.js';

/** The linked posts an event names, with their type and status, in the order given. */
export async function selectLinkedPostStates(
  db: Db,
  ids: readonly number[],
): Promise<{ ID: number; post_type: string; post_status: string }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('posts').select(['ID', 'post_type', 'post_status']).where('ID', 'in', [...new Set(ids)]).execute();
}

/** wp_publish_post's row change: the status only (dates and modified times stay). */
export async function updatePostStatusToPublish(db: Db, id: number): Promise<void> {
  await db.updateTable('posts').set({ post_status: PostStatus.publish }).where('ID', '=', id).execute();
}
