import { EventMeta } from '../constants.js';
import { isPhpNumeric } from '../php/php-values.js';
import type { EventTicketsSite } from '../site/plugins.js';
import { phpLooseStringEquals } from '../tec/tracker.js';
import { flushPostMeta } from '../write/meta-store.js';
import { addPostMeta, deletePostMeta, getPostCustom } from '../write/post-meta.js';
import type { WriteScope } from '../write/transaction.js';
import { postTypeOf } from '../write/write-env.js';
import { loadPostTickets } from './post-tickets.js';

/**
 * Tribe__Tickets__Tickets::get_ticket_prices (Event Tickets' `tribe_events_event_costs` filter when
 * no cost is given): each ticket's price in get_all_event_tickets' order, once (a price equal to
 * one listed by PHP's loose `==`, `25` and `25.00`, is left out), numeric ones only. Empty for a
 * post that does not exist.
 */
export async function ticketPrices(scope: WriteScope, postId: number, site: EventTicketsSite): Promise<string[]> {
  const postType = await postTypeOf(scope, postId);
  if (postType === undefined) return [];
  // The ticket rows are read from the transaction: the meta this write holds lands first.
  await flushPostMeta(scope);
  const meta = (await getPostCustom(scope, [postId])).get(postId)!;
  const loaded = await loadPostTickets(scope.trx, [{ post: { ID: postId, post_type: postType }, meta }], site, scope.site.timezone, scope.now);
  const prices: string[] = [];
  for (const ticket of loaded.get(postId)?.tickets ?? []) {
    if (prices.some((price) => phpLooseStringEquals(price, ticket.price))) continue;
    if (isPhpNumeric(ticket.price)) prices.push(ticket.price);
  }
  return prices;
}

/**
 * Tribe__Events__API::update_event_cost, which TEC hooks to `tribe_tickets_ticket_added` (the
 * block editor's ticket saves fire it): `_EventCost` deleted, then one row per cost the
 * `tribe_events_event_costs` filter gives for no cost (ticketPrices).
 */
export async function updateEventCostFromTickets(scope: WriteScope, postId: number, site: EventTicketsSite): Promise<void> {
  if ((await postTypeOf(scope, postId)) === undefined) return;
  const prices = await ticketPrices(scope, postId, site);
  await deletePostMeta(scope, postId, EventMeta.cost);
  for (const price of prices) await addPostMeta(scope, postId, EventMeta.cost, price);
}
