import type { ArgSpec, ArgSpecs } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import { PostType } from '../../wp/constants.js';
import { filterPostStatusList } from '../../wp/posts/post-status.js';
import { isEventId, isNonEmptyString, isPositiveInt } from '../../wp/validators.js';
import {
  isImageOrEmpty,
  isPostOfType,
  isPostSlugOfType,
  isPostStatus,
  isStringOrEmpty,
  isTimeArg,
  isUrlOrEmpty,
  isUserId,
  unrequired,
  defaultPostsPerPage,
  sanitizePerPage,
} from '../../http/arg-validators.js';
import type { LinkedPostArchiveQuery } from '../linked-posts/linked-posts.types.js';

type Args = ArgSpecs<RequestContext>;

/** The list page-size cap (filter tribe_rest_venue_max_per_page). */
export const MAX_VENUES_PER_PAGE = 50;

const isVenueId = (value: unknown, ctx: RequestContext) => isPostOfType(ctx.lookups, value, PostType.venue);

/**
 * GET /venues (Archive_Venue::READ_args). Properties keep the plugin's order, which is the order
 * the namespace index prints them in.
 */
export const ListVenuesArgs = {
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
    sanitize: sanitizePerPage(MAX_VENUES_PER_PAGE),
    default: defaultPostsPerPage,
    description: 'The number of venues to return on each page',
    type: 'integer',
  },
  search: {
    required: false,
    validate: isNonEmptyString,
    description: 'Venues should contain the specified string in the title, description or custom fields',
    type: 'string',
  },
  event: {
    required: false,
    validate: (value, ctx) => isEventId(ctx.lookups, value),
    description: 'Venues should be related to this event',
    type: 'integer',
  },
  has_events: {
    required: false,
    description: 'Venues should have events associated to them',
    swaggerType: 'boolean',
  },
  only_with_upcoming: {
    required: false,
    description: 'Venues should have upcoming events associated to them',
    swaggerType: 'boolean',
    default: false,
  },
  status: {
    required: false,
    validate: (value, ctx) => filterPostStatusList(value, ctx.viewer, PostType.venue) !== false,
    swaggerType: 'string',
    format: 'string',
    // The plugin's copy says "organizer" here too.
    description: 'The organizer post status',
  },
} satisfies Args;

/** GET and DELETE /venues/{id} (Single_Venue::READ_args): the ID of an existing venue. */
export const GetVenueArgs: Args = {
  id: {
    in: 'path',
    type: 'integer',
    description: 'the venue post ID',
    required: true,
    validate: isVenueId,
  },
};

export const DeleteVenueArgs: Args = GetVenueArgs;

/** GET and DELETE /venues/by-slug/{slug} (Single_Venue_Slug::READ_args). */
export const GetVenueBySlugArgs: Args = {
  slug: {
    in: 'path',
    type: 'string',
    description: 'the venue post name',
    required: true,
    validate: (value, ctx) => isPostSlugOfType(ctx, value, PostType.venue),
  },
};

export const DeleteVenueBySlugArgs: Args = GetVenueBySlugArgs;

/** A venue text field: PHP-empty or a non-empty string, stored as given. */
function venueTextField(description: string): ArgSpec<RequestContext> {
  return { required: false, validate: isStringOrEmpty, type: 'string', default: null, description };
}

/**
 * POST /venues (Single_Venue::CREATE_args). `show_map` and `show_map_link` have no validator, so
 * WordPress's string type check answers a JSON boolean with "show_map is not of type string.".
 */
export const CreateVenueArgs: Args = {
  author: {
    required: false,
    validate: isUserId,
    type: 'integer',
    description: 'The venue author ID',
  },
  date: {
    required: false,
    validate: isTimeArg,
    type: 'string',
    description: 'The venue publication date',
  },
  date_utc: {
    required: false,
    validate: isTimeArg,
    type: 'string',
    description: 'The venue publication date (UTC time zone)',
  },
  venue: {
    required: true,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The venue name',
  },
  description: venueTextField('The venue description'),
  status: {
    required: false,
    validate: isPostStatus,
    type: 'string',
    description: 'The venue post status',
  },
  show_map: {
    required: false,
    type: 'string',
    default: null,
    description: 'Whether events linked to the venue should show a map or not',
  },
  show_map_link: {
    required: false,
    type: 'string',
    default: null,
    description: 'Whether events linked to the venue should show a map link or not',
  },
  address: venueTextField('The venue address'),
  city: venueTextField('The venue city'),
  country: venueTextField('The venue country'),
  province: venueTextField('The venue province'),
  state: venueTextField('The venue state'),
  zip: venueTextField('The venue ZIP code'),
  phone: venueTextField('The venue phone number'),
  stateprovince: venueTextField('The venue state and province'),
  website: {
    required: false,
    validate: isUrlOrEmpty,
    type: 'string',
    default: null,
    description: 'The venue website URL',
  },
  image: {
    required: false,
    validate: isImageOrEmpty,
    type: 'string',
    default: null,
    // The plugin's copy says "organizer" here.
    description: 'The organizer featured image ID or URL',
  },
};

/** POST/PUT/PATCH /venues/{id} (Single_Venue::EDIT_args): the ID, then every create field, optional. */
export const UpdateVenueArgs: Args = { ...GetVenueArgs, ...unrequired(CreateVenueArgs) };

/** POST/PUT/PATCH /venues/by-slug/{slug}: the slug stays required (create has no `slug` to override it). */
export const UpdateVenueBySlugArgs: Args = { ...GetVenueBySlugArgs, ...unrequired(CreateVenueArgs) };

/** GET /venues after WordPress validated, defaulted and cast it. */
export type ListVenuesQuery = LinkedPostArchiveQuery;
