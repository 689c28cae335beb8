import type { TicketProvider } from '../site/plugins.js';

/**
 * Event Tickets' providers as its storage knows them: which posts are a provider's tickets and
 * attendees, and the meta keys tying them to the post they sell for (Tribe__Tickets__RSVP,
 * TEC\Tickets\Commerce\Module and their Attendee / Ticket classes). The one place these names are spelt.
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
  attendeePostType: 'tribe_rsvp_attendees',
  attendeeEventKey: '_tribe_rsvp_event',
  attendeeTicketKey: '_tribe_rsvp_product',
  attendeeCheckedInKey: '_tribe_rsvp_checkedin',
});

export const TICKETS_COMMERCE: TicketProviderStorage = Object.freeze({
  slug: 'tc',
  className: 'TEC\\Tickets\\Commerce\\Module',
  ticketPostType: 'tec_tc_ticket',
  ticketEventKey: '_tec_tickets_commerce_event',
  attendeePostType: 'tec_tc_attendee',
  attendeeEventKey: '_tec_tickets_commerce_event',
  attendeeTicketKey: '_tec_tickets_commerce_ticket',
  attendeeCheckedInKey: '_tec_tickets_commerce_checked_in',
});

/**
 * The legacy Tribe Commerce (PayPal) attendees: Event Tickets 5 no longer sells through it, but
 * its attendee repository still counts them (Tribe__Tickets__Attendee_Repository's key lists).
 */
export const LEGACY_PAYPAL_ATTENDEES = Object.freeze({
  attendeePostType: 'tribe_tpp_attendees',
  attendeeEventKey: '_tribe_tpp_event',
  attendeeCheckedInKey: '_tribe_tpp_checkedin',
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
 * Tickets Commerce's attendee meta holding its order's status (Attendee::$status_meta_key), and
 * the value of a pending one (Pending::get_wp_slug): Ticket::get_qty_pending counts those.
 */
export const TC_ATTENDEE_STATUS_META = '_tec_tickets_commerce_status';
export const TC_PENDING_STATUS = 'tec-tc-pending';

/**
 * The legacy Tribe Commerce (PayPal) tickets: the ticket repository still lists their post type
 * and relation key (Ticket_Repository::ticket_types, ticket_to_event_keys) though nothing sells them.
 */
export const LEGACY_PAYPAL_TICKETS = Object.freeze({
  ticketPostType: 'tribe_tpp_tickets',
  ticketEventKey: '_tribe_tpp_for_event',
  attendeeTicketKey: '_tribe_tpp_product',
});
