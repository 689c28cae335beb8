import { AppError } from '../wp-error.js';
import { escUrl } from '../text/kses.js';
import { POST_TYPE_CAPS, userCan, type Viewer } from '../auth/capabilities.js';
import { OriginMeta, PostStatus, PostType, TrashMeta, WpPostMeta } from '../constants.js';
import { phpIntval, phpTrim } from '../php/php-values.js';
import type { PostRow } from '../posts/posts.repository.js';
import type { SiteSettings } from '../site/site.js';
import { postPermalink, toSiteUrls } from '../site/urls.js';
import { formatInZone, siteWallTimeToUtc } from '../tec/dates.js';
import { trackPostFieldsChanged } from '../tec/tracker.js';
import { sanitizeTitle } from '../text/slugs.js';
import { removeTrashedLinkedPostFromEvents } from './linked-post-trash.js';
import { updateTermCountOnTransition } from '../terms/term-writes.js';
import { addPostMeta, deletePostMeta, getPostMetaValues, updatePostMeta } from './post-meta.js';
import { insertPostRow, type NewPostRow } from './posts.repository.js';
import { addTrashedSuffix, FLOATING_STATUSES, slugBesideTrashedHolders, uniquePostSlug } from './post-slugs.js';
import { saveRevision } from './revisions.js';
import { filtersHtmlOnSave, ksesPostContent, ksesTitle } from './kses-save.js';
import { wpUnslash } from '../php/slashes.js';
import { fitsColumns, POSTS_COLUMN_LENGTHS } from './wpdb-fields.js';
import type { WriteScope } from './transaction.js';
import { schedulePostPublication } from '../site/cron.js';
import { forgetPostRow, lockedPostRowOf, mysqlNow, rememberPostType, siteOf, unixNow, writePostRow } from './write-env.js';
import { noteNewPostMeta } from './meta-store.js';

/*
 * wp_insert_post / wp_update_post / wp_trash_post as WordPress 7.1 writes the rows, for the post
 * types this service writes (events, venues, organizers, tickets, attendees, orders) and the
 * revisions WordPress makes of them (the slug steps are in post-slugs.ts, the revision in
 * revisions.ts). Every row goes through the scope's transaction and is noted in its ChangeSet;
 * meta writes of tracked post types also update TEC's `_tribe_modified_fields` (see post-meta.ts).
 *
 * A post write is a row and the hooks WordPress and its plugins run around it. A caller that
 * writes more than `meta_input` (terms, the publish hooks of events) runs the steps itself, so
 * its side effects read in WordPress's order where it writes:
 *   1. writeNewPostRow / writeUpdatedPostRow: the row, then its slug once the ID is known;
 *   2. the caller's `tax_input` and `meta_input`;
 *   3. transitionPostStatus: a new post's guid, then wp_transition_post_status (an empty guid
 *      filled on publishing, term counts, a trashed venue's or organizer's events, WP-Cron's
 *      publish event of a scheduled post);
 *   4. the caller's `publish_{post_type}` hooks, the last of the status hooks, when the row is
 *      `publish` (they fire even when it was `publish` before);
 *   5. finishPostInsert (`wp_insert_post`: TEC's origin meta) or finishPostUpdate (`post_updated`:
 *      TEC's tracker, `_wp_old_slug`, `_wp_old_date`; then `wp_insert_post`; then
 *      `wp_after_insert_post`: the revision).
 * insertPost and updatePost run these steps for callers that add at most `meta_input`.
 */

/** The post columns a caller may set; everything else WordPress derives (see writeNewPostRow). */
export interface PostFields {
  post_author: number;
  post_title: string;
  post_content: string;
  post_excerpt: string;
  post_status: string;
  post_name: string;
  post_parent: number;
  menu_order: number;
  post_password: string;
  /** Local wall time `Y-m-d H:i:s` in the site's zone; derived from post_date_gmt or now when absent. */
  post_date: string;
  /** UTC `Y-m-d H:i:s`; derived from post_date when absent. */
  post_date_gmt: string;
  comment_status: string;
  ping_status: string;
}

