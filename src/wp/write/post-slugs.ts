/**
 * The slug steps of wp_insert_post for the post types written here: _truncate_post_slug,
 * wp_unique_post_slug and the `__trashed` suffix trashed posts take when a new post wants their name.
 */

import { PostStatus, PostType, WpPostMeta } from '../constants.js';
import type { PostRow } from '../posts/posts.repository.js';
import { WriteLockKey } from './write-locks.js';
import { addPostMeta } from './post-meta.js';
import { isPostNameTaken, isTrashedHolder, selectPostForUpdate, selectPostsNamed } from './posts.repository.js';
import type { WriteScope } from './transaction.js';
import { takeNamesakes, writePostRow } from './write-env.js';

/** The statuses whose posts may keep an empty slug and a zero GMT date (`date_floating`). */
export const FLOATING_STATUSES: ReadonlySet<string> = new Set([PostStatus.draft, PostStatus.pending, PostStatus.autoDraft]);

/** get_posts(['post_type' => 'any']) types: those not excluded from search (TEC's venues and organizers are). */
const SEARCHABLE_TYPES: readonly string[] = [PostType.post, 'page', PostType.event];

const FEEDS: readonly string[] = ['feed', 'rdf', 'rss', 'rss2', 'atom'];

/**
 * _truncate_post_slug: at most `length` bytes, cutting an encoded slug between whole characters
 * (utf8_uri_encode of its decoded form), trailing dashes dropped.
 */
export function truncatePostSlug(slug: string, length = 200): string {
  let out = slug;
  if (Buffer.byteLength(slug, 'utf8') > length) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(slug.replace(/\+/g, ' '));
    } catch {
      decoded = slug;
    }
    if (decoded === slug) {
      out = Buffer.from(slug, 'utf8').subarray(0, length).toString('utf8').replace(/\uFFFD+$/, '');
    } else {
      out = '';
      for (const char of decoded) {
        const piece =
          char.charCodeAt(0) < 0x80
            ? /[A-Za-z0-9_.~-]/.test(char)
              ? char
              : `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
            : [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16)}`).join('');
        if (out.length + piece.length > length) break;
        out += piece;
      }
    }
  }
  return out.replace(/-+$/, '');
}

/**
 * wp_unique_post_slug for the flat post types written here: drafts, pending posts and revisions
 * keep the slug as it is; otherwise a slug another post of the type holds (any status), a feed
 * name or `embed` gets `-2`, `-3`, ... (the base cut so the whole stays within 200 bytes).
 */
export async function uniquePostSlug(
  scope: WriteScope,
  slug: string,
  postId: number,
  postStatus: string,
  postType: string,
): Promise<string> {
  if (!slugMustBeUnique(postStatus, postType)) return slug;
  const taken = await isPostNameFree(scope, slug, postType, postId).then((free) => !free);
  return keepOrSuffixSlug(scope, slug, taken, postId, postType);
}

/** Whether wp_unique_post_slug checks the slug at all: not for drafts, pending posts and revisions. */
function slugMustBeUnique(postStatus: string, postType: string): boolean {
  return !(FLOATING_STATUSES.has(postStatus) || (postStatus === PostStatus.inherit && postType === PostType.revision));
}

/** The slug itself when free and no reserved name, else the first free `-2`, `-3`, ... (wp_unique_post_slug's loop). */
async function keepOrSuffixSlug(scope: WriteScope, slug: string, taken: boolean, postId: number, postType: string): Promise<string> {
  if (!taken && !FEEDS.includes(slug) && slug !== 'embed') return slug;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${truncatePostSlug(slug, 200 - (String(suffix).length + 1))}-${suffix}`;
    if (await isPostNameFree(scope, candidate, postType, postId)) return candidate;
  }
}

/**
 * wp_insert_post's slug steps for a post that is not being trashed, with one read of the posts
 * holding the name: trashed posts holding it make way (`__trashed`,
 * wp_add_trashed_suffix_to_post_name_for_trashed_posts), then wp_unique_post_slug, whose first
 * check is the same read less the posts just renamed.
 *
 * The name's write lock is taken before that read (see isPostNameFree), except when the post
 * already holds this very name: its committed row has held the name all along, so any write
 * choosing it at the same time sees it taken and moves on; a clash found then (two posts left
 * holding one name) falls to the suffix loop, which locks each candidate. That read is then the
 * one made with the post's lock, where there was one (takeNamesakes).
 */
export async function slugBesideTrashedHolders(
  scope: WriteScope,
  name: string,
  postId: number,
  postStatus: string,
  postType: string,
  heldName: string | undefined,
): Promise<string> {
  if (name === '') return uniquePostSlug(scope, name, postId, postStatus, postType);
  const checksUnique = slugMustBeUnique(postStatus, postType);
  if (checksUnique && name !== heldName) await scope.locks.take(WriteLockKey.postSlug(postType, name));
  const holders = (name === heldName ? takeNamesakes(scope, postId, name) : undefined) ?? (await selectPostsNamed(scope.trx, name, postId));
  const renamed = new Set<number>();
  for (const trashed of holders.filter(isTrashedHolder)) {
    if (!SEARCHABLE_TYPES.includes(trashed.post_type)) continue;
    await addTrashedSuffix(scope, trashed);
    renamed.add(trashed.ID);
  }
  if (!checksUnique) return name;
  // PHP tests the name found for truth: an empty name found is no clash (isPostNameTaken).
  const clash = holders.find((post) => post.post_type === postType && !renamed.has(post.ID));
  const taken = clash !== undefined && clash.post_name !== '' && clash.post_name !== '0';
  return keepOrSuffixSlug(scope, name, taken, postId, postType);
}

/**
 * Whether no other post of the type holds `name`, asked under the name's write lock, which the
 * write keeps until its commit: a write taking the same name at the same time (this service
 * instance or another) has committed before the check, or checks after this one's commit.
 */
async function isPostNameFree(scope: WriteScope, name: string, postType: string, postId: number): Promise<boolean> {
  await scope.locks.take(WriteLockKey.postSlug(postType, name));
  return !(await isPostNameTaken(scope.trx, name, postType, postId));
}

/**
 * wp_add_trashed_suffix_to_post_name_for_post: `{slug}__trashed` (the slug cut to 191 bytes),
 * the old slug kept in `_wp_desired_post_slug`. Returns the new name.
 */
export async function addTrashedSuffix(scope: WriteScope, found: PostRow): Promise<string> {
  // Read again under the row's lock: another write may be renaming the same trashed post.
  const post = (await selectPostForUpdate(scope.trx, found.ID)) ?? found;
  if (post.post_name.endsWith('__trashed')) return post.post_name;
  await addPostMeta(scope, post.ID, WpPostMeta.desiredSlug, post.post_name);
  const name = `${truncatePostSlug(post.post_name, 191)}__trashed`;
  await writePostRow(scope, post.ID, { post_name: name });
  scope.changes.notePost(post.ID, post.post_type);
  return name;
}
