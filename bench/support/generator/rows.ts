import { occurrenceHash } from '../../../test/builders/events.js';
import { BUILDER_DATE, ZERO_DATE, permalink, sanitizeTitle } from '../../../test/builders/posts.js';
import type { EventSpec, OrganizerSpec, TermSpec, VenueSpec } from './plan.js';
import { DAY, Zones, formatWallTime, parseWallTime } from './zones.js';

/*
 * The rows test/builders writes for a plan's inputs, computed without a database: posts as
 * insertPost stores them (posts.ts), meta in insertEvent / insertVenue / insertOrganizer order,
 * TEC 6's tec_events / tec_occurrences rows, and terms as insertTerm stores them. Each function
 * names the builder it mirrors; test/bench/generator.test.ts checks them against the builders.
 * Rows are arrays in the column order of the INSERT statements in writer.ts.
 */

export type SqlValue = string | number;

/** The `posts` columns in insert order. */
export const POST_COLUMNS = [
  'ID', 'post_author', 'post_date', 'post_date_gmt', 'post_content', 'post_title', 'post_excerpt', 'post_status',
  'comment_status', 'ping_status', 'post_password', 'post_name', 'to_ping', 'pinged', 'post_modified',
  'post_modified_gmt', 'post_content_filtered', 'post_parent', 'guid', 'menu_order', 'post_type', 'post_mime_type',
  'comment_count',
] as const;
export const META_COLUMNS = ['meta_id', 'post_id', 'meta_key', 'meta_value'] as const;
export const TEC_EVENT_COLUMNS = [
  'event_id', 'post_id', 'start_date', 'end_date', 'timezone', 'start_date_utc', 'end_date_utc', 'duration', 'updated_at', 'hash',
] as const;
export const OCCURRENCE_COLUMNS = [
  'occurrence_id', 'event_id', 'post_id', 'start_date', 'start_date_utc', 'end_date', 'end_date_utc', 'duration', 'hash', 'updated_at',
] as const;
export const RELATIONSHIP_COLUMNS = ['object_id', 'term_taxonomy_id', 'term_order'] as const;
export const TERM_COLUMNS = ['term_id', 'name', 'slug', 'term_group'] as const;
export const TERM_TAXONOMY_COLUMNS = ['term_taxonomy_id', 'term_id', 'taxonomy', 'description', 'parent', 'count'] as const;

// insertPost: these states keep a zero GMT date and an empty slug until published.
const UNDATED_STATUSES: ReadonlySet<string> = new Set(['draft', 'pending', 'auto-draft']);

/**
 * wp_unique_post_slug as the builder runs it (the first free of slug, slug-2, slug-3, ... among
 * posts of the type), from memory instead of a LIKE query per post. `next` remembers where each
 * base's search stopped: the slugs below it are taken and slugs are never freed here.
 */
export class SlugRegistry {
  readonly #taken = new Map<string, Set<string>>();
  readonly #next = new Map<string, number>();

  unique(type: string, slug: string): string {
    if (slug === '') return slug;
    let taken = this.#taken.get(type);
    if (!taken) {
      taken = new Set();
      this.#taken.set(type, taken);
    }
    let chosen = slug;
    if (taken.has(slug)) {
      const key = `${type}\u0000${slug}`;
      let suffix = this.#next.get(key) ?? 2;
      while (taken.has(`${slug}-${suffix}`)) suffix += 1;
      this.#next.set(key, suffix + 1);
      chosen = `${slug}-${suffix}`;
    }
    taken.add(chosen);
    return chosen;
  }
}

interface PostInput {
  ID: number;
  post_type: string;
  post_title: string;
  post_status?: string;
  post_date?: string;
  post_date_gmt?: string;
  post_modified?: string;
  post_modified_gmt?: string;
  post_content?: string;
  post_excerpt?: string;
  post_password?: string;
  menu_order?: number;
}

/** insertPost (test/builders/posts.ts) for the columns the generator sets; trash is not generated. */
export function postRow(input: PostInput, slugs: SlugRegistry): SqlValue[] {
  const status = input.post_status ?? 'publish';
  const date = input.post_date ?? BUILDER_DATE;
  const dateGmt = input.post_date_gmt ?? (UNDATED_STATUSES.has(status) ? ZERO_DATE : date);
  if (status === 'trash') throw new Error('The generator does not write trashed posts');
  const slug = UNDATED_STATUSES.has(status) ? '' : slugs.unique(input.post_type, sanitizeTitle(input.post_title));
  const tec = input.post_type.startsWith('tribe_');
  return [
    input.ID,
    1,
    date,
    dateGmt,
    input.post_content ?? '',
    input.post_title,
    input.post_excerpt ?? '',
    status,
    tec ? 'closed' : 'open',
    tec ? 'closed' : 'open',
    input.post_password ?? '',
    slug,
    '',
    '',
    input.post_modified ?? date,
    input.post_modified_gmt ?? dateGmt,
    '',
    0,
    permalink(input.ID, input.post_type, status, slug),
    input.menu_order ?? 0,
    input.post_type,
    '',
    0,
  ];
}

