import type { ArgSpecs } from '../../http/rest-args.js';
import { parseRestBoolean } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import { PostType, Taxonomy } from '../../wp/constants.js';
import { formatInZone, formatUtc, strtotime } from '../../wp/tec/dates.js';
import { PureMemo } from '../../cache/pure-memo.js';
import {
  arePostsOfType,
  areTermsOfTaxonomy,
  isEventId,
  isNonEmptyString,
  isPositiveInt,
  isPositiveIntList,
} from '../../wp/validators.js';
import { listToArray } from '../../wp/php/lists.js';
import { isPhpNumeric, phpIntval } from '../../wp/php/php-values.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { filterPostStatusList } from '../../wp/posts/post-status.js';
import type { InvalidParam } from '../../http/errors.js';
import { defaultPostsPerPage, isTimeArg, sanitizePerPage } from '../../http/arg-validators.js';

/** The most events one page may hold (filter tribe_rest_event_max_per_page). */
export const MAX_EVENTS_PER_PAGE = 50;

/** Default start: `yesterday 23:59` read in UTC and shown in the site's zone (localize_date). */
export function defaultStartDate(ctx: RequestContext): string {
  const unix = yesterdayAt2359(ctx.now);
  return unix === null ? formatInZone(0, ctx.site.timezone) : formatInZone(unix, ctx.site.timezone);
}

/**
 * strtotime('yesterday 23:59') in UTC: it reads nothing of "now" but its UTC day, so it is kept by
 * that day (every list without a start date asks, and PHP's date parser is slow by design).
 */
function yesterdayAt2359(now: Date): number | null {
  const day = Math.floor(now.getTime() / 86_400_000);
  return defaultStarts.get(String(day), () => strtotime('yesterday 23:59', now));
}

const defaultStarts = new PureMemo<number | null>(4);

/** Default end: 24 months from now, PHP `date()` in UTC. */
export function defaultEndDate(ctx: RequestContext): string {
  const end = new Date(ctx.now.getTime());
  end.setUTCMonth(end.getUTCMonth() + 24);
  return formatUtc(Math.floor(end.getTime() / 1000));
}

/** Validator::supports_ticketed: false is fine; true needs Event Tickets active on the site. */
function supportsTicketed(value: unknown, ctx: RequestContext): boolean | InvalidParam {
  if (!isTribeTruthy(value) || ctx.site.plugins.eventTickets !== undefined) return true;
  const message = 'Event Tickets plugin is not activated.';
  return { message, detail: { code: 'event-tickets-not-active', message, data: { status: 400 } } };
}

/**
 * GET /events (Archive_Event::READ_args). Properties are declared in the plugin's order, which
 * is the order the namespace index prints them in.
 */
