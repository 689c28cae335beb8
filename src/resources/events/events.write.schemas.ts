import { typeError, type ArgSpecs, type ValidationResult } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import { PostType } from '../../wp/constants.js';
import { arePostIdsOfType, isNonEmptyString } from '../../wp/validators.js';
import { isPhpNumeric, phpTrim } from '../../wp/php/php-values.js';
import { isEmptyParam } from '../../wp/php/php-empty.js';
import { isKnownZoneName } from '../../wp/tec/dates.js';
import { CreateOrganizerArgs } from '../organizers/organizers.schemas.js';
import { CreateVenueArgs } from '../venues/venues.schemas.js';
import { isImage, isPostSlugOfType, isPostStatus, isTimeArg, isUrlOrEmpty, isUserId, unrequired } from '../../http/arg-validators.js';
import { GetEventArgs, getEventBySlugArgs } from './events.schemas.js';

type Args = ArgSpecs<RequestContext>;

/** Validator::is_event_slug: a non-empty slug naming an event (get_page_by_path). */
export function isEventSlug(slug: string, ctx: RequestContext): Promise<boolean> {
  return isPostSlugOfType(ctx, slug, PostType.event);
}

/**
 * Tribe__Timezones::is_valid_timezone: `UTC` followed by anything (`UTC+2`), or what PHP's
 * DateTimeZone accepts. Offsets (`+05:00`) are read here; names go through Intl, which knows
 * every IANA zone and link and ICU's legacy three-letter IDs (`PST`, `JST`) but, unlike PHP, not
 * daylight abbreviations such as `CEST` or `PDT`.
 */
function isValidTimezone(candidate: string): boolean {
  const trimmed = phpTrim(candidate);
  if (trimmed.startsWith('UTC') && trimmed.length > 3) return true;
  if (/^[+-]\d{1,2}(:?\d{2})?$/.test(candidate)) return true;
  return isKnownZoneName(candidate);
}

/** Validator::is_timezone_or_empty. */
export function isTimezoneOrEmpty(value: unknown): boolean {
  if (isEmptyParam(value)) return true;
  return typeof value === 'string' && isValidTimezone(value);
}

