import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { locksRows, textEquals } from '../../db/dialect.js';
import type { PostsTable } from '../../db/tables.js';
import { PostStatus, PostType } from '../constants.js';
import type { PostRow } from '../posts/posts.repository.js';

/*
 * The SQL of the post core's writes (wp_insert_post, wp_update_post, the meta API): rows in and
 * out, no rules. Every function takes the write's transaction first.
 */

/** A whole posts row as wp_insert_post inserts it (every column given, as $wpdb->insert does). */
export type NewPostRow = Omit<Insertable<PostsTable>, 'ID'>;

/** Inserts a post row; returns its ID ($wpdb->insert_id). */
export async function insertPostRow(db: Db, row: NewPostRow): Promise<number> {
  const result = await db.insertInto('posts').values(row).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/**
 * A post row, locked until the write commits (SELECT … FOR UPDATE): two writes of one post run
 * one after the other, the second reading the row the first committed (READ COMMITTED).
 */
export async function selectPostForUpdate(db: Db, id: number): Promise<PostRow | undefined> {
  const query = db.selectFrom('posts').selectAll().where('ID', '=', id);
  return (locksRows(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** One of a post's meta rows as a write reads them all (selectAllMetaRows, selectPostWithMetaForUpdate). */
export interface PostMetaRow {
  meta_id: number;
  post_id: number;
  meta_key: string | null;
  meta_value: string | null;
}

/** What selectPostWithMetaForUpdate reads. */
export interface LockedPostRead {
  post: PostRow | undefined;
  /** Every meta row of the post, in meta_id order. */
  meta: PostMetaRow[];
  /**
   * The other posts holding the post's current name (none when it has none), newest first as
   * selectPostsNamed orders them; undefined where they were not read (SQLite).
   */
  namesakes: PostRow[] | undefined;
}

/**
 * selectPostForUpdate, selectAllMetaRows and (MySQL) selectPostsNamed of the post's current name
 * in one statement: the post row locked, with every meta row of it (locked too: only writes of the
 * same post touch them) and the other posts holding its name (locked too: a trashed one among them
 * is renamed by this write, under that lock anyway). A post's update keeps its name as a rule, so
 * the slug steps need no read of their own (see slugBesideTrashedHolders).
 *
 * The post's columns repeat on each of its meta rows. No ORDER BY: the server sorts no rows holding
 * LONGTEXT (a temporary table of them crashed MariaDB 10.11 before); they are sorted here. The
 * name's condition is the post's own name by a subquery, so both conditions use an index (the
 * primary key, `post_name`: an index merge) and the locking read never scans the table.
 */
export async function selectPostWithMetaForUpdate(db: Db, id: number): Promise<LockedPostRead> {
  const mysql = locksRows(db);
  let query = db
    .selectFrom('posts')
    .leftJoin('postmeta', (join) => join.onRef('postmeta.post_id', '=', 'posts.ID').on('posts.ID', '=', id))
    .selectAll('posts')
    .select(['postmeta.meta_id as joined_meta_id', 'postmeta.meta_key as joined_meta_key', 'postmeta.meta_value as joined_meta_value']);
  query = mysql
    ? query
        .where((eb) =>
          eb.or([
            eb('posts.ID', '=', id),
            eb.and([eb('posts.post_name', '=', eb.selectFrom('posts as named').select('named.post_name').where('named.ID', '=', id)), eb('posts.post_name', '!=', '')]),
          ]),
        )
        .forUpdate()
    : query.where('posts.ID', '=', id);
  const rows = await query.execute();
  const own = rows.filter((row) => row.ID === id);
  if (own.length === 0) return { post: undefined, meta: [], namesakes: mysql ? [] : undefined };
  const withoutMeta = ({ joined_meta_id: _id, joined_meta_key: _key, joined_meta_value: _value, ...post }: (typeof rows)[number]) => post as PostRow;
  const meta = own
    .filter((row) => row.joined_meta_id !== null)
    .map((row) => ({ meta_id: Number(row.joined_meta_id), post_id: id, meta_key: row.joined_meta_key, meta_value: row.joined_meta_value }))
    .sort((a, b) => a.meta_id - b.meta_id);
  const namesakes = mysql
    ? rows
        .filter((row) => row.ID !== id)
        .map(withoutMeta)
        .sort((a, b) => (a.post_date === b.post_date ? b.ID - a.ID : a.post_date < b.post_date ? 1 : -1))
    : undefined;
  return { post: withoutMeta(own[0]!), meta, namesakes };
}

/** Sets columns of one post row. */
export async function updatePostRow(db: Db, id: number, fields: Partial<Omit<PostRow, 'ID'>>): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.updateTable('posts').set(fields).where('ID', '=', id).execute();
}

/**
 * wp_unique_post_slug's check for a flat post type: whether another post of the type (any
 * status) already holds the name, compared with the column's collation as MySQL compares it.
 */
export async function isPostNameTaken(db: Db, name: string, postType: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('post_name')
    .where((eb) => textEquals(db, eb.ref('post_name'), name))
    .where('post_type', '=', postType)
    .where('ID', '!=', exceptId)
    .limit(1)
    .executeTakeFirst();
  // PHP tests the name found for truth: an empty name found is no clash.
  return row !== undefined && row.post_name !== '' && row.post_name !== '0';
}

/**
 * Every post holding this name (compared as the column's collation compares it), other than
 * `exceptId`, newest first (`post_date`, `ID` descending): in one read, the trashed posts
 * wp_add_trashed_suffix_to_post_name_for_trashed_posts renames (get_posts with `name`, status
 * `trash`, type `any`: isTrashedHolder) and the posts wp_unique_post_slug's first check would find.
 */
export async function selectPostsNamed(db: Db, name: string, exceptId: number): Promise<PostRow[]> {
  return db
    .selectFrom('posts')
    .selectAll()
    .where((eb) => textEquals(db, eb.ref('post_name'), name))
    .where('ID', '!=', exceptId)
    .orderBy('post_date', 'desc')
    .orderBy('ID', 'desc')
    .execute();
}

/** A trashed post that get_posts' type `any` finds: every type but those excluded from search, which revisions are. */
export function isTrashedHolder(post: PostRow): boolean {
  return post.post_status === PostStatus.trash && post.post_type !== PostType.revision;
}

/**
 * The revisions of a post, newest first (wp_get_post_revisions: children of type `revision`,
 * status `inherit`, ordered by `date ID` descending).
 */
export async function selectRevisions(db: Db, parentId: number): Promise<PostRow[]> {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('post_parent', '=', parentId)
    .where('post_type', '=', PostType.revision)
    .where('post_status', '=', PostStatus.inherit)
    .orderBy('post_date', 'desc')
    .orderBy('ID', 'desc')
    .execute();
}

export interface MetaRow {
  meta_id: number;
  meta_value: string | null;
}

/** The rows of one key of one post, in meta_id order (get_metadata_raw's order). */
export async function selectMetaRows(db: Db, postId: number, key: string): Promise<MetaRow[]> {
  return db
    .selectFrom('postmeta')
    .select(['meta_id', 'meta_value'])
    .where('post_id', '=', postId)
    .where('meta_key', '=', key)
    .orderBy('meta_id', 'asc')
    .execute();
}

/** add_metadata's INSERT; returns the new meta_id. */
export async function insertMetaRow(db: Db, postId: number, key: string, value: string): Promise<number> {
  const result = await db
    .insertInto('postmeta')
    .values({ post_id: postId, meta_key: key, meta_value: value })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/**
 * update_metadata's UPDATE: every row of the key set to the value. Returns how many rows changed
 * (MySQL does not count rows that already held the value).
 */
export async function updateMetaRows(db: Db, postId: number, key: string, value: string): Promise<number> {
  const result = await db
    .updateTable('postmeta')
    .set({ meta_value: value })
    .where('post_id', '=', postId)
    .where('meta_key', '=', key)
    .executeTakeFirst();
  return Number(result.numChangedRows ?? result.numUpdatedRows);
}

/**
 * delete_metadata's lookup: the meta_ids of the key, only those whose value equals `value` when
 * one is given (compared in SQL with the column's collation, as WordPress's query compares it).
 */
export async function selectMetaIdsToDelete(db: Db, postId: number, key: string, value?: string): Promise<number[]> {
  let query = db.selectFrom('postmeta').select('meta_id').where('meta_key', '=', key).where('post_id', '=', postId);
  if (value !== undefined && value !== '') query = query.where('meta_value', '=', value);
  const rows = await query.orderBy('meta_id', 'asc').execute();
  return rows.map((row) => row.meta_id);
}

export async function deleteMetaRowsById(db: Db, metaIds: readonly number[]): Promise<void> {
  if (metaIds.length === 0) return;
  await db.deleteFrom('postmeta').where('meta_id', 'in', [...metaIds]).execute();
}


/** A postmeta row to insert; `insertMetaRows` keeps the list's order. */
export interface NewMetaRow {
  post_id: number;
  meta_key: string;
  meta_value: string;
}

/**
 * Rows per multi-row statement: SQLite builds before 3.32 bind at most 999 parameters (3 a row), and
 * a MySQL packet stays far below max_allowed_packet for ordinary values.
 */
const META_ROWS_PER_STATEMENT = 300;

/**
 * add_metadata's INSERTs of many rows, as multi-row INSERTs: the rows get ascending meta_ids in
 * the list's order (auto-increment hands out a statement's IDs in VALUES order, and later
 * statements higher ones), so the result is the rows one INSERT each would have written.
 */
export async function insertMetaRows(db: Db, rows: readonly NewMetaRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += META_ROWS_PER_STATEMENT) {
    await db.insertInto('postmeta').values(rows.slice(start, start + META_ROWS_PER_STATEMENT)).execute();
  }
}

/** Every meta row of the given posts, in meta_id order: a write's one read of what it will change. */
export async function selectAllMetaRows(db: Db, postIds: readonly number[]): Promise<PostMetaRow[]> {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('postmeta')
    .select(['meta_id', 'post_id', 'meta_key', 'meta_value'])
    .where('post_id', 'in', [...new Set(postIds)])
    .orderBy('meta_id', 'asc')
    .execute();
}

/** The meta_ids of the given posts' rows, in meta_id order, for rows inserted without reading their IDs back. */
export async function selectMetaIds(db: Db, postIds: readonly number[]): Promise<{ meta_id: number; post_id: number }[]> {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('postmeta')
    .select(['meta_id', 'post_id'])
    .where('post_id', 'in', [...new Set(postIds)])
    .orderBy('meta_id', 'asc')
    .execute();
}

/** update_metadata's UPDATEs of many rows in one statement: each meta_id gets its own value. */
export async function updateMetaValuesById(db: Db, values: ReadonlyMap<number, string>): Promise<void> {
  const entries = [...values];
  for (let start = 0; start < entries.length; start += META_ROWS_PER_STATEMENT) {
    const chunk = entries.slice(start, start + META_ROWS_PER_STATEMENT);
    const cases = sql.join(chunk.map(([id, value]) => sql`when ${id} then ${value}`), sql` `);
    await db
      .updateTable('postmeta')
      .set({ meta_value: sql<string>`case ${sql.ref('meta_id')} ${cases} end` })
      .where(
        'meta_id',
        'in',
        chunk.map(([id]) => id),
      )
      .execute();
  }
}
