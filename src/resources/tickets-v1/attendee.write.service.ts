import { AppError, InProgressError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { loadPostMetaOnce, loadPostOnce } from '../../http/request-context.js';
import { firstMeta } from '../../wp/posts/meta.js';
import { phpIntval } from '../../wp/php/php-values.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { attendeeKindOf, ATTENDEE_KINDS, ATTENDEE_STATUSES_NOT_ANY, RSVP_STATUS_KEY, type AttendeeKind } from '../../wp/tickets/attendee-kinds.js';
import { createRsvpAttendee, unservedAttendeeArg, updateRsvpAttendee, type AttendeeParams } from '../../wp/tickets/rsvp-attendee-save.js';
import { storeGlobalIds, typedGlobalId } from '../../wp/tickets/global-ids.js';
import { createCommerceManualAttendee } from '../../wp/tickets/commerce-manual-order.js';
import { commerceStockHandling } from '../../wp/tickets/commerce-order-status.js';
import { commerceCurrencyCode } from '../../wp/tickets/currency.js';
import { loadAttendee } from './attendee.records.js';
import { renderAttendee } from './attendee.service.js';
import { requestHasManageAccess } from './manage-access.js';
import { TicketKinds } from './ticket-kinds.js';

/*
 * POST /attendees and POST|PUT|PATCH /attendees/{id} (Single_Attendee::create / update): Event
 * Tickets' checks before it writes (the provider, the attendee status, an attendee already checked
 * in, an order status that may not check in), then RSVP's writes (wp/tickets/rsvp-attendee-save.ts)
 * or Tickets Commerce's manual order (wp/tickets/commerce-manual-order.ts) in one transaction,
 * answered 201 with the attendee as the archive's repository reads it. Tickets Commerce's updates
 * are not built, nor a parameter Event Tickets would write into the post itself: those answer in
 * progress (rest_no_route), having written nothing.
 */

/**
 * Tribe__Tickets__Status__Manager's statuses of each provider (get_statuses_by_action( 'all' )):
 * RSVP's `yes` and `no`; Tickets Commerce has no status manager there, so none, and any status
 * given for its attendees is refused.
 */
const ATTENDEE_STATUSES: Readonly<Record<string, readonly string[]>> = { rsvp: ['yes', 'no'], tc: [] };

export const AttendeeWriteErrors = {
  invalidStatus: (statuses: readonly string[]) =>
    new AppError(400, 'invalid-attendee-status', `Supported statuses for this attendee are: ${statuses.join(' | ')}`),
  /** Event Tickets answers this without a status (500); a missing attendee is a 404 here. */
  invalidAttendee: () => new AppError(404, 'invalid-attendee-id', 'Attendee ID is not valid.'),
  alreadyCheckedIn: () => new AppError(400, 'tec-et-attendee-already-checked-in', 'Attendee is already checked in.'),
  invalidCheckIn: () => new AppError(400, 'tec-et-attendee-invalid-check-in', 'Attendee Order status is not authorized for check-in.'),
};

/** validate_attendee_status: a given `attendee_status` must be one of the provider's (ATTENDEE_STATUSES). */
function checkAttendeeStatus(ctx: RequestContext, kind: AttendeeKind): void {
  const status = ctx.params.attendee_status;
  if (status === undefined || status === null) return;
  const statuses = kind.provider === undefined ? undefined : ATTENDEE_STATUSES[kind.provider];
  if (statuses === undefined) throw new InProgressError();
  if (typeof status !== 'string' || !statuses.includes(status)) throw AttendeeWriteErrors.invalidStatus(statuses);
}

/** The request's parameters in WordPress's order, refused as in progress when one would be written into the post. */
function attendeeParams(ctx: RequestContext, extra: AttendeeParams = []): AttendeeParams {
  const params: AttendeeParams = [...Object.entries(ctx.params), ...extra];
  if (unservedAttendeeArg(params) !== undefined) throw new InProgressError();
  return params;
}

/** The attendee as the answer reads it (tribe_attendees( 'restv1' )->by_primary_key), 201. */
async function answerAttendee(ctx: RequestContext, id: number): Promise<{ status: number; body: unknown }> {
  const attendee = await loadAttendee(ctx, id);
  if (attendee === undefined) throw AttendeeWriteErrors.invalidAttendee();
  return { status: 201, body: await renderAttendee(ctx, attendee, requestHasManageAccess(ctx)) };
}

/**
 * Single_Attendee::create: the ticket's provider, then the attendee status, then (RSVP) the
 * attendee, its security code and the ticket's sale, `attendee_source` = `rest-api`.
 */
export async function createAttendee(ctx: RequestContext): Promise<{ status: number; body: unknown }> {
  const ticketId = phpIntval(ctx.params.ticket_id);
  const ticket = await loadPostOnce(ctx, ticketId);
  const kind = ATTENDEE_KINDS.find((candidate) => candidate.ticketPostType === ticket?.post_type || candidate.postType === ticket?.post_type);
  if (kind === undefined) throw new InProgressError();
  checkAttendeeStatus(ctx, kind);
  if (ticket?.post_type !== kind.ticketPostType) throw new InProgressError();
  if (kind.provider === 'tc') return createCommerceAttendee(ctx, ticketId);
  if (kind.provider !== 'rsvp') throw new InProgressError();
  const eventId = phpIntval(firstMeta(await loadPostMetaOnce(ctx, ticketId), TicketKinds.rsvp.eventMetaKey) ?? '');
  if (eventId <= 0) throw new InProgressError();
  const params = attendeeParams(ctx, [['attendee_source', 'rest-api']]);
  const id = await ctx.write(async (scope) => {
    const created = await createRsvpAttendee(scope, { ticketId, eventId, params });
    await storeGlobalIds(scope, created, typedGlobalId(ctx.urls, 'attendee', created));
    return created;
  });
  return answerAttendee(ctx, id);
}

/**
 * Tickets Commerce's create_attendee (wp/tickets/commerce-manual-order.ts): a manual order of the
 * ticket, walked to completed, whose attendee answers. It reads only `full_name`, `email`,
 * `attendee_meta` and `send_ticket_email` of the request. A ticket whose post is gone is in progress.
 */
async function createCommerceAttendee(ctx: RequestContext, ticketId: number): Promise<{ status: number; body: unknown }> {
  const eventId = phpIntval(firstMeta(await loadPostMetaOnce(ctx, ticketId), TicketKinds.tc.eventMetaKey) ?? '');
  if (eventId <= 0 || (await loadPostOnce(ctx, eventId)) === undefined) throw new InProgressError();
  const site = ctx.site.plugins.eventTickets!;
  const stockHandling = commerceStockHandling(site.stockHandling);
  if (stockHandling === undefined) throw new InProgressError();
  const id = await ctx.write(async (scope) => {
    const created = await createCommerceManualAttendee(scope, {
      ticketId,
      eventId,
      fullName: String(ctx.params.full_name ?? ''),
      email: String(ctx.params.email ?? ''),
      attendeeMeta: ctx.params.attendee_meta,
      sendTicketEmail: ctx.params.send_ticket_email,
      currency: commerceCurrencyCode(site),
      stockHandling,
      ticketedPostTypes: site.postTypes,
    });
    await storeGlobalIds(scope, created, typedGlobalId(ctx.urls, 'attendee', created));
    return created;
  });
  return answerAttendee(ctx, id);
}

/**
 * Single_Attendee::update up to the write: the attendee must exist (any attendee type, any status
 * but trash and auto-draft), a given status be the provider's, and a check-in find the attendee
 * not checked in yet and going (RSVP).
 */
export async function updateAttendee(ctx: RequestContext): Promise<{ status: number; body: unknown }> {
  const id = phpIntval(ctx.params.id);
  const post = await loadPostOnce(ctx, id);
  const kind = post === undefined ? undefined : attendeeKindOf(post.post_type);
  if (post === undefined || kind === undefined || ATTENDEE_STATUSES_NOT_ANY.includes(post.post_status)) {
    throw AttendeeWriteErrors.invalidAttendee();
  }
  if (kind.provider === undefined || !(ctx.site.plugins.eventTickets?.providers ?? []).includes(kind.provider)) throw new InProgressError();
  checkAttendeeStatus(ctx, kind);
  // prepare_update_attendee_data validates a check-in whenever `check_in` is not empty (its bool parameter takes `'false'` as true).
  if (!isPhpEmpty(ctx.params.check_in)) {
    if (kind.provider !== 'rsvp') throw new InProgressError();
    const meta = await loadPostMetaOnce(ctx, id);
    if (isTribeTruthy(firstMeta(meta, kind.checkedInKey) ?? '')) throw AttendeeWriteErrors.alreadyCheckedIn();
    if (firstMeta(meta, RSVP_STATUS_KEY) !== 'yes') throw AttendeeWriteErrors.invalidCheckIn();
  }
  if (kind.provider !== 'rsvp') throw new InProgressError();
  const params = attendeeParams(ctx);
  await ctx.write(async (scope) => {
    await updateRsvpAttendee(scope, id, params);
    await storeGlobalIds(scope, id, typedGlobalId(ctx.urls, 'attendee', id));
  });
  return answerAttendee(ctx, id);
}
