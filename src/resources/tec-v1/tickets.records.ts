import type { RequestContext } from '../../http/request-context.js';
import { selectPostBundle } from '../../wp/posts/post-bundle.repository.js';
import { firstMeta, type MetaMap } from '../../wp/posts/meta.js';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import type { SiteSettings } from '../../wp/site/site.js';
import type { EntityRecord } from './entity-record.js';
import { withTexts } from './entity-records.repository.js';
import { TicketMeta } from './tickets.constants.js';

/** A ticket's record and the post it is sold for (undefined where the ticket names none Event Tickets would take). */
export interface TicketRecord {
  record: EntityRecord;
  parent: { post: PostRow; meta: MetaMap } | undefined;
}

/**
 * The ID of the post a ticket is sold for, as Tribe__Tickets__Tickets::get_event_for_ticket finds
 * it: the relation meta, only when that post exists and its type is one tickets may be sold for.
 */
export function ticketParentId(ticketMeta: MetaMap): number | undefined {
  const value = firstMeta(ticketMeta, TicketMeta.event) ?? '';
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

/** Whether a found post may carry tickets on this site (get_event_for_ticket's post type check). */
export function isTicketablePost(site: SiteSettings, post: { post_type: string } | undefined): boolean {
  return post !== undefined && site.tec.ticketEnabledPostTypes.includes(post.post_type);
}

/**
 * The tickets of `ids` (in that order) with the posts they are sold for, in one statement (the
 * tickets, their meta, and the posts their relation meta names, with those posts' meta); missing
 * IDs are left out.
 */
export async function loadTicketRecords(ctx: RequestContext, ids: readonly number[]): Promise<TicketRecord[]> {
  if (ids.length === 0) return [];
  const bundle = await selectPostBundle(ctx.db, { ids, byMetaOf: [{ postIds: ids, steps: [[TicketMeta.event]] }] });
  return ids.flatMap((id) => {
    const loaded = bundle.posts.get(id);
    if (loaded === undefined) return [];
    const parentId = ticketParentId(loaded.meta);
    const parent = parentId === undefined ? undefined : bundle.posts.get(parentId);
    const record = withTexts(ctx, { post: loaded.post, meta: loaded.meta, terms: [] });
    return [{ record, parent: isTicketablePost(ctx.site, parent?.post) ? parent : undefined }];
  });
}
