import type { RequestContext } from '../../http/request-context.js';
import type { HandlerContext } from '../../http/rest-route.js';
import { loadPostOnce } from '../../http/request-context.js';
import { isLoggedIn, userCan } from '../../wp/auth/capabilities.js';
import { ANY_POST_STATUSES, PostStatus, REGISTERED_POST_STATUSES } from '../../wp/constants.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { phpIntval } from '../../wp/php/php-values.js';
import { parsePostSearch } from '../../wp/posts/search.js';
import { entityView, type EntityPage } from './events.service.js';
import type { TecTicketEntity } from './entity.types.js';
import { toTecTicketEntity } from './ticket-entity.mapper.js';
import { countTickets, selectTicketIdsPage, type TicketListFilter, type TicketSort } from './tickets.repository.js';
import { loadTicketRecords, type TicketRecord } from './tickets.records.js';
import { canReadTicketParent } from './tickets.permissions.js';
import { TC_TICKET_POST_TYPE } from './tickets.constants.js';
import type { ticketListArgs } from './tickets.args.js';

/** GET /tickets, its parameters typed from the route's arguments. */
type TicketListContext = HandlerContext<RequestContext, ReturnType<typeof ticketListArgs>>;

/** The statuses WordPress registers (get_post_stati), the only ones WP_Query's `post_status` takes. */
const KNOWN_STATUSES: ReadonlySet<string> = new Set(REGISTERED_POST_STATUSES);
/** WP_Query's `any`: every registered status not excluded from search. */
const ANY_STATUSES: ReadonlySet<string> = new Set(ANY_POST_STATUSES);

/**
 * WP_Query's `post_status` as a comma list: the registered statuses named; `any` every status but
 * those excluded from search. Naming none WordPress knows puts no condition on the status at all.
 */
function statusCondition(status: string): Pick<TicketListFilter, 'statuses'> {
  const asked = status.split(',');
  const known = asked.filter((name) => KNOWN_STATUSES.has(name));
  if (!asked.includes('any')) return { statuses: known.length > 0 ? known : undefined };
  return { statuses: known.length > 0 ? known.filter((name) => ANY_STATUSES.has(name)) : [...ANY_STATUSES] };
}

/**
 * Read_Archive_Response::build_query over tec_tc_tickets(): `status` only for who may edit posts
 * (tickets are `capability_type => post`), `event`, `search`; `include`, `exclude` and
 * `show_hidden` reach the ORM as WP_Query variables it does not know, and do nothing.
 */
function ticketFilter(ctx: TicketListContext): TicketListFilter {
  const status = typeof ctx.params.status === 'string' ? ctx.params.status : PostStatus.publish;
  const mayAsk = status !== PostStatus.publish && userCan(ctx.viewer, 'edit_posts');
  const filter: TicketListFilter = mayAsk ? statusCondition(status) : { statuses: [PostStatus.publish] };
  // No default: present only when the request sent it.
  const { event } = ctx.params;
  if (event !== undefined) filter.eventIds = [event];
  const search = ctx.params.search;
  if (typeof search === 'string' && search !== '') {
    const parsed = parsePostSearch(search, isLoggedIn(ctx.viewer));
    if (parsed) filter.search = parsed;
  }
  return filter;
}

/**
 * order_by( orderby, order ) handed to WP_Query: of the route's keys only `date` and `title` are
 * WP_Query's; the others make it fall back to the post date, in the order asked. `relevance`
 * with a search puts WP_Query's search order first.
 */
function ticketSort(ctx: TicketListContext, filter: TicketListFilter): TicketSort {
  const orderby = ctx.params.orderby;
  const direction = ctx.params.order === 'asc' ? 'asc' : 'desc';
  const sort: TicketSort = { column: orderby === 'title' ? 'post_title' : 'post_date', direction };
  if (orderby === 'relevance' && filter.search !== undefined) sort.relevance = String(ctx.params.search);
  return sort;
}

/** format_entity_collection: only the tickets whose post this reader may read (and get past its password). */
function readable(ctx: RequestContext, tickets: readonly TicketRecord[]): TicketRecord[] {
  return tickets.filter(({ parent }) => parent !== undefined && canReadTicketParent(ctx, parent.post));
}

function toEntity(ctx: RequestContext, { record, parent }: TicketRecord): TecTicketEntity {
  return toTecTicketEntity(record, parent && { ID: parent.post.ID, meta: parent.meta }, entityView(ctx));
}

/**
 * GET /tickets: one page of Tickets Commerce tickets, newest first by default. The total counts
 * every ticket found, those whose post this reader may not read included, as the plugin's does.
 */
export async function listTickets(ctx: TicketListContext): Promise<EntityPage<TecTicketEntity>> {
  const { page, per_page: perPage } = ctx.params;
  const filter = ticketFilter(ctx);
  const offset = (page - 1) * perPage;
  const ids = Number.isSafeInteger(offset) ? await selectTicketIdsPage(ctx.db, filter, ticketSort(ctx, filter), { limit: perPage, offset }) : [];
  const total = ids.length === 0 && page === 1 ? 0 : await countTickets(ctx.db, filter);
  const items = readable(ctx, await loadTicketRecords(ctx, ids)).map((ticket) => toEntity(ctx, ticket));
  return { items, total, page, perPage };
}

/**
 * GET /tickets/{id} once can_read let the reader in: undefined where Read_Entity_Response answers
 * 404 (an ID of 0, another type, or a ticket the ORM's `any` status does not find: trashed, auto-draft).
 */
export async function readTicket(ctx: RequestContext, rawId: unknown): Promise<TecTicketEntity | undefined> {
  if (rawId === undefined || isPhpEmpty(rawId)) return undefined;
  const id = phpIntval(rawId);
  const post = await loadPostOnce(ctx, id);
  if (!post || post.post_type !== TC_TICKET_POST_TYPE) return undefined;
  if (post.post_status === PostStatus.trash || post.post_status === PostStatus.autoDraft) return undefined;
  const [ticket] = await loadTicketRecords(ctx, [id]);
  return ticket === undefined ? undefined : toEntity(ctx, ticket);
}
