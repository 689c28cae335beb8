import { escHtml } from '../text/escaping.js';
import { getPostMetaValues, updatePostMeta } from '../write/post-meta.js';
import { deletePostForGood } from '../write/post-delete.js';
import { trashPost } from '../write/posts.js';
import type { WriteScope } from '../write/transaction.js';
import { postRowOf } from '../write/write-env.js';
import { selectAttendeeIdsOfTicket } from './ticket-delete.repository.js';
import { RSVP, type TicketProviderStorage } from './providers.js';

/*
 * A provider's delete_ticket (TEC\Tickets\Commerce\Ticket::delete, Tribe__Tickets__RSVP::delete_ticket):
 * the attendees holding the ticket keep its name, then the ticket goes: a Tickets Commerce ticket
 * for good (with its meta), an RSVP ticket to the trash.
 */

/** Attendee meta naming a deleted ticket, so the attendee lists can still show it (`$deleted_product`). */
export const DELETED_TICKET_NAME_META = '_tribe_deleted_product_name';

/**
 * Deletes `ticketId` of `postId` (the ticket's own post when 0) as its provider does. Returns
 * false, having written nothing, where the provider refuses: no post to tie the ticket to, or for
 * RSVP a writer who may not manage the post's attendees (`mayManageAttendees`).
 */
export async function deleteProviderTicket(
  scope: WriteScope,
  provider: TicketProviderStorage,
  postId: number,
  ticketId: number,
  mayManageAttendees: boolean,
): Promise<boolean> {
  // Both providers read the attendees' relation key off the ticket here (Attendee::$event_relation_meta_key, ATTENDEE_EVENT_KEY).
  const eventId = postId !== 0 ? postId : Number((await getPostMetaValues(scope, ticketId, provider.attendeeEventKey))[0] ?? 0) || 0;
  if (eventId === 0) return false;
  if (provider === RSVP && !mayManageAttendees) return false;
  const ticket = await postRowOf(scope, ticketId);
  if (ticket === undefined) return false;
  // Tickets Commerce looks among the post's attendees; RSVP among every attendee of the ticket.
  const attendees = await selectAttendeeIdsOfTicket(scope.trx, provider, ticketId, provider === RSVP ? undefined : eventId);
  for (const attendeeId of attendees) await updatePostMeta(scope, attendeeId, DELETED_TICKET_NAME_META, escHtml(ticket.post_title));
  if (provider === RSVP) await trashPost(scope, ticketId);
  else await deletePostForGood(scope, ticketId);
  return true;
}