/** Assigns meta_ids in insert order, as AUTO_INCREMENT does for the builder's one-row inserts. */
export class MetaIds {
  constructor(public next: number = 1) {}

  rows(postId: number, entries: ReadonlyArray<readonly [string, string]>): SqlValue[][] {
    return entries.map(([key, value]) => [this.next++, postId, key, value]);
  }
}

const flag = (value: boolean) => (value ? '1' : '');

/** insertVenue (test/builders/venues.ts): the post and its meta rows in TEC's order. */
export function venueRows(spec: VenueSpec, slugs: SlugRegistry, metaIds: MetaIds): { post: SqlValue[]; meta: SqlValue[][] } {
  const o = spec.overrides;
  const showMap = o.show_map ?? true;
  const showMapLink = o.show_map_link ?? true;
  const meta: Array<[string, string]> = [
    ['_VenueOrigin', 'events-calendar'],
    ['_EventShowMapLink', flag(showMapLink)],
    ['_EventShowMap', flag(showMap)],
    ['_VenueShowMapLink', flag(showMapLink)],
    ['_VenueShowMap', flag(showMap)],
    ['_Venuepost_date', ''],
    ['_Venuepost_date_gmt', ''],
  ];
  const optional: Array<[string, string | undefined]> = [
    ['_VenueAddress', o.address],
    ['_VenueCity', o.city],
    ['_VenueCountry', o.country],
    ['_VenueState', o.state],
    ['_VenueProvince', o.province],
    ['_VenueZip', o.zip],
    ['_VenuePhone', o.phone],
    ['_VenueURL', o.website],
  ];
  for (const [key, value] of optional) if (value !== undefined) meta.push([key, value]);
  meta.push(['_VenueStateProvince', o.stateprovince ?? o.state ?? o.province ?? '']);
  return { post: postRow({ ...postColumns(o), post_type: 'tribe_venue' }, slugs), meta: metaIds.rows(spec.id, meta) };
}

/** insertOrganizer (test/builders/organizers.ts). */
export function organizerRows(
  spec: OrganizerSpec,
  slugs: SlugRegistry,
  metaIds: MetaIds,
): { post: SqlValue[]; meta: SqlValue[][] } {
  const o = spec.overrides;
  const status = o.post_status ?? 'publish';
  const meta: Array<[string, string]> = [
    ['_OrganizerOrigin', 'events-calendar'],
    ['_Organizerpost_date', ''],
    ['_Organizerpost_date_gmt', ''],
    ['_Organizerpost_status', status === 'trash' ? 'publish' : status],
  ];
  if (o.phone !== undefined) meta.push(['_OrganizerPhone', o.phone]);
  if (o.website !== undefined) meta.push(['_OrganizerWebsite', o.website]);
  if (o.email !== undefined) meta.push(['_OrganizerEmail', o.email]);
  return { post: postRow({ ...postColumns(o), post_type: 'tribe_organizer' }, slugs), meta: metaIds.rows(spec.id, meta) };
}

export interface EventRows {
  post: SqlValue[];
  meta: SqlValue[][];
  relationships: SqlValue[][];
  tecEvent: SqlValue[];
  occurrence: SqlValue[];
  /** For the known range and the summary. */
  startUtc: string;
  endUtc: string;
}

/**
 * insertEvent (test/builders/events.ts) with custom tables: the post, its meta in TEC's order,
 * term relationships (categories then tags), and the tec_events / tec_occurrences rows, whose
 * event_id and occurrence_id are the post's position among events (one occurrence per event).
 */
