import { InProgressError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { loadPostOnce } from '../../http/request-context.js';
import type { RestResponse } from '../../http/rest-route.js';
import { canEditPost, POST_TYPE_CAPS, userCan } from '../../wp/auth/capabilities.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { isPhpNumeric, phpFloatval, phpIntval } from '../../wp/php/php-values.js';
import { hasManageAccess } from '../../wp/tickets/event-tickets.js';
import { activeProviders, type TicketProviderStorage } from '../../wp/tickets/providers.js';
import { deleteProviderTicket } from '../../wp/tickets/ticket-delete.js';
import { AppError } from '../../wp/wp-error.js';
import { readableTicket } from './ticket-readable.js';
import { ticketData } from './ticket.service.js';
import { requestHasManageAccess } from './manage-access.js';
import { asRecord } from '../../wp/php/php-values.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { updateEventCostFromTickets } from '../../wp/tickets/event-cost-update.js';
import { storeGlobalIds, typedGlobalId } from '../../wp/tickets/global-ids.js';
import { saveCommerceTicket, saveRsvpTicket, type TicketSaveInput, type TicketStockInput } from '../../wp/tickets/ticket-save.js';

/*
 * The block editor's ticket writes on `tribe/tickets/v1` (Tribe__Tickets__Editor__REST__V1__Endpoints__Single_Ticket):
 * `POST /tickets` and `POST|PUT|PATCH /tickets/{id}` (add_ticket), `DELETE /tickets/{id}`. Each reads
 * the form body only (WP_REST_Request::get_body_params: a JSON body gives none), checks the form's
 * nonce for the user and the right to edit the post, then the provider. Deleting is served; a
 * save runs the provider's ticket_add (wp/tickets/ticket-save.ts), TEC's
 * update_event_cost on `tribe_tickets_ticket_added`, and answers 202 with get_readable_ticket_data
 * (the ticket as a manager reads it, whose read stores the ticket's global ID), all in one
 * transaction. RSVP saves through its own save_ticket (saveRsvpTicket).
 */

const FORM_TYPES: readonly string[] = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const EditorTicketErrors = {
  invalidNonce: () => new AppError(403, 'forbidden', 'Invalid nonce'),
  invalidProvider: () => new AppError(400, 'bad_request', 'Commerce Module invalid'),
  invalidPrice: () => new AppError(400, 'tec-tickets-rest-invalid_price', 'Invalid price'),
} as const;

/** The capability Event Tickets grants its ticket editors (has_permission's first test). */
const EDIT_EVENT_TICKETS = 'edit_event_tickets';

/**
 * get_body_params: a form body's fields, none for any other body. The merged parameters stand in
 * for the form's fields (a query-string field of the same name reads the same).
 */
function bodyParam(ctx: RequestContext, name: string): unknown {
  const type = (ctx.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return FORM_TYPES.includes(type) ? ctx.params[name] : undefined;
}

/**
 * has_permission: the post named exists, the form's nonce verifies for this user and action, and
 * the user may edit tickets, the type's others' posts, or this post.
 */
async function hasPermission(ctx: RequestContext, postId: unknown, nonce: unknown, action: string): Promise<boolean> {
  if (postId === undefined || !isPhpNumeric(postId) || phpIntval(postId) <= 0) return false;
  const post = await loadPostOnce(ctx, phpIntval(postId));
  if (post === undefined) return false;
  if (typeof nonce !== 'string' || isPhpEmpty(nonce) || !(ctx.viewer.verifyNonce?.(nonce, action) ?? false)) return false;
  const othersCap = POST_TYPE_CAPS[post.post_type]?.edit_others_posts;
  return userCan(ctx.viewer, EDIT_EVENT_TICKETS) || (othersCap !== undefined && userCan(ctx.viewer, othersCap)) || canEditPost(ctx.viewer, post);
}

function activeStorages(ctx: RequestContext): readonly TicketProviderStorage[] {
  return activeProviders(ctx.site.plugins.eventTickets?.providers ?? []);
}

/** tribe_tickets_get_ticket_provider: the active provider whose tickets are of this post's type. */
async function providerOfTicket(ctx: RequestContext, ticketId: number): Promise<TicketProviderStorage | undefined> {
  const post = await loadPostOnce(ctx, ticketId);
  return post === undefined ? undefined : activeStorages(ctx).find((provider) => provider.ticketPostType === post.post_type);
}

/** add_ticket up to the save: nonce and permission, provider, price; then in progress. */
async function addTicket(ctx: RequestContext, nonceAction: string): Promise<RestResponse> {
  const ticketId = isPhpEmpty(ctx.params.id ?? '') ? undefined : phpIntval(ctx.params.id);
  if (!(await hasPermission(ctx, bodyParam(ctx, 'post_id'), bodyParam(ctx, nonceAction), nonceAction))) throw EditorTicketErrors.invalidNonce();
  let provider = ticketId === undefined ? undefined : await providerOfTicket(ctx, ticketId);
  const providerName = ctx.params.provider;
  if (provider === undefined && typeof providerName === 'string' && providerName !== '') {
    provider = activeStorages(ctx).find((candidate) => candidate.className === providerName);
  }
  if (provider === undefined) throw EditorTicketErrors.invalidProvider();
  // A blank price makes a free ticket; Tickets Commerce refuses anything else that is no number, or below zero.
  const sent = bodyParam(ctx, 'price');
  const price = sent === undefined || (typeof sent === 'string' && sent.trim() === '') ? '0' : sent;
  if (provider.slug === 'tc' && (!isPhpNumeric(price) || phpFloatval(price) < 0)) throw EditorTicketErrors.invalidPrice();
  const eventTickets = ctx.site.plugins.eventTickets;
  if (eventTickets === undefined) throw new InProgressError();
  const postId = phpIntval(bodyParam(ctx, 'post_id'));
  const input = { ...editorSaveInput(ctx, price), ticketId };
  const savedId = await ctx.write(async (scope) => {
    const save = provider!.slug === 'tc' ? saveCommerceTicket : saveRsvpTicket;
    const id = await save(scope, postId, input, ctx.viewer.userId);
    await updateEventCostFromTickets(scope, postId, eventTickets);
    await storeGlobalIds(scope, id, typedGlobalId(ctx.urls, provider!.slug, id));
    return id;
  });
  const ticket = await readableTicket(ctx, savedId);
  return { status: 202, body: (await ticketData(ctx, ticket, requestHasManageAccess(ctx))).body };
}

/** A form field with the default ticket_args() gives it (`''`, `yes` for show_description). */
function formField(ctx: RequestContext, name: string, fallback = ''): unknown {
  return bodyParam(ctx, name) ?? fallback;
}

/** add_ticket's `$ticket_data` as ticket_add reads it: the form's fields, `ticket` the stock block, a Tickets Commerce sale price. */
function editorSaveInput(ctx: RequestContext, price: unknown): TicketSaveInput {
  const text = (name: string) => String(formField(ctx, name));
  const block = asRecord(bodyParam(ctx, 'ticket'));
  const stock: TicketStockInput = {};
  for (const key of ['event_capacity', 'capacity', 'stock'] as const) {
    const value = block[key];
    if (typeof value === 'string' || typeof value === 'number') stock[key] = value;
  }
  if (block.mode !== undefined && block.mode !== null) stock.mode = String(block.mode);
  if (block.not_going !== undefined) stock.notGoing = block.not_going;
  const menuOrder = bodyParam(ctx, 'menu_order');
  const sale = asRecord(block.sale_price);
  const addSalePrice = block.sale_price === undefined ? undefined : (sale.checked ?? false);
  return {
    name: text('name'),
    description: text('description'),
    price: String(price),
    showDescription: formField(ctx, 'show_description', 'yes'),
    sku: text('sku'),
    startDate: text('start_date'),
    startTime: text('start_time'),
    endDate: text('end_date'),
    endTime: text('end_time'),
    ...(menuOrder === undefined ? {} : { menuOrder: phpIntval(menuOrder) }),
    stock,
    ...(addSalePrice === undefined ? {} : { addSalePrice }),
    ...(isTribeTruthy(addSalePrice ?? false)
      ? { salePrice: String(sale.price ?? ''), saleStartDate: String(sale.start_date ?? ''), saleEndDate: String(sale.end_date ?? '') }
      : {}),
  };
}

/** POST /tickets (add_ticket_nonce). */
export function createEditorTicket(ctx: RequestContext): Promise<RestResponse> {
  return addTicket(ctx, 'add_ticket_nonce');
}

/** POST, PUT, PATCH /tickets/{id} (edit_ticket_nonce). */
export function updateEditorTicket(ctx: RequestContext): Promise<RestResponse> {
  return addTicket(ctx, 'edit_ticket_nonce');
}

/**
 * DELETE /tickets/{id}: the ticket must be readable (404 `ticket-not-found`, 401), then the
 * nonce and permission as for a save; the provider deletes it. 202 with whether it did.
 */
export async function deleteEditorTicket(ctx: RequestContext): Promise<RestResponse> {
  const ticketId = phpIntval(ctx.params.id);
  await readableTicket(ctx, ticketId);
  const postId = bodyParam(ctx, 'post_id');
  if (!(await hasPermission(ctx, postId, bodyParam(ctx, 'remove_ticket_nonce'), 'remove_ticket_nonce'))) throw EditorTicketErrors.invalidNonce();
  const provider = await providerOfTicket(ctx, ticketId);
  if (provider === undefined) throw EditorTicketErrors.invalidProvider();
  const tickets = ctx.site.plugins.eventTickets;
  const mayManage = tickets !== undefined && hasManageAccess(ctx.viewer, undefined, tickets);
  const deleted = await ctx.write((scope) => deleteProviderTicket(scope, provider, phpIntval(postId), ticketId, mayManage));
  return { status: 202, body: deleted };
}
