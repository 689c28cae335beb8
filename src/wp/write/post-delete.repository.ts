import type { Db } from '../../db/create-db.js';
import { PostType } from '../constants.js';

/*
 * The SQL of wp_delete_post: the rows a post leaves behind when it goes for good. Every function
 * takes the write's transaction first.
 */

/** The IDs of a post's revisions (wp_get_post_revisions), oldest first. */
export async function selectRevisionIds(db: Db, parentId: number): Promise<number[]> {
  const rows = await db.selectFrom('posts').select('ID').where('post_parent', '=', parentId).where('post_type', '=', PostType.revision).orderBy('ID', 'asc').execute();
  return rows.map((row) => row.ID);
}

/** Every meta row of the post. */
export async function deleteAllPostMeta(db: Db, postId: number): Promise<void> {
  await db.deleteFrom('postmeta').where('post_id', '=', postId).execute();
}

/** The post row itself. */
export async function deletePostRow(db: Db, postId: number): Promise<void> {
  await db.deleteFrom('posts').where('ID', '=', postId).execute();
}

/** TEC 6's custom tables rows of the post (Custom_Tables\V1's delete_post handler). */
export async function deleteEventCustomTablesRows(db: Db, postId: number): Promise<void> {
  await db.deleteFrom('tec_occurrences').where('post_id', '=', postId).execute();
  await db.deleteFrom('tec_events').where('post_id', '=', postId).execute();
}
