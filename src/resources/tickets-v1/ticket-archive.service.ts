import { invalidParams } from '../../http/errors.js';
import { preloadPostsWithMetaOnce, type RequestContext } from '../../http/request-context.js';
import type { HandlerContext, RestResponse } from '../../http/rest-route.js';
import { isLoggedIn, userCan } from '../../wp/auth/capabilities.js';
import { ANY_POST_STATUSES, PostStatus, PostType } from '../../wp/constants.js';
import { listToArray } from '../../wp/php/lists.js';
import { isPhpNumeric, phpIntval } from '../../wp/php/php-values.js';
import { parsePostSearch } from '../../wp/posts/search.js';
import { addQueryArgs, type QueryArgValue } from '../../wp/site/query-args.js';
import { restUrl } from '../../wp/site/urls.js';
import { formatInZone, formatUtc, strtotime } from '../../wp/tec/dates.js';
import { AppError } from '../../wp/wp-error.js';
import { requestHasManageAccess } from './manage-access.js';
import { removeTicketData } from './no-access.js';
import { ARCHIVE_TICKET_KINDS, countArchiveTickets, selectArchiveTicketIds, type TicketArchiveFilter, type TicketArchiveSort } from './ticket-archive.repository.js';
import { preloadTicketEvents, ticketObject } from './ticket-readable.js';
import { seesTicket, ticketData, ticketFees } from './ticket.service.js';
import { ListTicketsArgs } from './tickets.args.js';

/*
 * GET /tickets (Ticket_Archive::get): the request's filters handed to tribe_tickets('restv1'),
 * the page asked for, each ticket as get_ticket_data answers it (`null` where it cannot), then
 * tec_tickets_rest_api_archive_results' filters (a manager's fees, the password blanking).
 */

/** GET /tickets, its parameters typed from the route's arguments. */
type ArchiveContext = HandlerContext<RequestContext, typeof ListTicketsArgs>;

const invalidPage = () => new AppError(400, 'invalid-page-number', 'The page number requested is larger than the number of pages available.');

/** A filter the repository would run with no possible result (Void_Query_Exception): found 0. */
const VOID = Symbol('void');

const has = (ctx: RequestContext, name: string) => ctx.supplied(name) && ctx.params[name] !== undefined && ctx.params[name] !== null;
const ids = (value: unknown) => listToArray(value).map((item) => phpIntval(item));
const statusList = (value: unknown) => listToArray(value).map(String);

/** A UTC date or timestamp as `Y-m-d H:i:s` in UTC; undefined when PHP could not read it. */
function utcDateTime(value: unknown, ctx: RequestContext): number | undefined {
  const text = String(value);
  const unix = isPhpNumeric(text) ? Math.trunc(Number(text)) : strtotime(text, ctx.now);
  return unix === null ? undefined : unix;
}

/**
 * WP_Query's post_status from a status list: `any` every status not excluded from search; a
 * reader without manage access (`readable`) keeps only what they may read: published posts, and
 * the rest for who may read private posts.
 */
function ticketStatuses(asked: readonly string[], manage: boolean, ctx: RequestContext): string[] | undefined {
  const statuses = asked.includes('any') ? [...ANY_POST_STATUSES] : [...asked];
  if (manage || userCan(ctx.viewer, 'read_private_posts')) return asked.includes('any') ? undefined : statuses;
  return statuses.filter((status) => status === PostStatus.publish);
}

/**
 * filter_by_event_status: `any` means no condition for who may read private posts, published
 * only for anyone else; anyone else asking for no published status gets nothing, and asking for
 * it gets every status asked (Event Tickets checks the intersection, then filters by the list).
 */
function eventStatuses(asked: readonly string[], ctx: RequestContext): readonly string[] | undefined | typeof VOID {
  const canReadPrivate = userCan(ctx.viewer, 'read_private_posts');
  if (asked.length === 1 && asked[0] === 'any') return canReadPrivate ? undefined : [PostStatus.publish];
  if (!canReadPrivate && !asked.includes(PostStatus.publish)) return VOID;
  return asked;
}

