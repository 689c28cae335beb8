import { EventMeta, PostStatus } from '../constants.js';
import { phpArrayCast, phpScalarString } from '../php/php-values.js';
import type { MetaMap } from '../posts/meta.js';
import { sanitizeTextField } from '../terms/term-fields.js';
import { afterEventMetaUpdated, eventCostsWithTicketPrices } from '../tickets/event-save.js';
import { addPostMeta, deletePostMeta, updatePostMeta } from '../write/post-meta.js';
import { finishPostUpdate, transitionPostStatus, writeUpdatedPostRow } from '../write/posts.js';
import type { WriteScope } from '../write/transaction.js';
import { prepareEventDateMeta, type EventDateInput, type EventDateSettings } from './event-dates.js';
import { linksUnchanged } from './linked-post-order.js';
import { publishAssociatedPosts } from './publish-associated.js';

/**
 * Tribe__Events__API::saveEventMeta as a REST create or update runs it, call for call, so the
 * meta rows get their meta_ids in the plugin's order. Values given as `undefined` are keys the
 * plugin's post array does not hold (create drops every falsy value with array_filter; update
 * drops only nulls), and are left alone.
 */

/** The post array saveEventMeta reads, after prepare_postarr (and array_filter on create). */
export interface EventSaveData {
  dates: EventDateInput;
  /** `EventHideFromUpcoming` (`yes`), undefined otherwise. */
  hideFromUpcoming: boolean;
  /** `venue`: the venue ID linked by handle_submission, undefined or 0 to leave the link. */
  venueId: number | undefined;
  /** `organizer`: the organizer IDs, in order, repeats allowed; the stored links are replaced by these. */
  organizerIds: readonly number[];
  /**
   * `EventCost` as the request gave it: a value, or a list of values (an array or map), or
   * undefined (create without a cost, which array_filter dropped; update removes the cost rows).
   */
  cost: unknown;
  /** `EventCurrencySymbol` / `EventCurrencyPosition`: false is PHP's false (stored as ''). */
  currencySymbol: string | false | undefined;
  currencyPosition: string | false | undefined;
  /** `EventURL`. */
  url: string | undefined;
  /** `EventShowMap` / `EventShowMapLink`: undefined on create when false. */
  showMap: boolean | undefined;
  showMapLink: boolean | undefined;
  /** `FeaturedImage`: an attachment ID; false deletes `_thumbnail_id`; undefined leaves it. */
  featuredImage: number | false | undefined;
  sticky: boolean;
  featured: boolean;
}

/** What the save did, for the caller to finish TEC's custom tables with. */
export interface EventMetaSaveResult {
  /** `menu_order` the sticky flag gave the event, or undefined when it stayed. */
  menuOrder: number | undefined;
  /** Whether a meta key CT1's Meta_Watcher tracks was added, changed or deleted. */
  datesTouched: boolean;
  /** The event's meta after the save (first value of each key, as get_post_meta reads). */
  meta: Map<string, string[]>;
}

/** The keys whose writes make TEC 6 rewrite its custom tables rows (Meta_Watcher). */
const CUSTOM_TABLES_KEYS: ReadonlySet<string> = new Set([
  EventMeta.startDate,
  EventMeta.startDateUtc,
  EventMeta.endDate,
  EventMeta.endDateUtc,
  EventMeta.duration,
  EventMeta.timezone,
  EventMeta.allDay,
]);

/** Meta keys registered with sanitize_text_field (Editor\Meta) or boolean sanitizing. */
const TEXT_META_KEYS: ReadonlySet<string> = new Set([
  EventMeta.timezone,
  EventMeta.startDate,
  EventMeta.endDate,
  EventMeta.startDateUtc,
  EventMeta.endDateUtc,
  EventMeta.url,
  EventMeta.cost,
  EventMeta.currencySymbol,
  EventMeta.currencyCode,
  EventMeta.currencyPosition,
]);

/** tec_sanitize_string: htmlspecialchars_decode (quotes too), then strip_tags. */
function tecSanitizeString(value: string): string {
  const decoded = value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&amp;/g, '&');
  return decoded.replace(/<[^>]*>?/g, '');
}

/**
 * The meta writes of one save through the post core's add/update/delete, mirrored in a map of the
 * event's meta so the save knows what changed (update_metadata writes nothing for an equal value).
 */
class EventMetaWriter {
  datesTouched = false;

