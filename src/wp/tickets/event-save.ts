import { EventMeta } from '../constants.js';
import { isPhpNumeric } from '../php/php-values.js';
import { phpLooseStringEquals } from '../tec/tracker.js';
import type { EventTicketsSite } from '../site/plugins.js';
import { flushPostMeta } from '../write/meta-store.js';
import { getPostCustom, getPostMetaValues, updatePostMeta } from '../write/post-meta.js';
import type { WriteScope } from '../write/transaction.js';
import { postTypeOf } from '../write/write-env.js';
import { selectTicketIdsOfPost } from './event-save.repository.js';
import { loadPostTickets } from './post-tickets.js';
import { activeProviders, TicketMeta } from './providers.js';

/**
 * What Event Tickets' hooks write when a post it sells tickets for is saved, for the event writes
 * to call where WordPress fires them: the ticket prices as the event's costs (the
 * `tribe_events_event_costs` filter of saveEventMeta), and the tickets' sale end following a moved
 * start (`updated_postmeta` of `_EventStartDate`). On a site without Event Tickets both leave the
 * save as TEC alone does it.
 */

/** Ticket meta listing the date keys a person set by hand on the ticket (Tickets_Handler::$key_manual_updated). */
const MANUAL_UPDATE_META = '_tribe_ticket_manual_updated';

/** Event Tickets' settings when it runs and sells tickets for this type of post. */
async function ticketsFor(scope: WriteScope, postId: number): Promise<EventTicketsSite | undefined> {
  const site = scope.site.plugins.eventTickets;
  if (!site) return undefined;
  const postType = await postTypeOf(scope, postId);
  return postType !== undefined && site.postTypes.includes(postType) ? site : undefined;
}

/**
 * Tribe__Tickets__Tickets::get_ticket_prices on `tribe_events_event_costs`: costs the request
 * gave are kept; with none, each ticket's price (get_all_event_tickets' order) once, a price
 * equal to one listed (PHP's loose `==`: `25` is `25.00`) or not numeric left out.
 */
export async function eventCostsWithTicketPrices(scope: WriteScope, eventId: number, costs: readonly unknown[]): Promise<unknown[]> {
  if (costs.length > 0) return [...costs];
  const site = await ticketsFor(scope, eventId);
  if (!site) return [];
  // The ticket rows are read from the transaction: the meta this write holds lands first.
  await flushPostMeta(scope);
  const meta = (await getPostCustom(scope, [eventId])).get(eventId)!;
  const postType = (await postTypeOf(scope, eventId))!;
  const loaded = await loadPostTickets(scope.trx, [{ post: { ID: eventId, post_type: postType }, meta }], site, scope.site.timezone, scope.now);
  const prices: string[] = [];
  for (const ticket of loaded.get(eventId)?.tickets ?? []) {
    if (prices.some((price) => phpLooseStringEquals(price, ticket.price))) continue;
    if (isPhpNumeric(ticket.price)) prices.push(ticket.price);
  }
  return prices;
}

/**
 * Tickets_Handler::update_meta_date, on `updated_postmeta`: when the event's stored start date
 * changed, every published ticket of the post (all providers) ends its sale at the new start,
 * unless the ticket's end date was set by hand. Call it after update_post_meta rewrote a key.
 */
export async function afterEventMetaUpdated(scope: WriteScope, eventId: number, key: string, value: string): Promise<void> {
  if (key !== EventMeta.startDate) return;
  const site = await ticketsFor(scope, eventId);
  if (!site) return;
  await flushPostMeta(scope);
  for (const ticketId of await selectTicketIdsOfPost(scope.trx, eventId, activeProviders(site.providers))) {
    if ((await getPostMetaValues(scope, ticketId, MANUAL_UPDATE_META)).includes(TicketMeta.endDate)) continue;
    await updatePostMeta(scope, ticketId, TicketMeta.endDate, value);
  }
}
