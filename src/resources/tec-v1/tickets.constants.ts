import { GLOBAL_STOCK_LEVEL_META, TICKETS_COMMERCE, TicketMeta as SharedTicketMeta } from '../../wp/tickets/providers.js';

/*
 * Tickets Commerce's storage names as tec/v1's ticket routes read them (TEC\Tickets\Commerce\Ticket,
 * Tribe__Tickets__Global_Stock, Tribe__Tickets__Tickets_Handler): the shared ticket model's
 * (src/wp/tickets/providers.ts), plus the few only these routes read.
 */

/** Ticket::POSTTYPE: a Tickets Commerce ticket (RSVP tickets are `tribe_rsvp_tickets`, not served here). */
export const TC_TICKET_POST_TYPE = TICKETS_COMMERCE.ticketPostType;

export const TicketMeta = {
  ...SharedTicketMeta,
  /** Ticket::$event_relation_meta_key: the post (event, page) the ticket is sold for. */
  event: TICKETS_COMMERCE.ticketEventKey,
  showDescription: '_tribe_ticket_show_description',
  sku: '_sku',
  /** Ticket::$sales_meta_key. */
  sales: 'total_sales',
  startTime: '_ticket_start_time',
  endTime: '_ticket_end_time',
  /** Global_Stock::TICKET_STOCK_MODE. */
  stockMode: SharedTicketMeta.globalStockMode,
} as const;

/** Global_Stock::GLOBAL_STOCK_LEVEL: the shared pool left on the event. */
export const EVENT_GLOBAL_STOCK_LEVEL_META = GLOBAL_STOCK_LEVEL_META;

/** Global_Stock's modes that draw on the event's shared pool. */
export const SHARED_STOCK_MODES: readonly string[] = ['global', 'capped'];
