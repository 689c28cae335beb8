import type { RequestContext } from '../../http/request-context.js';
import type { HandlerContext } from '../../http/rest-route.js';
import { DependencyTag, dependOn } from '../../feed/dependencies.js';
import { POST_TYPE_CAPS, userCan, isLoggedIn } from '../../wp/auth/capabilities.js';
import { canAccessPasswordContent } from '../../wp/auth/password-access.js';
import { PostStatus, PostType } from '../../wp/constants.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { isPhpNumeric, phpIntval } from '../../wp/php/php-values.js';
import { parsePostSearch } from '../../wp/posts/search.js';
import { formatInZone, phpDateTimeIn } from '../../wp/tec/dates.js';
import { keptEventPage } from '../events/kept-event-page.js';
import { countEvents, eventStorageOf, selectEventPage, toNormalZone, type EventDateFilters, type EventListFilter, type EventSort } from '../../wp/tec/events-query.js';
import { selectPostForCaps } from '../../http/permissions.js';
import { requestedFields } from '../../http/rest-fields.js';
import { loadPostOnce } from '../../http/request-context.js';
import type { EntityView } from './entity-record.js';
import { loadEventRecords } from './entity-records.repository.js';
import { assembleEventRecords } from './entity-records.kept.js';
import { toTecEventEntity } from './event-entity.mapper.js';
import type { ShownEntity, TecEventEntity } from './entity.types.js';
import { checkReadPermission } from './post-entity.permissions.js';
import type { EventRecord } from './entity-record.js';
import { loadPostTickets } from '../../wp/tickets/post-tickets.js';
import type { eventListArgs } from './post-entity.args.js';

/** GET /events, its parameters typed from the route's arguments. */
type EventListContext = HandlerContext<RequestContext, ReturnType<typeof eventListArgs>>;

/** The request's view of entities: its context (`view` unless given), `_fields`, viewer, site and instant. */
export function entityView(ctx: RequestContext, passwordUnlocked = false): EntityView {
  const context = ctx.params.context;
  return {
    context: typeof context === 'string' ? context : 'view',
    viewer: ctx.viewer,
    urls: ctx.urls,
    site: ctx.site,
    now: ctx.now,
    passwordUnlocked,
    fields: requestedFields(ctx.query._fields),
  };
}

/**
 * Tribe__Date_Utils::build_date_object( $value ) in the site's zone: a number is a timestamp,
 * anything else what PHP's DateTime reads; as `Y-m-d H:i:s` in the site's zone. Undefined where
 * PHP would fail (TEC then uses now).
 */
function siteWallTime(ctx: RequestContext, value: unknown): string | undefined {
  const zone = ctx.site.timezone;
  if (isPhpNumeric(value)) return formatInZone(phpIntval(value), zone);
  if (typeof value !== 'string') return undefined;
  const parsed = phpDateTimeIn(value, zone, ctx.now);
  return parsed === null ? formatInZone(Math.floor(ctx.now.getTime() / 1000), zone) : formatInZone(parsed.unix, zone);
}

/** The ORM's date filters of the list (start_date: on or after; end_date: on or before; the relative ones strict). */
function dateFilters(ctx: RequestContext): EventDateFilters {
  const filters: EventDateFilters = {};
  const take = (name: string, key: keyof EventDateFilters) => {
    if (!ctx.supplied(name)) return;
    const wall = siteWallTime(ctx, ctx.params[name]);
    if (wall !== undefined) filters[key] = wall;
  };
  take('start_date', 'startsOnOrAfter');
  take('end_date', 'endsOnOrBefore');
  take('starts_before', 'startsBefore');
  take('starts_after', 'startsAfter');
  take('ends_before', 'endsBefore');
  take('ends_after', 'endsAfter');
  return filters;
}

/**
 * Read_Archive_Response::build_query for events: `status` counts only for a reader who may edit
 * events (else `publish`); the rest goes to the ORM's by_args, with `tec_events_ignore` so the
 * query reads the date meta rather than TEC 6's occurrences.
 */
function eventFilter(ctx: EventListContext): EventListFilter {
  const mayEdit = userCan(ctx.viewer, POST_TYPE_CAPS[PostType.event]!.edit_posts);
  const statuses = mayEdit ? ctx.params.status : [PostStatus.publish];
  const filter: EventListFilter = {
    statuses: [...new Set(statuses)],
    ...eventStorageOf(ctx.site),
    useOccurrencesTable: false,
    includeHidden: true,
    ...toNormalZone(ctx.site, dateFilters(ctx)),
  };
  const search = ctx.params.search;
  if (typeof search === 'string' && search !== '') {
    const parsed = parsePostSearch(search, isLoggedIn(ctx.viewer));
    if (parsed) filter.search = parsed;
  }
  // `categories` and `tags` are validated but are no filter of TEC's events repository (which
  // reads `category` and `tag`): recorded, `categories[]=7` and `tags=14,15` list every event.
  // The filters below have no default: each is present only when the request sent it.
  const { venue, organizer, featured, post_parent: postParent } = ctx.params;
  if (venue) filter.venueIds = venue;
  if (organizer) filter.organizerIds = organizer;
  if (featured !== undefined) filter.featured = featured;
  if (postParent !== undefined) filter.postParent = postParent;
  return filter;
}

