import type { Db } from '../../src/db/create-db.js';

/** Every value of one meta key of a post, in meta_id order (the order WordPress wrote them in). */
export async function postMetaValues(db: Db, postId: number, key: string): Promise<string[]> {
  const rows = await db
    .selectFrom('postmeta')
    .select('meta_value')
    .where('post_id', '=', postId)
    .where('meta_key', '=', key)
    .orderBy('meta_id')
    .execute();
  return rows.map((row) => row.meta_value ?? '');
}
