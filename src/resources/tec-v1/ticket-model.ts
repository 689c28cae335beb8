import { firstMeta, type MetaMap } from '../../wp/posts/meta.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { maybeUnserialize, phpFloatval, phpIntval } from '../../wp/php/php-values.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { phpDateTimeIn } from '../../wp/tec/dates.js';
import { EventMeta } from '../../wp/constants.js';
import { EVENT_GLOBAL_STOCK_LEVEL_META, SHARED_STOCK_MODES, TicketMeta } from './tickets.constants.js';
import type { TecTicketProperties } from './entity.types.js';

/*
 * Ticket_Model::build_properties for a Tickets Commerce ticket: the fields tec/v1 adds to core's,
 * computed as Commerce\Ticket::get_ticket and Tribe__Tickets__Ticket_Object compute them, from
 * the ticket's meta and the meta of the post it is sold for. Pure: no SQL, no clock but `now`.
 */

/** The post a ticket is sold for, as far as the ticket's fields read it. */
export interface TicketParent {
  ID: number;
  meta: MetaMap;
}

const meta = (map: MetaMap, key: string) => firstMeta(map, key) ?? '';

/**
 * A stored sale price as get_sale_price reads it: a Value object's formatted string, else the
 * number itself (PHP formats it as a Value first; `(float)` reads both alike). Empty when unset.
 */
export function salePriceText(raw: string): string {
  if (isPhpEmpty(raw)) return '';
  const value = maybeUnserialize(raw);
  if (value !== null && typeof value === 'object') {
    // php-serialize names a protected property without PHP's `\0*\0` prefix.
    const formatted = (value as Record<string, unknown>).string;
    return typeof formatted === 'string' ? formatted : '';
  }
  return raw;
}

/**
 * Ticket_Object::get_event_timezone: the event's own zone (`_EventTimezone`), else the site's,
 * for the post the ticket is sold for.
 */
export function ticketZone(parent: TicketParent | undefined, siteZone: string): string {
  const own = parent === undefined ? '' : meta(parent.meta, EventMeta.timezone);
  return own !== '' ? own : siteZone;
}

/** Ticket_Object::get_date as unix seconds: false (0 in comparisons) for an empty date or one PHP cannot read. */
function dayStart(value: string, zone: string, now: Date): number | false {
  if (value === '') return false;
  const parsed = phpDateTimeIn(value, zone, now);
  return parsed === null ? false : parsed.unix;
}

/**
 * Commerce\Ticket::is_on_sale: the sale box checked and a sale price stored; no dates means always;
 * else today (midnight in the ticket's zone) within the dates, an empty end open-ended.
 */
export function isOnSale(ticketMeta: MetaMap, zone: string, now: Date): boolean {
  if (isPhpEmpty(meta(ticketMeta, TicketMeta.salePriceChecked))) return false;
  if (isPhpEmpty(meta(ticketMeta, TicketMeta.salePrice))) return false;
  const startText = meta(ticketMeta, TicketMeta.salePriceStartDate);
  const endText = meta(ticketMeta, TicketMeta.salePriceEndDate);
  if (isPhpEmpty(startText) && isPhpEmpty(endText)) return true;
  const start = Number(dayStart(startText, zone, now));
  const end = dayStart(endText, zone, now);
  const today = Number(dayStart('today', zone, now));
  if (start <= today && (end === false || end === 0)) return true;
  return today >= start && today <= Number(end);
}

/**
 * tribe_tickets_get_capacity for the ticket, then Ticket_Object::capacity: its own capacity row
 * (empty: unlimited), or, without one in a shared mode, the event's; none at all counts as 0.
 */
export function capacityOf(ticketMeta: MetaMap, mode: string, parent: TicketParent | undefined): number {
  const own = firstMeta(ticketMeta, TicketMeta.capacity);
  let capacity: number | null;
  if (own !== undefined) capacity = own === '' ? -1 : phpIntval(own);
  else if (SHARED_STOCK_MODES.includes(mode) && parent !== undefined) {
    const shared = meta(parent.meta, TicketMeta.capacity);
    capacity = shared === '' ? -1 : phpIntval(shared);
  } else capacity = null;
  if ((capacity ?? 0) === -1) return -1;
  if (mode === 'capped' || mode === 'own') return capacity ?? 0;
  if (parent === undefined) return 0;
  const eventCapacity = firstMeta(parent.meta, TicketMeta.capacity);
  return eventCapacity === undefined ? 0 : eventCapacity === '' ? -1 : phpIntval(eventCapacity);
}

