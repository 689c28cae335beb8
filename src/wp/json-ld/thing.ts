import { isLoggedIn, userCan, type Viewer } from '../auth/capabilities.js';
import { postPasswordRequired } from '../auth/password-access.js';
import { PostStatus } from '../constants.js';
import { escJs } from '../text/escaping.js';
import { theTitle } from '../text/the-title.js';
import type { MetaMap } from '../posts/meta.js';
import type { PostRow } from '../posts/posts.repository.js';
import { tribeExcerpt } from './excerpt.js';
import { escUrl } from '../text/kses.js';

/** A schema.org object, keys in the plugin's order. */
export type JsonLdObject = Record<string, unknown>;

/** A post the JSON-LD builders read, with its meta and its featured image URL. */
export interface JsonLdPost {
  post: PostRow;
  meta: MetaMap;
  /**
   * has_post_thumbnail / wp_get_attachment_url: null when `(int) _thumbnail_id` is 0 (no
   * `image` key), the attachment's URL otherwise, or false when that attachment has no URL.
   */
  imageUrl?: string | false | null;
  /** The request's `excerpt_length` (tecExcerptLength), for a description made from the content. */
  excerptLength: number;
}

type TitledPost = Pick<PostRow, 'post_title' | 'post_password' | 'post_status'>;

/**
 * get_the_title() outside wp-admin: `Protected: ` or `Private: ` put in front, then the
 * `the_title` filters.
 */
export function getTheTitle(post: TitledPost): string {
  let title = post.post_title;
  if (postPasswordRequired(post)) title = `Protected: ${title}`;
  else if (post.post_status === PostStatus.private) title = `Private: ${title}`;
  return theTitle(title);
}

/**
 * Whether Tribe__JSON_LD__Abstract::get_data produces anything for this post and viewer:
 * visitors only get published posts, signed-in users any post they can `read` (private ones
 * need `read_private_posts`), and never a password-protected post (REST requests carry no
 * post-password cookie, so post_password_required() is always true for them).
 */
export function isJsonLdVisible(post: Pick<PostRow, 'post_status' | 'post_password'>, viewer: Viewer): boolean {
  if (postPasswordRequired(post)) return false;
  if (!isLoggedIn(viewer)) return post.post_status === PostStatus.publish;
  return userCan(viewer, post.post_status === PostStatus.private ? 'read_private_posts' : 'read');
}

/**
 * Tribe__JSON_LD__Abstract::get_data's common part: `@context` (top-level objects only),
 * `@type`, `name` and `description` (the TEC excerpt) through esc_js, `image` when the post has a
 * thumbnail, and `url` through esc_url_raw (false, as venues and organizers give without
 * Events Calendar Pro, becomes '').
 */
export function thingJsonLd(
  type: string,
  source: JsonLdPost,
  options: { context: boolean; url: string | false },
): JsonLdObject {
  const data: JsonLdObject = {};
  if (options.context) data['@context'] = 'http://schema.org';
  data['@type'] = type;
  data.name = escJs(getTheTitle(source.post));
  data.description = escJs(tribeExcerpt(source.post, source.excerptLength));
  if (source.imageUrl !== null && source.imageUrl !== undefined) data.image = source.imageUrl;
  data.url = options.url === false ? '' : escUrl(options.url, 'db');
  return data;
}
