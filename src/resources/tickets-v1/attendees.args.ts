import type { RequestContext } from '../../http/request-context.js';
import type { ArgSpecs } from '../../http/rest-args.js';
import { isEmail } from '../../wp/auth/user-names.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { listToArray } from '../../wp/php/lists.js';
import { absint, isPhpNumeric, phpTrim } from '../../wp/php/php-values.js';
import { ATTENDEE_KINDS, TC_ORDER_POST_TYPE } from '../../wp/tickets/attendee-kinds.js';
import { isNonEmptyString, isPositiveInt, isPositiveIntList } from '../../wp/validators.js';
import { isPostId } from './post-ids.js';
import { postIdList, stringList, timeArg } from './tickets.args.js';
import { ID_LIST_SCHEMA, STRING_LIST_SCHEMA } from './list-schemas.js';

type Args = ArgSpecs<RequestContext>;

/*
 * The arguments of Event Tickets' attendee and QR routes as it registers them (REST/V1/Endpoints
 * Single_Attendee, Attendee_Archive, QR), for the dispatcher, the index and /doc. Routes still in
 * progress declare only what the documents show (their validators come with the routes).
 */

/** Single_Attendee::READ_args: the ID is_positive_int (0 is refused before the handler). */
export const GetAttendeeArgs: Args = {
  id: { type: 'integer', in: 'path', description: 'The attendee post ID', required: true, validate: isPositiveInt },
};

/**
 * tribe_events_product_is_ticket: find_matching_event finds the post a ticket (or an attendee,
 * which it also takes) of a running provider is for; here, the post is one of those types.
 */
async function isProductTicket(value: unknown, ctx: RequestContext): Promise<boolean> {
  if (!isPhpNumeric(value) || absint(value) === 0) return false;
  const running = ctx.site.plugins.eventTickets?.providers ?? [];
  const kinds = ATTENDEE_KINDS.filter((kind) => kind.provider !== undefined && running.includes(kind.provider));
  const type = (await ctx.lookups.postTypes([absint(value)])).get(absint(value));
  return kinds.some((kind) => kind.ticketPostType === type || kind.postType === type);
}

/** Single_Attendee::EDIT_args. `bool` and `email` are Event Tickets' own spellings (ArgSpec.type). */
export const UpdateAttendeeArgs: Args = {
  id: { type: 'integer', in: 'path', description: 'The attendee post ID', required: true },
  check_in: { type: 'bool', description: 'Check in value for the attendee.' },
};

/** Single_Attendee::CREATE_args. */
export const CreateAttendeeArgs: Args = {
  ticket_id: { type: 'integer', description: 'The Ticket ID, where the attendee is registered.', required: true, validate: isProductTicket },
  full_name: { type: 'string', description: 'Full name of the attendee.', required: true },
  // "attendeee" is Event Tickets' spelling.
  email: { type: 'email', description: 'Email of the attendeee.', required: true, validate: (value) => typeof value === 'string' && isEmail(value) },
  attendee_status: { type: 'string', description: 'Order Status for the attendee.' },
  check_in: { type: 'bool', description: 'Check in value for the attendee.' },
};

/**
 * Validator::is_ticket_id: Data_API::detect_by_id finds a module for the post's type (a ticket,
 * attendee or order post of a provider the site runs). RSVP order hashes, the one non-numeric
 * form it knows, are not looked up: they answer as unknown.
 */
export async function areTicketIds(ctx: RequestContext, values: readonly unknown[]): Promise<boolean> {
  if (values.length === 0 || !values.every((value) => isPhpNumeric(value) && !isPhpEmpty(value))) return false;
  const ids = values.map(absint);
  if (ids.some((id) => id === 0)) return false;
  const running = ctx.site.plugins.eventTickets?.providers ?? [];
  const kinds = ATTENDEE_KINDS.filter((kind) => kind.provider !== undefined && running.includes(kind.provider));
  const types = new Set(kinds.flatMap((kind) => [kind.postType, kind.ticketPostType, ...(kind.provider === 'tc' ? [TC_ORDER_POST_TYPE] : [])]));
  const found = await ctx.lookups.postTypes(ids);
  return ids.every((id) => types.has(found.get(id) ?? ''));
}

