import { formatUtc, strtotime } from '../tec/dates.js';
import type { EventTicketsSite } from '../site/plugins.js';
import type { Ticket } from './ticket.js';

/** Tribe__Tickets__JSON_LD__Order::$low_stock: at most this many left is `LimitedAvailability`. */
const LOW_STOCK = 5;

/** One schema.org Offer of a ticket, keys in Event Tickets' order. */
export interface TicketOffer {
  '@type': 'Offer';
  url: string;
  price: string;
  category: 'primary';
  availability: 'SoldOut' | 'LimitedAvailability' | 'InStock';
  priceCurrency: string;
  validFrom?: string;
  validThrough?: string;
}

/**
 * Tribe__Tickets__JSON_LD__Order::get_offer for each of a post's tickets: its price as the ticket
 * object holds it (a string), its availability by what is left, the Tickets Commerce currency
 * code (USD when unset) and its sale window's dates at midnight UTC.
 */
export function toTicketOffers(tickets: readonly Ticket[], url: string, site: EventTicketsSite, now: Date): TicketOffer[] {
  const currency = site.commerceCurrency.code || 'USD';
  return tickets.map((ticket) => {
    const offer: TicketOffer = {
      '@type': 'Offer',
      url,
      price: ticket.price,
      category: 'primary',
      availability: availabilityOf(ticket.stock),
      priceCurrency: currency,
    };
    if (ticket.startDate !== '') offer.validFrom = atomDate(ticket.startDate, now);
    if (ticket.endDate !== '') offer.validThrough = atomDate(ticket.endDate, now);
    return offer;
  });
}

function availabilityOf(stock: number): TicketOffer['availability'] {
  if (stock === 0) return 'SoldOut';
  if (stock >= 1 && stock <= LOW_STOCK) return 'LimitedAvailability';
  return 'InStock';
}

/** `date( DATE_ATOM, strtotime( $date ) )` in UTC; PHP's false reads as the epoch. */
function atomDate(date: string, now: Date): string {
  const unix = strtotime(date, now) ?? 0;
  return `${formatUtc(unix).replace(' ', 'T')}+00:00`;
}
