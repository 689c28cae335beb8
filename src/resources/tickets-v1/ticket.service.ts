import { InProgressError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { canEditPost, canReadPost } from '../../wp/auth/capabilities.js';
import { canAccessPasswordContent, postPasswordRequired } from '../../wp/auth/password-access.js';
import { firstMeta } from '../../wp/posts/meta.js';
import { isPhpNumeric, maybeUnserialize, phpIntval } from '../../wp/php/php-values.js';
import { restUrl } from '../../wp/site/urls.js';
import { removeTicketData } from './no-access.js';
import { ticketCurrency } from './ticket-currency.js';
import { requestHasManageAccess } from './manage-access.js';
import { ticketType, toTicketBody, withEditorFields, type TicketSource } from './ticket.mapper.js';
import { pendingCount, ticketAttendees } from './ticket-attendees.js';
import { countOrderModifiers, OrderModifierType } from './order-modifiers.repository.js';
import { readableTicket, type ReadableTicket } from './ticket-readable.js';

/*
 * GET /tickets/{id} (Single_Ticket::get): is_ticket_readable, get_ticket_data, then the
 * tribe_rest_single_ticket_data filters (the block editor's fields, Tickets Commerce's fees, the
 * password blanking). What the service does not build yet answers rest_no_route (in progress) for
 * the request concerned, never a guess: a header image, ticket types other than `default`, a
 * currency other than US dollars, fees where the site has any, and the rows Event Tickets writes
 * while it reads (a missing global ID or lineage).
 */

const inProgress = () => new InProgressError();

/**
 * add_ticket_attendees_data for a reader without manage access shows attendees only on a post
 * with the attendees block or `[tribe_attendees_list]` (has_block, has_shortcode, or the plain
 * text); any mention of either counts here.
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

/** The parts of the answer not built yet, for this ticket. */
function unbuilt(ticket: ReadableTicket): boolean {
  if (ticketType(ticket.meta) !== 'default') return true;
  if (phpIntval(firstMeta(ticket.parent.meta, '_tribe_ticket_header') ?? '') !== 0) return true;
  // number_format_i18n of a Tickets Commerce price that is no number is a PHP error there.
  return ticket.provider === 'tc' && !isPhpNumeric(firstMeta(ticket.meta, '_price') ?? '');
}

/**
 * filter_out_single_ticket_data_on_unauthorized (which passes managers by): should_see_ticket lets through a ticket whose
 * post has no password, or whose password the request gives (TEC's can_access_password_content:
 * `password`, or the edit context for one who may edit the post).
 */
export function seesTicket(ctx: RequestContext, ticket: ReadableTicket): boolean {
  const parent = ticket.parent.post;
  if (!postPasswordRequired(parent)) return true;
  return canAccessPasswordContent(parent, ctx.viewer, { context: ctx.query.context, password: ctx.query.password });
}

/**
 * Post_Repository::get_ticket_data for a readable ticket, as the reader may see it: managers
 * (request_has_manage_access) get every attendee with the counts and the capacity totals, anyone
 * else the public attendees where the post lists them. Throws InProgressError for a ticket whose
 * answer is not built yet.
 */
export async function ticketData(ctx: RequestContext, ticket: ReadableTicket, manage: boolean): Promise<{ source: TicketSource; body: Record<string, unknown> }> {
  const currency = await ticketCurrency(ctx);
  const ids = storedGlobalIds(ticket);
  if (currency === undefined || ids === undefined || unbuilt(ticket)) throw inProgress();
  const listed = manage || showsAttendees(ticket.parent.post.post_content);
  const attendees = listed ? await ticketAttendees(ctx, ticket.post.ID, ticket.provider === 'rsvp', manage) : undefined;
  const source: TicketSource = {
    ...ticket,
    parent: { ID: ticket.parent.post.ID, meta: ticket.parent.meta },
    ...ids,
    currency,
    siteZone: ctx.site.timezone,
    now: ctx.now,
    restUrl: restUrl(ctx.urls, `tickets/${ticket.post.ID}`),
    attendees: attendees?.bodies ?? [],
    ...(manage ? { manager: { pending: ticket.provider === 'tc' ? pendingCount(attendees?.records ?? []) : 0 } } : {}),
  };
  return { source, body: toTicketBody(source) };
}

/**
 * Fees::add_fees_to_ticket_data's answer for a manager: the site's fees for the ticket, empty
 * lists on a site without fees (one with fees is in progress).
 */
export async function ticketFees(ctx: RequestContext): Promise<Record<string, unknown[]>> {
  const fees = await ctx.memo('tickets-v1:fee-count', () => countOrderModifiers(ctx.db, OrderModifierType.fee));
  if (fees > 0) throw inProgress();
  return { available_fees: [], automatic_fees: [], selected_fees: [] };
}

/** The single ticket's answer (Single_Ticket::get); throws the plugin's 404/401 refusals, or InProgressError. */
export async function getTicket(ctx: RequestContext): Promise<Record<string, unknown>> {
  const ticket = await readableTicket(ctx, phpIntval(ctx.params.id));
  const manage = requestHasManageAccess(ctx);
  const { source, body: data } = await ticketData(ctx, ticket, manage);
  // The block editor's filter adds its fields for who may edit (and read) the ticket.
  let body = canEditPost(ctx.viewer, ticket.post) && canReadPost(ctx.viewer, ticket.post) ? withEditorFields(source, data) : data;
  if (manage) body = { ...body, fees: await ticketFees(ctx) };
  return manage || seesTicket(ctx, ticket) ? body : (removeTicketData(body) as Record<string, unknown>);
}
