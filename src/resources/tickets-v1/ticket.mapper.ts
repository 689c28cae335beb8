import { firstMeta, type MetaMap } from '../../wp/posts/meta.js';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { isPhpNumeric, maybeUnserialize, phpFloatval, phpIntval } from '../../wp/php/php-values.js';
import type { TicketProvider } from '../../wp/site/plugins.js';
import { numberFormat } from '../../wp/tec/cost.js';
import { dateDetails, formatUtc, strtotime } from '../../wp/tec/dates.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { capacityOf, isOnSale, salePriceText, stockOf, ticketZone, type TicketParent } from '../tec-v1/ticket-model.js';
import { TicketMeta } from '../tec-v1/tickets.constants.js';
import type { TicketCurrency } from './ticket-currency.js';
import { postAuthorAndDates } from '../../wp/posts/post-rest-fields.js';

/*
 * Post_Repository::get_ticket_data: the ticket object as
 * json_encode leaves it once clean_ticket_data dropped its editor fields (so `description`,
 * `capacity`, `on_sale`, `iac`, `price_suffix` keep the object's order), then the fields the
 * repository adds, in its order. Pure: the caller has checked the ticket may be answered.
 */

export interface TicketSource {
  post: PostRow;
  meta: MetaMap;
  provider: TicketProvider;
  parent: TicketParent;
  /** `_tribe_global_id` and `_tribe_global_id_lineage` as stored (the caller checks they are). */
  globalId: string;
  lineage: readonly string[];
  currency: TicketCurrency;
  siteZone: string;
  now: Date;
  restUrl: string;
  /** get_ticket_attendees' answers, or `[]` where the reader is shown none. */
  attendees: readonly unknown[];
  /** For a reader with manage access: the pending quantity (qty_pending); undefined for anyone else. */
  manager?: { pending: number };
}

const meta = (map: MetaMap, key: string) => firstMeta(map, key) ?? '';

/**
 * The providers' get_ticket: Tickets Commerce reads `_manage_stock` with tribe_is_truthy and keeps
 * the stored stock mode; RSVP wants `yes` and its object keeps the class default `own` (the
 * provider's assignment of `''` reaches the object's __set, which ignores it).
 */
function stockRules(source: TicketSource): { manages: boolean; mode: string } {
  const manageRow = meta(source.meta, TicketMeta.manageStock);
  if (source.provider === 'rsvp') return { manages: manageRow === 'yes', mode: 'own' };
  return { manages: isTribeTruthy(manageRow), mode: meta(source.meta, TicketMeta.stockMode) };
}

/** Ticket_Object::capacity: `''` when the ticket does not manage stock. */
function capacity(source: TicketSource): number | '' {
  const { manages, mode } = stockRules(source);
  return manages ? capacityOf(source.meta, mode, source.parent) : '';
}

/** Ticket_Object::qty_sold as the providers set it: `total_sales`, 0 when unset. */
function qtySold(source: TicketSource): number {
  return phpIntval(meta(source.meta, TicketMeta.sales));
}

/**
 * get_ticket_capacity with details: unlimited stock is 100%; a manager also sees the capacity,
 * the quantities sold and pending, and the stock mode.
 */
function capacityDetails(source: TicketSource, max: number | ''): { available_percentage: number; available: number } & Record<string, number | string> {
  const { manages, mode } = stockRules(source);
  const available = stockOf(source.meta, manages, source.parent, mode);
  const numericMax = max === '' ? 0 : max;
  const percentage = available === -1 ? 100 : numericMax <= 0 || available === 0 ? 0 : Math.floor((available / numericMax) * 100);
  const details = { available_percentage: percentage, available };
  if (source.manager === undefined) return details;
  return { ...details, max: numericMax, sold: qtySold(source), pending: source.manager.pending, global_stock_mode: mode };
}

/**
 * add_ticket_attendees_data's counts for a manager: RSVP going and not going (RSVP tickets only),
 * then checked in and not, as percentages of the attendees listed (100% checked in when none).
 */
function attendeeCounts(source: TicketSource): Record<string, unknown> {
  const listed = source.attendees.filter((attendee): attendee is Record<string, unknown> => attendee !== null && typeof attendee === 'object');
  const counts: Record<string, unknown> = {};
  if (source.provider === 'rsvp') {
    const going = listed.filter((attendee) => attendee.rsvp_going === true).length;
    counts.rsvp = { rsvp_going: going, rsvp_not_going: source.attendees.length - going };
  }
  const checkedIn = listed.filter((attendee) => !isPhpEmpty(attendee.checked_in)).length;
  const total = source.attendees.length;
  const percentage = total > 0 ? Math.ceil((100 * checkedIn) / total) : 100;
  counts.checkin = { checked_in: checkedIn, unchecked_in: total - checkedIn, checked_in_percentage: percentage, unchecked_in_percentage: 100 - percentage };
  return counts;
}

/**
 * get_ticket_start_date / get_ticket_end_date: the date and time rows joined after array_filter
 * (so an empty or `0` row is left out).
 */
function saleBoundary(ticketMeta: MetaMap, dateKey: string, timeKey: string): string {
  return [meta(ticketMeta, dateKey), meta(ticketMeta, timeKey)].filter((part) => part !== '' && part !== '0').join(' ');
}

