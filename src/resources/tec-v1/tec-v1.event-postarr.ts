import { EventMeta, PostType } from '../../wp/constants.js';
import { isKnownZoneName, formatUtc } from '../../wp/tec/dates.js';
import { isUtcOffsetZone, utcOffsetZoneSeconds, wallTimeToUnix } from '../../wp/tec/event-dates.js';
import { timezoneAbbr } from '../../wp/tec/timezone-abbr.js';
import { formatInZone } from '../../wp/tec/dates.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import type { TecV1Body } from './tec-v1.write.params.js';

/*
 * TEC's ORM on the way to wp_insert_post / wp_update_post (Tribe__Repository::build_postarr, then
 * Tribe__Events__Repositories__Event::filter_meta_input): the body's fields split into post
 * columns, `tax_input` and `meta_input` (aliases resolved, everything unknown kept as plain meta:
 * `format`, `template`, `featured_media`), then the event's date, linked-post and accessory meta
 * made to agree. Pure: what it needs of the stored event comes in as `stored`.
 */

/** The post columns the ORM's aliases name. */
const POST_FIELD_ALIASES: Readonly<Record<string, string>> = {
  date: 'post_date',
  date_gmt: 'post_date_gmt',
  slug: 'post_name',
  status: 'post_status',
  title: 'post_title',
  content: 'post_content',
  excerpt: 'post_excerpt',
  author: 'post_author',
  comment_status: 'comment_status',
  ping_status: 'ping_status',
};

/** The event repository's meta aliases (update_fields_aliases) for the body's fields. */
const EVENT_META_ALIASES: Readonly<Record<string, string>> = {
  start_date: EventMeta.startDate,
  end_date: EventMeta.endDate,
  start_date_utc: EventMeta.startDateUtc,
  end_date_utc: EventMeta.endDateUtc,
  duration: EventMeta.duration,
  all_day: EventMeta.allDay,
  timezone: EventMeta.timezone,
  venues: EventMeta.venueId,
  organizers: EventMeta.organizerId,
  cost: EventMeta.cost,
  featured: EventMeta.featured,
};

/** The taxonomies the body's fields name, per post type. */
const TAXONOMY_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [PostType.event]: { tags: 'post_tag', tribe_events_cat: 'tribe_events_cat' },
};

/** A meta value as update_post_meta receives it; a list is written one row per value. */
export type MetaInput = string | number | boolean | readonly number[];

export interface PostArr {
  fields: Record<string, string | number>;
  /** Taxonomy -> term IDs, in the order wp_insert_post applies them. */
  taxInput: Map<string, number[]>;
  /** Meta key -> value, in the order wp_insert_post writes them. */
  metaInput: Map<string, MetaInput>;
}

/** Tribe__Repository::build_postarr: the body's fields as post columns, terms and meta. */
export function buildPostArr(postType: string, body: TecV1Body, metaAliases: Readonly<Record<string, string>>): PostArr {
  const postArr: PostArr = { fields: {}, taxInput: new Map(), metaInput: new Map() };
  const taxonomies = TAXONOMY_ALIASES[postType] ?? {};
  for (const [name, value] of body) {
    const column = POST_FIELD_ALIASES[name];
    if (column !== undefined) {
      // The aliased properties are text, int or date ones (tec-v1.write.params.ts): never a list or a bool.
      postArr.fields[column] = column === 'post_date' || column === 'post_date_gmt' ? mysqlDate(String(value)) : (value as string | number);
    } else if (taxonomies[name] !== undefined && Array.isArray(value)) {
      // The taxonomy properties are lists of IDs (`ints`), so this is every taxonomy property.
      postArr.taxInput.set(taxonomies[name], value);
    } else {
      postArr.metaInput.set(metaAliases[name] ?? name, value);
    }
  }
  return postArr;
}

/** The event repository's aliases. */
export function eventPostArr(body: TecV1Body): PostArr {
  return buildPostArr(PostType.event, body, EVENT_META_ALIASES);
}

