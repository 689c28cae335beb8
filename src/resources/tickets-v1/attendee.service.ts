import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { loadPostMetaOnce, loadPostOnce } from '../../http/request-context.js';
import { postPasswordRequired } from '../../wp/auth/password-access.js';
import { firstMeta } from '../../wp/posts/meta.js';
import { phpIntval } from '../../wp/php/php-values.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { toAttendeeResource } from './attendee.mapper.js';
import { attendeeEventId, loadAttendee, loadAttendeeTicket, type AttendeeRecord } from './attendee.records.js';
import { ATTENDEE_KINDS, HIDE_ATTENDEES_LIST_KEY, RSVP_STATUS_KEY, TC_ORDER_POST_TYPE } from '../../wp/tickets/attendee-kinds.js';
import { requestHasManageAccess } from './manage-access.js';
import { PostStatus } from '../../wp/constants.js';

/** Event Tickets' REST messages (REST/V1/Messages) for one attendee. */
export const AttendeeErrors = {
  notFound: () => new AppError(404, 'attendee-not-found', 'The requested post ID does not exist or is not an attendee'),
  notAccessible: () => new AppError(401, 'attendee-not-accessible', 'The requested attendee is not accessible'),
};

/**
 * Single_Attendee::is_publicly_visible_attendee_event: the post the attendee is for exists, is
 * published, asks no password and does not hide its attendee list.
 */
async function isPubliclyVisibleAttendeeEvent(ctx: RequestContext, attendeeId: number): Promise<boolean> {
  const eventId = await attendeeEventId(ctx, attendeeId);
  if (eventId === 0) return false;
  const event = await loadPostOnce(ctx, eventId);
  if (event === undefined || event.post_status !== PostStatus.publish || postPasswordRequired(event)) return false;
  return !isTribeTruthy(firstMeta(await loadPostMetaOnce(ctx, eventId), HIDE_ATTENDEES_LIST_KEY) ?? '');
}

/**
 * The filters Attendee_Repository::by_primary_key adds for a guest: not opted out (some opt-out
 * row whose value is neither `yes` nor `1`), published, and going when the attendee has an RSVP
 * status at all (`rsvp_status__or_none`).
 */
export function isPublicAttendee(attendee: AttendeeRecord): boolean {
  const optoutKeys = new Set(ATTENDEE_KINDS.map((kind) => kind.optoutKey));
  const optedIn = [...attendee.meta].some(([key, values]) => optoutKeys.has(key) && values.some((value) => value !== 'yes' && value !== '1'));
  const rsvp = attendee.meta.get(RSVP_STATUS_KEY);
  const going = rsvp === undefined || rsvp.length === 0 || rsvp.includes('yes');
  return optedIn && attendee.post.post_status === PostStatus.publish && going;
}

/**
 * Post_Repository::get_attendee_data for a found attendee: `null` when the site does not run its
 * provider, `[]` when its ticket is gone, as Event Tickets' formatter returns them. `ticketObjectHeld`:
 * inside a ticket's answer (an RSVP ticket's `id` is then an integer).
 */
export async function renderAttendee(ctx: RequestContext, attendee: AttendeeRecord, manage: boolean, ticketObjectHeld = false): Promise<unknown> {
  const eventTickets = ctx.site.plugins.eventTickets;
  if (eventTickets === undefined || attendee.kind.provider === undefined || !eventTickets.providers.includes(attendee.kind.provider)) return null;
  const ticket = await loadAttendeeTicket(ctx, attendee);
  if (ticket === undefined) return [];
  const parent = attendee.post.post_parent > 0 ? await loadPostOnce(ctx, attendee.post.post_parent) : undefined;
  const order = parent?.post_type === TC_ORDER_POST_TYPE ? parent : undefined;
  return toAttendeeResource(attendee, ticket, order, { urls: ctx.urls, eventTickets, siteZone: ctx.site.timezone, now: ctx.now, manage, ticketObjectHeld });
}

/**
 * Single_Attendee::get. Managers get any attendee (404 when the ID is no attendee); anyone else
 * first needs the attendee's post to be public (401, asked before the attendee exists), then the
 * attendee itself to be public (401).
 */
export async function getAttendee(ctx: RequestContext): Promise<unknown> {
  const id = phpIntval(ctx.params.id);
  const manage = requestHasManageAccess(ctx);
  if (!manage && !(await isPubliclyVisibleAttendeeEvent(ctx, id))) throw AttendeeErrors.notAccessible();
  const attendee = await loadAttendee(ctx, id);
  if (attendee === undefined) throw AttendeeErrors.notFound();
  if (!manage && !isPublicAttendee(attendee)) throw AttendeeErrors.notAccessible();
  return renderAttendee(ctx, attendee, manage);
}
