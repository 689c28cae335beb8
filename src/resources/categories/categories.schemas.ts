import type { ArgSpecs } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import { Taxonomy } from '../../wp/constants.js';
import { areTermsOfTaxonomy, isEventId, isNonEmptyString, isPositiveInt } from '../../wp/validators.js';
import { defaultPostsPerPage, sanitizePerPage, unrequired } from '../../http/arg-validators.js';

type Args = ArgSpecs<RequestContext>;

/** The list page-size cap (filter tribe_rest_event_category_max_per_page, which tags share). */
export const MAX_TERMS_PER_PAGE = 50;

/** Validator::is_event_category: every item of the CSV or list names an existing event category. */
const isEventCategory = (value: unknown, ctx: RequestContext) =>
  areTermsOfTaxonomy(ctx.lookups, value, Taxonomy.eventCategory, ctx.site.language);

/**
 * GET /categories (Archive_Category::READ_args). Properties keep the plugin's order, which is
 * the order the namespace index prints them in.
 */
export const ListCategoriesArgs = {
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
    sanitize: sanitizePerPage(MAX_TERMS_PER_PAGE),
    default: defaultPostsPerPage,
    description: 'The number of event categories to return on each page',
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
    validate: isEventCategory,
    description: 'Ensure result set exclude specific IDs',
    swaggerType: 'array',
    items: { type: 'integer' },
  },
  include: {
    required: false,
    validate: isEventCategory,
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
    // A string, as in the plugin; the boolean cast turns it into true.
    default: '1',
  },
  parent: {
    required: false,
    validate: isEventCategory,
    description: 'Limit result set to terms assigned to a specific parent',
    type: 'integer',
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

/** GET and DELETE /categories/{id} (Single_Category::READ_args): the ID of an event category. */
export const GetCategoryArgs: Args = {
  id: {
    in: 'path',
    type: 'integer',
    description: 'the event category term ID',
    required: true,
    validate: isEventCategory,
  },
};

export const DeleteCategoryArgs: Args = GetCategoryArgs;

/** POST /categories (Single_Category::CREATE_args). */
export const CreateCategoryArgs: Args = {
  name: {
    required: true,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The event category name',
  },
  description: {
    required: false,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The event category description',
  },
  slug: {
    required: false,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The event category slug',
  },
  parent: {
    required: false,
    validate: isEventCategory,
    type: 'integer',
    // The plugin's copy describes the parent as a slug.
    description: 'The event category slug',
  },
};

/** POST/PUT/PATCH /categories/{id} (Term_Single_Base::EDIT_args). */
export const UpdateCategoryArgs: Args = { ...GetCategoryArgs, ...unrequired(CreateCategoryArgs) };
