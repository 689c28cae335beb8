import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { maybeUnserialize, phpIntval } from '../../wp/php/php-values.js';
import { allMeta, firstMeta, type MetaMap } from '../../wp/posts/meta.js';
import { postAuthorAndDates } from '../../wp/posts/post-rest-fields.js';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import type { EventTicketsSite } from '../../wp/site/plugins.js';
import { restUrl, type SiteUrls } from '../../wp/site/urls.js';
import { GLOBAL_ID_KEY, GLOBAL_ID_LINEAGE_KEY, typedGlobalId } from '../../wp/tickets/global-ids.js';
import { dateDetails, formatUtc, strtotime } from '../../wp/tec/dates.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { ticketPriceText } from '../tec-v1/ticket-model.js';
import type { AttendeeRecord, AttendeeTicket } from './attendee.records.js';
import { RSVP_STATUS_KEY } from '../../wp/tickets/attendee-kinds.js';
import { currencyConfig, formattedPrice, paymentCurrencySymbol } from './currency.js';

/*
 * Post_Repository::build_attendee_data: an attendee as Event Tickets' REST API shows it. Pure: the
 * records are loaded by the service, which also decides `manage` (request_has_manage_access).
 */

export interface AttendeeView {
  urls: SiteUrls;
  eventTickets: EventTicketsSite;
  siteZone: string;
  now: Date;
  /** Managers see the provider, order, e-mail, check-in and payment, and opted-out attendees' names. */
  manage: boolean;
  /**
   * Inside a ticket's answer Post_Repository formats the attendees with the ticket object it
   * already holds, whose ID is an integer for RSVP too.
   */
  ticketObjectHeld?: boolean;
}


const text = (meta: MetaMap, key: string) => firstMeta(meta, key) ?? '';

/** PHP's filter_var( $value, FILTER_VALIDATE_BOOLEAN ), as RSVP reads an attendee's opt-out. */
function filterBoolean(value: string): boolean {
  return ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
}

/**
 * get_attendee_global_id and its lineage: the stored values, else Tribe__Tickets__Global_ID's
 * `{host}?type=attendee&id={ID}`. Event Tickets stores a missing one while it reads; a read here
 * writes nothing, so the same value is computed again next time.
 */
function globalIds(urls: SiteUrls, attendee: AttendeeRecord): { global_id: string; global_id_lineage: unknown[] } {
  const stored = text(attendee.meta, GLOBAL_ID_KEY);
  const id = stored !== '' ? stored : typedGlobalId(urls, 'attendee', attendee.post.ID);
  const lineageRows = allMeta(attendee.meta, GLOBAL_ID_LINEAGE_KEY);
  const existing = lineageRows.length === 0 || isPhpEmpty(lineageRows[0]) ? [] : maybeUnserialize(lineageRows[0]!);
  const list = Array.isArray(existing) ? existing : existing !== null && typeof existing === 'object' ? Object.values(existing) : existing === undefined || existing === '' ? [] : [existing];
  return { global_id: id, global_id_lineage: list.length === 0 ? [id] : [...new Set([...list, id])] };
}

/** Ticket_Object's sale dates: RSVP keeps the date part of its stored datetime (null when unset), Tickets Commerce its stored date. */
function saleDate(ticket: AttendeeTicket, key: '_ticket_start_date' | '_ticket_end_date', now: Date): string | null {
  const stored = text(ticket.meta, key);
  if (ticket.provider === 'tc') return stored;
  if (isPhpEmpty(stored)) return null;
  return formatUtc(strtotime(stored, now) ?? 0).slice(0, 10);
}

/** The check-in details row when it has a date, a source and an author; false otherwise. */
function checkinDetails(meta: MetaMap, key: string): unknown {
  const details = maybeUnserialize(text(meta, `${key}_details`));
  if (details === null || typeof details !== 'object') return false;
  const { date, source, author } = details as Record<string, unknown>;
  if (date == null || source == null || author == null) return false;
  return { date, date_details: dateDetails(String(date)), source, author };
}

/** The attendee's answer; `order` is the Tickets Commerce order post (its parent) when there is one. */
export function toAttendeeResource(attendee: AttendeeRecord, ticket: AttendeeTicket, order: PostRow | undefined, view: AttendeeView): Record<string, unknown> {
  const { post, meta, kind } = attendee;
  const options = view.eventTickets.currencyOptions;
  const price = ticket.provider === 'tc' ? ticketPriceText(ticket.meta, { ID: ticket.parent.post.ID, meta: ticket.parent.meta }, view.siteZone, view.now) : text(ticket.meta, '_price');
  const currency = currencyConfig(options, ticket.provider);
  const body: Record<string, unknown> = {
    id: post.ID,
    post_id: phpIntval(text(meta, kind.eventKey)),
    ticket_id: phpIntval(text(meta, kind.ticketKey)),
    ...globalIds(view.urls, attendee),
    ...postAuthorAndDates(post),
    rest_url: restUrl(view.urls, `attendees/${post.ID}`),
    ticket: {
      // RSVP's ticket object keeps the ID as the attendee's meta gave it (a string); Tickets Commerce's is an integer.
      id: ticket.provider === 'rsvp' && view.ticketObjectHeld !== true ? text(meta, kind.ticketKey) : ticket.post.ID,
      title: ticket.post.post_title,
      description: ticket.post.post_excerpt,
      raw_price: price,
      formatted_price: formattedPrice(price, currency),
      currency_config: currency,
      start_sale: saleDate(ticket, '_ticket_start_date', view.now),
      end_sale: saleDate(ticket, '_ticket_end_date', view.now),
    },
  };
  const optout = kind.provider === 'rsvp' ? filterBoolean(text(meta, kind.optoutKey)) : isTribeTruthy(text(meta, kind.optoutKey));
  if (!optout || view.manage) body.title = text(meta, kind.fullNameKey);
  body.optout = optout;
  if (!view.manage) return body;

  const checkedIn = !isPhpEmpty(text(meta, kind.checkedInKey));
  Object.assign(body, {
    provider: kind.provider,
    order: kind.orderKey === undefined ? post.ID : text(meta, kind.orderKey),
    sku: text(meta, '_sku'),
    email: text(meta, kind.emailKey),
    checked_in: checkedIn,
    checkin_details: checkedIn ? checkinDetails(meta, kind.checkedInKey) : false,
    is_subscribed: false,
    is_purchaser: true,
  });
  if (kind.provider === 'rsvp') {
    body.rsvp_going = isTribeTruthy(text(meta, RSVP_STATUS_KEY));
  } else if (order !== undefined) {
    body.payment = {
      provider: kind.provider,
      price: isPhpEmpty(price) ? '' : price,
      currency: paymentCurrencySymbol(options),
      date: order.post_date,
      date_details: dateDetails(order.post_date),
    };
  }
  return body;
}