/** Attendee_Archive::READ_args. */
export const AttendeeArchiveArgs: Args = {
  page: { description: 'The page of results to return; defaults to 1', type: 'integer', default: 1, sanitize: absint, minimum: 1 },
  per_page: {
    description: 'How many attendees to return per results page; defaults to posts_per_page.',
    type: 'integer',
    default: (ctx: RequestContext) => ctx.site.postsPerPage,
    minimum: 1,
    maximum: 100,
    sanitize: absint,
  },
  provider: {
    description: 'Limit results to attendees whose ticket is provided by one of the providers specified in the CSV list or array; defaults to all the available.',
    type: 'string',
    validate: isNonEmptyString,
    sanitize: (value) => (typeof value === 'string' ? phpTrim(value) : value),
    swaggerSchema: STRING_LIST_SCHEMA,
  },
  search: { description: 'Limit results to attendees containing the specified string in the title or description.', type: 'string', validate: isNonEmptyString },
  offset: { description: 'Offset the results by a specific number of items.', type: 'integer' },
  order: { description: 'Sort results in ASC or DESC order. Defaults to ASC.', type: 'string', enum: ['ASC', 'DESC'] },
  orderby: {
    description: 'Order the results by one of date, relevance, id, include, title or slug. Defaults to id.',
    type: 'string',
    enum: ['id', 'date', 'include', 'title', 'slug'],
  },
  post_id: { description: 'Limit results to attendees by post the ticket is associated with.', type: 'integer', validate: isPostId },
  ticket_id: { description: 'Limit results to attendees associated with a ticket.', type: 'integer', validate: (value, ctx) => areTicketIds(ctx, [value]) },
  after: timeArg('Limit results to attendees created after or on the specified UTC date or timestamp.'),
  before: timeArg('Limit results to attendees created before or on the specified UTC date or timestamp.'),
  include: { description: 'Limit results to a specific CSV list or array of attendee IDs.', validate: isPositiveIntList, sanitize: listToArray, swaggerSchema: ID_LIST_SCHEMA },
  exclude: { description: 'Exclude a specific CSV list or array of attendee IDs from the results.', validate: isPositiveIntList, sanitize: listToArray, swaggerSchema: ID_LIST_SCHEMA },
  price_max: {
    description: 'Limit results to attendees that paid tickets a price equal or below the specified value; if not specified no maximum price limit will be used.',
    type: 'integer',
  },
  price_min: {
    description: 'Limit results to attendees that paid tickets a price equal or above the specified value; if not specified no minimum price limit will be used.',
    type: 'integer',
  },
  include_post: postIdList('Limit results to attendees whose ticket is assigned to one of the posts specified in the CSV list or array.'),
  exclude_post: postIdList('Limit results to attendees whose tickets is not assigned to any of the posts specified in the CSV list or array..'),
  // Registered without a sanitizer: the filter gets the list as sent.
  include_ticket: {
    description: 'Limit results to a specific CSV list or array of ticket IDs.',
    validate: (value, ctx) => areTicketIds(ctx, listToArray(value)),
    swaggerSchema: ID_LIST_SCHEMA,
  },
  exclude_ticket: {
    description: 'Exclude a specific CSV list or array of ticket IDs.',
    validate: (value, ctx) => areTicketIds(ctx, listToArray(value)),
    swaggerSchema: ID_LIST_SCHEMA,
  },
  post_status: stringList('Limit results to attendees for posts that are in one of the post statuses specified in the CSV list or array; defaults to publish.'),
  status: stringList('Limit results to attendees that are in one of post statuses specified in the CSV list or array; defaults to publish.'),
  order_status: stringList('Limit results to attendees whose order status is in one of post statuses specified in the CSV list or array; defaults to public.'),
  checkedin: { description: 'Limit results to attendees that are or not checked-in.', type: 'boolean' },
  rsvp_going_status: stringList('Limit results to RSVP Attendees that have one of the RSVP Going status specified in the CSV list or array.'),
  attendee_information_available: {
    description: 'Limit results to attendees for tickets that provide attendees the possibility to fill in additional information or not; requires ET+.',
    type: 'boolean',
  },
  name: { description: 'Limit results to attendees by name. It will search for names that are like the specified value', type: 'string' },
  email: { description: 'Limit results to attendees by email. It will search for emails that are like the specified value', type: 'string' },
};

/** QR::READ_args. */
export const QrGetArgs: Args = {
  id: { type: 'integer', description: 'The ticket id.', required: true, validate: (value, ctx) => areTicketIds(ctx, [value]) },
};

/** QR::CHECK_IN_args. */
export const QrCheckInArgs: Args = {
  api_key: { type: 'string', description: 'The API key to authorize check in.', required: true, validate: isNonEmptyString },
  ticket_id: { type: 'string', description: 'The ID of the ticket to check in.', required: true, validate: isPhpNumeric },
  security_code: { type: 'string', description: 'The security code of the ticket to verify for check in.', required: true, validate: isNonEmptyString },
};
