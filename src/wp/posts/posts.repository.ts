import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { textIn } from '../../db/dialect.js';
import { declaredRead, DependencyTag, readOf } from '../../feed/dependencies.js';
import type { PostsTable } from '../../db/tables.js';
import { PostStatus, PostType } from '../constants.js';
import { phpRawurlencode, phpTrim, phpUrldecode } from '../php/php-values.js';
import { sanitizeTitleForQuery } from '../text/slugs.js';

export type PostRow = Selectable<PostsTable>;

/** Posts by ID, any type or status, in no particular order. */
export async function selectPostsByIds(db: Db, ids: readonly number[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return readOf(postTags(ids), () => db.selectFrom('posts').selectAll().where('ID', 'in', [...new Set(ids)]).execute());
}

export async function selectPostById(db: Db, id: number): Promise<PostRow | undefined> {
  return readOf(postTags([id]), () => db.selectFrom('posts').selectAll().where('ID', '=', id).executeTakeFirst());
}

/** A post's type, or undefined when there is no such post. */
export async function selectPostType(db: Db, id: number): Promise<string | undefined> {
  const row = await readOf(postTags([id]), () => db.selectFrom('posts').select('post_type').where('ID', '=', id).executeTakeFirst());
  return row?.post_type;
}

/** Types of the given posts (missing IDs are absent): for "is this a venue?" validators. */
export async function selectPostTypes(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await readOf(postTags(ids), () => db.selectFrom('posts').select(['ID', 'post_type']).where('ID', 'in', [...new Set(ids)]).execute());
  return new Map(rows.map((row) => [row.ID, row.post_type]));
}

/**
 * The post names get_page_by_path looks for, leaf last: the path URL-decoded and re-encoded
 * (rawurlencode, keeping `/` and spaces), trimmed of slashes, split on `/`, and each part put
 * through sanitize_title_for_query.
 */
function pagePathParts(path: string): string[] {
  const encoded = phpRawurlencode(phpUrldecode(path)).replaceAll('%2F', '/').replaceAll('%20', ' ');
  return phpTrim(encoded, '/').split('/').map(sanitizeTitleForQuery);
}

/**
 * get_page_by_path(path, OBJECT, postType) for a non-hierarchical post type, as TEC's by-slug
 * routes and slug validators call it: one query for posts of the type or attachments named by any
 * part of the path, whatever their status; the post whose name is the last part and whose
 * parents match the earlier ones (none for a plain slug). The first such post of the type wins
 * (rows come in ID order, as MySQL reads them off the post_name index). WordPress falls back to a
 * matching attachment, which every TEC caller (is_event_slug and kin, checked before any by-slug
 * handler runs) then refuses for its type; here that is undefined, as when nothing matches.
 */
export async function selectPostBySlug(db: Db, path: string, postType: string): Promise<PostRow | undefined> {
  const parts = pagePathParts(path);
  // Which posts have a name is a list's business: a slug changed or taken moves the answer.
  const rows = await declaredRead(
    () =>
      db
        .selectFrom('posts')
        .selectAll()
        .where((eb) => textIn(db, eb.ref('post_name'), [...new Set(parts)]))
        .where('post_type', 'in', [postType, PostType.attachment])
        .orderBy('ID', 'asc')
        .execute(),
    (found) => [DependencyTag.list(postType), DependencyTag.list(PostType.attachment), ...postTags(found.map((row) => row.ID))],
  );
  const byId = new Map(rows.map((row) => [row.ID, row]));
  const reversed = [...parts].reverse();
  let found: PostRow | undefined;
  for (const row of rows) {
    // The database collation matched loosely; PHP then compares names exactly.
    if (row.post_name !== reversed[0]) continue;
    let depth = 0;
    let current = row;
    let parent = byId.get(current.post_parent);
    while (current.post_parent !== 0 && parent !== undefined) {
      depth += 1;
      if (reversed[depth] === undefined || parent.post_name !== reversed[depth]) break;
      current = parent;
      parent = byId.get(current.post_parent);
    }
    if (current.post_parent === 0 && reversed.length === depth + 1 && current.post_name === reversed[depth]) {
      found = row;
      if (row.post_type === postType) break;
    }
  }
  return found?.post_type === postType ? found : undefined;
}

/**
 * The post WP_Query finds for a front-end `name` query var of a non-hierarchical post type, as an
 * anonymous reader sees it: that post_name exactly, of that type, published; the lowest ID when
 * several are.
 */
export async function selectPublishedPostByName(db: Db, name: string, postType: string): Promise<PostRow | undefined> {
  const rows = await declaredRead(
    () =>
      db
        .selectFrom('posts')
        .selectAll()
        .where((eb) => textIn(db, eb.ref('post_name'), [sanitizeTitleForQuery(name)]))
        .where('post_type', '=', postType)
        .where('post_status', '=', PostStatus.publish)
        .orderBy('ID', 'asc')
        .execute(),
    (found) => [DependencyTag.list(postType), ...postTags(found.map((row) => row.ID))],
  );
  return rows.find((row) => row.post_name === sanitizeTitleForQuery(name));
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
  return readOf(postTags(postIds), () => query.orderBy('meta_id', 'asc').execute());
}

/** What reads of these posts by ID depend on (see feed/dependencies.ts). */
function postTags(ids: readonly number[]): string[] {
  return ids.map(DependencyTag.post);
}
