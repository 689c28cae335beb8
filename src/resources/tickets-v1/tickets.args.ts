import { isTimeArg } from '../../http/arg-validators.js';
import type { RequestContext } from '../../http/request-context.js';
import type { ArgSpec, ArgSpecs } from '../../http/rest-args.js';
import { listToArray } from '../../wp/php/lists.js';
import { isNonEmptyString, isPositiveInt, isPositiveIntList } from '../../wp/validators.js';
import { ID_LIST_SCHEMA, STRING_LIST_SCHEMA } from './list-schemas.js';
import { arePostIds } from './post-ids.js';
import { absint } from '../../wp/php/php-values.js';

type Args = ArgSpecs<RequestContext>;

/*
 * The arguments of Event Tickets' ticket routes as it registers them (REST/V1/Endpoints
 * Single_Ticket and Ticket_Archive READ_args; the block editor's Editor/REST/V1 Single_Ticket for
 * the writes), in their order: the dispatcher validates with them, the index and /doc show them.
 */


/** A CSV-or-array filter of strings, read with list_to_array. */
export function stringList(description: string): ArgSpec<RequestContext> {
  return { description, sanitize: listToArray, swaggerSchema: STRING_LIST_SCHEMA };
}

/** A CSV-or-array filter of ticket IDs (is_positive_int_list). */
function ticketIdList(description: string): ArgSpec<RequestContext> {
  return { description, validate: isPositiveIntList, sanitize: listToArray, swaggerSchema: ID_LIST_SCHEMA };
}

/** A CSV-or-array filter of posts that must all exist (is_post_id_list). */
export function postIdList(description: string): ArgSpec<RequestContext> {
  return { description, validate: (value, ctx) => arePostIds(ctx, listToArray(value)), sanitize: listToArray, swaggerSchema: ID_LIST_SCHEMA };
}

/** A time filter (is_time: numeric, or a string strtotime reads). */
export function timeArg(description: string): ArgSpec<RequestContext> {
  return { description, type: 'string', validate: isTimeArg };
}

/**
 * An integer bound Event Tickets registers with `min`, which is no JSON-schema keyword: nothing
 * checks it and the index does not show it.
 */
function countBound(description: string): ArgSpec<RequestContext> & { type: 'integer' } {
  return { description, type: 'integer' };
}

/** `get_option( 'posts_per_page' )` as stored (a string, which is how the index shows it). */
function ticketsPerPageDefault(ctx: RequestContext): string {
  return ctx.site.postsPerPage;
}