// update_postarr_dates: the ISO form the body's date-time uses, as a MySQL date.
function mysqlDate(value: string): string {
  return value.replace('T', ' ').slice(0, 19);
}

/** What filter_meta_input reads of the stored event (get_post_meta); empty for a create. */
export interface StoredEventMeta {
  get(key: string): string | undefined;
}

export interface EventMetaContext {
  siteTimezone: string;
  multiDayCutoff: string;
  /** tribe_is_venue / tribe_is_organizer of each ID the body names. */
  venueIds: ReadonlySet<number>;
  organizerIds: ReadonlySet<number>;
  /** The request's instant (unix seconds). */
  nowUnix: number;
}

/**
 * PHP's timezone_name_from_abbr('', offset, 0) for the whole- and half-hour offsets, as
 * Timezones::build_timezone_object turns a `UTC+5:30` zone into a named one (recorded:
 * `UTC+5:30` is stored as `Asia/Kolkata`). Offsets PHP has no name for stay `UTC+N`.
 */
const NAMED_ZONE_OF_OFFSET: Readonly<Record<number, string>> = {
  [-12 * 3600]: 'Etc/GMT+12',
  [-11 * 3600]: 'Pacific/Apia',
  [-10 * 3600]: 'Pacific/Honolulu',
  [-9 * 3600]: 'America/Anchorage',
  [-8 * 3600]: 'America/Los_Angeles',
  [-7 * 3600]: 'America/Denver',
  [-6 * 3600]: 'America/Chicago',
  [-5 * 3600]: 'America/New_York',
  [-4 * 3600]: 'America/Halifax',
  [-3.5 * 3600]: 'America/St_Johns',
  [-3 * 3600]: 'America/Sao_Paulo',
  [-2 * 3600]: 'America/Noronha',
  [-1 * 3600]: 'Atlantic/Azores',
  0: 'UTC',
  [1 * 3600]: 'Europe/Paris',
  [2 * 3600]: 'Europe/Helsinki',
  [3 * 3600]: 'Europe/Moscow',
  [3.5 * 3600]: 'Asia/Tehran',
  [4 * 3600]: 'Asia/Dubai',
  [4.5 * 3600]: 'Asia/Kabul',
  [5 * 3600]: 'Asia/Karachi',
  [5.5 * 3600]: 'Asia/Kolkata',
  [6 * 3600]: 'Asia/Yekaterinburg',
  [7 * 3600]: 'Asia/Bangkok',
  [8 * 3600]: 'Asia/Shanghai',
  [9 * 3600]: 'Asia/Tokyo',
  [9.5 * 3600]: 'Australia/Adelaide',
  [10 * 3600]: 'Australia/Sydney',
  [11 * 3600]: 'Pacific/Guadalcanal',
  [12 * 3600]: 'Pacific/Auckland',
};

/**
 * Timezones::build_timezone_object(...)->getName(): a zone PHP knows by name, a `UTC+N` zone as
 * the named zone of its offset, and anything else (`Mars/Olympus`) the site's zone.
 */
export function buildTimezoneName(zone: string, siteTimezone: string): string {
  if (zone.toUpperCase() === 'UTC') return 'UTC';
  if (isUtcOffsetZone(zone)) return NAMED_ZONE_OF_OFFSET[utcOffsetZoneSeconds(zone)] ?? zone;
  if (isKnownZoneName(zone)) return zone;
  return isUtcOffsetZone(siteTimezone) ? buildTimezoneName(siteTimezone, 'UTC') : siteTimezone;
}

const WALL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function unixOf(wallTime: string, zone: string): number | null {
  return WALL_TIME.test(wallTime) ? wallTimeToUnix(wallTime, zone) : null;
}

/**
 * filter_meta_input: update_date_meta, update_linked_post_meta, update_accessory_meta on the
 * postarr's meta (in place, keys keep their place and new ones go last, as PHP's arrays do).
 * Returns the menu order the `sticky` field sets, if it was given.
 */
