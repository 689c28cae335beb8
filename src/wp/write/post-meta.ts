import { trackMetaChanged, trackMetaUpdate } from '../tec/tracker.js';
import { storeMetaValue } from './meta-rows.js';
import { flushPostMeta, metaStoreFor, settlePostMeta } from './meta-store.js';
import { selectMetaIdsToDelete } from './posts.repository.js';
import type { WriteScope } from './transaction.js';

/*
 * add_post_meta / update_post_meta / delete_post_meta as WordPress writes the rows: values are
 * stored as given (callers serialize arrays with php-serialize first), one row each, meta_id in
 * the order of the calls, so the order of calls must be the plugin's order. Each change is noted
 * in the scope's ChangeSet, and for events, venues and organizers TEC's tracker
 * (Tribe__Tracker) stamps the key in `_tribe_modified_fields`.
 *
 * The rows are changed in the write's meta store (meta-store.ts), which reads each post's meta
 * once and writes the changes together; what lands is what WordPress's one-by-one statements leave.
 *
 * "As given" means after WordPress's wp_unslash(): WordPress strips one level of backslashes
 * from every value it is handed (see wpUnslash in slashes.ts); callers passing request text
 * apply it first, callers passing values of their own do not.
 */

/** add_post_meta: always a new row; the tracker stamps the key after the insert (`added_post_meta`). */
export async function addPostMeta(scope: WriteScope, postId: number, key: string, value: string): Promise<void> {
  (await metaStoreFor(scope, [postId])).add(postId, key, value);
  scope.changes.noteMeta(postId, key);
  await settlePostMeta(scope);
  await trackMetaChanged(scope, postId, key);
  await settlePostMeta(scope);
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
  const store = await metaStoreFor(scope, [postId]);
  await trackMetaUpdate(scope, postId, key, value, store.rows(postId, key));
  await settlePostMeta(scope);
  await storeMetaValue(scope, postId, key, value, async () => {
    await settlePostMeta(scope);
    await trackMetaChanged(scope, postId, key);
  });
  await settlePostMeta(scope);
}

/**
 * delete_post_meta: every row of the key, or only those holding `value` when given (compared by
 * the database, as WordPress's query compares it). Nothing happens when no row matches; otherwise
 * the tracker stamps the key before the rows go (`delete_post_meta` fires before the DELETE).
 */
export async function deletePostMeta(scope: WriteScope, postId: number, key: string, value?: string): Promise<void> {
  const store = await metaStoreFor(scope, [postId]);
  let metaIds: number[] | undefined;
  if (value !== undefined && value !== '') {
    // The column's collation decides which values match: ask the database, with the rows it holds.
    await flushPostMeta(scope);
    await store.knowIds(scope, postId);
    metaIds = await selectMetaIdsToDelete(scope.trx, postId, key, value);
    if (metaIds.length === 0) return;
  } else if (store.rows(postId, key).length === 0) return;
  await trackMetaChanged(scope, postId, key);
  await settlePostMeta(scope);
  store.remove(postId, key, metaIds);
  scope.changes.noteMeta(postId, key);
  await settlePostMeta(scope);
}

/** get_post_meta($id, $key) inside the write: every value of the key, in meta_id order (raw, not unserialized). */
export async function getPostMetaValues(scope: WriteScope, postId: number, key: string): Promise<string[]> {
  return (await metaStoreFor(scope, [postId])).rows(postId, key).map((row) => row.meta_value ?? '');
}

/** get_post_custom inside the write, for each of `postIds` (read in one statement for those not read yet). */
export async function getPostCustom(scope: WriteScope, postIds: readonly number[]): Promise<Map<number, Map<string, string[]>>> {
  const store = await metaStoreFor(scope, postIds);
  return new Map(postIds.map((id) => [id, store.all(id)]));
}