export function eventRows(spec: EventSpec, sequence: number, zones: Zones, slugs: SlugRegistry, metaIds: MetaIds): EventRows {
  const o = spec.overrides;
  const timezone = o.timezone ?? 'UTC';
  const allDay = o.all_day ?? false;
  if (o.start_date === undefined || o.end_date === undefined) throw new Error('Generated events name their dates');
  let start = parseWallTime(o.start_date);
  let end = parseWallTime(o.end_date);
  if (allDay) {
    start -= start % DAY;
    end = end - (end % DAY) + (DAY - 1000);
  }
  const zone = zones.get(timezone);
  const startUtc = zone.toUtc(start);
  const endUtc = zone.toUtc(end);
  const duration = Math.round((endUtc - startUtc) / 1000);
  const dates = {
    start_date: formatWallTime(start),
    end_date: formatWallTime(end),
    start_date_utc: formatWallTime(startUtc),
    end_date_utc: formatWallTime(endUtc),
  };

  const post = postRow(
    { ...postColumns(o), post_type: 'tribe_events', ...(o.sticky && o.menu_order === undefined ? { menu_order: -1 } : {}) },
    slugs,
  );

  const meta: Array<[string, string]> = [
    ['_EventOrigin', 'events-calendar'],
    ['_EventShowMapLink', flag(o.show_map_link ?? false)],
    ['_EventShowMap', flag(o.show_map ?? false)],
  ];
  if (o.venue !== undefined) meta.push(['_EventVenueID', String(o.venue)]);
  for (const organizer of o.organizers ?? []) meta.push(['_EventOrganizerID', String(organizer)]);
  if (allDay) meta.push(['_EventAllDay', '1']);
  meta.push(
    ['_EventStartDate', dates.start_date],
    ['_EventEndDate', dates.end_date],
    ['_EventStartDateUTC', dates.start_date_utc],
    ['_EventEndDateUTC', dates.end_date_utc],
  );
  if (!allDay) meta.push(['_EventDuration', String(duration)]);
  if (o.cost !== undefined) meta.push(['_EventCost', o.cost]);
  if (o.website !== undefined) meta.push(['_EventURL', o.website]);
  if (o.hide_from_listings) meta.push(['_EventHideFromUpcoming', 'yes']);
  meta.push(['_EventTimezone', timezone], ['_EventTimezoneAbbr', o.timezone_abbr ?? zone.abbreviation(startUtc)]);
  if (o.featured) meta.push(['_tribe_featured', '1']);

  const termTaxonomyIds = [...new Set([...(o.categories ?? []), ...(o.tags ?? [])])];
  // TEC stamps both custom-table rows with the save time; the builder uses the post's date.
  const updatedAt = o.post_modified ?? o.post_date ?? BUILDER_DATE;
  return {
    post,
    meta: metaIds.rows(spec.id, meta),
    relationships: termTaxonomyIds.map((id) => [spec.id, id, 0]),
    tecEvent: [sequence, spec.id, dates.start_date, dates.end_date, timezone, dates.start_date_utc, dates.end_date_utc, duration, updatedAt, ''],
    occurrence: [
      sequence,
      sequence,
      spec.id,
      dates.start_date,
      dates.start_date_utc,
      dates.end_date,
      dates.end_date_utc,
      duration,
      occurrenceHash(spec.id, dates, duration),
      updatedAt,
    ],
    startUtc: dates.start_date_utc,
    endUtc: dates.end_date_utc,
  };
}

/** insertTerm (test/builders/terms.ts): the `terms` and `term_taxonomy` rows, with the final count. */
export function termRows(spec: TermSpec, count: number): { term: SqlValue[]; taxonomy: SqlValue[] } {
  const { input } = spec;
  return {
    term: [spec.term_id, escapeLikeWordPress(input.name, true), input.slug ?? sanitizeTitle(input.name), 0],
    taxonomy: [
      spec.term_taxonomy_id,
      spec.term_id,
      input.taxonomy,
      escapeLikeWordPress(input.description ?? '', false),
      input.parent ?? 0,
      count,
    ],
  };
}

// The builder's escaping of term names (`&` -> `&amp;` unless already an entity; `<`, `>` in
// names), which is what WordPress's term filters leave in the database.
function escapeLikeWordPress(text: string, escapeAngles: boolean): string {
  const ampersands = text.replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;');
  return escapeAngles ? ampersands.replaceAll('<', '&lt;').replaceAll('>', '&gt;') : ampersands;
}

/** The post columns among a builder's overrides (the rest are the post type's own fields). */
function postColumns(o: Partial<PostInput> & { ID: number; post_title: string }): Omit<PostInput, 'post_type'> {
  return {
    ID: o.ID,
    post_title: o.post_title,
    post_status: o.post_status,
    post_date: o.post_date,
    post_date_gmt: o.post_date_gmt,
    post_modified: o.post_modified,
    post_modified_gmt: o.post_modified_gmt,
    post_content: o.post_content,
    post_excerpt: o.post_excerpt,
    post_password: o.post_password,
    menu_order: o.menu_order,
  };
}
