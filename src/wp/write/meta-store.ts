import type { ChangeSet } from './change-set.js';
import {
  deleteMetaRowsById,
  insertMetaRows,
  selectAllMetaRows,
  selectMetaIds,
  updateMetaValuesById,
  type MetaRow,
  type NewMetaRow,
  type PostMetaRow,
} from './posts.repository.js';
import type { WriteScope } from './transaction.js';

/*
 * The postmeta of the posts a write touches, held in memory for the length of the write: each
 * post's rows are read once (none for a post the write inserted), every add / update / delete of
 * the meta API (post-meta.ts) and TEC's tracker change them here, and the rows go to the database
 * together, at most one INSERT, one UPDATE and one DELETE per flush, when the write commits or
 * before a statement that reads postmeta itself.
 *
 * What lands is exactly what the calls one by one would have left: the rows added, in the order
 * of the calls (one multi-row INSERT hands out ascending meta_ids in VALUES order), with their
 * last values; a row added and deleted within the write is inserted and deleted too, so the
 * auto-increment moves on as it would have. Kept per transaction, keyed on the scope's ChangeSet.
 */

/** One meta row of a post as the write sees it. */
interface HeldRow {
  /** undefined until known: not inserted yet, or inserted by a flush that did not read it back. */
  metaId: number | undefined;
  readonly key: string;
  /** The value the write has given it. */
  value: string;
  /** The value the database holds; undefined while the row waits for its INSERT. */
  stored: string | undefined;
  /** Deleted by the write; still in the database until the next flush. */
  deleted: boolean;
}

class PostMetaStore {
  /** Whether changes wait for flush(): only in a write that flushes before it commits (deferPostMeta). */
  deferring = false;
  /** Each loaded post's rows in meta_id order (rows waiting for their INSERT last, in call order). */
  private readonly posts = new Map<number, HeldRow[]>();
  /** Rows waiting for their INSERT, across posts, in call order. */
  private inserts: { postId: number; row: HeldRow }[] = [];

  isLoaded(postId: number): boolean {
    return this.posts.has(postId);
  }

  /** A post the write has just inserted: it has no meta yet, so nothing is read. */
  markNew(postId: number): void {
    if (!this.posts.has(postId)) this.posts.set(postId, []);
  }

  /** Reads the meta of the posts not loaded yet, in one statement. */
  async load(scope: WriteScope, postIds: readonly number[]): Promise<void> {
    const missing = [...new Set(postIds)].filter((id) => !this.posts.has(id));
    if (missing.length === 0) return;
    this.take(missing, await selectAllMetaRows(scope.trx, missing));
  }

  /** Holds the rows read for these posts (every row of each, in meta_id order). */
  take(postIds: readonly number[], rows: readonly PostMetaRow[]): void {
    for (const id of postIds) this.posts.set(id, []);
    for (const row of rows) {
      const value = row.meta_value ?? '';
      this.posts.get(row.post_id)!.push({ metaId: row.meta_id, key: row.meta_key ?? '', value, stored: value, deleted: false });
    }
  }

  /** The live rows of a key, in meta_id order (as get_metadata_raw reads them). */
  rows(postId: number, key: string): MetaRow[] {
    return this.held(postId, key).map((row) => ({ meta_id: row.metaId ?? 0, meta_value: row.value }));
  }

  /** Every live row of the post, in meta_id order (get_post_custom). */
  all(postId: number): Map<string, string[]> {
    const meta = new Map<string, string[]>();
    for (const row of this.posts.get(postId) ?? []) {
      if (row.deleted) continue;
      const values = meta.get(row.key);
      if (values) values.push(row.value);
      else meta.set(row.key, [row.value]);
    }
    return meta;
  }

  /** add_metadata: a new row after every other. */
  add(postId: number, key: string, value: string): void {
    const row: HeldRow = { metaId: undefined, key, value, stored: undefined, deleted: false };
    this.loaded(postId).push(row);
    this.inserts.push({ postId, row });
  }

  /** update_metadata's UPDATE: every live row of the key takes the value; whether any changed. */
  set(postId: number, key: string, value: string): boolean {
    let changed = false;
    for (const row of this.held(postId, key)) {
      if (row.value === value) continue;
      row.value = value;
      changed = true;
    }
    return changed;
  }

  /** delete_metadata of the given rows (by meta_id, or all of the key when `metaIds` is undefined); how many went. */
  remove(postId: number, key: string, metaIds?: readonly number[]): number {
    const rows = this.held(postId, key).filter((row) => metaIds === undefined || (row.metaId !== undefined && metaIds.includes(row.metaId)));
    for (const row of rows) row.deleted = true;
    return rows.length;
  }

  /** Whether any row has a change the database does not hold yet. */
  get pending(): boolean {
    if (this.inserts.length > 0) return true;
    for (const rows of this.posts.values()) if (rows.some((row) => row.deleted || row.value !== row.stored)) return true;
    return false;
  }