/** A PHP array: a JSON list or object, or a bracketed form/query field. */
function isPhpArray(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/** `array_values($a) === $a`: a list, or an object whose keys are 0..n-1 in order. */
function isPhpList(value: Record<string, unknown> | unknown[]): boolean {
  if (Array.isArray(value)) return true;
  return Object.keys(value).every((key, index) => key === String(index));
}

/** PHP's string cast of a scalar request value. */
function phpString(value: unknown): string {
  if (value === true) return '1';
  if (value === false || value === null || value === undefined) return '';
  return String(value);
}

function isInvalid(result: ValidationResult): boolean {
  return result === false || typeof result === 'object';
}

/**
 * WP_REST_Request::has_valid_params for a nested venue or organizer entry, as the plugin runs
 * it: required arguments present, then each validate callback; no type checks (those belong to
 * sanitizing, which the plugin never runs on the entry).
 */
async function entryHasValidParams(entry: Record<string, unknown>, args: Args, ctx: RequestContext): Promise<boolean> {
  const valueOf = (name: string) => (Object.hasOwn(entry, name) ? entry[name] : undefined);
  for (const [name, spec] of Object.entries(args)) {
    if (spec.required && (valueOf(name) ?? null) === null) return false;
  }
  for (const [name, spec] of Object.entries(args)) {
    const value = valueOf(name);
    if (value === undefined || value === null || !spec.validate) continue;
    if (isInvalid(await spec.validate(value, ctx))) return false;
  }
  return true;
}

/**
 * REST Validator::is_linked_post_id_or_entry. A scalar is a CSV of IDs, all of the type. An
 * array is one entry when associative, else a list of entries; each entry is an ID of the type,
 * `{id}` naming one, or the fields of a new one, valid against that type's create arguments.
 */
async function isLinkedPostIdOrEntry(
  value: unknown,
  postType: string,
  createArgs: Args,
  ctx: RequestContext,
): Promise<boolean> {
  if (!isPhpArray(value)) return arePostIdsOfType(ctx.lookups, phpString(value).split(/\s*,\s*/), postType);
  const entries = isPhpList(value) ? Object.values(value) : [value];
  // Entries naming an existing post (an ID, or `{id}`) are checked together in one query.
  const namedIds: unknown[] = [];
  for (const entry of entries) {
    if (isPhpNumeric(entry)) {
      namedIds.push(entry);
      continue;
    }
    if (!isPhpArray(entry)) return false;
    const id = Object.hasOwn(entry, 'id') ? (entry as Record<string, unknown>).id : undefined;
    if (!isEmptyParam(id)) {
      namedIds.push(id);
      continue;
    }
    if (isPhpList(entry)) return false;
    if (!(await entryHasValidParams(entry as Record<string, unknown>, createArgs, ctx))) return false;
  }
  return namedIds.length === 0 || arePostIdsOfType(ctx.lookups, namedIds, postType);
}

/** is_linked_post_id_or_entry_or_empty: empty, or an array of only empty values, passes. */
async function isLinkedPostIdOrEntryOrEmpty(
  value: unknown,
  postType: string,
  createArgs: Args,
  ctx: RequestContext,
): Promise<boolean> {
  if (isEmptyParam(value)) return true;
  if (isPhpArray(value) && Object.values(value).every(isEmptyParam)) return true;
  return isLinkedPostIdOrEntry(value, postType, createArgs, ctx);
}

/** Validator::is_venue_id_or_entry_or_empty (entries checked against POST /venues arguments). */
export function isVenueIdOrEntryOrEmpty(value: unknown, ctx: RequestContext): Promise<boolean> {
  return isLinkedPostIdOrEntryOrEmpty(value, PostType.venue, CreateVenueArgs, ctx);
}

/** Validator::is_organizer_id_or_entry_or_empty (entries checked against POST /organizers arguments). */
export function isOrganizerIdOrEntryOrEmpty(value: unknown, ctx: RequestContext): Promise<boolean> {
  return isLinkedPostIdOrEntryOrEmpty(value, PostType.organizer, CreateOrganizerArgs, ctx);
}

/**
 * For `categories`, `tags` and `cost`, which the plugin declares without a type: each value of
 * `(array) $value` must be a scalar. Tribe__Terms::translate_terms_to_ids trims every value and
 * Tribe__Cost_Utils::parse_cost_range matches a pattern on it; given an array or object, PHP
 * throws a TypeError and the plugin answers with a fatal error (after creating any new term named
 * before it). The plugin has no message of its own, so the refusal is worded as WordPress's
 * schema check of items typed `types` words it: `categories[0] is not of type integer,string.`
 */
function scalarItemsOf(param: string, types: string): (value: unknown) => ValidationResult {
  return (value) => {
    if (!isPhpArray(value)) return true;
    for (const [key, item] of Object.entries(value)) {
      if (isPhpArray(item)) return typeError(`${param}[${key}]`, types);
    }
    return true;
  };
}

/**
 * POST /events (Single_Event::CREATE_args). Properties keep the plugin's order, which is the
 * order the namespace index prints them in.
 */
export const CreateEventArgs: Args = {
  author: {
    required: false,
    validate: isUserId,
    type: 'integer',
    description: 'The event author ID',
  },
  date: {
    required: false,
    validate: isTimeArg,
    type: 'string',
    description: 'The event publication date',
  },
  date_utc: {
    required: false,
    validate: isTimeArg,
    type: 'string',
    description: 'The event publication date (UTC time zone)',
  },
  title: {
    required: true,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The event title',
  },
  description: {
    required: false,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The event description',
  },
  slug: {
    required: false,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The event slug',
  },
  excerpt: {
    required: false,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The event excerpt',
  },
  status: {
    required: false,
    validate: isPostStatus,
    type: 'string',
    description: 'The event post status',
  },
  timezone: {
    required: false,
    validate: isTimezoneOrEmpty,
    type: 'string',
    description: 'The event time zone',
  },
  all_day: {
    required: false,
    default: false,
    type: 'boolean',
    description: 'Whether the event lasts the whole day or not',
  },
  start_date: {
    required: true,
    validate: isTimeArg,
    type: 'string',
    description: 'The event start date and time',
  },
  end_date: {
    required: true,
    validate: isTimeArg,
    type: 'string',
    description: 'The event end date and time',
  },
  image: {
    required: false,
    validate: isImage,
    type: 'string',
    description: 'The event featured image ID or URL',
  },
  cost: {
    required: false,
    validate: scalarItemsOf('cost', 'string,number'),
    swaggerType: 'string',
    description: 'The event cost',
  },
  website: {
    required: false,
    validate: isUrlOrEmpty,
    swaggerType: 'string',
    default: null,
    description: 'The event website URL',
  },
  show_map: {
    required: false,
    type: 'boolean',
    description: 'Whether the event should show a map or not',
  },
  show_map_link: {
    required: false,
    type: 'boolean',
    description: 'Whether the event should show a map link or not',
  },
  hide_from_listings: {
    required: false,
    type: 'boolean',
    description: 'Whether events should be hidden in the calendar view or not',
  },
  sticky: {
    required: false,
    type: 'boolean',
    description: 'Whether the event should be sticky in the calendar view or not',
  },
  featured: {
    required: false,
    type: 'boolean',
    description: 'Whether the event should be featured on the site or not',
  },
  categories: {
    required: false,
    default: null,
    validate: scalarItemsOf('categories', 'integer,string'),
    swaggerType: 'array',
    items: { type: 'integer' },
    description: 'The event category ID or name',
  },
  tags: {
    required: false,
    default: null,
    validate: scalarItemsOf('tags', 'integer,string'),
    swaggerType: 'array',
    items: { type: 'integer' },
    description: 'The event tag ID or name',
  },
  venue: {
    required: false,
    default: null,
    validate: isVenueIdOrEntryOrEmpty,
    swaggerType: 'array',
    items: { type: 'integer' },
    description: 'The event venue IDs or data',
  },
  organizer: {
    required: false,
    default: null,
    validate: isOrganizerIdOrEntryOrEmpty,
    swaggerType: 'array',
    items: { type: 'integer' },
    description: 'The event organizer IDs or data',
  },
};

/** DELETE /events/{id} (Single_Event::DELETE_args, which are its READ_args): `id`, `password`. */
export const DeleteEventArgs: Args = GetEventArgs;

/** POST/PUT/PATCH /events/{id} (Single_Event::EDIT_args): `id`, `password`, then every create field, optional. */
export const UpdateEventArgs: Args = { ...GetEventArgs, ...unrequired(CreateEventArgs) };

/** DELETE /events/by-slug/{slug} (Single_Event_Slug::READ_args): a slug naming an event. */
export const DeleteEventBySlugArgs: Args = getEventBySlugArgs(isEventSlug);

/**
 * POST/PUT/PATCH /events/by-slug/{slug}. array_merge keeps `slug` first but takes the create
 * field's definition: optional, any non-empty string, described as "The event slug". The route
 * always supplies it; the handler looks the event up by it.
 */
export const UpdateEventBySlugArgs: Args = { ...DeleteEventBySlugArgs, ...unrequired(CreateEventArgs) };
