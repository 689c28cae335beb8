import { trackMetaChanged, trackMetaUpdate } from '../tec/tracker.js';
import { storeMetaValue } from './meta-rows.js';
import { deleteMetaRowsById, insertMetaRow, selectMetaIdsToDelete, selectMetaRows } from './posts.repository.js';
import type { WriteScope } from './transaction.js';

/*
 * add_post_meta / update_post_meta / delete_post_meta as WordPress writes the rows: values are
 * stored as given (callers serialize arrays with php-serialize first), one row each, meta_id in
 * the order of the calls, so the order of calls must be the plugin's order. Each change is noted
 * in the scope's ChangeSet, and for events, venues and organizers TEC's tracker
 * (Tribe__Tracker) stamps the key in `_tribe_modified_fields`.
 *
 * "As given" means after WordPress's wp_unslash(): WordPress strips one level of backslashes
 * from every value it is handed (see wpUnslash in slashes.ts); callers passing request text
 * apply it first, callers passing values of their own do not.
 */

/** add_post_meta: always a new row; the tracker stamps the key after the insert (`added_post_meta`). */
export async function addPostMeta(scope: WriteScope, postId: number, key: string, value: string): Promise<void> {
  await insertMetaRow(scope.trx, postId, key, value);
  scope.changes.noteMeta(postId, key);
  await trackMetaChanged(scope, postId, key);
}

/**
 * update_post_meta: when the key has rows, each row whose value differs is updated (nothing is
 * written when the value is the same); when it has none, a row is added.
 *
 * The tracker runs first (its `update_post_metadata` filter: stamped when the first stored value,
 * or '' without one, differs), then the row is written; a row added this way is stamped again
 * after the insert, as `added_post_meta` fires inside update_metadata too.
 */
export async function updatePostMeta(scope: WriteScope, postId: number, key: string, value: string): Promise<void> {
  // One read of the key's rows serves both: the tracker writes only its own key, never this one.
  const rows = await selectMetaRows(scope.trx, postId, key);
  await trackMetaUpdate(scope, postId, key, value, rows);
  await storeMetaValue(scope, postId, key, value, () => trackMetaChanged(scope, postId, key), rows);
}

/**
 * delete_post_meta: every row of the key, or only those holding `value` when given (compared by
 * the database, as WordPress's query compares it). Nothing happens when no row matches; otherwise
 * the tracker stamps the key before the rows go (`delete_post_meta` fires before the DELETE).
 */
export async function deletePostMeta(scope: WriteScope, postId: number, key: string, value?: string): Promise<void> {
  const metaIds = await selectMetaIdsToDelete(scope.trx, postId, key, value);
  if (metaIds.length === 0) return;
  await trackMetaChanged(scope, postId, key);
  await deleteMetaRowsById(scope.trx, metaIds);
  scope.changes.noteMeta(postId, key);
}

/** get_post_meta($id, $key) inside the write: every value of the key, in meta_id order (raw, not unserialized). */
export async function getPostMetaValues(scope: WriteScope, postId: number, key: string): Promise<string[]> {
  const rows = await selectMetaRows(scope.trx, postId, key);
  return rows.map((row) => row.meta_value ?? '');
}
