import { firstMeta, type MetaMap } from '../posts/meta.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { phpIntval } from '../php/php-values.js';
import { isTribeTruthy } from '../tec/truthy.js';
import { formatUtc, strtotime } from '../tec/dates.js';
import { phpNumberFormat } from './currency.js';
import { GLOBAL_STOCK_LEVEL_META, RSVP, TicketMeta, type TicketProviderStorage } from './providers.js';

/**
 * One ticket as Event Tickets builds its ticket object (Tribe__Tickets__Ticket_Object from the
 * provider's get_ticket): what the answers about its post show of it. Pure: built from the
 * ticket's row and meta and its post's meta.
 */
export interface Ticket {
  id: number;
  provider: TicketProviderStorage;
  /** The post the ticket is for. */
  postId: number;
  menuOrder: number;
  /** The price the ticket sells at now, as stored (`25`, `12.5`), or the sale price (`22.50`) while a sale runs. */
  price: string;
  /** `_tribe_ticket_capacity`: -1 for unlimited. */
  capacity: number;
  /** Tickets left (Ticket_Object::stock()): -1 when not counted (unlimited, or stock not managed). */
  stock: number;
  /** The sale window's dates as the ticket object holds them (`Y-m-d`), empty when unset. */
  startDate: string;
  endDate: string;
}

/** The ticket's row, as the repository reads it. */
export interface TicketRow {
  ID: number;
  post_type: string;
  menu_order: number;
  /** The post the ticket's relation meta names. */
  postId: number;
  meta: MetaMap;
}

/** The facts a ticket object reads besides its own rows. */
export interface TicketContext {
  /** The meta of the post the ticket is for (its shared capacity). */
  postMeta: MetaMap;
  /** Today in the site's zone, `Y-m-d` (Ticket::get_date('today')). */
  today: string;
  now: Date;
}

/**
 * The ticket object of a ticket row (RSVP::get_ticket, Commerce\Ticket::get_ticket). RSVP keeps
 * full date-times in its sale window and the object keeps their date; Tickets Commerce keeps the
 * date and the time apart.
 */
export function toTicket(row: TicketRow, provider: TicketProviderStorage, context: TicketContext): Ticket {
  const meta = (key: string) => firstMeta(row.meta, key) ?? '';
  const isRsvp = provider === RSVP;
  const managesStock = isRsvp ? meta(TicketMeta.manageStock) === 'yes' : isTribeTruthy(meta(TicketMeta.manageStock));
  // RSVP tickets only ever draw on their own stock (RSVP::get_ticket keeps no other mode).
  const mode = isRsvp ? '' : meta(TicketMeta.globalStockMode);
  const capacity = capacityOf(meta(TicketMeta.capacity), managesStock);
  return {
    id: row.ID,
    provider,
    postId: row.postId,
    menuOrder: row.menu_order,
    price: isRsvp ? meta(TicketMeta.price) : commercePrice(row.meta, context.today),
    capacity,
    stock: stockOf(phpIntval(meta(TicketMeta.stock)), managesStock, capacity, mode, context.postMeta),
    startDate: isRsvp ? dateOf(meta(TicketMeta.startDate), context.now) : meta(TicketMeta.startDate),
    endDate: isRsvp ? dateOf(meta(TicketMeta.endDate), context.now) : meta(TicketMeta.endDate),
  };
}

/**
 * tribe_tickets_get_capacity: the stored capacity (-1 unlimited); a ticket saved without one
 * (older data) counts as unlimited unless it manages its stock.
 */
function capacityOf(stored: string, managesStock: boolean): number {
  if (stored !== '') return phpIntval(stored);
  return managesStock ? 0 : -1;
}

/**
 * Ticket_Object::stock(): -1 when stock is not managed or capacity is unlimited, else what is
 * left (never below 0), and no more than the post's shared pool for a ticket drawing on it.
 */
function stockOf(stored: number, managesStock: boolean, capacity: number, mode: string, postMeta: MetaMap): number {
  if (!managesStock || capacity === -1) return -1;
  const own = Math.max(0, stored);
  if (mode !== 'global' && mode !== 'capped') return own;
  return Math.min(own, phpIntval(firstMeta(postMeta, GLOBAL_STOCK_LEVEL_META) ?? ''));
}

/** Tribe__Date_Utils::date_only(strtotime($value)): the date of a stored date-time. */
function dateOf(value: string, now: Date): string {
  if (value === '') return '';
  const unix = strtotime(value, now);
  return unix === null ? '' : formatUtc(unix).slice(0, 10);
}

/**
 * Commerce\Ticket::get_price: the sale price while the sale is on (checked, set, and today within
 * its window, either end open), else the regular `_price`.
 */
function commercePrice(meta: MetaMap, today: string): string {
  const value = (key: string) => firstMeta(meta, key) ?? '';
  const regular = value(TicketMeta.price);
  if (isPhpEmpty(value(TicketMeta.salePriceChecked))) return regular;
  const sale = value(TicketMeta.salePrice);
  if (isPhpEmpty(sale)) return regular;
  const start = value(TicketMeta.salePriceStartDate);
  const end = value(TicketMeta.salePriceEndDate);
  const onSale = (start === '' && end === '') || (start <= today && (end === '' || today <= end));
  return onSale ? salePriceString(sale) : regular;
}

/**
 * Value::get_string() of the stored sale price: Tickets Commerce stores a serialized Value object,
 * whose `string` property is the amount with two decimals; a bare number is written the same way.
 */
export function salePriceString(stored: string): string {
  const property = /s:9:"\0\*\0string";s:\d+:"([^"]*)";/.exec(stored);
  if (property) return property[1]!;
  return phpNumberFormat(Number.parseFloat(stored) || 0, 2, '.', '');
}