export const ListEventsArgs = {
  page: {
    required: false,
    validate: isPositiveInt,
    default: 1,
    description: 'The archive page to return',
    type: 'integer',
  },
  per_page: {
    required: false,
    validate: isPositiveInt,
    sanitize: sanitizePerPage(MAX_EVENTS_PER_PAGE),
    default: defaultPostsPerPage,
    description: 'The number of events to return on each page',
    type: 'integer',
  },
  start_date: {
    required: false,
    validate: isTimeArg,
    default: defaultStartDate,
    description: 'Events that start on the specified date',
    swaggerType: 'string',
  },
  end_date: {
    required: false,
    validate: isTimeArg,
    default: defaultEndDate,
    description: 'Events that end on the specified date',
    swaggerType: 'string',
  },
  starts_before: {
    required: false,
    validate: isTimeArg,
    description: 'Events that start before the specified date',
    swaggerType: 'string',
  },
  starts_after: {
    required: false,
    validate: isTimeArg,
    description: 'Events that start after the specified date',
    swaggerType: 'string',
  },
  ends_before: {
    required: false,
    validate: isTimeArg,
    description: 'Events that end before the specified date',
    swaggerType: 'string',
  },
  ends_after: {
    required: false,
    validate: isTimeArg,
    description: 'Events that end after the specified date',
    swaggerType: 'string',
  },
  strict_dates: {
    required: false,
    validate: isNonEmptyString,
    default: 'false',
    description:
      'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.',
    swaggerType: 'string',
  },
  search: {
    required: false,
    validate: isNonEmptyString,
    description: 'Events should contain the specified string in the title or description',
    type: 'string',
  },
  categories: {
    required: false,
    validate: (value, ctx) => areTermsOfTaxonomy(ctx.lookups, value, Taxonomy.eventCategory, ctx.site.language),
    description: 'Events should be assigned one of the specified categories slugs or IDs',
    swaggerType: 'array',
    items: { type: 'integer' },
    collectionFormat: 'csv',
  },
  tags: {
    required: false,
    validate: (value, ctx) => areTermsOfTaxonomy(ctx.lookups, value, Taxonomy.tag, ctx.site.language),
    description: 'Events should be assigned one of the specified tags slugs or IDs',
    swaggerType: 'array',
    items: { type: 'integer' },
    collectionFormat: 'csv',
  },
  venue: {
    required: false,
    validate: (value, ctx) => arePostsOfType(ctx.lookups, value, PostType.venue),
    description: 'Events should be assigned one of the specified venue IDs',
    swaggerType: 'array',
    items: { type: 'integer' },
    collectionFormat: 'csv',
  },
  organizer: {
    required: false,
    validate: (value, ctx) => arePostsOfType(ctx.lookups, value, PostType.organizer),
    description: 'Events should be assigned one of the specified organizer IDs',
    swaggerType: 'array',
    items: { type: 'integer' },
    collectionFormat: 'csv',
  },
  featured: {
    required: false,
    type: 'boolean',
    description: 'Events should be filtered by their featured status',
  },
  status: {
    required: false,
    validate: (value, ctx) => filterPostStatusList(value, ctx.viewer, PostType.event) !== false,
    swaggerType: 'string',
    format: 'string',
    description: 'The event post status',
  },
  geoloc: {
    required: false,
    type: 'boolean',
    description:
      'Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data',
  },
  geoloc_lat: {
    required: false,
    swaggerType: 'number',
    format: 'double',
    description:
      'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng',
  },
  geoloc_lng: {
    required: false,
    swaggerType: 'number',
    format: 'double',
    description:
      'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat',
  },
  include: {
    required: false,
    description:
      'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.',
    swaggerType: 'array',
    items: { type: 'integer' },
    collectionFormat: 'csv',
    validate: isPositiveIntList,
    sanitize: (value) => listToArray(value).map(phpIntval),
  },
  post_parent: {
    required: false,
    type: 'integer',
    description: 'Events should be filtered by their post_parent being the specified one.',
    validate: (value, ctx) => isEventId(ctx.lookups, value),
  },
  ticketed: {
    required: false,
    type: 'boolean',
    description: 'Filter events with or without tickets.',
    validate: supportsTicketed,
  },
} satisfies ArgSpecs<RequestContext>;

/** GET /events/{id} (Single_Event::READ_args). */
export const GetEventArgs: ArgSpecs<RequestContext> = {
  id: {
    in: 'path',
    type: 'integer',
    description: 'the event post ID',
    required: true,
    // is_event_id_format: anything numeric; the route pattern already wants digits.
    validate: (value) => value !== '' && value !== false && isPhpNumeric(value),
  },
  password: {
    in: 'path',
    type: 'string',
    description: 'The event password',
    required: false,
    validate: isNonEmptyString,
  },
};

/** GET /events/by-slug/{slug} (Single_Event_Slug::READ_args); the slug must name an event. */
export function getEventBySlugArgs(
  isEventSlug: (slug: string, ctx: RequestContext) => Promise<boolean>,
): ArgSpecs<RequestContext> {
  return {
    slug: {
      in: 'path',
      type: 'string',
      description: 'the event post name',
      required: true,
      validate: (value, ctx) => typeof value === 'string' && value !== '' && isEventSlug(value, ctx),
    },
  };
}

/** The list query after WordPress validated, defaulted and cast it. */
export interface ListEventsQuery {
  page: number;
  per_page: number;
  start_date: string | number;
  end_date: string | number;
  starts_before?: string | number;
  starts_after?: string | number;
  ends_before?: string | number;
  ends_after?: string | number;
  strict_dates: string;
  search?: string;
  categories?: unknown;
  tags?: unknown;
  venue?: unknown;
  organizer?: unknown;
  featured?: boolean;
  status?: unknown;
  include?: number[];
  post_parent?: number;
  ticketed?: boolean;
  password?: string;
}

export { parseRestBoolean };
