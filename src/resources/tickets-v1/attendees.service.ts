import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { userCan } from '../../wp/auth/capabilities.js';
import { listToArray, toList } from '../../wp/php/lists.js';
import { isPhpNumeric, phpIntval } from '../../wp/php/php-values.js';
import { sanitizeTextField } from '../../wp/terms/term-fields.js';
import { addQueryArgs, type QueryArgValue } from '../../wp/site/query-args.js';
import { restUrl } from '../../wp/site/urls.js';
import { phpDateTimeIn } from '../../wp/tec/dates.js';
import { attendeeKindOf, PRIVATE_ORDER_STATUSES, PUBLIC_ORDER_STATUSES, tcOrderPostStatus } from '../../wp/tickets/attendee-kinds.js';
import { attendeeMatches, providerEventKeys, sortAttendees, type AttendeeOrderBy, type AttendeeQuery } from '../../wp/tickets/attendee-query.js';
import { selectAttendeeCandidates } from '../../wp/tickets/attendees.repository.js';
import { renderAttendee } from './attendee.service.js';
import { AttendeeArchiveArgs } from './attendees.args.js';
import { requestHasManageAccess } from './manage-access.js';

/*
 * GET /attendees (Attendee_Archive::get): the request's arguments become the attendee
 * repository's filters (tribe_attendees('restv1')), a guest's answer adds the public ones, and
 * each page's attendees are formatted as GET /attendees/{id} formats them.
 */

const invalidPage = () => new AppError(400, 'invalid-page-number', 'The page number requested is larger than the number of pages available.');

/** The REST repository's order_by map (Attendee_Repository::order_by). */
const ORDER_BY: Readonly<Record<string, AttendeeOrderBy>> = { date: 'date', id: 'id', include: 'meta_value_num', title: 'full_name', slug: 'name' };

/** Thrown where the repository would void its query (no attendee can match). */
class VoidQuery extends Error {}

/** Tribe__Repository::get_posts_after / _before: the value read in the site's zone (`@` before a timestamp), as post_date's wall time. */
function siteWallTime(ctx: RequestContext, value: unknown): string | undefined {
  const text = String(value);
  const parsed = phpDateTimeIn(isPhpNumeric(text) ? `@${text}` : text, ctx.site.timezone, ctx.now);
  return parsed?.wallTime;
}

/** filter_by_event_status: `any` means all for readers of private posts, `publish` for others. */
function eventStatuses(ctx: RequestContext, value: unknown): readonly string[] | undefined {
  let statuses = listToArray(value).map(String);
  const canReadPrivate = userCan(ctx.viewer, 'read_private_posts');
  if (statuses.length === 1 && statuses[0] === 'any') {
    if (canReadPrivate) return undefined;
    statuses = ['publish'];
  }
  if (!canReadPrivate && !statuses.includes('publish')) throw new VoidQuery();
  if (statuses.length === 0) throw new VoidQuery();
  return statuses;
}

/** filter_by_order_status: `public` and `private` widen to their lists; a guest keeps the public ones only. */
function orderStatuses(manage: boolean, value: unknown): AttendeeQuery['orderStatus'] {
  let statuses = listToArray(value).map(String);
  if (statuses.length === 1 && statuses[0] === 'any') {
    if (manage) return undefined;
    statuses = ['public'];
  }
  if (statuses.includes('public')) statuses = [...new Set([...statuses, ...PUBLIC_ORDER_STATUSES])];
  if (statuses.includes('private')) statuses = [...new Set([...statuses, ...PRIVATE_ORDER_STATUSES])];
  if (!manage) statuses = statuses.filter((status) => PUBLIC_ORDER_STATUSES.includes(status));
  if (statuses.length === 0) throw new VoidQuery();
  return { statuses, tcPostStatuses: statuses.map(tcOrderPostStatus) };
}

/**
 * A ticket list as the route leaves it (registered without a sanitizer): an array's items, or the
 * string whole; the meta filter splits neither, so `2002,2017` is one value no ticket ID equals.
 */