  constructor(
    private readonly scope: WriteScope,
    private readonly eventId: number,
    readonly meta: Map<string, string[]>,
  ) {}

  private touched(key: string): void {
    if (CUSTOM_TABLES_KEYS.has(key)) this.datesTouched = true;
  }

  async update(key: string, value: string): Promise<void> {
    const rows = this.meta.get(key) ?? [];
    if (rows.length > 0 && rows.every((row) => row === value)) return;
    await updatePostMeta(this.scope, this.eventId, key, value);
    this.meta.set(key, rows.length > 0 ? rows.map(() => value) : [value]);
    this.touched(key);
    // `updated_postmeta` fires for rows rewritten, not for a first row added.
    if (rows.length > 0) await afterEventMetaUpdated(this.scope, this.eventId, key, value);
  }

  async add(key: string, value: string): Promise<void> {
    await addPostMeta(this.scope, this.eventId, key, value);
    this.meta.set(key, [...(this.meta.get(key) ?? []), value]);
    this.touched(key);
  }

  async delete(key: string): Promise<void> {
    if ((this.meta.get(key) ?? []).length === 0) return;
    await deletePostMeta(this.scope, this.eventId, key);
    this.meta.delete(key);
    this.touched(key);
  }
}

/** What sanitize_meta makes of a value: sanitize_text_field for the keys registered with it. */
function sanitizedMeta(key: string, value: string): string {
  return TEXT_META_KEYS.has(key) ? sanitizeTextField(value) : value;
}

/** The value update_metadata stores for a meta key, after TEC's and the registered sanitizing. */
function storedValue(key: string, value: string | boolean): string {
  if (typeof value === 'boolean') return value ? '1' : '';
  return sanitizedMeta(key, tecSanitizeString(value));
}

/**
 * Runs saveEventMeta for an event already inserted or updated: the date meta, the map flags, the
 * venue and organizer links, the cost, the featured image, then every other key in the order of
 * Main::$metaTags, the sticky flag (a wp_update_post of `menu_order`) and the featured flag.
 * Returns whether the date meta moved and the meta as it now is, for TEC's custom tables.
 */
