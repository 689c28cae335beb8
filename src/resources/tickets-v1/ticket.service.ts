import { InProgressError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { canEditPost } from '../../wp/auth/capabilities.js';
import { canAccessPasswordContent, postPasswordRequired } from '../../wp/auth/password-access.js';
import { firstMeta } from '../../wp/posts/meta.js';
import { isPhpNumeric, maybeUnserialize, phpIntval } from '../../wp/php/php-values.js';
import { restUrl } from '../../wp/site/urls.js';
import { removeTicketData } from './no-access.js';
import { ticketCurrency } from './ticket-currency.js';
import { requestHasManageAccess } from './manage-access.js';
import { toTicketBody } from './ticket.mapper.js';
import { readableTicket, type ReadableTicket } from './ticket-readable.js';

/*
 * GET /tickets/{id} (Single_Ticket::get): is_ticket_readable, get_ticket_data, then the
 * tribe_rest_single_ticket_data filters. Served for readers without manage access who may not
 * edit the ticket. What the service does not build yet answers rest_no_route (in progress) for
 * the request concerned, never a guess: the managers' and editors' fields (capacity totals,
 * attendees with their details, check-in and RSVP totals, fees, the block editor's fields), the
 * attendee list a post shows with Event Tickets' shortcode or block, a header image, ticket types
 * other than `default`, a currency other than US dollars, and the rows Event Tickets writes while
 * it reads (a missing global ID or lineage, a missing `_type`).
 */

const inProgress = () => new InProgressError();

/**
 * add_ticket_attendees_data for a reader without manage access shows attendees only on a post
 * with the attendees block or `[tribe_attendees_list]` (has_block, has_shortcode, or the plain
 * text); any mention of either counts here, so no list is ever left out.
 */
function showsAttendees(content: string): boolean {
  return content.includes('tribe_attendees_list') || content.includes('wp:tribe/attendees');
}

/**
 * get_ticket_global_id / _lineage: the stored ID, and the stored lineage when it already is the
 * list the plugin would store (else the plugin writes them while answering: undefined).
 */
function storedGlobalIds(ticket: ReadableTicket): { globalId: string; lineage: string[] } | undefined {
  const globalId = firstMeta(ticket.meta, '_tribe_global_id') ?? '';
  if (globalId === '' || globalId === '0') return undefined;
  const lineage = maybeUnserialize(firstMeta(ticket.meta, '_tribe_global_id_lineage') ?? '');
  if (!Array.isArray(lineage) || !lineage.every((entry) => typeof entry === 'string') || !lineage.includes(globalId)) return undefined;
  if (new Set(lineage).size !== lineage.length) return undefined;
  return { globalId, lineage };
}

/** The parts of the answer not built yet, for this ticket and reader. */
function unbuilt(ticket: ReadableTicket): boolean {
  if ((firstMeta(ticket.meta, '_type') ?? '') !== 'default') return true;
  if (phpIntval(firstMeta(ticket.parent.meta, '_tribe_ticket_header') ?? '') !== 0) return true;
  if (showsAttendees(ticket.parent.post.post_content)) return true;
  // number_format_i18n of a Tickets Commerce price that is no number is a PHP error there.
  return ticket.provider === 'tc' && !isPhpNumeric(firstMeta(ticket.meta, '_price') ?? '');
}

/**
 * filter_out_single_ticket_data_on_unauthorized: should_see_ticket lets through a ticket whose
 * post has no password, or whose password the request gives (TEC's can_access_password_content:
 * `password`, or the edit context for one who may edit the post).
 */
function seesTicket(ctx: RequestContext, ticket: ReadableTicket): boolean {
  const parent = ticket.parent.post;
  if (!postPasswordRequired(parent)) return true;
  return canAccessPasswordContent(parent, ctx.viewer, { context: ctx.query.context, password: ctx.query.password });
}

export async function getTicket(ctx: RequestContext): Promise<Record<string, unknown>> {
  const ticket = await readableTicket(ctx, phpIntval(ctx.params.id));
  if (requestHasManageAccess(ctx)) throw inProgress();
  // The block editor's filter adds its fields for who may edit the ticket.
  if (canEditPost(ctx.viewer, ticket.post)) throw inProgress();
  const currency = await ticketCurrency(ctx);
  const ids = storedGlobalIds(ticket);
  if (currency === undefined || ids === undefined || unbuilt(ticket)) throw inProgress();
  const body = toTicketBody({
    ...ticket,
    parent: { ID: ticket.parent.post.ID, meta: ticket.parent.meta },
    ...ids,
    currency,
    siteZone: ctx.site.timezone,
    now: ctx.now,
    restUrl: restUrl(ctx.urls, `tickets/${ticket.post.ID}`),
  });
  return seesTicket(ctx, ticket) ? body : (removeTicketData(body) as Record<string, unknown>);
}
