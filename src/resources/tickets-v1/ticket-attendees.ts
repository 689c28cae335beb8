import type { RequestContext } from '../../http/request-context.js';
import { loadPostMetaOnce, preloadPostsWithMetaOnce } from '../../http/request-context.js';
import { PostStatus } from '../../wp/constants.js';
import { firstMeta } from '../../wp/posts/meta.js';
import { phpIntval } from '../../wp/php/php-values.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { TC_PENDING_STATUS } from '../../wp/tickets/providers.js';
import { selectAttendeeIdsOfTickets } from '../../wp/tickets/tickets.repository.js';
import { renderAttendee, isPublicAttendee } from './attendee.service.js';
import { loadAttendee, type AttendeeRecord } from './attendee.records.js';
import { ATTENDEE_KINDS, HIDE_ATTENDEES_LIST_KEY, RSVP_STATUS_KEY, TC_ATTENDEES } from '../../wp/tickets/attendee-kinds.js';

/** A ticket's attendees as get_ticket_attendees lists them: the records and their answers, in order. */
export interface TicketAttendees {
  records: AttendeeRecord[];
  bodies: unknown[];
}

const STORAGE = ATTENDEE_KINDS.map((kind) => ({ attendeePostType: kind.postType, attendeeTicketKey: kind.ticketKey }));

/** event__show_attendees: the post the attendee is for does not hide its attendee list. */
async function showsList(ctx: RequestContext, attendee: AttendeeRecord): Promise<boolean> {
  const eventId = phpIntval(firstMeta(attendee.meta, attendee.kind.eventKey) ?? '');
  if (eventId <= 0) return true;
  return !isTribeTruthy(firstMeta(await loadPostMetaOnce(ctx, eventId), HIDE_ATTENDEES_LIST_KEY) ?? '');
}

/**
 * Post_Repository::get_ticket_attendees: the attendees holding the ticket, by ID, each as
 * get_attendee_data answers it. Managers get all of them; anyone else only the public ones (not
 * opted out, published, going when they have an RSVP status, their post's list not hidden) and,
 * for an RSVP ticket, only those going.
 */
export async function ticketAttendees(ctx: RequestContext, ticketId: number, isRsvp: boolean, manage: boolean): Promise<TicketAttendees> {
  const ids = (await selectAttendeeIdsOfTickets(ctx.db, [ticketId], STORAGE)).get(ticketId) ?? [];
  await preloadPostsWithMetaOnce(ctx, ids);
  const records: AttendeeRecord[] = [];
  for (const id of ids) {
    const attendee = await loadAttendee(ctx, id);
    if (attendee === undefined) continue;
    if (!manage) {
      if (!isPublicAttendee(attendee) || !(await showsList(ctx, attendee))) continue;
      if (isRsvp && firstMeta(attendee.meta, RSVP_STATUS_KEY) !== 'yes') continue;
    }
    records.push(attendee);
  }
  const bodies: unknown[] = [];
  for (const attendee of records) bodies.push(await renderAttendee(ctx, attendee, manage, true));
  return { records, bodies };
}

/**
 * Ticket::get_qty_pending: the ticket's published Tickets Commerce attendees whose order is
 * pending (a WP_Query in the default status).
 */
export function pendingCount(records: readonly AttendeeRecord[]): number {
  return records.filter(
    (attendee) =>
      attendee.kind.provider === 'tc' && attendee.post.post_status === PostStatus.publish && firstMeta(attendee.meta, TC_ATTENDEES.statusKey) === TC_PENDING_STATUS,
  ).length;
}