function asSent(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** The repository filters the request sets (Attendee_Archive::get's supported_args, then process_search). */
function buildQuery(ctx: RequestContext, manage: boolean): AttendeeQuery {
  const params = ctx.params;
  const has = (key: string) => params[key] !== undefined && params[key] !== null;
  const query: AttendeeQuery = { postStatus: has('status') ? listToArray(params.status).map(String) : [manage ? 'any' : 'publish'], guest: !manage };
  if (has('provider')) query.providerEventKeys = providerEventKeys(listToArray(params.provider));
  if (has('search')) query.search = String(params.search);
  // post_id and include_post both set `event`, ticket_id and include_ticket `ticket`: the later wins.
  if (has('post_id')) query.event = [params.post_id];
  if (has('include_post')) query.event = listToArray(params.include_post);
  if (has('ticket_id')) query.ticket = [params.ticket_id];
  if (has('include_ticket')) query.ticket = asSent(params.include_ticket);
  if (has('exclude_post')) query.eventNotIn = listToArray(params.exclude_post);
  if (has('exclude_ticket')) query.ticketNotIn = asSent(params.exclude_ticket);
  if (has('after')) query.afterDate = siteWallTime(ctx, params.after);
  if (has('before')) query.beforeDate = siteWallTime(ctx, params.before);
  if (has('include')) query.postIn = listToArray(params.include);
  if (has('exclude')) query.postNotIn = listToArray(params.exclude);
  query.eventStatus = eventStatuses(ctx, has('post_status') ? params.post_status : manage ? 'any' : 'publish');
  query.orderStatus = orderStatuses(manage, has('order_status') ? params.order_status : manage ? 'any' : 'public');
  if (has('checkedin')) query.checkedIn = params.checkedin === true;
  if (has('rsvp_going_status')) query.rsvpStatusOrNone = listToArray(params.rsvp_going_status);
  if (has('price_min')) query.priceMin = phpIntval(params.price_min);
  if (has('price_max')) query.priceMax = phpIntval(params.price_max);
  if (has('attendee_information_available')) query.hasAttendeeMeta = params.attendee_information_available === true;
  const sent = ctx.query;
  if (sent.name !== undefined) query.holderNameLike = `%${sanitizeTextField(String(sent.name))}%`;
  if (sent.email !== undefined) query.holderEmailLike = `%${sanitizeTextField(String(sent.email))}%`;
  return query;
}

/**
 * The archive's `rest_url`: the query string's arguments the route declares, sanitized, lists
 * written as CSV, added to `/attendees/` as add_query_arg adds them (raw; `false` drops a key).
 */
function archiveRestUrl(ctx: RequestContext): string {
  const args: Record<string, QueryArgValue> = {};
  for (const key of Object.keys(ctx.query)) {
    if (!(key in AttendeeArchiveArgs)) continue;
    const value = toList(ctx.params[key]);
    args[key] = value === undefined || value === null || typeof value === 'object' ? null : (value as QueryArgValue);
  }
  return addQueryArgs(restUrl(ctx.urls, 'attendees/'), args);
}

/**
 * Attendee_Archive::get: one page of the attendees the request may see, with `rest_url`, `total`
 * and `total_pages`. `offset` is accepted and has no effect: Event Tickets applies it to the
 * count's query only, which consumes it. Throws invalid-page-number (400) for a page beyond the
 * last (page 1 of nothing is an empty list).
 */
export async function listAttendees(ctx: RequestContext): Promise<{ body: unknown; headers: Record<string, string> }> {
  const manage = requestHasManageAccess(ctx);
  const page = phpIntval(ctx.params.page);
  const perPage = phpIntval(ctx.params.per_page);
  let found: Awaited<ReturnType<typeof selectAttendeeCandidates>>['attendees'] = [];
  try {
    const query = buildQuery(ctx, manage);
    const loaded = await selectAttendeeCandidates(ctx.db);
    found = loaded.attendees.filter((attendee) => attendeeMatches(attendee, query, loaded));
  } catch (error) {
    if (!(error instanceof VoidQuery)) throw error;
  }
  const orderby = typeof ctx.params.orderby === 'string' && ctx.params.orderby !== '' ? ORDER_BY[ctx.params.orderby] : undefined;
  const requestedOrder = typeof ctx.params.order === 'string' && ctx.params.order !== '' ? ctx.params.order.toUpperCase() : undefined;
  // The REST repository's own order_by defaults to DESC; the default order (ID, title) to ASC.
  const order = requestedOrder === 'ASC' || requestedOrder === 'DESC' ? requestedOrder : orderby === undefined ? 'ASC' : 'DESC';
  const totalPages = Math.ceil(found.length / perPage);
  let attendees: unknown[] = [];
  if (!(found.length === 0 && page === 1)) {
    if (page !== 1 && page > totalPages) throw invalidPage();
    const sorted = sortAttendees(found, orderby ?? 'default', order);
    const slice = sorted.slice((page - 1) * perPage, page * perPage);
    for (const { post, meta } of slice) {
      const kind = attendeeKindOf(post.post_type);
      if (kind === undefined) continue;
      const rendered = await renderAttendee(ctx, { post, meta, kind }, manage);
      // Tribe__Repository::all drops what the formatter returns empty (array_filter).
      if (rendered !== null && !(Array.isArray(rendered) && rendered.length === 0)) attendees.push(rendered);
    }
  }
  return {
    body: { rest_url: archiveRestUrl(ctx), total: found.length, total_pages: totalPages, attendees },
    headers: { 'X-ET-TOTAL': String(found.length), 'X-ET-TOTAL-PAGES': String(totalPages) },
  };
}
