import type { Selectable } from 'kysely';
import type { Db } from '../db/create-db.js';
import type { PostsTable } from '../db/tables.js';

export type PostRow = Selectable<PostsTable>;

/** Posts by ID, any type or status, in no particular order. */
export async function selectPostsByIds(db: Db, ids: readonly number[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('posts').selectAll().where('ID', 'in', [...new Set(ids)]).execute();
}

export async function selectPostById(db: Db, id: number): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('ID', '=', id).executeTakeFirst();
}

/** Types of the given posts (missing IDs are absent): for "is this a venue?" validators. */
export async function selectPostTypes(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('posts')
    .select(['ID', 'post_type'])
    .where('ID', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.ID, row.post_type]));
}

/**
 * get_page_by_path(slug, OBJECT, type) for a non-hierarchical type: the post with that
 * post_name, published ones first as WordPress's query orders them, trashed ones excluded
 * only through their `__trashed` suffixed names.
 */
export async function selectPostBySlug(db: Db, slug: string, postType: string): Promise<PostRow | undefined> {
  const rows = await db
    .selectFrom('posts')
    .selectAll()
    .where('post_name', '=', slug)
    .where('post_type', '=', postType)
    .where('post_status', '!=', 'auto-draft')
    .orderBy('ID', 'asc')
    .execute();
  return rows.find((row) => row.post_status === 'publish') ?? rows[0];
}

/** Meta rows of the given posts, in meta_id order (get_post_custom's order). */
export async function selectMetaForPosts(
  db: Db,
  postIds: readonly number[],
  keys?: readonly string[],
): Promise<{ post_id: number; meta_key: string | null; meta_value: string | null }[]> {
  if (postIds.length === 0) return [];
  let query = db
    .selectFrom('postmeta')
    .select(['post_id', 'meta_key', 'meta_value'])
    .where('post_id', 'in', [...new Set(postIds)]);
  if (keys && keys.length > 0) query = query.where('meta_key', 'in', keys);
  return query.orderBy('meta_id', 'asc').execute();
}
