import { findPostBySlugOnce } from './request-context.js';
import type { ArgSpecs } from './rest-args.js';
import type { RequestContext } from './request-context.js';
import { REGISTERED_POST_STATUSES } from '../wp/constants.js';
import { isTime } from '../wp/tec/dates.js';
import { AttachmentMeta } from '../wp/posts/images.js';
import { loadPostsWithMeta } from '../wp/tec/linked-posts.js';
import { firstMeta } from '../wp/posts/meta.js';
import { isEmptyParam, isPhpEmpty } from '../wp/php/php-empty.js';
import { isPhpNumeric, phpIntval } from '../wp/php/php-values.js';
import { selectUserIdExists } from '../wp/auth/users.repository.js';
import { isValidUrl } from '../wp/php/url-validation.js';
import { arePostIdsOfType, isNonEmptyString } from '../wp/validators.js';
import type { Lookups } from '../wp/lookups/lookups.js';

/*
 * Argument validators and defaults shared by the routes (Tribe__Validator__Base,
 * Tribe__Events__Validator__Base and Endpoints/Base), bound to the request context.
 */

type Args = ArgSpecs<RequestContext>;

/**
 * Endpoints/Base::get_default_posts_per_page: TEC's own `posts_per_page` option, else
 * WordPress's, else 20; kept as the stored string, which is how the index shows it.
 */
export function defaultPostsPerPage(ctx: RequestContext): string | number {
  const candidates = [ctx.site.tec.postsPerPage, ctx.site.postsPerPage];
  return candidates.find((value) => value !== undefined && !isPhpEmpty(value)) ?? 20;
}

/** Archive_Base::sanitize_per_page: an integer, capped at the maximum. */
export function sanitizePerPage(max: number) {
  return (value: unknown): number => Math.min(max, phpIntval(value));
}

/** Re-exported from src/wp/php/php-empty.ts for src/http/permissions.ts, which imports it from here. */
export { isEmptyParam };

/** EDIT_args: every argument of CREATE_args, none required (Endpoints/Base::unrequire_arg). */
export function unrequired(args: Args): Args {
  return Object.fromEntries(Object.entries(args).map(([name, spec]) => [name, { ...spec, required: false }]));
}

/**
 * Validator::is_time: numeric, or a string PHP's strtotime() reads (and not as the epoch). A type
 * guard, so a route's parameter it validates is typed string or number (ArgValue).
 */
export function isTimeArg(value: unknown, ctx: RequestContext): value is string | number {
  return isPhpNumeric(value) || (typeof value === 'string' && isTime(value, ctx.now));
}

/** Validator::is_user_id: numeric and `get_user_by('ID')` finds the user ((int) of the value, at least 1). */
export async function isUserId(value: unknown, ctx: RequestContext): Promise<boolean> {
  if (!isPhpNumeric(value)) return false;
  const id = phpIntval(value);
  if (id < 1) return false;
  return (await selectUserIdExists(ctx.db, id));
}

/** Validator::is_string_or_empty: any PHP-empty value, or a non-empty string. */
export function isStringOrEmpty(value: unknown): boolean {
  return isEmptyParam(value) || isNonEmptyString(value);
}

/**
 * Validator::is_post_status: `in_array` against get_post_stati(), loosely: PHP 8 compares `true`
 * equal to any non-empty string, so a JSON `true` passes here and fails the string type check.
 */
export function isPostStatus(value: unknown): boolean {
  return value === true || (typeof value === 'string' && REGISTERED_POST_STATUSES.includes(value));
}

/** Validator::is_url_or_empty. */
export function isUrlOrEmpty(value: unknown): boolean {
  return isEmptyParam(value) || (typeof value === 'string' && isValidUrl(value));
}

const IMPORT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jpe', 'gif', 'png', 'webp', 'avif', 'heic'];

/**
 * Validator::is_image. An ID must be an attachment WordPress sees as an image
 * (wp_attachment_is_image: an attached file and an `image/` MIME type, or an `import` upload with
 * an image extension). A URL is accepted by the plugin only after an HTTP HEAD request to it
 * answers 200 with an image content type, for users who may upload files; this service makes no
 * outbound requests from a validator, so URLs are refused.
 */
export async function isImage(value: unknown, ctx: RequestContext): Promise<boolean> {
  if (!isPhpNumeric(value)) return false;
  const id = phpIntval(value);
  if (id < 1) return false;
  const attachment = (await loadPostsWithMeta(ctx.db, [id])).get(id);
  if (!attachment) return false;
  const file = firstMeta(attachment.meta, AttachmentMeta.attachedFile);
  if (!file) return false;
  const mime = attachment.post.post_mime_type;
  if (mime.startsWith('image/')) return true;
  const extension = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  return mime === 'import' && IMPORT_IMAGE_EXTENSIONS.includes(extension);
}

/** Validator::is_image_or_empty. */
export async function isImageOrEmpty(value: unknown, ctx: RequestContext): Promise<boolean> {
  return isEmptyParam(value) || isImage(value, ctx);
}

/** tribe_is_venue / tribe_is_organizer for one value (is_venue_id, is_organizer_id). */
export function isPostOfType(lookups: Lookups, value: unknown, postType: string): Promise<boolean> {
  return arePostIdsOfType(lookups, [value], postType);
}

/** is_venue_slug and kin: a non-empty slug for which get_page_by_path finds a post of the type. */
export async function isPostSlugOfType(ctx: RequestContext, value: unknown, postType: string): Promise<boolean> {
  if (isEmptyParam(value) || typeof value !== 'string') return false;
  // Through the request's memo: the handler looks the same slug up next.
  return (await findPostBySlugOnce(ctx, value, postType)) !== undefined;
}