  /** Writes what changed: the new rows, then the changed values and the deletions. */
  async flush(scope: WriteScope): Promise<void> {
    if (!this.pending) return;
    const inserted: NewMetaRow[] = this.inserts.map(({ postId, row }) => ({ post_id: postId, meta_key: row.key, meta_value: row.value }));
    await insertMetaRows(scope.trx, inserted);
    for (const { row } of this.inserts) row.stored = row.value;
    this.inserts = [];

    const changedRows = [...this.posts].flatMap(([postId, rows]) =>
      rows.filter((row) => row.deleted || row.value !== row.stored).map((row) => ({ postId, row })),
    );
    await this.readIdsOf([...new Set(changedRows.filter(({ row }) => row.metaId === undefined).map(({ postId }) => postId))], scope);
    const values = new Map(changedRows.filter(({ row }) => !row.deleted).map(({ row }) => [row.metaId!, row.value]));
    await updateMetaValuesById(scope.trx, values);
    await deleteMetaRowsById(
      scope.trx,
      changedRows.filter(({ row }) => row.deleted).map(({ row }) => row.metaId!),
    );
    for (const [postId, rows] of this.posts) {
      for (const row of rows) row.stored = row.value;
      this.posts.set(
        postId,
        rows.filter((row) => !row.deleted),
      );
    }
  }

  /** Reads the meta_ids of the post's rows a flush inserted, when some are not known (call right after a flush). */
  async knowIds(scope: WriteScope, postId: number): Promise<void> {
    if ((this.posts.get(postId) ?? []).some((row) => row.metaId === undefined)) await this.readIdsOf([postId], scope);
  }

  /** The meta_ids of rows inserted by an earlier flush, read in the order the rows were inserted. */
  private async readIdsOf(postIds: readonly number[], scope: WriteScope): Promise<void> {
    if (postIds.length === 0) return;
    const ids = new Map<number, number[]>();
    for (const row of await selectMetaIds(scope.trx, postIds)) ids.set(row.post_id, [...(ids.get(row.post_id) ?? []), row.meta_id]);
    for (const postId of postIds) {
      const rows = this.posts.get(postId) ?? [];
      const stored = ids.get(postId) ?? [];
      // Every held row is in the database now (the INSERTs ran first), in the same order.
      if (stored.length !== rows.length) throw new Error(`postmeta of post ${postId} changed behind the write`);
      rows.forEach((row, index) => (row.metaId = stored[index]));
    }
  }

  private loaded(postId: number): HeldRow[] {
    const rows = this.posts.get(postId);
    if (!rows) throw new Error(`postmeta of post ${postId} used before it was loaded`);
    return rows;
  }

  private held(postId: number, key: string): HeldRow[] {
    return this.loaded(postId).filter((row) => row.key === key && !row.deleted);
  }
}

const stores = new WeakMap<ChangeSet, PostMetaStore>();

/**
 * Lets the write's meta changes wait for flushPostMeta, which the write runner calls before it
 * commits. Without it (a scope made by other code, e.g. a test reading rows through the
 * transaction after each call), every change is written by the call that makes it.
 */
export function deferPostMeta(scope: WriteScope): void {
  metaStoreOf(scope).deferring = true;
}

/** After a meta change: written now unless the write defers its meta changes. */
export async function settlePostMeta(scope: WriteScope): Promise<void> {
  const store = stores.get(scope.changes);
  if (store && !store.deferring) await store.flush(scope);
}

/** The write's meta store, with the posts' meta loaded (one statement for those not loaded yet). */
export async function metaStoreFor(scope: WriteScope, postIds: readonly number[]): Promise<PostMetaStore> {
  const store = metaStoreOf(scope);
  await store.load(scope, postIds);
  return store;
}

function metaStoreOf(scope: WriteScope): PostMetaStore {
  let store = stores.get(scope.changes);
  if (!store) {
    store = new PostMetaStore();
    stores.set(scope.changes, store);
  }
  return store;
}

/** Whether the write holds the post's meta already (read, or a post it inserted). */
export function holdsPostMeta(scope: WriteScope, postId: number): boolean {
  return metaStoreOf(scope).isLoaded(postId);
}

/** The post's meta rows, read by the write's own statement (selectPostWithMetaForUpdate), held from now on. */
export function holdPostMeta(scope: WriteScope, postId: number, rows: readonly PostMetaRow[]): void {
  const store = metaStoreOf(scope);
  if (!store.isLoaded(postId)) store.take([postId], rows);
}

/** A post the write inserted starts with no meta: no read needed. */
export function noteNewPostMeta(scope: WriteScope, postId: number): void {
  metaStoreOf(scope).markNew(postId);
}

/**
 * Writes the meta changes the write holds: before commit, and before any statement that reads
 * postmeta through SQL of its own (the known range, the event queries).
 */
export async function flushPostMeta(scope: WriteScope): Promise<void> {
  await stores.get(scope.changes)?.flush(scope);
}
