import { GLOBAL_STOCK_LEVEL_META, TICKETS_COMMERCE, TicketMeta } from './providers.js';

/*
 * The meta keys and fixed values Event Tickets writes when it saves a ticket (Tribe__Tickets__Tickets::ticket_add,
 * TEC\Tickets\Commerce\Ticket::save, Tribe__Tickets__Tickets_Handler, Tribe__Tickets__Global_Stock,
 * Tribe__Tickets__Version), beside the ones the ticket object reads (providers.ts's TicketMeta).
 */

export const TicketWriteMeta = {
  ...TicketMeta,
  /** The ticket type (`default`, or a type of Event Tickets Plus / Seating). */
  type: '_type',
  showDescription: '_tribe_ticket_show_description',
  startTime: '_ticket_start_time',
  endTime: '_ticket_end_time',
  sku: '_sku',
  stockStatus: '_stock_status',
  backorders: '_backorders',
  /** Global_Stock::TICKET_STOCK_CAP: a capped ticket's cap. */
  stockCap: '_global_stock_cap',
  /** Tickets_Handler::$key_manual_updated: the date keys a ticket's save changed by hand (no longer following the event). */
  manualUpdated: '_tribe_ticket_manual_updated',
  /** Tribe__Tickets__Version::$meta_key, on tickets and on the posts they sell for. */
  version: '_tribe_ticket_version',
  /** Commerce\Ticket::$sales_meta_key. */
  sales: 'total_sales',
  /** Commerce\Ticket::$event_relation_meta_key. */
  event: TICKETS_COMMERCE.ticketEventKey,
} as const;

/** Meta of the post tickets sell for: its shared pool (Tribe__Tickets__Global_Stock). */
export const PostStockMeta = {
  /** Global_Stock::GLOBAL_STOCK_ENABLED. */
  enabled: '_tribe_ticket_use_global_stock',
  /** Global_Stock::GLOBAL_STOCK_LEVEL. */
  level: GLOBAL_STOCK_LEVEL_META,
  capacity: TicketMeta.capacity,
  version: TicketWriteMeta.version,
} as const;

/** Tribe__Tickets__Main::VERSION: the version every saved ticket, and a post migrated for it, is stamped with. */
export const EVENT_TICKETS_VERSION = '5.28.5.1';

/** Global_Stock's modes (`''` is what a ticket of unlimited stock saves as its mode). */
export const StockMode = {
  own: 'own',
  global: 'global',
  capped: 'capped',
  unlimited: 'unlimited',
} as const;

/** The default ticket type (`_type`). */
export const DEFAULT_TICKET_TYPE = 'default';
