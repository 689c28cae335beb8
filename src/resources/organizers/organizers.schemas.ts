import type { ArgSpec, ArgSpecs } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import { PostType } from '../../wp/constants.js';
import { filterPostStatusList } from '../../wp/posts/post-status.js';
import { arePostIdsOfType, isEventId, isNonEmptyString, isPositiveInt } from '../../wp/validators.js';
import {
  defaultPostsPerPage,
  isImageOrEmpty,
  isPostSlugOfType,
  isPostStatus,
  isStringOrEmpty,
  isTimeArg,
  isUrlOrEmpty,
  isUserId,
  sanitizePerPage,
  unrequired,
} from '../../http/arg-validators.js';
import type { LinkedPostArchiveQuery } from '../linked-posts/linked-posts.types.js';

type Args = ArgSpecs<RequestContext>;

/** The list page-size cap (filter tribe_rest_organizer_max_per_page). */
export const MAX_ORGANIZERS_PER_PAGE = 50;

/**
 * Validator::is_organizer_id: the value, or each item of a list, numeric and an organizer's ID
 * (one query for the whole list).
 */
export function isOrganizerId(value: unknown, ctx: RequestContext): Promise<boolean> {
  return arePostIdsOfType(ctx.lookups, Array.isArray(value) ? value : [value], PostType.organizer);
}

/**
 * GET /organizers (Archive_Organizer::READ_args). Properties keep the plugin's order, which is
 * the order the namespace index prints them in.
 */
export const ListOrganizersArgs = {
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
    sanitize: sanitizePerPage(MAX_ORGANIZERS_PER_PAGE),
    default: defaultPostsPerPage,
    description: 'The number of organizers to return on each page',
    type: 'integer',
  },
  search: {
    required: false,
    validate: isNonEmptyString,
    description: 'Organizers should contain the specified string in the title, description or custom fields',
    type: 'string',
  },
  event: {
    required: false,
    validate: (value, ctx) => isEventId(ctx.lookups, value),
    description: 'Organizers should be related to this event',
    type: 'integer',
  },
  has_events: {
    required: false,
    description: 'Organizers should have events associated to them',
    swaggerType: 'boolean',
  },
  only_with_upcoming: {
    required: false,
    description: 'Organizers should have upcoming events associated to them',
    swaggerType: 'boolean',
    default: false,
  },
  status: {
    required: false,
    validate: (value, ctx) => filterPostStatusList(value, ctx.viewer, PostType.organizer) !== false,
    swaggerType: 'string',
    format: 'string',
    description: 'The organizer post status',
  },
} satisfies Args;

/** GET and DELETE /organizers/{id} (Single_Organizer::READ_args). */
export const GetOrganizerArgs: Args = {
  id: {
    in: 'path',
    type: 'integer',
    description: 'the organizer post ID',
    required: true,
    validate: isOrganizerId,
  },
};

export const DeleteOrganizerArgs: Args = GetOrganizerArgs;

/** GET and DELETE /organizers/by-slug/{slug} (Single_Organizer_Slug::READ_args). */
export const GetOrganizerBySlugArgs: Args = {
  slug: {
    in: 'path',
    type: 'string',
    description: 'the organizer post name',
    required: true,
    validate: (value, ctx) => isPostSlugOfType(ctx, value, PostType.organizer),
  },
};

export const DeleteOrganizerBySlugArgs: Args = GetOrganizerBySlugArgs;

/** Unlike the venue's, every organizer create argument declares `default: null`, and the index shows it. */
function organizerField(
  validate: ArgSpec<RequestContext>['validate'],
  type: 'integer' | 'string',
  description: string,
  required = false,
): ArgSpec<RequestContext> {
  return { required, validate, type, default: null, description };
}

/** POST /organizers (Single_Organizer::CREATE_args). */
export const CreateOrganizerArgs: Args = {
  author: organizerField(isUserId, 'integer', 'The organizer author ID'),
  date: organizerField(isTimeArg, 'string', 'The organizer publication date'),
  date_utc: organizerField(isTimeArg, 'string', 'The organizer publication date (UTC time zone)'),
  organizer: organizerField(isNonEmptyString, 'string', 'The organizer name', true),
  description: organizerField(isStringOrEmpty, 'string', 'The organizer description'),
  status: organizerField(isPostStatus, 'string', 'The organizer post status'),
  phone: organizerField(isStringOrEmpty, 'string', 'The organizer phone number'),
  website: organizerField(isUrlOrEmpty, 'string', 'The organizer website'),
  email: organizerField(isStringOrEmpty, 'string', 'The organizer e-mail address'),
  image: organizerField(isImageOrEmpty, 'string', 'The organizer featured image ID or URL'),
};

/** POST/PUT/PATCH /organizers/{id} (Single_Organizer::EDIT_args). */
export const UpdateOrganizerArgs: Args = { ...GetOrganizerArgs, ...unrequired(CreateOrganizerArgs) };

/** POST/PUT/PATCH /organizers/by-slug/{slug}: the slug stays required. */
export const UpdateOrganizerBySlugArgs: Args = { ...GetOrganizerBySlugArgs, ...unrequired(CreateOrganizerArgs) };

/** GET /organizers after WordPress validated, defaulted and cast it. */
export type ListOrganizersQuery = LinkedPostArchiveQuery;
