import type { PostRow } from '../../wp/posts/posts.repository.js';
import { allMeta, firstMeta, type MetaMap } from '../../wp/posts/meta.js';
import { EventMeta, HIDDEN_FROM_LISTINGS } from '../../wp/constants.js';
import { dateDetails } from '../../wp/tec/dates.js';
import { escHtml } from '../../wp/text/escaping.js';
import { theTitle } from '../../wp/text/the-title.js';
import type { ContentRenderer } from '../../wp/text/content-renderer.js';
import { eventCostValues } from '../../wp/tec/cost.js';
import { postPermalink, restUrl, type SiteUrls } from '../../wp/site/urls.js';
import type { SiteSettings } from '../../wp/site/site.js';
import type { Viewer } from '../../wp/auth/capabilities.js';
import type { TermRow } from '../../wp/terms/terms.repository.js';
import type { ImageResource } from '../../wp/posts/images.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import type { EventResource, EventTermResource } from './events.types.js';
import { globalIdFields, postAuthorAndDates, termRestUrls } from '../../wp/posts/post-rest-fields.js';
import { ticketedFlag, toAttendance, type PostTickets } from '../../wp/tickets/event-tickets.js';
import { eventCostOf } from '../../wp/tickets/event-cost.js';
import type { AttendanceCount } from '../../wp/tickets/tickets.repository.js';
import type { VenueResource } from '../venues/venues.mapper.js';
import type { OrganizerResource } from '../organizers/organizers.mapper.js';

export type { EventResource, EventTermResource } from './events.types.js';

/**
 * Post_Repository::prepare_term_data: a WP_Term cast to an array, `term_id` moved to the end as
 * `id`, plus REST URLs (`up` only for child terms).
 */
export function toEventTermResource(term: TermRow, collection: 'categories' | 'tags', urls: SiteUrls): EventTermResource {
  return {
    name: term.name,
    slug: term.slug,
    term_group: term.term_group,
    term_taxonomy_id: term.term_taxonomy_id,
    taxonomy: term.taxonomy,
    description: term.description,
    parent: term.parent,
    count: term.count,
    filter: 'raw',
    id: term.term_id,
    urls: termRestUrls(urls, collection, term.term_id, term.parent),
  };
}

export interface EventMapperInput {
  post: PostRow;
  meta: MetaMap;
  categories: readonly TermRow[];
  tags: readonly TermRow[];
  /** The event's venues, already mapped, in `_EventVenueID` order. */
  venues: readonly VenueResource[];
  organizers: readonly OrganizerResource[];
  image: ImageResource | false;
  urls: SiteUrls;
  site: SiteSettings;
  /** Who reads: a private event's link is pretty only for readers who may read it. */
  viewer: Viewer;
  /** Present in the `single` context only. */
  jsonLd?: Record<string, unknown>;
  /** The request's rendered descriptions and excerpts. */
  content: Pick<ContentRenderer, 'description' | 'excerpt'>;
  /** On a site running Event Tickets: the event's tickets, and its attendee count for a reader who manages attendees. */
  tickets?: EventTicketFields;
}

export interface EventTicketFields {
  post: PostTickets;
  /** The reader manages attendees (REST\V1\Main::request_has_manage_access): `attendance` is shown. */
  manage: boolean;
  attendance: AttendanceCount | undefined;
}


/** Custom fields (TEC option `custom-fields`) with a value on this event; `[]` when none. */
function customFields(meta: MetaMap, site: SiteSettings): Record<string, { label: string; value: string }> | [] {
  const fields: Record<string, { label: string; value: string }> = {};
  for (const field of site.tec.customFields) {
    const value = firstMeta(meta, field.name);
    if (value === undefined || isPhpEmpty(value)) continue;
    fields[field.name] = { label: field.label, value };
  }
  return Object.keys(fields).length > 0 ? fields : [];
}

/**
 * Post_Repository::get_event_data: the event object, keys in the plugin's order. `venue` is a
 * single object when there is exactly one venue (else a list), `organizer` always a list.
 */
export function toEventResource(input: EventMapperInput): EventResource {
  const { post, meta, urls, site, viewer } = input;
  const meta1 = (key: string) => firstMeta(meta, key);
  const startDate = meta1(EventMeta.startDate) ?? null;
  const endDate = meta1(EventMeta.endDate) ?? null;
  const utcStart = meta1(EventMeta.startDateUtc) ?? null;
  const utcEnd = meta1(EventMeta.endDateUtc) ?? null;
  const permalink = postPermalink(urls, post, viewer);
  const website = meta1(EventMeta.url);
  const showMap = meta1(EventMeta.showMap);
  const showMapLink = meta1(EventMeta.showMapLink);
  const allDay = meta1(EventMeta.allDay);
  const featured = meta1(EventMeta.featured);
  const event: EventResource = {
    id: post.ID,
    // add_global_id_fields overwrites the `global_id: false` placeholder in place: key 2.
    ...globalIdFields(urls, post.ID, meta),
    ...postAuthorAndDates(post),
    url: permalink,
    rest_url: restUrl(urls, `events/${post.ID}`),
    title: theTitle(post.post_title),
    description: input.content.description(post),
    excerpt: input.content.excerpt(post),
    slug: post.post_name,
    image: input.image,
    all_day: allDay === undefined ? false : isTribeTruthy(allDay),
    start_date: startDate,
    start_date_details: dateDetails(startDate ?? undefined),
    end_date: endDate,
    end_date_details: dateDetails(endDate ?? undefined),
    utc_start_date: utcStart,
    utc_start_date_details: dateDetails(utcStart ?? undefined),
    utc_end_date: utcEnd,
    utc_end_date_details: dateDetails(utcEnd ?? undefined),
    timezone: meta1(EventMeta.timezone) ?? '',
    timezone_abbr: meta1(EventMeta.timezoneAbbr) ?? '',
    cost: eventCostOf(meta, site, input.tickets?.post),
    cost_details: {
      currency_symbol: meta1(EventMeta.currencySymbol) ?? '',
      currency_code: meta1(EventMeta.currencyCode) ?? '',
      currency_position: meta1(EventMeta.currencyPosition) ?? '',
      values: eventCostValues(allMeta(meta, EventMeta.cost)),
    },
    // The stored URL (even an empty one) wins; no row at all falls back to the permalink.
    website: website === undefined ? permalink : escHtml(website),
    // PHP's (bool) cast: only '' and '0' are false; a missing row means "show".
    show_map: showMap === undefined ? true : !isPhpEmpty(showMap),
    show_map_link: showMapLink === undefined ? true : !isPhpEmpty(showMapLink),
    hide_from_listings: meta1(EventMeta.hideFromUpcoming) === HIDDEN_FROM_LISTINGS,
    sticky: post.menu_order === -1,
    featured: featured !== undefined && Number(featured) === 1,
    categories: input.categories.map((term) => toEventTermResource(term, 'categories', urls)),
    tags: input.tags.map((term) => toEventTermResource(term, 'tags', urls)),
    venue: input.venues.length === 1 ? input.venues[0]! : [...input.venues],
    organizer: [...input.organizers],
    custom_fields: customFields(meta, site),
  };
  if (input.jsonLd) event.json_ld = input.jsonLd;
  // Event Tickets' tribe_rest_event_data filters, in their order: attendance, then the flag.
  const eventTickets = site.plugins.eventTickets;
  if (input.tickets && eventTickets) {
    if (input.tickets.manage) event.attendance = toAttendance(input.tickets.attendance);
    event.ticketed = ticketedFlag(input.tickets.post, eventTickets);
  }
  return event;
}
