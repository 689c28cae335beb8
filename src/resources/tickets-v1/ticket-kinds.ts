/**
 * Event Tickets' ticket providers as stored: each one's ticket post type and the meta key that
 * names the post a ticket is for. (The ticket model another part of issue 30 builds under
 * src/wp/tickets/ will own these; kept here until it lands.)
 */
export const TicketKinds = {
  /** Tribe__Tickets__RSVP: always active with Event Tickets. */
  rsvp: { postType: 'tribe_rsvp_tickets', eventMetaKey: '_tribe_rsvp_for_event', providerClass: 'Tribe__Tickets__RSVP' },
  /** TEC\Tickets\Commerce\Module: active when Tickets Commerce is on. */
  tc: { postType: 'tec_tc_ticket', eventMetaKey: '_tec_tickets_commerce_event', providerClass: 'TEC\\Tickets\\Commerce\\Module' },
} as const;

/** The post meta key naming a post's ticket provider (Tickets_Handler::$key_provider_field). */
export const DEFAULT_PROVIDER_META_KEY = '_tribe_default_ticket_provider';