/** What a new post needs: a type, and any fields to set (the rest take WordPress's defaults). */
export type NewPost = Partial<PostFields> & { post_type: string };

/**
 * wp_insert_post's `meta_input`: update_post_meta of each key and value, in order, after the row
 * and before the status hooks.
 */
type MetaInput = ReadonlyArray<readonly [key: string, value: string]>;

/** A post wp_insert_post or wp_update_post is writing, handed from one step to the next. */
interface PostBeingWritten {
  readonly ID: number;
  /** The row as stored so far; the steps keep it current. */
  row: PostRow;
  /** The row an update started from (wp_update_post's `$post_before`); undefined for an insert. */
  readonly before: PostRow | undefined;
}

/** A post writeNewPostRow inserted; finishPostInsert completes it. */
export interface PostBeingInserted extends PostBeingWritten {
  readonly before: undefined;
}

/** A post writeUpdatedPostRow updated; finishPostUpdate completes it. */
export interface PostBeingUpdated extends PostBeingWritten {
  readonly before: PostRow;
}

const ZERO_DATE = '0000-00-00 00:00:00';

/** The writer as WordPress's capability checks see them; an unknown writer acts as the post's author who may publish. */
function canPublish(viewer: Viewer, postType: string): boolean {
  const cap = POST_TYPE_CAPS[postType]?.publish_posts;
  return cap !== undefined && userCan(viewer, cap);
}

