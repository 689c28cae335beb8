import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/create-db.js';
import type { PostsTable } from '../../src/db/tables.js';

/** The reference site's home URL; fixtures/seed-options.sql writes the same. */
export const SITE_URL = 'http://127.0.0.1:8080';

/** Builders never read the wall clock: rows are dated at this instant unless a test says otherwise. */
export const BUILDER_DATE = '2026-11-21 22:40:00';

/** What WordPress writes into DATETIME columns that have no value yet. */
export const ZERO_DATE = '0000-00-00 00:00:00';

/** Post columns under their WordPress names; anything left out gets WordPress's value. */
export type PostOverrides = Partial<Insertable<PostsTable>>;

export interface InsertedPost {
  id: number;
}

// wp_insert_post leaves post_date_gmt (and so post_modified_gmt) at the zero date and post_name
// empty while a post is in one of these states; both are filled in when it is published.
const UNDATED_STATUSES: ReadonlySet<string> = new Set(['draft', 'pending', 'auto-draft']);

// get_permalink() gives these states the plain `?p=` link even when the post has a slug.
const PLAIN_LINK_STATUSES: ReadonlySet<string> = new Set(['draft', 'pending', 'auto-draft', 'future']);

// Rewrite bases of the post types that have pretty permalinks on the reference site.
const PERMALINK_BASES: Readonly<Record<string, string>> = {
  post: '',
  page: '',
  tribe_events: 'event/',
  tribe_venue: 'venue/',
  tribe_organizer: 'organizer/',
};

/**
 * Inserts one `posts` row as wp_insert_post would store it: slug from the title (made unique
 * within the post type, as wp_unique_post_slug does), guid = the permalink at insert time, GMT
 * columns equal to local ones (the seeded site is UTC), and for `trash` the `__trashed` slug and
 * trash meta WordPress writes. Explicit overrides are stored as given.
 */
export async function insertPost(db: Db, overrides: PostOverrides = {}): Promise<InsertedPost> {
  const status = overrides.post_status ?? 'publish';
  const type = overrides.post_type ?? 'post';
  const title = overrides.post_title ?? '';
  const date = overrides.post_date ?? BUILDER_DATE;
  const dateGmt = overrides.post_date_gmt ?? (UNDATED_STATUSES.has(status) ? ZERO_DATE : date);
  const isTecType = type.startsWith('tribe_');

  let desiredSlug = overrides.post_name;
  if (desiredSlug === undefined) {
    desiredSlug = UNDATED_STATUSES.has(status) ? '' : await uniqueSlug(db, type, sanitizeTitle(title));
  }
  const trashed = status === 'trash' && overrides.post_name === undefined && desiredSlug !== '';

  const row: Insertable<PostsTable> = {
    post_author: 1,
    post_date: date,
    post_date_gmt: dateGmt,
    post_content: '',
    post_title: title,
    post_excerpt: '',
    post_status: status,
    // TEC registers its post types without comments or pings.
    comment_status: isTecType ? 'closed' : 'open',
    ping_status: isTecType ? 'closed' : 'open',
    post_password: '',
    post_name: trashed ? `${desiredSlug}__trashed` : desiredSlug,
    to_ping: '',
    pinged: '',
    post_modified: overrides.post_modified ?? date,
    post_modified_gmt: overrides.post_modified_gmt ?? dateGmt,
    post_content_filtered: '',
    post_parent: 0,
    guid: '',
    menu_order: 0,
    post_type: type,
    post_mime_type: '',
    comment_count: 0,
    ...definedOnly(overrides),
  };

  const result = await db.insertInto('posts').values(row).executeTakeFirstOrThrow();
  const id = overrides.ID ?? Number(result.insertId);

  if (overrides.guid === undefined) {
    await db
      .updateTable('posts')
      .set({ guid: permalink(id, type, status, desiredSlug) })
      .where('ID', '=', id)
      .execute();
  }
  if (trashed) {
    await insertPostMeta(db, id, [
      ['_wp_trash_meta_status', 'publish'],
      ['_wp_trash_meta_time', String(unixSeconds(row.post_modified_gmt))],
      ['_wp_desired_post_slug', desiredSlug],
    ]);
  }
  return { id };
}

/**
 * Inserts meta rows in the given order (meta_id order is the order WordPress reads them back,
 * which matters for repeated keys such as `_EventOrganizerID`). Returns their meta_ids.
 */
export async function insertPostMeta(
  db: Db,
  postId: number,
  entries: ReadonlyArray<readonly [key: string, value: string]>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const [key, value] of entries) {
    const result = await db
      .insertInto('postmeta')
      .values({ post_id: postId, meta_key: key, meta_value: value })
      .executeTakeFirstOrThrow();
    ids.push(Number(result.insertId));
  }
  return ids;
}

/** WordPress's sanitize_title_with_dashes for plain titles: "Author's Book Reading" -> "authors-book-reading". */
export function sanitizeTitle(title: string): string {
  return title
    .replace(/<[^>]*>/g, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&[a-z0-9#]+;/g, '')
    .replaceAll('.', '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The link get_permalink() returns for a post in this state on a `/%postname%/` site. */
export function permalink(id: number, type: string, status: string, slug: string): string {
  const base = PERMALINK_BASES[type];
  if (base !== undefined && slug !== '' && !PLAIN_LINK_STATUSES.has(status)) {
    return `${SITE_URL}/${base}${slug}/`;
  }
  if (type === 'post') return `${SITE_URL}/?p=${id}`;
  if (type === 'page') return `${SITE_URL}/?page_id=${id}`;
  return `${SITE_URL}/?post_type=${type}&p=${id}`;
}

// wp_unique_post_slug: the first free of slug, slug-2, slug-3, ... among posts of the same type.
async function uniqueSlug(db: Db, type: string, slug: string): Promise<string> {
  if (slug === '') return slug;
  const rows = await db
    .selectFrom('posts')
    .select('post_name')
    .where('post_type', '=', type)
    .where('post_name', 'like', `${slug.replace(/[\\%_]/g, '\\$&')}%`)
    .execute();
  const taken = new Set(rows.map((row) => row.post_name));
  if (!taken.has(slug)) return slug;
  let suffix = 2;
  while (taken.has(`${slug}-${suffix}`)) suffix += 1;
  return `${slug}-${suffix}`;
}

function unixSeconds(mysqlUtc: string): number {
  return Math.floor(Date.parse(`${mysqlUtc.replace(' ', 'T')}Z`) / 1000);
}

/** Drops keys whose value is `undefined`, so `{ post_title: undefined }` keeps the default. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
