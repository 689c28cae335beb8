import { EventMeta } from '../constants.js';
import { allMeta, firstMeta, type MetaMap } from '../posts/meta.js';
import { isPhpEmpty } from '../php/php-empty.js';
import type { SiteSettings } from '../site/site.js';
import type { EventTicketsSite } from '../site/plugins.js';
import { formatEventCost, type CostFormatOptions, type EventCostInput } from '../tec/cost.js';
import { formatAmount, providerCurrency } from './currency.js';
import type { PostTickets } from './event-tickets.js';
import { activeProviders, DEFAULT_PROVIDER_META, defaultProviderOf, RSVP, type TicketProviderStorage } from './providers.js';

/**
 * An event's cost as TEC's REST answers print it (`tribe_get_cost( $id, true )`): TEC's rules
 * (tec/cost.ts), through Event Tickets' filters when the site runs it and the post's tickets were
 * read (`tickets`).
 */
export function eventCostOf(meta: MetaMap, site: SiteSettings, tickets: PostTickets | undefined): string {
  const input: EventCostInput = {
    costRows: allMeta(meta, EventMeta.cost),
    currencySymbol: firstMeta(meta, EventMeta.currencySymbol),
    currencyPosition: firstMeta(meta, EventMeta.currencyPosition),
  };
  const tec = { defaultCurrencySymbol: site.tec.defaultCurrencySymbol, reverseCurrencyPosition: site.tec.reverseCurrencyPosition };
  const eventTickets = site.plugins.eventTickets;
  return tickets && eventTickets ? ticketedEventCost(input, tickets, eventTickets, tec) : formatEventCost(input, tec);
}

/** TEC's cost options the ticketed cost starts from. */
export interface TecCostOptions {
  defaultCurrencySymbol: string;
  reverseCurrencyPosition: boolean;
}

/**
 * tribe_get_cost( $id, true ) on a site running Event Tickets. Its currency filters give every
 * post the symbol of the post's ticket provider where the post stores none (tribe_currency_symbol),
 * and a post with tickets that provider's symbol and position whatever it stores (its
 * get_post_metadata filter), with each numeric cost in the first ticket's currency format
 * (`&#x24;5.00`); then a post left without a cost but with an RSVP ticket costs `Free`.
 */
export function ticketedEventCost(input: EventCostInput, post: PostTickets, site: EventTicketsSite, tec: TecCostOptions): string {
  const active = activeProviders(site.providers);
  const postProvider: TicketProviderStorage | undefined = defaultProviderOf(firstMeta(post.meta, DEFAULT_PROVIDER_META), active);
  const currency = providerCurrency(postProvider, site, tec.defaultCurrencySymbol);
  const first = post.tickets[0];
  const options: CostFormatOptions = {
    defaultCurrencySymbol: currency.symbol,
    reverseCurrencyPosition: tec.reverseCurrencyPosition,
  };
  let costInput = input;
  if (first) {
    costInput = { ...input, currencySymbol: currency.symbol, currencyPosition: currency.position };
    const amountCurrency = providerCurrency(first.provider, site, tec.defaultCurrencySymbol);
    options.amount = {
      key: JSON.stringify(amountCurrency),
      format: (cost) => formatAmount(cost, amountCurrency),
    };
  }
  const cost = formatEventCost(costInput, options);
  // RSVP::trigger_get_cost ('Free' is Event Tickets' own string; the site is read in English).
  if (isPhpEmpty(cost) && post.tickets.some((ticket) => ticket.provider === RSVP)) return 'Free';
  return cost;
}
