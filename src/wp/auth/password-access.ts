import { canEditPost, type PostForCaps, type Viewer } from './capabilities.js';
import { hashEquals } from './password-hashes.js';
import { isPhpEmpty } from '../php/php-empty.js';

/**
 * post_password_required() for a REST request (which carries no post-password cookie): the post
 * has a password, in PHP's empty() sense, so a password of "0" protects nothing.
 */
export function postPasswordRequired(post: { post_password: string }): boolean {
  return !isPhpEmpty(post.post_password);
}

/**
 * WP_REST_Posts_Controller::can_access_password_content: whether a reader may see a
 * password-protected post's content. False for posts without a password (nothing to unlock);
 * true for an edit-context read by someone who may edit the post, or when the request's
 * `password` equals the post's (PHP's empty() refuses "0"; a non-string never matches, where
 * PHP's hash_equals would throw).
 */
export function canAccessPasswordContent(
  post: PostForCaps & { post_password: string },
  viewer: Viewer,
  request: { context?: unknown; password?: unknown },
): boolean {
  if (!postPasswordRequired(post)) return false;
  if (request.context === 'edit' && canEditPost(viewer, post)) return true;
  const password = request.password;
  if (typeof password !== 'string' || isPhpEmpty(password)) return false;
  // hash_equals, as the plugin compares: no timing hint about how much of a guess was right.
  return hashEquals(post.post_password, password);
}