export async function saveEventMeta(
  scope: WriteScope,
  eventId: number,
  storedMeta: MetaMap,
  menuOrderBefore: number,
  data: EventSaveData,
  settings: EventDateSettings,
): Promise<EventMetaSaveResult> {
  const writer = new EventMetaWriter(scope, eventId, new Map([...storedMeta].map(([key, rows]) => [key, [...rows]])));
  const keysWrittenBefore = scope.changes.metaKeysNoted(eventId);
  const first = (key: string) => writer.meta.get(key)?.[0];
  const dates = prepareEventDateMeta(data.dates, { start: first(EventMeta.startDate), end: first(EventMeta.endDate) }, settings);

  if (dates.deleteAllDay) await writer.delete(EventMeta.allDay);
  if (!data.hideFromUpcoming) await writer.delete(EventMeta.hideFromUpcoming);
  // isset($data['venue']['EventShowMapLink']): REST passes a venue ID there, so always false.
  await writer.update(EventMeta.showMapLink, '');
  await writer.update(EventMeta.showMap, '');

  // Linked_Posts::handle_submission: a named venue replaces the link; organizers always do. Links
  // named exactly as they are stored are left alone (maybe_reorder_linked_posts_ids), rows and all.
  const links = (key: string) => writer.meta.get(key) ?? [];
  if (data.venueId && !linksUnchanged(links(EventMeta.venueId), [data.venueId], false)) {
    await writer.delete(EventMeta.venueId);
    await writer.add(EventMeta.venueId, String(data.venueId));
  }
  // handle_submission keeps an ID named twice once (array_unique: the first place wins).
  if (!linksUnchanged(links(EventMeta.organizerId), data.organizerIds, true)) {
    await writer.delete(EventMeta.organizerId);
    for (const organizerId of new Set(data.organizerIds)) await writer.add(EventMeta.organizerId, String(organizerId));
  }

  // `(array) EventCost` through `tribe_events_event_costs`: on a site running Event Tickets no cost
  // given becomes the tickets' prices.
  const costs = await eventCostsWithTicketPrices(scope, eventId, phpArrayCast(data.cost));

  if (data.featuredImage === false) await writer.delete(EventMeta.thumbnailId);
  else if (data.featuredImage !== undefined) await writer.update(EventMeta.thumbnailId, String(data.featuredImage));

  // The meta loop, in Main::$metaTags order.
  if (dates.allDay !== undefined) await writer.update(EventMeta.allDay, storedValue(EventMeta.allDay, dates.allDay === 'yes'));
  await writer.update(EventMeta.startDate, storedValue(EventMeta.startDate, dates.start));
  await writer.update(EventMeta.endDate, storedValue(EventMeta.endDate, dates.end));
  if (dates.startUtc !== undefined) await writer.update(EventMeta.startDateUtc, storedValue(EventMeta.startDateUtc, dates.startUtc));
  if (dates.endUtc !== undefined) await writer.update(EventMeta.endDateUtc, storedValue(EventMeta.endDateUtc, dates.endUtc));
  if (dates.duration !== undefined) await writer.update(EventMeta.duration, String(dates.duration));
  if (data.showMapLink !== undefined) await writer.update(EventMeta.showMapLink, storedValue(EventMeta.showMapLink, data.showMapLink));
  if (data.showMap !== undefined) await writer.update(EventMeta.showMap, storedValue(EventMeta.showMap, data.showMap));
  if (data.currencySymbol !== undefined) {
    await writer.update(EventMeta.currencySymbol, storedValue(EventMeta.currencySymbol, data.currencySymbol || ''));
  }
  if (data.currencyPosition !== undefined) {
    await writer.update(EventMeta.currencyPosition, storedValue(EventMeta.currencyPosition, data.currencyPosition || ''));
  }
  // `(array) EventCost`: a single cost is updated in place (a string through tec_sanitize_string);
  // any other count is a field "with multiple values per key": the rows go, then each value is
  // added as given, in order (no cost is an empty list, which only deletes).
  if (costs.length === 1) await writer.update(EventMeta.cost, storedValue(EventMeta.cost, phpScalarString(costs[0])));
  else {
    await writer.delete(EventMeta.cost);
    for (const cost of costs) await writer.add(EventMeta.cost, sanitizedMeta(EventMeta.cost, phpScalarString(cost)));
  }
  if (data.url !== undefined) await writer.update(EventMeta.url, storedValue(EventMeta.url, data.url));
  if (data.hideFromUpcoming) await writer.update(EventMeta.hideFromUpcoming, 'yes');
  await writer.update(EventMeta.timezone, storedValue(EventMeta.timezone, dates.timezone));
  await writer.update(EventMeta.timezoneAbbr, storedValue(EventMeta.timezoneAbbr, dates.timezoneAbbr));

  // Sticky in the calendar is menu_order -1, set by a wp_update_post of its own. Its status
  // transition fires `publish_tribe_events` again, now with this save's links stored, so
  // publishAssociatedTypes publishes a draft venue or organizer the save linked.
  let menuOrder: number | undefined;
  if (data.sticky && menuOrderBefore !== -1) menuOrder = -1;
  else if (!data.sticky && menuOrderBefore === -1) menuOrder = 0;
  if (menuOrder !== undefined) {
    const event = await writeUpdatedPostRow(scope, eventId, { menu_order: menuOrder });
    await transitionPostStatus(scope, event);
    if (event.row.post_status === PostStatus.publish) await publishAssociatedPosts(scope, eventId);
    await finishPostUpdate(scope, event);
  }

  // Featured_Events::feature / unfeature.
  if (data.featured) await writer.update(EventMeta.featured, '1');
  else await writer.delete(EventMeta.featured);

  forgetRewrittenKeys(scope, eventId, storedMeta, writer.meta, keysWrittenBefore);
  return { menuOrder, datesTouched: writer.datesTouched, meta: writer.meta };
}

/**
 * Keys this save deleted and added back with the same values, in the same order (the organizer
 * rows of a list naming one twice, the all-day row on every update): the change feed need not
 * tell the lists. Keys an earlier step of the same write changed are left as they are.
 */
function forgetRewrittenKeys(scope: WriteScope, eventId: number, before: MetaMap, after: ReadonlyMap<string, string[]>, writtenBefore: ReadonlySet<string> | 'all'): void {
  if (writtenBefore === 'all') return;
  const unchanged = [...scope.changes.metaKeysNoted(eventId)].filter((key) => {
    if (writtenBefore.has(key)) return false;
    const was = before.get(key) ?? [];
    const is = after.get(key) ?? [];
    return was.length === is.length && was.every((value, index) => value === is[index]);
  });
  scope.changes.forgetUnchangedMeta(eventId, unchanged);
}
