import { firstMeta, type MetaMap } from '../../wp/posts/meta.js';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import { isPhpNumeric, maybeUnserialize, phpFloatval } from '../../wp/php/php-values.js';
import type { TicketProvider } from '../../wp/site/plugins.js';
import { numberFormat } from '../../wp/tec/cost.js';
import { dateDetails } from '../../wp/tec/dates.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { capacityOf, isOnSale, salePriceText, stockOf, ticketZone, type TicketParent } from '../tec-v1/ticket-model.js';
import { TicketMeta } from '../tec-v1/tickets.constants.js';
import type { TicketCurrency } from './ticket-currency.js';
import { postAuthorAndDates } from '../../wp/posts/post-rest-fields.js';

/*
 * Post_Repository::get_ticket_data for a reader without manage access: the ticket object as
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

/** get_ticket_capacity with details, without the managers' fields: unlimited stock is 100%. */
function capacityDetails(source: TicketSource, max: number | ''): { available_percentage: number; available: number } {
  const { manages, mode } = stockRules(source);
  const available = stockOf(source.meta, manages, source.parent, mode);
  if (available === -1) return { available_percentage: 100, available };
  const numericMax = max === '' ? 0 : max;
  const percentage = numericMax <= 0 || available === 0 ? 0 : Math.floor((available / numericMax) * 100);
  return { available_percentage: percentage, available };
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

/** The ticket as get_ticket_data answers it to a reader without manage access (attendees not shown). */
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
    type: meta(source.meta, '_type'),
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
    attendees: [],
    rest_url: source.restUrl,
  };
}
