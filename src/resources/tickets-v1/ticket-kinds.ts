import { RSVP, TICKETS_COMMERCE } from '../../wp/tickets/providers.js';

/**
 * Event Tickets' ticket providers as this namespace reads them, by slug: each one's ticket post
 * type, the meta key naming the post a ticket is for, and its class (names from wp/tickets/providers.ts).
 */
export const TicketKinds = {
  /** Tribe__Tickets__RSVP: always active with Event Tickets. */
  rsvp: { postType: RSVP.ticketPostType, eventMetaKey: RSVP.ticketEventKey, providerClass: RSVP.className },
  /** TEC\Tickets\Commerce\Module: active when Tickets Commerce is on. */
  tc: { postType: TICKETS_COMMERCE.ticketPostType, eventMetaKey: TICKETS_COMMERCE.ticketEventKey, providerClass: TICKETS_COMMERCE.className },
} as const;