/** Ticket_Archive::READ_args. */
export const ListTicketsArgs = {
  page: { description: 'The page of results to return; defaults to 1', type: 'integer', default: 1, sanitize: absint, minimum: 1 },
  per_page: {
    description: 'How many tickets to return per results page; defaults to posts_per_page.',
    type: 'integer',
    default: ticketsPerPageDefault,
    minimum: 1,
    maximum: 100,
    sanitize: absint,
  },
  search: {
    description: 'Limit results to tickets containing the specified string in the title or description.',
    type: 'string',
    validate: isNonEmptyString,
  },
  offset: { description: 'Offset the results by a specific number of items.', type: 'integer' },
  order: { description: 'Sort results in ASC or DESC order. Defaults to ASC.', type: 'string', enum: ['ASC', 'DESC'] },
  orderby: {
    description: 'Order the results by one of date, relevance, id, include, title, or slug; defaults to title.',
    type: 'string',
    enum: ['id', 'include', 'title', 'slug'],
  },
  is_available: { description: 'Limit results to tickets that have or do not have capacity currently available.', type: 'boolean' },
  provider: stringList('Limit results to tickets provided by one of the providers specified in the CSV list or array; defaults to all available.'),
  after: timeArg('Limit results to tickets created after or on the specified UTC date or timestamp.'),
  before: timeArg('Limit results to tickets created before or on the specified UTC date or timestamp.'),
  include: ticketIdList('Limit results to a specific CSV list or array of ticket IDs.'),
  exclude: ticketIdList('Exclude a specific CSV list or array of ticket IDs from the results.'),
  include_post: postIdList('Limit results to tickets that are assigned to one of the posts specified in the CSV list or array.'),
  exclude_post: postIdList('Limit results to tickets that are not assigned to any of the posts specified in the CSV list or array.'),
  attendees_min: countBound('Limit results to tickets that have at least this number or attendees.'),
  attendees_max: countBound('Limit results to tickets that have at most this number of attendees.'),
  // Event Tickets swaps "at most" and "at least" in these two descriptions.
  checkedin_min: countBound('Limit results to tickets that have at most this number of checked-in attendee.'),
  checkedin_max: countBound('Limit results to tickets that have at least this number of checked-in attendees.'),
  capacity_min: countBound('Limit results to tickets that have at least this capacity.'),
  capacity_max: countBound('Limit results to tickets that have at most this capacity.'),
  available_from: timeArg('Limit results to tickets that will be available at or after the specified UTC date (parseable by strtotime) or timestamp.'),
  available_until: timeArg('Limit results to tickets that will be available up to the specified UTC date (parseable by strtotime) or timestamp.'),
  post_status: stringList('Limit results to tickets assigned to posts that are in one of the post statuses specified in the CSV list or array; defaults to publish.'),
  status: stringList('Limit results to tickets that are in one of post statuses specified in the CSV list or array; defaults to publish.'),
  // Registered without a sanitize callback: the value goes to the query as sent.
  currency: { description: 'Limit results to tickets priced in one of the 3-letter currency codes specified in the CSV list or array.', swaggerSchema: STRING_LIST_SCHEMA },
  attendee_information_available: {
    description: 'Limit results to tickets that provide attendees the possibility to fill in additional information or not; requires ET+.',
    type: 'boolean',
  },
} satisfies Args;

const TICKET_ID: ArgSpec<RequestContext> = { type: 'integer', in: 'path', description: 'The ticket post ID', required: true, validate: isPositiveInt };

/** Single_Ticket::READ_args. */
export const GetTicketArgs: Args = { id: TICKET_ID };

/** The block editor's ticket fields (Editor Single_Ticket::ticket_args), shown by the index with type and default. */
const EDITOR_TICKET_FIELDS: Args = {
  name: { type: 'string', default: '' },
  description: { type: 'string', default: '' },
  price: { type: 'string', default: '' },
  show_description: { type: 'string', default: 'yes' },
  start_date: { type: 'string', default: '' },
  start_time: { type: 'string', default: '' },
  end_date: { type: 'string', default: '' },
  end_time: { type: 'string', default: '' },
  sku: { type: 'string', default: '' },
  iac: { type: 'string', default: '' },
  ticket: { type: 'object' },
};

/** Editor Single_Ticket::EDIT_args (declared: the block editor's writes are in progress). */
export const UpdateTicketArgs: Args = {
  id: TICKET_ID,
  post_id: { type: 'integer', required: true },
  edit_ticket_nonce: { type: 'string', required: true },
  ...EDITOR_TICKET_FIELDS,
};

/** Editor Single_Ticket::DELETE_args (declared, in progress). */
export const DeleteTicketArgs: Args = {
  id: TICKET_ID,
  post_id: { type: 'integer', required: true },
  remove_ticket_nonce: { type: 'string', required: true },
};

/**
 * Editor Single_Ticket::CREATE_args (declared, in progress): a list of two argument arrays where
 * the arguments belong, which WordPress reads as two arguments, `0` and `1` (ArgSpec.shownAs).
 */
export const CreateTicketArgs: Args = {
  0: { shownAs: {} },
  1: {
    shownAs: {
      description: {
        type: 'string',
        in: 'body',
        // The validator object json_encodes as `{}` beside its method name.
        validate_callback: [{}, 'is_string_or_empty'],
        sanitize_callback: 'sanitize_text_field',
        default: '',
      },
    },
  },
};
