import type { Viewer } from '../auth/capabilities.js';
import { EventMeta, EventStatus } from '../constants.js';
import { plainEventCost } from '../tec/cost.js';
import { formatUtc, isKnownZoneName, strtotime, zoneOffsetSeconds } from '../tec/dates.js';
import { allMeta, firstMeta, type MetaMap } from '../posts/meta.js';
import { phpFloatval, phpIntval, phpTrim, phpUrldecode, phpUrlencode } from '../php/php-values.js';
import { escUrl } from '../text/kses.js';
import { trailingslashit } from '../text/php-strings.js';
import { toOrganizerJsonLd, type RandomSource } from './person.js';
import { toVenueJsonLd } from './place.js';
import { isJsonLdVisible, thingJsonLd, type JsonLdObject, type JsonLdPost } from './thing.js';

/** What the event JSON-LD needs to know about the site. */
export interface EventJsonLdSite {
  /** A non-empty `permalink_structure`: TEC then adds trailing slashes to event links. */
  prettyPermalinks: boolean;
  /** Tribe__Timezones::wp_timezone_string(): `timezone_string`, or `UTC+N` from `gmt_offset`. */
  timezone: string;
  /** TEC's `tribe_events_timezone_mode`. */
  timezoneMode: 'event' | 'site';
  /** TEC's `defaultCurrencyCode` (default `USD`): the offer currency when the event has none. */
  defaultCurrencyCode: string;
  /** Events Calendar Pro is active: the location carries the venue's coordinates. */
  proActive?: boolean;
}

export interface EventJsonLdInput {
  /** The event post, its meta and its featured image URL. */
  event: JsonLdPost;
  /** The post the first `_EventVenueID` row names, or null when there is no such post. */
  venue: JsonLdPost | null;
  /** The event's organizers; JSON-LD shows the one the first `_EventOrganizerID` row names. */
  organizers: readonly JsonLdPost[];
  /** get_permalink() of the event: the REST answer's `url`. */
  permalink: string;
  viewer: Viewer;
  site: EventJsonLdSite;
  /** Stands in for a missing or unreadable start or end date, as PHP's `new DateTime('')` does. */
  now: Date;
  /** Drives the organizer e-mail obfuscation; seeded by each address by default (see antispambot). */
  random?: RandomSource;
  /**
   * Event Tickets' offers, one per ticket, for a post with tickets (JSON_LD\Order::add_ticket_data):
   * they stand in for TEC's cost offer, right after `url` (recorded: the filter runs while the
   * object holds no more than that).
   */
  ticketOffers?: readonly object[];
}

/**
 * add_query_arg( [], $url ): the query string parsed (parse_str) and rebuilt with its values
 * URL-encoded again, empty values losing their `=`. This is how a `/` that TEC appends to a
 * query-string permalink ends up as `%2F`.
 */
function rebuildQuery(url: string): string {
  let uri = url;
  let fragment = '';
  const hash = uri.indexOf('#');
  if (hash !== -1) {
    fragment = uri.slice(hash);
    uri = uri.slice(0, hash);
  }
  const protocol = /^https?:\/\//i.exec(uri)?.[0] ?? '';
  uri = uri.slice(protocol.length);
  let base: string;
  let query: string;
  const question = uri.indexOf('?');
  if (question !== -1) {
    base = uri.slice(0, question + 1);
    query = uri.slice(question + 1);
  } else if (protocol || !uri.includes('=')) {
    base = `${uri}?`;
    query = '';
  } else {
    base = '';
    query = uri;
  }
  const args = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawKey = equals === -1 ? pair : pair.slice(0, equals);
    // parse_str's key mangling: leading spaces dropped, `.` and spaces become `_`.
    const key = phpUrldecode(rawKey).replace(/^ +/, '').replace(/[. ]/g, '_');
    if (key === '') continue;
    args.set(key, phpUrldecode(equals === -1 ? '' : pair.slice(equals + 1)));
  }
  let built = [...args].map(([key, value]) => `${key}=${phpUrlencode(value)}`).join('&');
  built = built.replace(/^\?+|\?+$/g, '').replace(/=(&|$)/g, '$1');
  return `${protocol}${base}${built}${fragment}`.replace(/\?+$/, '').split('?#').join('#');
}

/**
 * tribe_get_event_link() as JSON-LD prints it (through esc_url_raw). With pretty permalinks,
 * Tribe__Events__Main::getLink('single') adds a trailing slash, re-encodes the query string
 * (add_query_arg) and tribe_get_event_link() adds another slash: `…/event/slug/` stays as it
 * is, but a draft's `…/?post_type=tribe_events&p=241` becomes `…&p=241%2F/`.
 */
export function jsonLdEventUrl(permalink: string, prettyPermalinks: boolean): string {
  if (!prettyPermalinks) return escUrl(escUrl(permalink, 'db'), 'db');
  const single = trailingslashit(escUrl(trailingslashit(permalink), 'db'));
  return escUrl(trailingslashit(rebuildQuery(single)), 'db');
}

function isValidZoneName(zone: string): boolean {
  return isKnownZoneName(zone);
}

