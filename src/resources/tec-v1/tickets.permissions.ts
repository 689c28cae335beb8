import type { RequestContext } from '../../http/request-context.js';
import { loadPostMetaOnce, loadPostOnce } from '../../http/request-context.js';
import { canEditPost, userCan } from '../../wp/auth/capabilities.js';
import { canAccessPasswordContent } from '../../wp/auth/password-access.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { phpIntval } from '../../wp/php/php-values.js';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import { checkReadPermission, refuseEditContext } from './post-entity.permissions.js';
import { isTicketablePost, ticketParentId } from './tickets.records.js';
import { TC_TICKET_POST_TYPE } from './tickets.constants.js';

/*
 * Event Tickets' With_Parent_Post_Read_Check: a ticket is as readable as the post it is sold for.
 * Tickets Commerce tickets are `capability_type => post`, so the type's capabilities are the posts'.
 */

/**
 * The parent check of can_read and format_entity_collection: core's check_read_permission on the
 * post, and past its password when it has one (the right `password`, or the edit context for one
 * who may edit it).
 */
export function canReadTicketParent(ctx: RequestContext, parent: PostRow): boolean {
  if (!checkReadPermission(ctx.viewer, parent)) return false;
  if (parent.post_password === '') return true;
  return canAccessPasswordContent(parent, ctx.viewer, { context: ctx.params.context, password: ctx.params.password ?? ctx.query.password });
}

/**
 * can_read: a list is open to anyone; one ticket must exist as a Tickets Commerce ticket sold for
 * a post this reader may read. A ticket whose post is gone or not ticketable is refused (Event
 * Tickets fails there with a PHP error). The edit context is refused to who may not edit, as the
 * service does for every tec/v1 entity.
 */
export async function canReadTicket(ctx: RequestContext): Promise<boolean> {
  const id = ctx.params.id;
  if (id === undefined || isPhpEmpty(id)) {
    refuseEditContext(ctx, () => userCan(ctx.viewer, 'edit_posts'), 'Sorry, you are not allowed to edit posts in this post type.');
    return true;
  }
  const ticketId = phpIntval(id);
  const post = await loadPostOnce(ctx, ticketId);
  if (!post || post.post_type !== TC_TICKET_POST_TYPE) return false;
  refuseEditContext(ctx, () => canEditPost(ctx.viewer, post), 'Sorry, you are not allowed to edit this post.');
  const parentId = ticketParentId(await loadPostMetaOnce(ctx, ticketId));
  const parent = parentId === undefined ? undefined : await loadPostOnce(ctx, parentId);
  if (parent === undefined || !isTicketablePost(ctx.site, parent)) return false;
  return canReadTicketParent(ctx, parent);
}
