import type { ArgSpecs } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import { Taxonomy } from '../../wp/constants.js';
import { areTermsOfTaxonomy, isEventId, isNonEmptyString, isPositiveInt } from '../../wp/validators.js';
import { defaultPostsPerPage, sanitizePerPage, unrequired } from '../../http/arg-validators.js';

type Args = ArgSpecs<RequestContext>;

/** Tags share the categories' cap (Term_Archive_Base: filter tribe_rest_event_category_max_per_page). */
export const MAX_TAGS_PER_PAGE = 50;

/** Validator::is_post_tag: every item of the CSV or list names an existing tag. */
const isPostTag = (value: unknown, ctx: RequestContext) => areTermsOfTaxonomy(ctx.lookups, value, Taxonomy.tag, ctx.site.language);

/**
 * GET /tags (Archive_Tag::READ_args): the categories' arguments without `parent`. Properties keep
 * the plugin's order, which is the order the namespace index prints them in.
 */
export const ListTagsArgs = {
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
    sanitize: sanitizePerPage(MAX_TAGS_PER_PAGE),
    default: defaultPostsPerPage,
    description: 'The number of event tags to return on each page',
    type: 'integer',
  },
  search: {
    required: false,
    validate: isNonEmptyString,
    description: 'Limit results to those matching a string',
    type: 'string',
  },
  exclude: {
    required: false,
    validate: isPostTag,
    description: 'Ensure result set exclude specific IDs',
    swaggerType: 'array',
    items: { type: 'integer' },
  },
  include: {
    required: false,
    validate: isPostTag,
    description: 'Limit result set to specific IDs',
    swaggerType: 'array',
    items: { type: 'integer' },
  },
  order: {
    required: false,
    validate: isNonEmptyString,
    description: 'Order sort attribute ascending or descending',
    type: 'string',
  },
  orderby: {
    required: false,
    validate: isNonEmptyString,
    description: 'Sort collection by term attribute',
    type: 'string',
  },
  hide_empty: {
    required: false,
    description: 'Whether to hide terms not assigned to any posts',
    type: 'boolean',
    default: '1',
  },
  post: {
    required: false,
    validate: (value, ctx) => isEventId(ctx.lookups, value),
    description: 'Limit result set to terms assigned to a specific post',
    type: 'integer',
  },
  event: {
    required: false,
    validate: (value, ctx) => isEventId(ctx.lookups, value),
    description: 'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)',
    type: 'integer',
  },
  slug: {
    required: false,
    validate: isNonEmptyString,
    description: 'Limit result set to terms with a specific slug',
    type: 'string',
  },
} satisfies Args;

/** GET and DELETE /tags/{id} (Single_Tag::READ_args): the ID of a tag. */
export const GetTagArgs: Args = {
  id: {
    in: 'path',
    type: 'integer',
    description: 'the event tag term ID',
    required: true,
    validate: isPostTag,
  },
};

export const DeleteTagArgs: Args = GetTagArgs;

/** POST /tags (Single_Tag::CREATE_args). */
export const CreateTagArgs: Args = {
  name: {
    required: true,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The event tag name',
  },
  description: {
    required: false,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The event tag description',
  },
  slug: {
    required: false,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The event tag slug',
  },
};

/** POST/PUT/PATCH /tags/{id} (Term_Single_Base::EDIT_args). */
export const UpdateTagArgs: Args = { ...GetTagArgs, ...unrequired(CreateTagArgs) };
