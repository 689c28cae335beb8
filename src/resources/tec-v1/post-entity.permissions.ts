import type { RequestContext } from '../../http/request-context.js';
import { AppError } from '../../http/errors.js';
import { canEditPost, isLoggedIn } from '../../wp/auth/capabilities.js';
import { canActOnRequestedPost, selectPostForCaps } from '../../http/permissions.js';
import { canReadPost, POST_TYPE_CAPS, userCan, type PostForCaps, type Viewer } from '../../wp/auth/capabilities.js';
import { PostStatus } from '../../wp/constants.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { phpIntval } from '../../wp/php/php-values.js';

/*
 * Post_Entity_Endpoint's permission callbacks, for tec/v1's events, venues and organizers (all
 * three readable by guests: guest_can_read() is true for each).
 */

type PermissionCheck = (ctx: RequestContext) => boolean | Promise<boolean>;

/**
 * WP_REST_Posts_Controller::check_read_permission: published, or readable by this viewer
 * (read_post), or an attachment-like `inherit` post without a parent.
 */
export function checkReadPermission(viewer: Viewer, post: PostForCaps & { post_parent?: number }): boolean {
  if (post.post_status === PostStatus.publish || canReadPost(viewer, post)) return true;
  return post.post_status === 'inherit' && (post.post_parent ?? 0) === 0;
}

/**
 * can_read: with an `id` (PHP-truthy: `0` is a list request), the post must exist, be of the
 * route's type and pass check_read_permission; without one, guests may read.
 */
export function canReadEntity(postType: string): PermissionCheck {
  return async (ctx) => {
    const id = ctx.params.id;
    if (id === undefined || isPhpEmpty(id)) {
      refuseEditContext(ctx, () => userCan(ctx.viewer, POST_TYPE_CAPS[postType]!.edit_posts), 'Sorry, you are not allowed to edit posts in this post type.');
      return true;
    }
    const post = await selectPostForCaps(ctx, phpIntval(id));
    if (!post || post.post_type !== postType) return false;
    refuseEditContext(ctx, () => canEditPost(ctx.viewer, post), 'Sorry, you are not allowed to edit this post.');
    return checkReadPermission(ctx.viewer, post);
  };
}

/**
 * WP_REST_Posts_Controller's permission checks refuse `context=edit` to a reader who may not
 * edit (401 for a guest, else 403 `rest_forbidden_context`). TEC's can_read leaves that check
 * out and shows raw titles, content and passwords to anyone asking for the edit context; the
 * service keeps core's rule (an intended deviation, see README).
 */
export function refuseEditContext(ctx: RequestContext, mayEdit: () => boolean, message: string): void {
  if (ctx.params.context !== 'edit' || mayEdit()) return;
  throw new AppError(isLoggedIn(ctx.viewer) ? 403 : 401, 'rest_forbidden_context', message);
}

/** can_create: the type's `create_posts`, which TEC's types map to `edit_posts`. */
export function canCreateEntity(postType: string): PermissionCheck {
  const cap = POST_TYPE_CAPS[postType]?.edit_posts;
  return (ctx) => cap !== undefined && userCan(ctx.viewer, cap);
}

/** can_update / can_delete: current_user_can('edit_post' | 'delete_post', id), mapped on the post's own type. */
export function canActOnEntity(verb: 'edit' | 'delete', postType: string): PermissionCheck {
  return (ctx) => canActOnRequestedPost(ctx, verb, postType, 'deny');
}