/**
 * Ticket_Object::stock: -1 (unlimited) unless the ticket manages stock with a capacity; else what
 * is left of its own (never below 0), and in a shared mode no more than the event's pool. `mode`
 * is global_stock_mode(): the stored one, except for RSVP tickets, whose object keeps `own`.
 */
export function stockOf(ticketMeta: MetaMap, manages: boolean, parent: TicketParent | undefined, mode = meta(ticketMeta, TicketMeta.stockMode)): number {
  if (!manages) return -1;
  if (capacityOf(ticketMeta, mode, parent) === -1) return -1;
  const own = Math.max(0, phpIntval(meta(ticketMeta, TicketMeta.stock)));
  if (!SHARED_STOCK_MODES.includes(mode) || parent === undefined) return own;
  return Math.min(own, phpIntval(meta(parent.meta, EVENT_GLOBAL_STOCK_LEVEL_META)));
}

/** The date and time meta joined as the model joins them (trimmed, so a missing time leaves the date). */
function joined(ticketMeta: MetaMap, dateKey: string, timeKey: string): string {
  return `${meta(ticketMeta, dateKey)} ${meta(ticketMeta, timeKey)}`.trim();
}

/**
 * The model's properties in its order. `parent` is the post the relation meta names (undefined
 * when it names none that exists: `event_id` 0). Sold is `total_sales`; the cancelled quantity the
 * plugin adds (denied orders of the legacy PayPal integration) is not read.
 */
export function ticketProperties(ticket: { post_excerpt: string }, ticketMeta: MetaMap, parent: TicketParent | undefined, siteZone: string, now: Date): TecTicketProperties {
  const onSale = isOnSale(ticketMeta, ticketZone(parent, siteZone), now);
  const saleText = salePriceText(meta(ticketMeta, TicketMeta.salePrice));
  const salePrice = saleText === '' ? 0 : phpFloatval(saleText);
  const regular = meta(ticketMeta, TicketMeta.price);
  const showDescriptionRow = firstMeta(ticketMeta, TicketMeta.showDescription);
  const manages = isTribeTruthy(meta(ticketMeta, TicketMeta.manageStock));
  const optional = (key: string) => {
    const value = meta(ticketMeta, key);
    return isPhpEmpty(value) ? null : value;
  };
  return {
    description: ticket.post_excerpt,
    on_sale: onSale,
    sale_price: salePrice === 0 ? null : salePrice,
    price: phpFloatval(onSale ? saleText : regular),
    regular_price: phpFloatval(regular),
    show_description: showDescriptionRow === undefined ? true : isTribeTruthy(showDescriptionRow),
    start_date: joined(ticketMeta, TicketMeta.startDate, TicketMeta.startTime),
    end_date: joined(ticketMeta, TicketMeta.endDate, TicketMeta.endTime),
    sale_price_start_date: optional(TicketMeta.salePriceStartDate),
    sale_price_end_date: optional(TicketMeta.salePriceEndDate),
    event_id: parent?.ID ?? 0,
    manage_stock: manages,
    stock: stockOf(ticketMeta, manages, parent),
    sold: Math.max(0, phpIntval(meta(ticketMeta, TicketMeta.sales))),
    sku: meta(ticketMeta, TicketMeta.sku),
  };
}

/**
 * Commerce\Ticket::get_price as a Ticket_Object carries it (`price`, a string): the sale price's
 * text while the ticket is on sale, else `_price` as stored. Event Tickets' own REST answers
 * (tribe/tickets/v1 attendees) show it raw.
 */
export function ticketPriceText(ticketMeta: MetaMap, parent: TicketParent | undefined, siteZone: string, now: Date): string {
  if (isOnSale(ticketMeta, ticketZone(parent, siteZone), now)) return salePriceText(meta(ticketMeta, TicketMeta.salePrice));
  return meta(ticketMeta, TicketMeta.price);
}
