import { EventMeta } from '../constants.js';
import type { EventTicketsSite } from '../site/plugins.js';
import { flushPostMeta, metaStoreFor } from '../write/meta-store.js';
import { getPostMetaValues, updatePostMeta } from '../write/post-meta.js';
import type { WriteScope } from '../write/transaction.js';
import { postRowOf, postTypeOf } from '../write/write-env.js';
import { formatUtc, strtotime } from '../tec/dates.js';
import { selectTicketIdsOfPost } from './event-save.repository.js';
import { ticketPrices } from './event-cost-update.js';
import { activeProviders, TicketMeta } from './providers.js';

/**
 * What Event Tickets' hooks write when a post it sells tickets for is saved, for the event writes
 * to call where WordPress fires them: the ticket prices as the event's costs (the
 * `tribe_events_event_costs` filter of saveEventMeta), the tickets' sale end following a moved
 * start (`updated_postmeta` of `_EventStartDate`), and a sale start for tickets without one
 * (`wp_insert_post`). On a site without Event Tickets both leave the
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
 * Event Tickets' `tribe_events_event_costs` filter of saveEventMeta: costs the request gave are
 * kept; with none, the tickets' prices (ticketPrices).
 */
export async function eventCostsWithTicketPrices(scope: WriteScope, eventId: number, costs: readonly unknown[]): Promise<unknown[]> {
  if (costs.length > 0) return [...costs];
  const site = await ticketsFor(scope, eventId);
  return site ? ticketPrices(scope, eventId, site) : [];
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
  const ticketIds = await selectTicketIdsOfPost(scope.trx, eventId, activeProviders(site.providers));
  // Every ticket's meta in one statement, not one per ticket as the loop reads it.
  await metaStoreFor(scope, ticketIds);
  for (const ticketId of ticketIds) {
    if ((await getPostMetaValues(scope, ticketId, MANUAL_UPDATE_META)).includes(TicketMeta.endDate)) continue;
    await updatePostMeta(scope, ticketId, TicketMeta.endDate, value);
  }
}

/** TEC's time picker step in minutes (Event_Meta_Box::get_timepicker_step, unfiltered). */
const TIMEPICKER_STEP_MINUTES = 30;

/**
 * Tickets_Handler::update_start_date, on `wp_insert_post` (after the post's row, its terms and
 * `meta_input`, before TEC's saveEventMeta): every published ticket of the post without a sale start,
 * and whose start was not set by hand, starts its sale at the post's date rounded to the time picker's step.
 */
export async function afterPostInserted(scope: WriteScope, postId: number): Promise<void> {
  const site = await ticketsFor(scope, postId);
  if (!site) return;
  await flushPostMeta(scope);
  const ticketIds = await selectTicketIdsOfPost(scope.trx, postId, activeProviders(site.providers));
  if (ticketIds.length === 0) return;
  const postDate = (await postRowOf(scope, postId))?.post_date ?? '';
  await metaStoreFor(scope, ticketIds);
  for (const ticketId of ticketIds) {
    if ((await getPostMetaValues(scope, ticketId, MANUAL_UPDATE_META)).includes(TicketMeta.startDate)) continue;
    if (((await getPostMetaValues(scope, ticketId, TicketMeta.startDate))[0] ?? '') !== '') continue;
    // strtotime of the local post date read as UTC, rounded (PHP's round: halves away from zero), date() in UTC.
    const steps = (strtotime(postDate, scope.now) ?? 0) / (TIMEPICKER_STEP_MINUTES * 60);
    const rounded = Math.sign(steps) * Math.round(Math.abs(steps)) * TIMEPICKER_STEP_MINUTES * 60;
    await updatePostMeta(scope, ticketId, TicketMeta.startDate, formatUtc(rounded));
  }
}