export interface EntityPage<Entity> {
  items: Entity[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * The records with their tickets on a site running Event Tickets (two statements for the batch,
 * outside the record cache, which keeps rows of the events alone); as they are elsewhere.
 */
async function withTickets(ctx: RequestContext, records: EventRecord[]): Promise<EventRecord[]> {
  const eventTickets = ctx.site.plugins.eventTickets;
  if (!eventTickets || records.length === 0) return records;
  const tickets = await loadPostTickets(ctx.db, records, eventTickets, ctx.site.timezone, ctx.now);
  return records.map((record) => ({ ...record, tickets: tickets.get(record.post.ID) }));
}

/** found_posts: counted in memory from the filter's kept event dates where the feed vouches for them (EventTotalsIndex), else in SQL. */
async function eventTotal(ctx: RequestContext, filter: EventListFilter, keptAsked = false): Promise<number> {
  const kept = keptAsked ? undefined : await ctx.totals?.();
  const indexed = kept && (await kept.index.total(ctx.db, ctx.listStatements, filter, kept.generation, kept.maxRows));
  return indexed ?? ctx.listStatements.run(() => countEvents(ctx.db, filter));
}

/**
 * One page of the list read in SQL, in `sort`'s order, and its total: the kept dates' where they
 * gave one (`kept`: they were asked for this page already), else eventTotal's.
 */
async function pageAndTotalInSql(
  ctx: RequestContext,
  filter: EventListFilter,
  sort: EventSort,
  page: number,
  perPage: number,
  kept?: { total: number | undefined },
): Promise<{ ids: number[]; total: number }> {
  const offset = (page - 1) * perPage;
  const { ids } = Number.isSafeInteger(offset) ? await ctx.listStatements.run(() => selectEventPage(ctx.db, filter, { limit: perPage, offset, orderByPostDate: false, sort })) : { ids: [] };
  return { ids, total: ids.length === 0 && page === 1 ? 0 : (kept?.total ?? (await eventTotal(ctx, filter, kept !== undefined))) };
}

/** GET /events: one page of events as entities, the total, and the page asked for. */
export async function listEventEntities(ctx: EventListContext): Promise<EntityPage<ShownEntity<TecEventEntity>>> {
  const { page, per_page: perPage } = ctx.params;
  const filter = eventFilter(ctx);
  const sort: EventSort = {
    by: ctx.params.orderby,
    direction: String(ctx.params.order).toLowerCase() === 'desc' ? 'desc' : 'asc',
  };
  // An order by title depends on the titles, which a list's own tags do not cover.
  if (sort.by === 'title') dependOn(DependencyTag.listText(PostType.event));
  const offset = (page - 1) * perPage;
  const inListOrder = sort.by === 'event_date' && sort.direction === 'asc';
  const keptPage = inListOrder ? await keptEventPage(ctx, filter, offset, perPage) : undefined;
  const { ids, total } = keptPage?.ids !== undefined ? { ids: keptPage.ids, total: keptPage.total! } : await pageAndTotalInSql(ctx, filter, sort, page, perPage, keptPage);
  // From the record cache where it is on (see entity-records.kept.ts), else all from their rows.
  const kept = ids.length > 0 ? await ctx.records?.() : undefined;
  const records = await withTickets(ctx, kept ? await assembleEventRecords(ctx, ids, kept) : await loadEventRecords(ctx, ids));
  const view = entityView(ctx);
  const items = records.filter((record) => checkReadPermission(ctx.viewer, record.post)).map((record) => toTecEventEntity(record, view));
  return { items, total, page, perPage };
}

/**
 * GET /events/{id} (Read_Entity_Response::read): undefined where the plugin answers 404 (an ID
 * PHP finds empty, another post type, a post its ORM does not find: trashed or auto-draft).
 */
export async function readEventEntity(ctx: RequestContext, rawId: unknown): Promise<ShownEntity<TecEventEntity> | undefined> {
  if (rawId === undefined || isPhpEmpty(rawId)) return undefined;
  const id = phpIntval(rawId);
  const post = await loadPostOnce(ctx, id);
  if (!post || post.post_type !== PostType.event) return undefined;
  if (post.post_status === PostStatus.trash || post.post_status === 'auto-draft') return undefined;
  const forCaps = await selectPostForCaps(ctx, id);
  const unlocked = forCaps !== undefined && canAccessPasswordContent({ ...forCaps, post_password: post.post_password }, ctx.viewer, { context: ctx.params.context, password: ctx.params.password });
  // The record a list or an earlier single read kept, where the request may use it (as lists do).
  const kept = await ctx.records?.();
  const [record] = await withTickets(ctx, kept ? await assembleEventRecords(ctx, [id], kept, true) : await loadEventRecords(ctx, [id], true));
  return record === undefined ? undefined : toTecEventEntity(record, entityView(ctx, unlocked));
}