/** Seconds of a `Y-m-d H:i:s`-style wall time read as UTC, null when PHP's parser would fail. */
function wallSeconds(text: string, now: Date): number | null {
  return text.trim() === '' ? Math.floor(now.getTime() / 1000) : strtotime(text, now);
}

/** A wall time in a named zone as an instant; in a gap or overlap, the earlier offset wins, as in PHP. */
function zonedToUnix(wall: number, zone: string): number {
  const before = zoneOffsetSeconds(zone, wall - 86400);
  const after = zoneOffsetSeconds(zone, wall + 86400);
  if (zoneOffsetSeconds(zone, wall - before) === before) return wall - before;
  if (zoneOffsetSeconds(zone, wall - after) === after) return wall - after;
  return wall - before;
}

/** DateTime::format('c') of an instant at a fixed offset. */
function isoAt(unix: number, offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${formatUtc(unix + offsetSeconds).replace(' ', 'T')}${sign}${hh}:${mm}`;
}

/** Tribe__Timezones::is_utc_offset(): `UTC` followed by anything. */
function isUtcOffset(zone: string): boolean {
  const trimmed = phpTrim(zone);
  return trimmed.startsWith('UTC') && trimmed.length > 3;
}

/**
 * Tribe__Timezones::apply_offset(): shifts by a `UTC+5.5`-style offset in minutes; an offset
 * whose integer part is 0 (`UTC+0.5` too) leaves the date alone.
 */
function applyOffset(datetime: string, offset: string, invert: boolean, now: Date): string {
  let text = phpTrim(offset).toLowerCase();
  if (text.startsWith('utc')) text = text.slice(3);
  if (phpIntval(text) === 0) return datetime;
  text = text.replace(/:15$/, '.25').replace(/:30$/, '.5').replace(/:45$/, '.75');
  let minutes = Math.trunc(phpFloatval(text) * 60);
  if (invert) minutes = -minutes;
  const seconds = wallSeconds(datetime, now);
  return seconds === null ? datetime : formatUtc(seconds + minutes * 60);
}

/** Tribe__Timezones::timezone_from_utc_offset(): `UTC+5.5` as seconds east, or null. */
function utcOffsetZoneSeconds(zone: string): number | null {
  if (!/^UTC[+-][0-9.]{1,4}$/.test(zone)) return null;
  const [hoursText = '', fractionText] = zone.slice(4).split('.');
  const hours = phpIntval(hoursText);
  const minutes = fractionText === undefined ? 0 : Math.trunc(Number(`0.${phpIntval(fractionText)}`) * 60);
  return (zone[3] === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/** Tribe__Timezones::to_utc( $wall, $zone, 'c' ). */
function toUtc(wall: string, zone: string, now: Date): string {
  if (isUtcOffset(zone)) return applyOffset(wall, zone, true, now);
  const seconds = wallSeconds(wall, now);
  if (seconds === null) return wall;
  const name = isValidZoneName(zone) ? zone : 'UTC';
  return isoAt(zonedToUnix(seconds, name), 0);
}

/** Tribe__Timezones::to_tz( $utc, $zone ): a UTC date as wall time in the zone. */
function toZone(utc: string, zone: string, now: Date): string {
  if (isUtcOffset(zone)) return applyOffset(utc, zone, false, now);
  const seconds = wallSeconds(utc, now);
  if (seconds === null) return utc;
  const name = isValidZoneName(zone) ? zone : 'UTC';
  return formatUtc(seconds + zoneOffsetSeconds(name, seconds));
}

/**
 * Event::get_localized_iso8601_string(): the UTC date shown in the event's zone, ISO 8601 with
 * the offset. Unknown zones, and plain `UTC`, leave the date as it came.
 */
function localizedIso(date: string, zone: string, now: Date): string {
  let offsetOf: (unix: number) => number;
  if (zone.startsWith('UTC')) {
    const fixed = utcOffsetZoneSeconds(zone);
    if (fixed === null) return date;
    offsetOf = () => fixed;
  } else {
    if (!isValidZoneName(zone)) return date;
    offsetOf = (unix) => zoneOffsetSeconds(zone, unix);
  }
  const unix = wallSeconds(date, now);
  return unix === null ? date : isoAt(unix, offsetOf(unix));
}

/**
 * tribe_get_start_date / tribe_get_end_date in `Y-m-d H:i:s`: the stored local date in the
 * `event` timezone mode; in `site` mode, an event in another zone has its UTC date shown in
 * the site's zone.
 */
function eventWallDate(meta: MetaMap, which: 'Start' | 'End', site: EventJsonLdSite, now: Date): string {
  const eventZone = firstMeta(meta, EventMeta.timezone) ?? '';
  let value: string;
  if (site.timezoneMode === 'event' || eventZone === '' || eventZone === site.timezone) {
    value = firstMeta(meta, which === 'Start' ? EventMeta.startDate : EventMeta.endDate) ?? '';
  } else {
    value = toZone(firstMeta(meta, which === 'Start' ? EventMeta.startDateUtc : EventMeta.endDateUtc) ?? '', site.timezone, now);
  }
  const seconds = wallSeconds(value, now);
  return formatUtc(seconds ?? Math.floor(now.getTime() / 1000));
}

/**
 * `startDate` / `endDate`: the event's wall time with the offset of its zone at that moment
 * (the event zone in `event` mode, the site zone otherwise), e.g. `2027-06-16T17:00:00+02:00`.
 */
function jsonLdDate(meta: MetaMap, which: 'Start' | 'End', site: EventJsonLdSite, now: Date): string {
  const eventZone = firstMeta(meta, EventMeta.timezone) ?? '';
  const zone = eventZone !== '' && site.timezoneMode === 'event' ? eventZone : site.timezone;
  const utc = toUtc(eventWallDate(meta, which, site, now), zone, now);
  return zone === '' ? utc : localizedIso(utc, zone, now);
}

/**
 * `offers.validFrom`: `date( DATE_ATOM, strtotime( get_the_date( '', $post ) ) )`, the day of
 * the event's post date (in the site's `date_format`, which carries no time) at midnight UTC.
 * A post date of zeros has no date, which PHP turns into the epoch.
 */
function validFrom(postDate: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(postDate);
  if (!day || day[1] === '0000') return '1970-01-01T00:00:00+00:00';
  const seconds = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) / 1000;
  return isoAt(seconds, 0);
}

/** Event::normalize_price(): `Free` (any case, padded) is `0`; separators stay under the C locale. */
function normalizePrice(price: string): string {
  return /^[ \t\n\v\f\r]*Free[ \t\n\v\f\r]*$/i.test(price) ? '0' : price;
}

/** A linked post ID as tribe_get_venue_id / tribe_get_organizer_id read it, or 0 for none. */
function linkedId(meta: MetaMap, key: string): number {
  const value = (firstMeta(meta, key) ?? '').trim();
  return /^\d+$/.test(value) ? Number(value) : 0;
}

/** Event Status JSON_LD::modify_event(). */
function eventStatus(meta: MetaMap): string {
  const status = firstMeta(meta, EventMeta.eventStatus) ?? '';
  if (status === EventStatus.canceled) return 'https://schema.org/EventCancelled';
  if (status === EventStatus.postponed) return 'https://schema.org/EventPostponed';
  return 'https://schema.org/EventScheduled';
}

/**
 * The event's schema.org `Event` (Tribe__Events__JSON_LD__Event, the single-event `json_ld`),
 * or null when the plugin gives none (see isJsonLdVisible). Keys in the plugin's order:
 * `@context`, `@type`, `name`, `description`, `image`?, `url`, `eventAttendanceMode`,
 * `eventStatus`, `startDate`, `endDate`, `location`?, `organizer`?, `offers`?, `performer`.
 * `location` / `organizer` are the linked venue's / first organizer's JSON-LD, or `false` when
 * that post is missing or not visible to the viewer (PHP's reset() of an empty array).
 */
export function toEventJsonLd(input: EventJsonLdInput): JsonLdObject | null {
  const { event, site, viewer, now } = input;
  const { meta } = event;
  if (!isJsonLdVisible(event.post, viewer)) return null;

  const data = thingJsonLd('Event', event, {
    context: true,
    url: jsonLdEventUrl(input.permalink, site.prettyPermalinks),
  });
  const ticketed = input.ticketOffers !== undefined && input.ticketOffers.length > 0;
  if (ticketed) data.offers = [...input.ticketOffers!];
  data.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
  data.eventStatus = eventStatus(meta);
  data.startDate = jsonLdDate(meta, 'Start', site, now);
  data.endDate = jsonLdDate(meta, 'End', site, now);

  const venueId = linkedId(meta, EventMeta.venueId);
  if (venueId > 0) {
    const venue = input.venue?.post.ID === venueId ? input.venue : null;
    data.location =
      venue && isJsonLdVisible(venue.post, viewer)
        ? toVenueJsonLd(venue.post, venue.meta, {
            imageUrl: venue.imageUrl ?? null,
            proActive: site.proActive ?? false,
            excerptLength: venue.excerptLength,
          })
        : false;
  }

  const organizerId = linkedId(meta, EventMeta.organizerId);
  if (organizerId > 0) {
    const organizer = input.organizers.find((candidate) => candidate.post.ID === organizerId);
    data.organizer =
      organizer && isJsonLdVisible(organizer.post, viewer)
        ? toOrganizerJsonLd(organizer.post, organizer.meta, {
            imageUrl: organizer.imageUrl ?? null,
            random: input.random,
            excerptLength: organizer.excerptLength,
          })
        : false;
  }

  const price = ticketed ? '' : normalizePrice(plainEventCost(allMeta(meta, EventMeta.cost)));
  if (price !== '') {
    const currencyCode = firstMeta(meta, EventMeta.currencyCode) ?? '';
    data.offers = {
      '@type': 'Offer',
      price,
      priceCurrency: currencyCode !== '' ? currencyCode : site.defaultCurrencyCode,
      url: data.url,
      category: 'primary',
      availability: 'inStock',
      validFrom: validFrom(event.post.post_date),
    };
  }

  data.performer = 'Organization';
  return data;
}