/** wp_checkdate on a `Y-m-d H:i:s` string: the month, day and year must make a calendar day. */
function isValidPostDate(date: string): boolean {
  const year = phpIntval(date.slice(0, 4));
  const month = phpIntval(date.slice(5, 7));
  const day = phpIntval(date.slice(8, 10));
  if (month < 1 || month > 12 || day < 1 || year < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** get_date_from_gmt: a UTC `Y-m-d H:i:s` as wall time in the site's zone. */
function dateFromGmt(gmt: string, site: SiteSettings): string {
  const unix = Date.parse(`${gmt.replace(' ', 'T')}Z`) / 1000;
  return Number.isFinite(unix) ? formatInZone(unix, site.timezone) : gmt;
}

function isEmptyDate(value: string | undefined): boolean {
  return value === undefined || value === '' || value === ZERO_DATE;
}

/** wp_resolve_post_date: the given local date, else the one of the given GMT date, else now. Throws on an impossible date. */
function resolvePostDate(scope: WriteScope, site: SiteSettings, postDate: string | undefined, postDateGmt: string | undefined): string {
  let date = postDate ?? '';
  if (isEmptyDate(date)) date = isEmptyDate(postDateGmt) ? mysqlNow(scope, site).local : dateFromGmt(postDateGmt!, site);
  if (!isValidPostDate(date)) throw new AppError(400, 'invalid_date', 'Invalid date.');
  return date;
}

/**
 * The rows wp_insert_post computes from the merged post array, shared by inserts and updates:
 * the slug rules, the dates, the scheduled/published switch, the password of private posts.
 */
interface ResolvedPost {
  row: Omit<NewPostRow, 'guid'>;
}

interface ResolveInput {
  scope: WriteScope;
  site: SiteSettings;
  post: NewPost & { post_content_filtered?: string; to_ping?: string; pinged?: string; post_mime_type?: string };
  /** The stored row of an update (undefined for an insert). */
  before?: PostRow;
  /** The name the caller gave, or for an update the stored one (wp_update_post merges it in). */
  postName: string | undefined;
  /**
   * Text fields taken from the stored row rather than from the caller: wp_update_post slashes
   * them before wp_insert_post unslashes, so they keep their backslashes.
   */
  stored?: ReadonlySet<TextField>;
}

type TextField = 'post_title' | 'post_content' | 'post_excerpt' | 'post_password';

/**
 * sanitize_post('db') and wp_unslash of the text fields: the title trimmed (`title_save_pre`),
 * kses for writers without `unfiltered_html` (stored text too, as the whole merged post is
 * sanitized), one level of backslashes stripped from what the caller gave.
 */
function savedText(scope: WriteScope, field: TextField, value: string, stored: boolean): string {
  let text = field === 'post_title' ? phpTrim(value) : value;
  if (!stored) text = wpUnslash(text);
  if (filtersHtmlOnSave(scope.viewer)) {
    if (field === 'post_title') text = ksesTitle(text);
    else if (field !== 'post_password') text = ksesPostContent(text);
  }
  return text;
}

async function resolvePost({ scope, site, post, before, postName, stored = new Set() }: ResolveInput): Promise<ResolvedPost> {
  const postType = post.post_type;
  const id = before?.ID ?? 0;
  const update = before !== undefined;
  const postTitle = post.post_title ?? '';
  let postStatus = post.post_status || PostStatus.draft;

  // Contributors may not choose the slug of a post waiting for review.
  let name = postName ?? '';
  if (postStatus === PostStatus.pending && !canPublish(scope.viewer, postType)) name = '';

  if (name === '') {
    name = FLOATING_STATUSES.has(postStatus) ? '' : sanitizeTitle(postTitle, site.language);
  } else if (!(before !== undefined && name === before.post_name)) {
    name = sanitizeTitle(name, site.language);
  }

  const postDate = resolvePostDate(scope, site, post.post_date, post.post_date_gmt);
  let postDateGmt: string;
  if (isEmptyDate(post.post_date_gmt)) {
    postDateGmt = FLOATING_STATUSES.has(postStatus) ? ZERO_DATE : siteWallTimeToUtc(postDate, site.timezone);
  } else {
    postDateGmt = post.post_date_gmt!;
  }

  const now = mysqlNow(scope, site);
  const [postModified, postModifiedGmt] = update || postDate === ZERO_DATE ? [now.local, now.gmt] : [postDate, postDateGmt];

  // A published post dated a minute or more ahead is scheduled; a scheduled one already due is published.
  const ahead = Date.parse(`${postDateGmt.replace(' ', 'T')}Z`) / 1000 - unixNow(scope);
  if (postStatus === PostStatus.publish && ahead >= 60) postStatus = PostStatus.future;
  else if (postStatus === PostStatus.future && !(ahead >= 60)) postStatus = PostStatus.publish;

  const postPassword = postStatus === PostStatus.private ? '' : (post.post_password ?? '');
  const previousStatus = before?.post_status;

  // Leaving the trash gives the post back the slug it had.
  if (previousStatus === PostStatus.trash && postStatus !== PostStatus.trash) {
    const [desired] = await getPostMetaValues(scope, id, WpPostMeta.desiredSlug);
    if (desired) {
      await deletePostMeta(scope, id, WpPostMeta.desiredSlug);
      name = desired;
    }
  }
  if (postStatus === PostStatus.trash) {
    // Trashing frees the slug for others.
    if (before !== undefined && previousStatus !== PostStatus.trash) name = await addTrashedSuffix(scope, before);
    name = await uniquePostSlug(scope, name, id, postStatus, postType);
  } else {
    // A trashed post holding the wanted slug makes way for this one; then the slug is made unique.
    name = await slugBesideTrashedHolders(scope, name, id, postStatus, postType, before?.post_name);
  }

  return {
    row: {
      post_author: post.post_author ?? scope.viewer.userId,
      post_date: postDate,
      post_date_gmt: postDateGmt,
      post_content: savedText(scope, 'post_content', post.post_content ?? '', stored.has('post_content')),
      post_content_filtered: post.post_content_filtered ?? '',
      post_title: savedText(scope, 'post_title', postTitle, stored.has('post_title')),
      post_excerpt: savedText(scope, 'post_excerpt', post.post_excerpt ?? '', stored.has('post_excerpt')),
      post_status: postStatus,
      post_type: postType,
      comment_status: post.comment_status || defaultCommentStatus(site, postType),
      ping_status: post.ping_status || 'closed',
      post_password: postPassword === '' ? '' : savedText(scope, 'post_password', postPassword, stored.has('post_password')),
      post_name: name,
      to_ping: post.to_ping ?? '',
      pinged: post.pinged ?? '',
      post_modified: postModified,
      post_modified_gmt: postModifiedGmt,
      post_parent: post.post_parent ?? 0,
      menu_order: post.menu_order ?? 0,
      post_mime_type: post.post_mime_type ?? '',
      comment_count: before?.comment_count ?? 0,
    },
  };
}

/** The guid get_permalink gives a post at the moment it is inserted (home URL, not PUBLIC_URL). */
function guidOf(site: SiteSettings, post: PostRow, viewer: Viewer): string {
  if (post.post_type === PostType.revision) return `${site.home}/?p=${post.ID}`;
  const urls = toSiteUrls(site, '/wp-json', undefined);
  return postPermalink(urls, post, viewer);
}

/**
 * get_default_comment_status( $post_type ): the site's `default_comment_status` for a type that
 * supports comments, `closed` otherwise. Of the types written here only events can, when TEC's
 * `showComments` setting adds the support; pings stay closed (no type here supports trackbacks).
 */
function defaultCommentStatus(site: SiteSettings, postType: string): string {
  if (postType === PostType.event && site.tec.showComments) return site.defaultCommentStatus || 'closed';
  return 'closed';
}

/** The slug a post saved with an empty one gets once its ID is known (sanitize_title with the ID as fallback). */
async function fillEmptySlug(scope: WriteScope, site: SiteSettings, post: PostRow): Promise<PostRow> {
  if (post.post_name !== '' || FLOATING_STATUSES.has(post.post_status)) return post;
  const slug = sanitizeTitle(post.post_title, site.language) || String(post.ID);
  const name = await uniquePostSlug(scope, slug, post.ID, post.post_status, post.post_type);
  await writePostRow(scope, post.ID, { post_name: name });
  scope.changes.notePost(post.ID, post.post_type, undefined, ['post_name']);
  return { ...post, post_name: name };
}

/** The status a post had before wp_insert_post made it (wp_transition_post_status's `new`). */
const NEW_POST = 'new';

/**
 * The hooks of wp_transition_post_status that write rows here, in WordPress's order: core's
 * `_transition_post_status` (an empty guid filled on publishing) and
 * `_update_term_count_on_transition_post_status` (the post's terms recounted when it moves into
 * or out of `publish`), then the `{status}_{post_type}` hooks: `_future_post_hook` (WP-Cron's
 * publish event), TEC's `trash_tribe_venue` / `trash_tribe_organizer` (the trashed post unlinked
 * from the site's upcoming events). The `publish_{post_type}` hooks would come last; the caller
 * runs them (see the top of this file).
 */
async function transitionStatus(scope: WriteScope, site: SiteSettings, post: PostRow, previousStatus: string): Promise<PostRow> {
  let current = post;
  if (previousStatus !== PostStatus.publish && post.post_status === PostStatus.publish && post.guid === '') {
    const guid = guidOf(site, post, scope.viewer);
    await writePostRow(scope, post.ID, { guid });
    scope.changes.notePost(post.ID, post.post_type, undefined, ['guid']);
    current = { ...post, guid };
  }
  // A new post's terms were all counted as they were set, after its row held this status.
  if (previousStatus !== NEW_POST) await updateTermCountOnTransition(scope, post, post.post_status, previousStatus);
  if (post.post_status === PostStatus.trash && (post.post_type === PostType.venue || post.post_type === PostType.organizer)) {
    await removeTrashedLinkedPostFromEvents(scope, site, post.post_type, post.ID);
  }
  // `future_{post_type}` runs _future_post_hook on every save that leaves the post scheduled.
  if (post.post_status === PostStatus.future) await schedulePostPublication(scope, post.ID, post.post_date_gmt);
  return current;
}

/** Main::addPostOrigin (on `wp_insert_post`): `_{Type}Origin` = `events-calendar`, once, on TEC posts. */
async function addOrigin(scope: WriteScope, post: PostRow): Promise<void> {
  const key = OriginMeta[post.post_type];
  if (key === undefined) return;
  const [origin] = await getPostMetaValues(scope, post.ID, key);
  if (!origin) await addPostMeta(scope, post.ID, key, 'events-calendar');
}

/**
 * wp_insert_post / wp_update_post when $wpdb refuses the row because a value is longer than its
 * column (a title or excerpt over 64 KB). WordPress's WP_Error has no status, so its REST API
 * answers 500; the cause is the request, so this service answers 400 with WordPress's code and
 * message. Thrown before the row is written, so a caller that, like the plugin, ignores
 * wp_update_post's result may catch it and go on.
 */
export class PostNotStoredError extends AppError {}

export const PostWriteErrors = {
  notInserted: () => new PostNotStoredError(400, 'db_insert_error', 'Could not insert post into the database.'),
  notUpdated: () => new PostNotStoredError(400, 'db_update_error', 'Could not update post in the database.'),
} as const;

/**
 * wp_insert_post up to `tax_input` and `meta_input`: fills WordPress's defaults (dates from now in
 * the site zone, comment/ping status of the type, empty strings), makes `post_name` unique by
 * wp_unique_post_slug's rules (drafts and pending posts keep an empty name unless one was given),
 * inserts the row, then gives a post saved without a slug one from its title or ID. Returns the
 * post for the next steps (see the top of this file).
 *
 * Strings are stored as wp_insert_post stores them: the title trimmed, one level of backslashes
 * stripped (wp_unslash). Throws 400 `invalid_date` for an impossible date, and
 * PostWriteErrors.notInserted (before the row is written) when a value does not fit its column.
 */
export async function writeNewPostRow(scope: WriteScope, post: NewPost): Promise<PostBeingInserted> {
  const site = await siteOf(scope);
  const { row } = await resolvePost({ scope, site, post, postName: post.post_name });
  if (!fitsColumns(row, POSTS_COLUMN_LENGTHS)) throw PostWriteErrors.notInserted();
  const id = await insertPostRow(scope.trx, { ...row, guid: '' });
  rememberPostType(scope, id, row.post_type);
  // An ID the write looked up before as no post (a venue `{id}` not there yet) is one now.
  forgetPostRow(scope, id);
  noteNewPostMeta(scope, id);
  scope.changes.notePost(id, row.post_type, 'created');
  const stored = await fillEmptySlug(scope, site, { ...row, ID: id, guid: '' } as PostRow);
  return { ID: id, row: stored, before: undefined };
}

/**
 * The part of wp_insert_post between `meta_input` and its closing hooks: a new post's guid (the
 * permalink as get_permalink gives it at that moment), then wp_transition_post_status from the
 * status the post had (`new` for an insert). The caller's `publish_{post_type}` hooks follow.
 */
export async function transitionPostStatus(scope: WriteScope, post: PostBeingInserted | PostBeingUpdated): Promise<void> {
  const site = await siteOf(scope);
  if (post.before === undefined) {
    const guid = guidOf(site, post.row, scope.viewer);
    await writePostRow(scope, post.ID, { guid });
    post.row = { ...post.row, guid };
  }
  post.row = await transitionStatus(scope, site, post.row, post.before?.post_status ?? NEW_POST);
}

/** wp_insert_post's last hook for a new post, `wp_insert_post`: TEC's origin meta. */
export async function finishPostInsert(scope: WriteScope, post: PostBeingInserted): Promise<void> {
  await addOrigin(scope, post.row);
}

/**
 * wp_insert_post for callers that add at most `meta_input`: every step, in order. Returns the new
 * ID. Throws as writeNewPostRow.
 */
export async function insertPost(scope: WriteScope, post: NewPost, { metaInput = [] }: { metaInput?: MetaInput } = {}): Promise<number> {
  const inserted = await writeNewPostRow(scope, post);
  await updateMetaInput(scope, inserted.ID, metaInput);
  await transitionPostStatus(scope, inserted);
  await finishPostInsert(scope, inserted);
  return inserted.ID;
}

async function updateMetaInput(scope: WriteScope, postId: number, metaInput: MetaInput): Promise<void> {
  for (const [key, value] of metaInput) await updatePostMeta(scope, postId, key, value);
}

/**
 * wp_check_for_changed_slugs and wp_check_for_changed_dates (on `post_updated`): a published
 * post that changed its slug or its day keeps the old one in `_wp_old_slug` / `_wp_old_date`
 * (once), and loses the entry equal to its new one.
 */
async function rememberOldSlugAndDate(scope: WriteScope, before: PostRow, after: PostRow): Promise<void> {
  if (after.post_status !== PostStatus.publish) return;
  if (after.post_name !== before.post_name) {
    const oldSlugs = await getPostMetaValues(scope, after.ID, WpPostMeta.oldSlug);
    if (before.post_name !== '' && !oldSlugs.includes(before.post_name)) await addPostMeta(scope, after.ID, WpPostMeta.oldSlug, before.post_name);
    if (oldSlugs.includes(after.post_name)) await deletePostMeta(scope, after.ID, WpPostMeta.oldSlug, after.post_name);
  }
  const previousDay = before.post_date.slice(0, 10);
  const newDay = after.post_date.slice(0, 10);
  if (previousDay !== newDay) {
    const oldDates = await getPostMetaValues(scope, after.ID, WpPostMeta.oldDate);
    if (previousDay !== '' && !oldDates.includes(previousDay)) await addPostMeta(scope, after.ID, WpPostMeta.oldDate, previousDay);
    if (oldDates.includes(newDay)) await deletePostMeta(scope, after.ID, WpPostMeta.oldDate, newDay);
  }
}

/**
 * wp_update_post up to `tax_input` and `meta_input`: merges `fields` over the stored row,
 * re-derives what WordPress re-derives (unique slug, GMT date, modified times) and writes the
 * row. Returns the post for the next steps (see the top of this file).
 *
 * A draft or pending post that was never dated gets now as its date (unless `editDate`, the
 * `edit_date` of wp_update_post: keep the given date). Throws 404 `invalid_post` when there is no
 * such post, and PostWriteErrors.notUpdated (before the row is written) when a value does not fit
 * its column.
 */
export async function writeUpdatedPostRow(
  scope: WriteScope,
  id: number,
  fields: Partial<PostFields>,
  { editDate = false }: { editDate?: boolean } = {},
): Promise<PostBeingUpdated> {
  const site = await siteOf(scope);
  const before = await lockedPostRowOf(scope, id);
  if (!before) throw new AppError(404, 'invalid_post', 'Invalid post ID.');

  const clearDate = FLOATING_STATUSES.has(before.post_status) && !editDate && before.post_date_gmt === ZERO_DATE;
  const given = fields;
  const merged: NewPost = {
    post_author: before.post_author,
    post_title: before.post_title,
    post_content: before.post_content,
    post_excerpt: before.post_excerpt,
    post_status: before.post_status,
    post_parent: before.post_parent,
    menu_order: before.menu_order,
    post_password: before.post_password,
    post_date: before.post_date,
    post_date_gmt: before.post_date_gmt,
    comment_status: before.comment_status,
    ping_status: before.ping_status,
    ...given,
    post_type: before.post_type,
  };
  if (clearDate) {
    merged.post_date = mysqlNow(scope, site).local;
    merged.post_date_gmt = '';
  }
  const stored = new Set<TextField>(
    (['post_title', 'post_content', 'post_excerpt', 'post_password'] as const).filter((field) => given[field] === undefined),
  );
  const { row } = await resolvePost({
    scope,
    site,
    post: {
      ...merged,
      post_content_filtered: before.post_content_filtered,
      to_ping: before.to_ping,
      pinged: before.pinged,
      post_mime_type: before.post_mime_type,
    },
    before,
    postName: given.post_name ?? before.post_name,
    stored,
  });

  // get_post_field('guid') reads it through `post_guid`'s esc_url, and every update stores that
  // back: `&` in a plain permalink becomes `&#038;`.
  const guid = escUrl(before.guid);
  if (!fitsColumns({ ...row, guid }, POSTS_COLUMN_LENGTHS)) throw PostWriteErrors.notUpdated();
  await writePostRow(scope, id, { ...row, guid });
  scope.changes.notePost(id, before.post_type, undefined, columnsChanged(before, { ...row, guid }));
  const after = await fillEmptySlug(scope, site, { ...row, ID: id, guid } as PostRow);
  return { ID: id, row: after, before };
}

/**
 * wp_update_post's closing hooks: `post_updated` (TEC's tracker; `_wp_old_slug` / `_wp_old_date`
 * of a published post), `wp_insert_post` (TEC's origin meta), then `wp_after_insert_post` (a
 * revision when the type keeps them and a revisioned field changed). Returns the row as stored.
 */
export async function finishPostUpdate(scope: WriteScope, post: PostBeingUpdated): Promise<PostRow> {
  const site = await siteOf(scope);
  await trackPostFieldsChanged(scope, post.before, post.row);
  await rememberOldSlugAndDate(scope, post.before, post.row);
  await addOrigin(scope, post.row);
  await saveRevision(scope, site, post.row);
  return post.row;
}

/**
 * wp_update_post for callers that add at most `meta_input`: every step, in order. Returns the row
 * as stored. Throws as writeUpdatedPostRow.
 */
export async function updatePost(
  scope: WriteScope,
  id: number,
  fields: Partial<PostFields>,
  { editDate = false, metaInput = [] }: { editDate?: boolean; metaInput?: MetaInput } = {},
): Promise<PostRow> {
  const updated = await writeUpdatedPostRow(scope, id, fields, { editDate });
  await updateMetaInput(scope, id, metaInput);
  await transitionPostStatus(scope, updated);
  return finishPostUpdate(scope, updated);
}

/** The columns of `written` whose value differs from the row `before` (compared as the database would store them). */
function columnsChanged(before: PostRow, written: Partial<PostRow>): string[] {
  return Object.entries(written)
    .filter(([column, value]) => String(value) !== String(before[column as keyof PostRow]))
    .map(([column]) => column);
}

/**
 * wp_trash_post: stores `_wp_trash_meta_status` / `_wp_trash_meta_time`, renames the slug with
 * `__trashed` (keeping `_wp_desired_post_slug`), sets the status to `trash`, and runs what
 * WordPress runs on the way (revision, comments status). Returns the row as stored.
 *
 * A post already in the trash is returned as it is (WordPress refuses it; the routes answer 410
 * before asking). The terms of a published post are recounted on the way (the status transition);
 * the post's comments are not touched (this service writes no comments). Throws 404
 * `invalid_post` when there is no such post.
 */
export async function trashPost(scope: WriteScope, id: number): Promise<PostRow> {
  const post = await lockedPostRowOf(scope, id);
  if (!post) throw new AppError(404, 'invalid_post', 'Invalid post ID.');
  if (post.post_status === PostStatus.trash) return post;
  rememberPostType(scope, id, post.post_type);
  await addPostMeta(scope, id, TrashMeta.status, post.post_status);
  // time(), not the site's local time.
  await addPostMeta(scope, id, TrashMeta.time, String(unixNow(scope)));
  const trashed = await updatePost(scope, id, { post_status: PostStatus.trash });
  // Gone for readers of the API: change notifications report it as deleted.
  scope.changes.notePost(id, post.post_type, 'deleted');
  return trashed;
}

/**
 * wp_publish_post, as TEC's publishAssociatedTypes calls it for the venue and organizers of an
 * event being published: only the status column is set (slug, dates and modified times stay, a
 * trashed post keeps its `__trashed` slug and trash meta), then the status hooks, TEC's origin
 * meta and wp_after_insert_post's revision run. No `post_updated`, so the tracker stamps nothing.
 * Does nothing for a published or missing post. Returns the row as stored, or undefined.
 */
export async function publishPost(scope: WriteScope, id: number): Promise<PostRow | undefined> {
  const post = await lockedPostRowOf(scope, id);
  if (!post || post.post_status === PostStatus.publish) return post;
  const site = await siteOf(scope);
  rememberPostType(scope, id, post.post_type);
  await writePostRow(scope, id, { post_status: PostStatus.publish });
  scope.changes.notePost(id, post.post_type);
  const published = await transitionStatus(scope, site, { ...post, post_status: PostStatus.publish }, post.post_status);
  await addOrigin(scope, published);
  await saveRevision(scope, site, published);
  return published;
}
