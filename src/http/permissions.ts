import { notImplemented } from './errors.js';
import { loadPostMetaOnce, loadPostOnce, loadPostWithMetaOnce, READ_METHODS, type RequestContext } from './request-context.js';
import type { RestResponse } from './rest-route.js';
import { canDeletePost, canEditPost, POST_TYPE_CAPS, userCan, type PostForCaps } from '../wp/auth/capabilities.js';
import { PostStatus, PostType, TrashMeta } from '../wp/constants.js';
import { firstMeta } from '../wp/posts/meta.js';
import { phpIntval } from '../wp/php/php-values.js';
import { isEmptyParam } from '../wp/php/php-empty.js';

/*
 * Permission callbacks shared by the routes: WordPress's current_user_can() on the post a
 * request names, with map_meta_cap's view of that post. The dispatcher asks them once for the
 * endpoint and again for every endpoint of the route to build the Allow header, so the post they
 * look at is read through the request's memo.
 */

type PermissionCheck = (ctx: RequestContext) => boolean | Promise<boolean>;

/**
 * A post as map_meta_cap sees it (with the status a trashed post had), or undefined when there
 * is none. Read once per request whatever asks.
 */
export async function selectPostForCaps(ctx: RequestContext, id: number): Promise<PostForCaps | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  // A write's handler reads the post's meta next (its checks, the trash meta, the save): read
  // both in one statement now. A read's handler has loaded what it shows before the Allow
  // header asks, so the post alone is enough there.
  const post = READ_METHODS.has(ctx.method) ? await loadPostOnce(ctx, id) : (await loadPostWithMetaOnce(ctx, id))?.post;
  if (!post) return undefined;
  const forCaps: PostForCaps = {
    ID: post.ID,
    post_type: post.post_type,
    post_status: post.post_status,
    post_author: post.post_author,
  };
  if (post.post_status !== PostStatus.trash) return forCaps;
  return { ...forCaps, trashedFrom: firstMeta(await loadPostMetaOnce(ctx, id), TrashMeta.status) };
}

/**
 * Single_Event / Single_Venue / Single_Organizer ::can_create: the post type's `edit_posts`
 * capability (`edit_tribe_events`, `edit_tribe_venues`, `edit_tribe_organizers`).
 */
export function canCreatePostOfType(postType: string): PermissionCheck {
  const cap = POST_TYPE_CAPS[postType]?.edit_posts;
  return (ctx) => cap !== undefined && userCan(ctx.viewer, cap);
}

/**
 * Term_Single_Base::can_create, which its can_edit and can_delete return too: the event type's
 * `edit_posts` and the taxonomy's `manage_terms` capability (can_manage_terms), which the caller
 * names because each taxonomy registers its own.
 */
export function canManageTerms(manageTermsCap: string): PermissionCheck {
  const editEvents = POST_TYPE_CAPS[PostType.event]!.edit_posts;
  return (ctx) => userCan(ctx.viewer, editEvents) && userCan(ctx.viewer, manageTermsCap);
}

/**
 * The plugin's can_edit / can_delete on `$request['id']` (a client may send `id` to by-slug
 * routes too, where it is not an argument). Without an ID: the post type's general capability
 * (`edit_posts` / `delete_posts`). With one: `current_user_can('edit_post' | 'delete_post', id)`,
 * which maps against the post's own type, owner and status. A missing post is refused by
 * map_meta_cap (`onMissingPost: 'deny'`, venues and organizers); Single_Event falls back to the
 * general capability instead so its handler can answer 404 (`'general'`).
 */
export async function canActOnRequestedPost(
  ctx: RequestContext,
  verb: 'edit' | 'delete',
  postType: string,
  onMissingPost: 'deny' | 'general',
): Promise<boolean> {
  // Every answer below needs at least one capability (map_meta_cap never maps edit_post or
  // delete_post to none), so a viewer without any, such as an anonymous one, is refused unread.
  if (ctx.viewer.capabilities.size === 0) return false;
  const caps = POST_TYPE_CAPS[postType];
  const generalCap = verb === 'edit' ? caps?.edit_posts : caps?.delete_posts;
  const hasGeneralCap = generalCap !== undefined && userCan(ctx.viewer, generalCap);
  const requested = ctx.params.id;
  if (isEmptyParam(requested)) return hasGeneralCap;
  const post = await selectPostForCaps(ctx, phpIntval(requested));
  if (!post) return onMissingPost === 'general' ? hasGeneralCap : false;
  return verb === 'edit' ? canEditPost(ctx.viewer, post) : canDeletePost(ctx.viewer, post);
}

/** A handler for an endpoint whose behaviour is not ported yet: 501, never made-up data. */
export function notServedYet(path: string) {
  return async (ctx: RequestContext): Promise<RestResponse> => {
    throw notImplemented(`${ctx.method} ${path}`);
  };
}
