/*
 * Tickets Commerce's storage names as tec/v1's ticket routes read them (TEC\Tickets\Commerce\Ticket,
 * Tribe__Tickets__Global_Stock, Tribe__Tickets__Tickets_Handler), each spelled once. Kept beside the
 * routes until the shared ticket model (src/wp/tickets/) holds them.
 */

/** Ticket::POSTTYPE: a Tickets Commerce ticket (RSVP tickets are `tribe_rsvp_tickets`, not served here). */
export const TC_TICKET_POST_TYPE = 'tec_tc_ticket';

export const TicketMeta = {
  /** Ticket::$event_relation_meta_key: the post (event, page) the ticket is sold for. */
  event: '_tec_tickets_commerce_event',
  showDescription: '_tribe_ticket_show_description',
  sku: '_sku',
  price: '_price',
  /** Ticket::$sales_meta_key. */
  sales: 'total_sales',
  stock: '_stock',
  manageStock: '_manage_stock',
  salePriceChecked: '_sale_price_checked',
  /** A serialized TEC\Tickets\Commerce\Utils\Value, or a plain number. */
  salePrice: '_sale_price',
  salePriceStartDate: '_sale_price_start_date',
  salePriceEndDate: '_sale_price_end_date',
  startDate: '_ticket_start_date',
  startTime: '_ticket_start_time',
  endDate: '_ticket_end_date',
  endTime: '_ticket_end_time',
  /** Global_Stock::TICKET_STOCK_MODE. */
  stockMode: '_global_stock_mode',
  /** Tickets_Handler::$key_capacity, on tickets and on the posts they are sold for. */
  capacity: '_tribe_ticket_capacity',
} as const;

/** Global_Stock::GLOBAL_STOCK_LEVEL: the shared pool left on the event. */
export const EVENT_GLOBAL_STOCK_LEVEL_META = '_tribe_ticket_global_stock_level';

/** Global_Stock's modes that draw on the event's shared pool. */
export const SHARED_STOCK_MODES: readonly string[] = ['global', 'capped'];