export function filterEventMetaInput(postArr: PostArr, stored: StoredEventMeta, context: EventMetaContext): void {
  updateDateMeta(postArr.metaInput, stored, context);
  updateLinkedPostMeta(postArr.metaInput, context);
  updateAccessoryMeta(postArr, stored);
}

function updateDateMeta(meta: Map<string, MetaInput>, stored: StoredEventMeta, context: EventMetaContext): void {
  const wasAllDay = isPhpTrue(stored.get(EventMeta.allDay));
  let isAllDay = false;
  if (meta.has(EventMeta.allDay) && isTribeTruthy(meta.get(EventMeta.allDay))) {
    // Recorded: the row holds `1` (the Boolean parameter's true), not the `yes` the repository sets.
    meta.set(EventMeta.allDay, true);
    isAllDay = true;
  } else {
    meta.delete(EventMeta.allDay);
  }
  const current = stored.get(EventMeta.timezone) || context.siteTimezone;
  const given = meta.get(EventMeta.timezone);
  const input = (typeof given === 'string' ? given : '') || current;
  const zone = buildTimezoneName(input, context.siteTimezone);
  const zoneChanged = input !== current;
  const changed = new Map<'Start' | 'End', number>();
  const local = { Start: EventMeta.startDate, End: EventMeta.endDate } as const;
  const utc = { Start: EventMeta.startDateUtc, End: EventMeta.endDateUtc } as const;
  for (const which of ['Start', 'End'] as const) {
    const value = meta.get(local[which]);
    if (typeof value !== 'string') {
      // Only the UTC date given: PHP's branch stores a DateTime object and the create fails on the
      // missing end; the sidecar keeps no UTC date without its local one.
      meta.delete(utc[which]);
      continue;
    }
    const unix = unixOf(value, zone);
    if (unix === null) continue;
    meta.set(local[which], formatInZone(unix, zone));
    meta.set(utc[which], formatUtc(unix));
    changed.set(which, unix);
  }
  if (zoneChanged && changed.size === 0) {
    for (const which of ['Start', 'End'] as const) {
      const unix = unixOf(stored.get(local[which]) ?? '', zone);
      if (unix !== null) meta.set(utc[which], formatUtc(unix));
    }
  }
  const fromMetaOrStored = (key: string): string | undefined => {
    const value = meta.get(key);
    return value === undefined ? stored.get(key) || undefined : String(value);
  };
  const start = fromMetaOrStored(EventMeta.startDate);
  let end = fromMetaOrStored(EventMeta.endDate);
  const duration = fromMetaOrStored(EventMeta.duration);
  if (start !== undefined && duration !== undefined && !end) {
    const startUnix = unixOf(start, zone);
    if (startUnix !== null) end = formatInZone(startUnix + Math.trunc(Number(duration)), zone);
  }
  // build_date_object without a zone: both read in the site's zone, compared as instants.
  const sense = !(start !== undefined && end !== undefined && (unixOf(end, context.siteTimezone) ?? 0) < (unixOf(start, context.siteTimezone) ?? 0));
  if (!sense) {
    for (const key of [EventMeta.startDate, EventMeta.startDateUtc, EventMeta.endDate, EventMeta.endDateUtc, EventMeta.duration, EventMeta.timezone]) meta.delete(key);
  }
  const givenDuration = meta.get(EventMeta.duration);
  if (sense && changed.size === 2) {
    meta.set(EventMeta.duration, changed.get('End')! - changed.get('Start')!);
  } else if (givenDuration !== undefined) {
    const seconds = Math.trunc(Number(givenDuration));
    if (changed.has('Start')) {
      const endUnix = changed.get('Start')! + seconds;
      meta.set(EventMeta.endDate, formatInZone(endUnix, zone));
      meta.set(EventMeta.endDateUtc, formatUtc(endUnix));
    } else if (changed.has('End')) {
      const startUnix = changed.get('End')! - seconds;
      meta.set(EventMeta.startDate, formatInZone(startUnix, zone));
      meta.set(EventMeta.startDateUtc, formatUtc(startUnix));
    }
  }
  if (isAllDay && !wasAllDay) {
    const startDay = fromMetaOrStored(EventMeta.startDate);
    const endDay = fromMetaOrStored(EventMeta.endDate);
    if (startDay !== undefined && endDay !== undefined) {
      const cutoff = context.multiDayCutoff || '00:00';
      const first = `${startDay.slice(0, 10)} ${cutoff}:00`;
      const last = endOfDayWall(endDay, cutoff);
      meta.set(EventMeta.startDate, first);
      meta.set(EventMeta.startDateUtc, formatUtc(unixOf(first, zone) ?? 0));
      meta.set(EventMeta.endDate, last);
      meta.set(EventMeta.endDateUtc, formatUtc(unixOf(last, zone) ?? 0));
    }
  }
  // The repository asks for the start without the post ID, so an update that sends no start date
  // gets the abbreviation of now (date_create(null)): CET for a summer event saved in winter.
  const abbrStart = meta.get(EventMeta.startDate);
  const abbrUnix = typeof abbrStart === 'string' ? unixOf(abbrStart, zone) : null;
  meta.set(EventMeta.timezoneAbbr, timezoneAbbr(zone, abbrUnix ?? context.nowUnix));
  meta.set(EventMeta.timezone, zone);
}

