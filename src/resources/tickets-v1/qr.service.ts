import { AppError, InProgressError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { loadPostMetaOnce, loadPostOnce } from '../../http/request-context.js';
import { canReadPost } from '../../wp/auth/capabilities.js';
import { escAttr } from '../../wp/media/srcset.js';
import { firstMeta } from '../../wp/posts/meta.js';
import { phpIntval } from '../../wp/php/php-values.js';
import { PostStatus } from '../../wp/constants.js';
import { escHtml } from '../../wp/text/escaping.js';
import { ATTENDEE_KINDS, RSVP_STATUS_KEY, TC_ORDER_POST_TYPE, type AttendeeKind } from '../../wp/tickets/attendee-kinds.js';
import { checkInRsvpAttendee, QR_STATUS_KEY } from '../../wp/tickets/check-in.js';
import { renderAttendee } from './attendee.service.js';
import { requestHasManageAccess } from './manage-access.js';

/*
 * Event Tickets' QR routes (REST/V1/Endpoints/QR): GET /qr/{id} tells whether an attendee is
 * checked in; GET /qr checks one in with the app's API key and the attendee's security code.
 * Both are open to all (`__return_true`): the key and the code are the check.
 */

/** PHP's truthiness of a stored meta value (`if ( $checked_status )`). */
const phpTruthy = (value: string) => value !== '' && value !== '0';

/**
 * The provider whose post types include this post (Data_API::detect_by_id's class): the attendee
 * kind of a running provider by its attendee, ticket or (Tickets Commerce) order post type.
 */
function providerKindOf(ctx: RequestContext, postType: string | undefined): AttendeeKind | undefined {
  const running = ctx.site.plugins.eventTickets?.providers ?? [];
  return ATTENDEE_KINDS.find(
    (kind) =>
      kind.provider !== undefined &&
      running.includes(kind.provider) &&
      (kind.postType === postType || kind.ticketPostType === postType || (kind.provider === 'tc' && postType === TC_ORDER_POST_TYPE)),
  );
}

/**
 * QR::get: the post's check-in meta (the provider's checkin_key, first value, '' when unset).
 * The ID was validated as a ticket, attendee or order of a running provider; one not published
 * needs read_post (403 ticket-not-accessible).
 */
export async function getQrStatus(ctx: RequestContext): Promise<unknown> {
  const id = phpIntval(ctx.params.id);
  const post = await loadPostOnce(ctx, id);
  if (post === undefined) throw new AppError(404, 'attendee-not-found', 'The requested post ID does not exist or is not an attendee');
  if (post.post_status !== PostStatus.publish && !canReadPost(ctx.viewer, post)) {
    throw new AppError(403, 'ticket-not-accessible', 'The requested ticket is not accessible');
  }
  const kind = providerKindOf(ctx, post.post_type);
  if (kind === undefined) throw new AppError(404, 'attendee-not-found', 'The requested post ID does not exist or is not an attendee');
  return { id, checked_in: firstMeta(await loadPostMetaOnce(ctx, id), kind.checkedInKey) ?? '' };
}

/** A QR answer that is not WordPress's error shape: Event Tickets' own `msg` / `error` body. */
const answer = (status: number, body: unknown) => ({ status, body });

/**
 * QR::check_in. A wrong key answers the request's values (400); then the security code, the
 * attendee, its order status (RSVP: going) and an earlier check-in are checked (403 each, with
 * Event Tickets' messages), and the attendee is checked in (201 with the attendee as it was).
 * A Tickets Commerce attendee, and a site that checks in only while the event happens, answer
 * in progress: their check-in is not built.
 */
export async function checkInByQr(ctx: RequestContext): Promise<{ status: number; body: unknown }> {
  const qr = {
    api_key: ctx.params.api_key,
    ticket_id: ctx.params.ticket_id,
    event_id: ctx.query.event_id ?? null,
    security_code: ctx.params.security_code,
  };
  const key = ctx.site.plugins.eventTickets?.qrApiKey ?? '';
  const validKey = typeof qr.api_key === 'string' && qr.api_key !== '' && key !== '' && escAttr(qr.api_key) === key;
  if (!validKey || qr.ticket_id === '' || qr.ticket_id === '0' || qr.ticket_id === undefined) return answer(400, qr);
  const attendeeId = phpIntval(qr.ticket_id);
  const post = attendeeId > 0 ? await loadPostOnce(ctx, attendeeId) : undefined;
  const provider = providerKindOf(ctx, post?.post_type);
  const meta = provider !== undefined ? await loadPostMetaOnce(ctx, attendeeId) : new Map<string, string[]>();
  if (provider === undefined || (firstMeta(meta, provider.securityCodeKey) ?? '') !== String(qr.security_code)) {
    return answer(403, { msg: 'Security code is not valid!', error: 'security_code_not_valid' });
  }
  if (post === undefined || post.post_type !== provider.postType || post.post_status === PostStatus.trash) {
    return answer(403, { msg: 'An attendee is not found with this ID.', error: 'attendee_not_found' });
  }
  if (provider.provider !== 'rsvp' || ctx.site.plugins.eventTickets?.qrCheckInHappeningNow) throw new InProgressError();
  const manage = requestHasManageAccess(ctx);
  const rendered = await renderAttendee(ctx, { post, meta, kind: provider }, manage);
  const attendee = rendered === null || (Array.isArray(rendered) && rendered.length === 0) ? null : rendered;
  // RSVP counts `yes` (going) as its completed order status.
  if (firstMeta(meta, RSVP_STATUS_KEY) !== 'yes') {
    return answer(403, {
      msg: escHtml("This attendee's ticket is not authorized to be Checked in. Please check the order status."),
      error: 'attendee_not_authorized',
      attendee,
    });
  }
  const checked = firstMeta(meta, QR_STATUS_KEY) ?? '';
  if (phpTruthy(checked) || phpTruthy(firstMeta(meta, provider.checkedInKey) ?? '')) {
    return answer(403, { msg: 'Already checked in!', error: 'attendee_already_checked_in', attendee });
  }
  await ctx.write((scope) => checkInRsvpAttendee(scope, attendeeId, provider, { qr: true, author: ctx.viewer.userId }));
  ctx.forgetMemo();
  return answer(201, { msg: 'Checked In!', attendee });
}
