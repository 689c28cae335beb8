import { metaStoreFor } from './meta-store.js';
import type { WriteScope } from './transaction.js';

/*
 * update_metadata's row work without any hook: the part both update_post_meta and TEC's tracker
 * (which writes its own key, excluded from tracking) share. Kept apart so the tracker and the
 * meta API do not import each other. The rows are the write's meta store's (meta-store.ts).
 */

/**
 * The rows update_metadata writes: none when the key has one row already holding the value; a new
 * row when it has none (add_metadata; `onAdded` runs after the insert, where WordPress fires
 * `added_post_meta`); otherwise every row of the key set to the value. Notes the change.
 */
export async function storeMetaValue(scope: WriteScope, postId: number, key: string, value: string, onAdded?: () => Promise<void>): Promise<void> {
  const store = await metaStoreFor(scope, [postId]);
  const rows = store.rows(postId, key);
  if (rows.length === 1 && rows[0]!.meta_value === value) return;
  if (rows.length === 0) {
    store.add(postId, key, value);
    scope.changes.noteMeta(postId, key);
    await onAdded?.();
    return;
  }
  if (store.set(postId, key, value)) scope.changes.noteMeta(postId, key);
}