/** Tribe__REST__Post_Repository::get_date_details: empty strings for an empty date. */
function boundaryDetails(value: string) {
  if (value === '') return { year: '', month: '', day: '', hour: '', minutes: '', seconds: '' };
  return dateDetails(value);
}

/**
 * The price get_ticket_cost reads: Tickets Commerce's `_price` row as stored; an RSVP's object
 * price (the same row), 0 when not numeric.
 */
function price(source: TicketSource): string | number {
  const row = meta(source.meta, TicketMeta.price);
  if (source.provider === 'tc') return row;
  return isPhpNumeric(row) ? row : 0;
}

/** format_currency: number_format_i18n( $cost, 2 ) beside the symbol. */
function formatted(value: string | number, currency: TicketCurrency): string {
  return `${currency.symbol}${numberFormat(phpFloatval(value), 2)}`;
}

/**
 * get_ticket_sale_price_data: Tickets Commerce's sale box, price and dates; `[]` for RSVP, which
 * has none. A sale price stored as a plain number is written as a Value writes it (two decimals).
 */
function salePriceData(source: TicketSource): Record<string, string> | [] {
  if (source.provider !== 'tc') return [];
  const raw = meta(source.meta, TicketMeta.salePrice);
  const stored = maybeUnserialize(raw);
  const text = raw === '' || raw === '0' ? '' : typeof stored === 'object' && stored !== null ? salePriceText(raw) : numberFormat(phpFloatval(raw), 2);
  return {
    enabled: meta(source.meta, TicketMeta.salePriceChecked),
    sale_price: text,
    start_date: meta(source.meta, TicketMeta.salePriceStartDate),
    end_date: meta(source.meta, TicketMeta.salePriceEndDate),
  };
}

/** The ticket as get_ticket_data answers it (before the single ticket's filters). */
export function toTicketBody(source: TicketSource): Record<string, unknown> {
  const { post, currency } = source;
  const max = capacity(source);
  const details = capacityDetails(source, max);
  const from = saleBoundary(source.meta, TicketMeta.startDate, TicketMeta.startTime);
  const until = saleBoundary(source.meta, TicketMeta.endDate, TicketMeta.endTime);
  const value = price(source);
  return {
    description: post.post_excerpt,
    capacity: max,
    // RSVP leaves the object's on_sale unset.
    on_sale: source.provider === 'tc' ? isOnSale(source.meta, ticketZone(source.parent, source.siteZone), source.now) : null,
    iac: 'none',
    price_suffix: null,
    post_id: source.parent.ID,
    provider: source.provider,
    id: post.ID,
    type: ticketType(source.meta),
    global_id: source.globalId,
    global_id_lineage: source.lineage,
    ...postAuthorAndDates(post),
    title: post.post_title,
    image: false,
    available_from: from,
    available_from_details: boundaryDetails(from),
    available_until: until,
    available_until_details: boundaryDetails(until),
    capacity_details: details,
    is_available: details.available_percentage > 0,
    cost: formatted(value, currency),
    cost_details: {
      currency_symbol: currency.symbol,
      currency_position: currency.position,
      values: [value],
      suffix: null,
      currency_decimal_separator: currency.decimalPoint,
      currency_decimal_numbers: currency.decimals,
      currency_thousand_separator: currency.thousandsSep,
    },
    sale_price_data: salePriceData(source),
    supports_attendee_information: false,
    attendees: source.attendees,
    ...(source.manager === undefined ? {} : attendeeCounts(source)),
    rest_url: source.restUrl,
  };
}

/** Ticket_Object::type: the stored `_type`, `default` when unset. */
export function ticketType(ticketMeta: MetaMap): string {
  return meta(ticketMeta, '_type') || 'default';
}

/**
 * The sale window's start or end time as the provider's object holds it: Tickets Commerce's time
 * row as stored; RSVP's time of its stored date-time (null when unset).
 */
function saleTime(source: TicketSource, dateKey: string, timeKey: string): string | null {
  if (source.provider === 'tc') return meta(source.meta, timeKey);
  const stored = meta(source.meta, dateKey);
  if (stored === '') return null;
  const unix = strtotime(stored, source.now);
  return unix === null ? null : formatUtc(unix).slice(11, 19);
}

/**
 * filter_single_ticket_data, for one who may edit the ticket: the capacity type (`unlimited`
 * for unlimited stock or no stock mode), SKU (RSVP's object has none: null), the description
 * again, the sale window's times and the totals Tickets_Handler::get_ticket_totals reads
 * (stock and sales rows; pending is counted for WooCommerce and EDD only).
 */
export function withEditorFields(source: TicketSource, body: Record<string, unknown>): Record<string, unknown> {
  const { mode } = stockRules(source);
  const available = (body.capacity_details as Record<string, unknown>).available;
  const capacityType = (isPhpEmpty(available) ? 0 : available) === -1 || mode === '' ? 'unlimited' : mode;
  return {
    ...body,
    capacity_type: capacityType,
    sku: source.provider === 'rsvp' ? null : meta(source.meta, TicketMeta.sku),
    description: source.post.post_excerpt,
    available_from_start_time: saleTime(source, TicketMeta.startDate, TicketMeta.startTime),
    available_from_end_time: saleTime(source, TicketMeta.endDate, TicketMeta.endTime),
    totals: { stock: phpIntval(meta(source.meta, TicketMeta.stock)), sold: qtySold(source), pending: 0 },
  };
}