/** The repository filter of the request's arguments (by_args), or VOID. */
function archiveFilter(ctx: ArchiveContext, manage: boolean): TicketArchiveFilter | typeof VOID {
  const filter: TicketArchiveFilter = { relatedPostTypes: [...new Set([PostType.event, ...ctx.site.tec.ticketEnabledPostTypes])] };
  const status = has(ctx, 'status') ? statusList(ctx.params.status) : [manage ? 'any' : PostStatus.publish];
  filter.statuses = ticketStatuses(status, manage, ctx);
  const events = eventStatuses(has(ctx, 'post_status') ? statusList(ctx.params.post_status) : [manage ? 'any' : PostStatus.publish], ctx);
  if (events === VOID) return VOID;
  filter.eventStatuses = events;
  if (has(ctx, 'search')) {
    const search = parsePostSearch(String(ctx.params.search), isLoggedIn(ctx.viewer));
    if (search !== undefined) filter.search = search;
  }
  if (has(ctx, 'include_post')) {
    const eventIds = ids(ctx.params.include_post);
    if (eventIds.length > 0) filter.eventIds = eventIds;
  }
  if (has(ctx, 'exclude_post')) filter.excludedEventIds = ids(ctx.params.exclude_post);
  if (has(ctx, 'is_available')) filter.available = ctx.params.is_available === true;
  if (has(ctx, 'provider')) {
    const names = statusList(ctx.params.provider);
    filter.providerKeys = ARCHIVE_TICKET_KINDS.filter((kind) => names.includes(kind.name)).map((kind) => kind.eventKey);
  }
  for (const [arg, key] of [
    ['after', 'after'],
    ['before', 'before'],
  ] as const) {
    if (!has(ctx, arg)) continue;
    const unix = utcDateTime(ctx.params[arg], ctx);
    if (unix !== undefined) filter[key] = formatUtc(unix);
  }
  if (has(ctx, 'include')) filter.include = ids(ctx.params.include);
  if (has(ctx, 'exclude')) filter.exclude = ids(ctx.params.exclude);
  // The sale window's rows are compared in the site's zone.
  for (const [arg, key] of [
    ['available_from', 'startFrom'],
    ['available_until', 'endUntil'],
  ] as const) {
    if (!has(ctx, arg)) continue;
    const unix = utcDateTime(ctx.params[arg], ctx);
    if (unix !== undefined) filter[key] = formatInZone(unix, ctx.site.timezone);
  }
  // Ticket_Repository::ticket_provider_symbols names only the legacy PayPal commerce, which the service never runs.
  if (has(ctx, 'currency') && listToArray(ctx.params.currency).length > 0) return VOID;
  if (manage) {
    const bound = (name: `${'attendees' | 'checkedin' | 'capacity'}_${'min' | 'max'}`) => (has(ctx, name) ? ctx.params[name] : undefined);
    const pair = (min: number | undefined, max: number | undefined) => (min !== undefined && max !== undefined ? ([min, max] as const) : undefined);
    filter.attendeesBetween = pair(bound('attendees_min'), bound('attendees_max'));
    filter.checkedInBetween = pair(bound('checkedin_min'), bound('checkedin_max'));
    filter.capacityBetween = pair(bound('capacity_min'), bound('capacity_max'));
  }
  return filter;
}

/**
 * order_by( orderby ) sets the order to DESC whatever `order` says; WP_Query knows `title`, and
 * falls back to the post date for the route's other keys (recorded: `slug`). Without `orderby`
 * the REST repository's default holds (ID, then title, ascending) and `order` alone changes nothing.
 */
function archiveSort(ctx: RequestContext): TicketArchiveSort {
  const orderby = ctx.params.orderby;
  if (typeof orderby !== 'string' || orderby === '') return 'default';
  return orderby === 'title' ? 'post_title' : 'post_date';
}

/** `rest_url`: the route's URL with the arguments the request sent, as sanitized, lists as CSV. */
function archiveUrl(ctx: RequestContext): string {
  const args: Record<string, QueryArgValue> = {};
  for (const name of Object.keys(ctx.query)) {
    const key = name.replace(/\[\]$/, '');
    if (!Object.hasOwn(ListTicketsArgs, key) || !ctx.supplied(key)) continue;
    const value = ctx.params[key];
    args[key] = Array.isArray(value) ? value.join(',') : (value as QueryArgValue);
  }
  return addQueryArgs(restUrl(ctx.urls, 'tickets/'), args);
}

/**
 * The archive's answer: `rest_url`, `total`, `total_pages`, `tickets`, with X-ET-TOTAL headers.
 * Throws 400 invalid-page-number past the last page, 400 rest_invalid_param for `per_page` 0, or InProgressError for a ticket whose answer
 * is not built yet.
 */
export async function listArchiveTickets(ctx: ArchiveContext): Promise<RestResponse> {
  const manage = requestHasManageAccess(ctx);
  const perPage = phpIntval(ctx.params.per_page);
  // Event Tickets divides by it unchecked (a PHP fatal, 500 HTML): refused the way WordPress refuses a value below a minimum.
  if (perPage < 1) throw invalidParams(new Map([['per_page', { message: 'per_page must be greater than or equal to 1' }]]));
  const page = phpIntval(ctx.params.page);
  const filter = archiveFilter(ctx, manage);
  const found = filter === VOID ? 0 : await countArchiveTickets(ctx.db, filter);
  const totalPages = Math.ceil(found / perPage);
  let tickets: unknown[] = [];
  if (!(found === 0 && page === 1)) {
    if (page !== 1 && page > totalPages) throw invalidPage();
    const current = Math.max(page, 1);
    const pageIds = filter === VOID ? [] : await selectArchiveTicketIds(ctx.db, filter, archiveSort(ctx), { limit: perPage, offset: (current - 1) * perPage });
    await preloadPostsWithMetaOnce(ctx, pageIds);
    await preloadTicketEvents(ctx, pageIds);
    tickets = await Promise.all(pageIds.map((id) => archiveTicket(ctx, id, manage)));
  }
  return {
    body: { rest_url: archiveUrl(ctx), total: found, total_pages: totalPages, tickets },
    headers: { 'X-ET-TOTAL': String(found), 'X-ET-TOTAL-PAGES': String(totalPages) },
  };
}

/** One ticket of the page: get_ticket_data (null where it errs), a manager's fees, the password blanking for anyone else. */
async function archiveTicket(ctx: RequestContext, id: number, manage: boolean): Promise<unknown> {
  const ticket = await ticketObject(ctx, id);
  if (ticket === undefined) return null;
  const { body } = await ticketData(ctx, ticket, manage);
  if (manage) return { ...body, fees: await ticketFees(ctx) };
  return seesTicket(ctx, ticket) ? body : removeTicketData(body);
}
