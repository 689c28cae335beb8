import type { Db } from '../../db/create-db.js';
import { PostStatus } from '../../wp/constants.js';

/**
 * Tribe__Duplicate__Post's query for venue and organizer creates: a post of the type, not trashed
 * (nor `autodraft`, the plugin's spelling, which matches nothing), whose title and content equal
 * the given ones as the database compares them (its collation ignores case). Like the plugin's
 * `get_var`, the first row the server returns, without an ORDER BY.
 */
export async function selectDuplicateLinkedPostId(
  db: Db,
  postType: string,
  fields: { post_title?: string; post_content?: string },
): Promise<number | undefined> {
  let query = db
    .selectFrom('posts')
    .select('ID')
    .distinct()
    .where('post_status', 'not in', [PostStatus.trash, 'autodraft'])
    .where('post_type', '=', postType);
  if (fields.post_title !== undefined) query = query.where('post_title', '=', fields.post_title);
  if (fields.post_content !== undefined) query = query.where('post_content', '=', fields.post_content);
  const row = await query.limit(1).executeTakeFirst();
  return row?.ID;
}
