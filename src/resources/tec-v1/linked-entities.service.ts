import type { RequestContext } from '../../http/request-context.js';
import { loadPostOnce } from '../../http/request-context.js';
import type { HandlerContext } from '../../http/rest-route.js';
import { POST_TYPE_CAPS, userCan } from '../../wp/auth/capabilities.js';
import { canAccessPasswordContent } from '../../wp/auth/password-access.js';
import { PostStatus } from '../../wp/constants.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { phpIntval } from '../../wp/php/php-values.js';
import { likeSearchWords } from '../../wp/tec/linked-post-archive.js';
import { countLinkedPosts, selectLinkedPostIdsPage, type LinkedPostFilter } from '../../wp/tec/linked-posts.repository.js';
import { selectPostForCaps } from '../../http/permissions.js';
import { loadLinkedRecords } from './entity-records.repository.js';
import { assembleLinkedRecords } from './entity-records.kept.js';
import { toTecLinkedEntity } from './linked-entity.mapper.js';
import { checkReadPermission } from './post-entity.permissions.js';
import { entityView, type EntityPage } from './events.service.js';
import type { ShownEntity, TecLinkedEntity } from './entity.types.js';
import type { LinkedEntityKind } from './linked-entity.kinds.js';
import type { linkedPostListArgs } from './post-entity.args.js';

/** GET /venues or /organizers, its parameters typed from the route's arguments. */
type LinkedListContext = HandlerContext<RequestContext, ReturnType<typeof linkedPostListArgs>>;

/**
 * Read_Archive_Response::build_query for venues and organizers: `status` only for a reader who
 * may edit the type, a search on the post's texts (not its address), `event` (ignored when it names
 * no post), `has_events` (whatever its value); `only_with_upcoming` is accepted and does nothing.
 * Newest first. With `event`, TEC's Linked_Posts::filter_by_event JOINs the event's link meta rows
 * and WP_Query orders by post_date DESC with no tie-breaker, so posts saved in the same second come
 * in the order the join reads the event's rows (recorded: organizers 31, 35 of event 194, saved in
 * one second); the service breaks those ties by that order.
 */
async function linkedFilter(ctx: LinkedListContext, kind: LinkedEntityKind): Promise<LinkedPostFilter> {
  const mayEdit = userCan(ctx.viewer, POST_TYPE_CAPS[kind.postType]!.edit_posts);
  const filter: LinkedPostFilter = { statuses: mayEdit ? [...new Set(ctx.params.status)] : [PostStatus.publish] };
  const search = ctx.params.search;
  if (typeof search === 'string' && search !== '') filter.searchWords = likeSearchWords(search);
  // No default: present only when the request sent it.
  const eventId = ctx.params.event;
  if (eventId !== undefined && (await loadPostOnce(ctx, eventId))) filter.eventId = eventId;
  // The repositories' filter_by_has_events takes no argument: `has_events=0` also keeps only the
  // posts some event links to (an inner join on the link meta, whatever the event's status).
  if (ctx.supplied('has_events')) {
    filter.hasEvents = true;
    filter.hasEventsOfAnyStatus = true;
  }
  return filter;
}

/** GET /venues or /organizers: one page of entities, the total, and the page asked for. */
export async function listLinkedEntities(ctx: LinkedListContext, kind: LinkedEntityKind): Promise<EntityPage<ShownEntity<TecLinkedEntity>>> {
  const { page, per_page: perPage } = ctx.params;
  const filter = await linkedFilter(ctx, kind);
  const queryKind = { postType: kind.postType, eventMetaKey: kind.eventMetaKey, searchMetaKeys: [] };
  const offset = (page - 1) * perPage;
  const ids = !Number.isSafeInteger(offset) ? [] : await selectLinkedPostIdsPage(ctx.db, queryKind, filter, { limit: perPage, offset, tiesInEventLinkOrder: true });
  const total = ids.length === 0 && page === 1 ? 0 : await countLinkedPosts(ctx.db, queryKind, filter);
  // From the record cache where it is on (see entity-records.kept.ts), else all from their rows.
  const kept = ids.length > 0 ? await ctx.records?.() : undefined;
  const records = kept ? await assembleLinkedRecords(ctx, ids, kept, kind.postType) : await loadLinkedRecords(ctx, ids);
  const view = entityView(ctx);
  const items = records.filter((record) => checkReadPermission(ctx.viewer, record.post)).map((record) => toTecLinkedEntity(record, view));
  return { items, total, page, perPage };
}

/** GET /venues/{id} or /organizers/{id}: undefined where the plugin answers 404. */
export async function readLinkedEntity(ctx: RequestContext, kind: LinkedEntityKind, rawId: unknown): Promise<ShownEntity<TecLinkedEntity> | undefined> {
  if (rawId === undefined || isPhpEmpty(rawId)) return undefined;
  const id = phpIntval(rawId);
  const post = await loadPostOnce(ctx, id);
  if (!post || post.post_type !== kind.postType) return undefined;
  if (post.post_status === PostStatus.trash || post.post_status === 'auto-draft') return undefined;
  const forCaps = await selectPostForCaps(ctx, id);
  const unlocked = forCaps !== undefined && canAccessPasswordContent({ ...forCaps, post_password: post.post_password }, ctx.viewer, { context: ctx.params.context, password: ctx.params.password });
  // The record a list or an earlier single read kept, where the request may use it (as lists do).
  const kept = await ctx.records?.();
  const [record] = kept ? await assembleLinkedRecords(ctx, [id], kept, kind.postType, true) : await loadLinkedRecords(ctx, [id], true);
  return record === undefined ? undefined : toTecLinkedEntity(record, entityView(ctx, unlocked));
}
