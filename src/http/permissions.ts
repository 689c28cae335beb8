import type { Db } from '../db/create-db.js';
import { notImplemented } from './errors.js';
import type { RequestContext } from './request-context.js';
import type { RestResponse } from './rest-route.js';
import { canDeletePost, canEditPost, POST_TYPE_CAPS, userCan, type PostForCaps } from '../wp/capabilities.js';
import { PostStatus, TrashMeta } from '../wp/constants.js';
import { selectMetaForPosts, selectPostById } from '../wp/posts.repository.js';
import { isEmptyParam } from './arg-validators.js';

/*
 * Permission callbacks shared by the routes: WordPress's current_user_can() on the post a
 * request names, with map_meta_cap's view of that post.
 */


/** A post as map_meta_cap sees it, or undefined when there is none. */
export async function selectPostForCaps(db: Db, id: number): Promise<PostForCaps | undefined> {
  if (!Number.isInteger(id) || id < 1) return undefined;
  const post = await selectPostById(db, id);
  if (!post) return undefined;
  const forCaps: PostForCaps = {
    ID: post.ID,
    post_type: post.post_type,
    post_status: post.post_status,
    post_author: post.post_author,
  };
  if (post.post_status !== PostStatus.trash) return forCaps;
  const [trashed] = await selectMetaForPosts(db, [id], [TrashMeta.status]);
  return { ...forCaps, trashedFrom: trashed?.meta_value ?? undefined };
}

/** PHP's `(int)` of a request value. */
function phpIntval(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const leading = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(value);
    return leading ? Math.trunc(Number(leading[0])) || 0 : 0;
  }
  if (Array.isArray(value)) return value.length > 0 ? 1 : 0;
  return 0;
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
  const caps = POST_TYPE_CAPS[postType];
  const generalCap = verb === 'edit' ? caps?.edit_posts : caps?.delete_posts;
  const hasGeneralCap = generalCap !== undefined && userCan(ctx.viewer, generalCap);
  const requested = ctx.params.id;
  if (isEmptyParam(requested)) return hasGeneralCap;
  const post = await selectPostForCaps(ctx.db, phpIntval(requested));
  if (!post) return onMissingPost === 'general' ? hasGeneralCap : false;
  return verb === 'edit' ? canEditPost(ctx.viewer, post) : canDeletePost(ctx.viewer, post);
}

/** A handler for an endpoint whose behaviour is not ported yet: 501, never made-up data. */
export function notServedYet(path: string) {
  return async (ctx: RequestContext): Promise<RestResponse> => {
    throw notImplemented(`${ctx.method} ${path}`);
  };
}
