import type { TicketProvider } from '../site/plugins.js';
import { RSVP_ATTENDEES, TC_ATTENDEES, TRIBE_COMMERCE_ATTENDEES } from './attendee-kinds.js';

/**
 * Event Tickets' providers as its storage knows them: which posts are a provider's tickets and
 * attendees, and the meta keys tying them to the post they sell for (Tribe__Tickets__RSVP,
 * TEC\Tickets\Commerce\Module and their Attendee / Ticket classes). The one place the ticket names
 * are spelt; the attendee names are the attendee kinds' (attendee-kinds.ts).
 */

export interface TicketProviderStorage {
  slug: TicketProvider;
  /** The provider's class name, as `_tribe_default_ticket_provider` stores it. */
  className: string;
  ticketPostType: string;
  /** Ticket meta naming the post the ticket is for (get_event_key()). */
  ticketEventKey: string;
  attendeePostType: string;
  /** Attendee meta naming the post, and the ticket, the attendee holds a ticket of. */
  attendeeEventKey: string;
  attendeeTicketKey: string;
  /** Attendee meta set to `1` on check-in. */
  attendeeCheckedInKey: string;
}

export const RSVP: TicketProviderStorage = Object.freeze({
  slug: 'rsvp',
  className: 'Tribe__Tickets__RSVP',
  ticketPostType: 'tribe_rsvp_tickets',
  ticketEventKey: '_tribe_rsvp_for_event',
  attendeePostType: RSVP_ATTENDEES.postType,
  attendeeEventKey: RSVP_ATTENDEES.eventKey,
  attendeeTicketKey: RSVP_ATTENDEES.ticketKey,
  attendeeCheckedInKey: RSVP_ATTENDEES.checkedInKey,
});

export const TICKETS_COMMERCE: TicketProviderStorage = Object.freeze({
  slug: 'tc',
  className: 'TEC\\Tickets\\Commerce\\Module',
  ticketPostType: 'tec_tc_ticket',
  ticketEventKey: '_tec_tickets_commerce_event',
  attendeePostType: TC_ATTENDEES.postType,
  attendeeEventKey: TC_ATTENDEES.eventKey,
  attendeeTicketKey: TC_ATTENDEES.ticketKey,
  attendeeCheckedInKey: TC_ATTENDEES.checkedInKey,
});

/**
 * The legacy Tribe Commerce (PayPal) attendees: Event Tickets 5 no longer sells through it, but
 * its attendee repository still counts them (Tribe__Tickets__Attendee_Repository's key lists).
 */
export const LEGACY_PAYPAL_ATTENDEES = Object.freeze({
  attendeePostType: TRIBE_COMMERCE_ATTENDEES.postType,
  attendeeEventKey: TRIBE_COMMERCE_ATTENDEES.eventKey,
  attendeeCheckedInKey: TRIBE_COMMERCE_ATTENDEES.checkedInKey,
});

/**
 * Tribe__Tickets__Tickets::modules() on a site running both: Tickets Commerce registers before
 * RSVP (recorded: an event with an RSVP and a Tickets Commerce ticket answers `["tc","rsvp"]`
 * whatever their menu order). Every list of an event's tickets runs in this order of providers.
 */
const MODULE_ORDER: readonly TicketProviderStorage[] = [TICKETS_COMMERCE, RSVP];

/** The active providers' storage, in modules() order. */
export function activeProviders(slugs: readonly TicketProvider[]): readonly TicketProviderStorage[] {
  return MODULE_ORDER.filter((provider) => slugs.includes(provider.slug));
}

/** Event meta naming the provider new tickets of the post use (Tickets_Handler::$key_provider_field). */
export const DEFAULT_PROVIDER_META = '_tribe_default_ticket_provider';

/** Event meta holding what is left of a shared capacity (Tribe__Tickets__Global_Stock::GLOBAL_STOCK_LEVEL). */
export const GLOBAL_STOCK_LEVEL_META = '_tribe_ticket_global_stock_level';

/** Ticket meta Event Tickets reads to build a ticket object. */
export const TicketMeta = {
  price: '_price',
  stock: '_stock',
  manageStock: '_manage_stock',
  capacity: '_tribe_ticket_capacity',
  /** `own`, `global` (the shared pool) or `capped` (the pool, with a cap of its own). */
  globalStockMode: '_global_stock_mode',
  startDate: '_ticket_start_date',
  endDate: '_ticket_end_date',
  salePriceChecked: '_sale_price_checked',
  salePrice: '_sale_price',
  salePriceStartDate: '_sale_price_start_date',
  salePriceEndDate: '_sale_price_end_date',
} as const;

/**
 * The provider whose tickets non-RSVP providers show for a post (get_event_ticket_provider):
 * the post's `_tribe_default_ticket_provider` when set, else the site's default module (the only
 * module, or the first one that is not RSVP). Undefined when the saved provider is not active.
 */
export function defaultProviderOf(
  savedProvider: string | undefined,
  active: readonly TicketProviderStorage[],
): TicketProviderStorage | undefined {
  if (savedProvider !== undefined && savedProvider !== '' && savedProvider !== '0') {
    return active.find((provider) => provider.className === savedProvider || provider.slug === savedProvider);
  }
  if (active.length === 1) return active[0];
  return active.find((provider) => provider !== RSVP);
}

/**
 * The value of a pending order in a Tickets Commerce attendee's status meta (Pending::get_wp_slug,
 * in TC_ATTENDEES.statusKey): Ticket::get_qty_pending counts those.
 */
export const TC_PENDING_STATUS = 'tec-tc-pending';

/**
 * The legacy Tribe Commerce (PayPal) tickets: the ticket repository still lists their post type
 * and relation key (Ticket_Repository::ticket_types, ticket_to_event_keys) though nothing sells them.
 */
export const LEGACY_PAYPAL_TICKETS = Object.freeze({
  ticketPostType: 'tribe_tpp_tickets',
  ticketEventKey: '_tribe_tpp_for_event',
  attendeeTicketKey: TRIBE_COMMERCE_ATTENDEES.ticketKey,
});