// tribe_end_of_day: one second before the next day's cutoff.
function endOfDayWall(wallTime: string, cutoff: string): string {
  const [hours, minutes] = cutoff.split(':').map(Number);
  const day = Date.UTC(Number(wallTime.slice(0, 4)), Number(wallTime.slice(5, 7)) - 1, Number(wallTime.slice(8, 10)));
  return formatUtc(day / 1000 + 86400 + (hours || 0) * 3600 + (minutes || 0) * 60 - 1);
}

/** PHP's (bool) of a stored meta string. */
function isPhpTrue(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0';
}

/**
 * update_venues / update_organizers: venues allow one, so the first ID is kept when it names a
 * venue, and the field dropped otherwise (an empty list leaves the link alone); organizers keep
 * the IDs that name organizers, an empty list clearing them, a list of none dropping the field.
 */
function updateLinkedPostMeta(meta: Map<string, MetaInput>, context: EventMetaContext): void {
  if (meta.has(EventMeta.venueId)) {
    const [first] = meta.get(EventMeta.venueId) as readonly number[];
    if (first !== undefined && context.venueIds.has(first)) meta.set(EventMeta.venueId, first);
    else meta.delete(EventMeta.venueId);
  }
  if (meta.has(EventMeta.organizerId)) {
    const given = meta.get(EventMeta.organizerId) as readonly number[];
    const valid = given.filter((id) => context.organizerIds.has(id));
    if (given.length === 0) meta.set(EventMeta.organizerId, []);
    else if (valid.length === 0) meta.delete(EventMeta.organizerId);
    else meta.set(EventMeta.organizerId, valid);
  }
}

/**
 * update_accessory_meta: the origin; the map flags, true by default, set where they differ from
 * what is stored; `sticky` becomes the menu order; `featured` kept only when true.
 */
function updateAccessoryMeta(postArr: PostArr, stored: StoredEventMeta): void {
  const meta = postArr.metaInput;
  meta.set('_EventOrigin', 'events-calendar');
  for (const key of [EventMeta.showMap, EventMeta.showMapLink]) {
    const storedValue = stored.get(key) ?? '';
    const value = meta.has(key) ? meta.get(key) : storedValue === '' ? true : storedValue;
    const wanted = isTribeTruthy(value);
    if (wanted !== isTribeTruthy(storedValue)) meta.set(key, wanted);
  }
  if (meta.has('sticky')) {
    postArr.fields.menu_order = meta.get('sticky') === true ? -1 : 0;
    meta.delete('sticky');
  }
  if (meta.has(EventMeta.featured)) {
    if (meta.get(EventMeta.featured) === true) meta.set(EventMeta.featured, true);
    else meta.delete(EventMeta.featured);
  }
}
