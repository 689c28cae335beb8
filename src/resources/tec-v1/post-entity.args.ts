import type { ArgSpecs } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import { arePostsOfType } from '../../wp/validators.js';
import { PostType } from '../../wp/constants.js';
import { arrayOf, boolean, dateTime, integer, listOf, positiveInteger, text } from './tec-v1.args.js';

/*
 * The arguments of tec/v1's routes, in the plugin's order (Events::read_params, Venues::read_params,
 * the request body definitions). The index and OPTIONS print them from here, and the dispatcher
 * validates with them, so what is documented is what is checked.
 */

type Args = ArgSpecs<RequestContext>;

/** Post_Entity_Endpoint::ALLOWED_STATUS. */
export const ALLOWED_STATUS = ['publish', 'pending', 'draft', 'future', 'private'] as const;

/** Post_Entity_Endpoint::validate_status: a comma list or an array of allowed statuses only. */
function validateStatus(value: unknown): boolean {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (list === undefined) return false;
  return list.every((status) => typeof status === 'string' && (ALLOWED_STATUS as readonly string[]).includes(status));
}

/** Event_Validator::is_venue_id_list / is_organizer_id_list, which replace Array_Of_Type's own check. */
function linkedPostList(postType: string) {
  return (value: unknown, ctx: RequestContext) => arePostsOfType(ctx.lookups, value, postType);
}

/** Endpoint::get_default_posts_per_page: `(int) get_option('posts_per_page')`. */
function defaultPerPage(ctx: RequestContext): number {
  const perPage = Number.parseInt(String(ctx.site.postsPerPage ?? ''), 10);
  return Number.isNaN(perPage) ? 0 : perPage;
}

export function pagination() {
  const perPage = positiveInteger('per_page', 'Maximum number of items to be returned in result set.', { maximum: 100, minimum: 1 });
  return {
    page: positiveInteger('page', 'The collection page number.', { default: 1, minimum: 1 }),
    // The default is read per request (the site's option), in the spec's `default` place.
    per_page: { description: perPage.description, type: perPage.type, default: defaultPerPage, ...perPage },
  } satisfies Args;
}

/** GET /events (Events::read_params). */
export function eventListArgs() {
  return {
    ...pagination(),
    start_date: dateTime('start_date', 'Limit events to those starting after the specified date.'),
    end_date: dateTime('end_date', 'Limit events to those ending before the specified date.'),
    search: text('search', 'Limit results to those matching a string.'),
    categories: arrayOf('Limit result set to events assigned specific categories.', 'positive-integer'),
    tags: arrayOf('Limit result set to events assigned specific tags.', 'positive-integer'),
    venue: arrayOf('Limit result set to events assigned to specific venues.', 'positive-integer', { validate: linkedPostList(PostType.venue) }),
    organizer: arrayOf('Limit result set to events assigned to specific organizers.', 'positive-integer', { validate: linkedPostList(PostType.organizer) }),
    featured: boolean('Limit result set to featured events only.'),
    status: arrayOf('Limit result set to events with specific status.', 'string', { enum: ALLOWED_STATUS, default: ['publish'], validate: validateStatus }),
    post_parent: positiveInteger('post_parent', 'Limit result set to events with specific post parent.'),
    starts_before: dateTime('starts_before', 'Limit result set to events starting before the specified date.'),
    starts_after: dateTime('starts_after', 'Limit result set to events starting after the specified date.'),
    ends_before: dateTime('ends_before', 'Limit result set to events ending before the specified date.'),
    ends_after: dateTime('ends_after', 'Limit result set to events ending after the specified date.'),
    ticketed: boolean('Limit result set to events with tickets.'),
    orderby: text('orderby', 'Sort collection by event attribute.', { default: 'event_date', enum: ['date', 'event_date', 'title', 'menu_order', 'modified'] }),
    order: text('order', 'Order sort attribute ascending or descending.', { default: 'ASC', enum: ['ASC', 'DESC'] }),
  } satisfies Args;
}

/** GET /venues and /organizers (Venues::read_params, Organizers::read_params); `plural` is `venues` or `organizers`. */
export function linkedPostListArgs(plural: 'venues' | 'organizers') {
  return {
    ...pagination(),
    search: text('search', 'Limit results to those matching a string.'),
    event: positiveInteger('event', `Limit result set to ${plural} with specific event.`),
    has_events: boolean(`Limit result set to ${plural} with events.`),
    only_with_upcoming: boolean(`Limit result set to ${plural} with upcoming events.`),
    status: arrayOf(`Limit result set to ${plural} with specific status.`, 'string', { enum: ALLOWED_STATUS, default: ['publish'], validate: validateStatus }),
  } satisfies Args;
}

/** TEC_Post_Entity_Request_Body_Definition's date pattern (RFC 3339, a space allowed for the T). */
const RFC3339_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::\d{2})?)?$`;
/** Event_Request_Body_Definition's pattern for the event dates: `Y-m-d H:i:s` only. */
const EVENT_DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$';

/** The request body every post entity shares (TEC_Post_Entity_Request_Body_Definition), up to `template`. */
export function postEntityBodyArgs(sticky: Args[string]): Args {
  return {
    date: dateTime('date', "The date the entity was published, in the site's timezone. In RFC3339 format.", { pattern: RFC3339_PATTERN }),
    date_gmt: dateTime('date_gmt', 'The date the entity was published, as GMT. In RFC3339 format.', { pattern: RFC3339_PATTERN }),
    slug: text('slug', 'An alphanumeric identifier for the entity unique to its type'),
    status: text('status', 'A named status for the entity.', { default: 'publish', enum: ALLOWED_STATUS }),
    title: text('title', 'HTML title for the entity, transformed for display'),
    content: text('content', 'HTML content for the entity, transformed for display'),
    excerpt: text('excerpt', 'HTML excerpt for the entity, transformed for display'),
    author: integer('author', 'The ID for the author of the entity.'),
    featured_media: integer('featured_media', 'The ID of the featured media for the entity.'),
    comment_status: text('comment_status', 'Whether or not comments are open on the entity.', { default: 'open', enum: ['open', 'closed'] }),
    ping_status: text('ping_status', 'Whether or not the entity can be pinged', { default: 'open', enum: ['open', 'closed'] }),
    format: text('format', 'The format for the entity.', { default: 'standard', enum: ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'] }),
    sticky,
    template: text('template', 'The theme file to use to display the entity.'),
    tags: arrayOf('The terms assigned to the entity in the post_tag taxonomy', 'positive-integer'),
  };
}

/** POST /events and PUT/PATCH /events/{id} (Event_Request_Body_Definition). */
export function eventBodyArgs(): Args {
  return {
    ...postEntityBodyArgs(boolean('Whether the event is sticky')),
    tribe_events_cat: arrayOf('The terms assigned to the entity in the tribe_events_cat taxonomy', 'positive-integer'),
    start_date: dateTime('start_date', 'The start date of the event', { pattern: EVENT_DATE_PATTERN }),
    start_date_utc: dateTime('start_date_utc', 'The start date of the event in UTC', { pattern: EVENT_DATE_PATTERN }),
    end_date: dateTime('end_date', 'The end date of the event', { pattern: EVENT_DATE_PATTERN }),
    end_date_utc: dateTime('end_date_utc', 'The end date of the event in UTC', { pattern: EVENT_DATE_PATTERN }),
    timezone: text('timezone', 'The timezone of the event'),
    duration: integer('duration', 'The duration of the event in seconds'),
    all_day: boolean('Whether the event is all day'),
    featured: boolean('Whether the event is featured'),
    cost: text('cost', 'The cost of the event'),
    organizers: arrayOf('The organizers of the event', 'positive-integer'),
    venues: arrayOf('The venues of the event', 'positive-integer'),
  };
}

export const LINKED_POST_STICKY = () => boolean('Whether or not the entity should be treated as sticky', { default: false });

/** POST /venues and PUT/PATCH /venues/{id} (Venue_Request_Body_Definition). */
export function venueBodyArgs(): Args {
  return {
    ...postEntityBodyArgs(LINKED_POST_STICKY()),
    address: text('address', 'The venue address'),
    country: text('country', 'The venue country'),
    city: text('city', 'The venue city'),
    state_province: text('state_province', 'The venue state/province'),
    state: text('state', 'The venue state'),
    province: text('province', 'The venue province'),
    zip: text('zip', 'The venue zip code'),
    phone: text('phone', 'The venue phone number'),
    website: text('website', 'The venue website', { format: 'uri' }),
  };
}

/** POST /organizers and PUT/PATCH /organizers/{id} (Organizer_Request_Body_Definition). */
export function organizerBodyArgs(): Args {
  return {
    ...postEntityBodyArgs(LINKED_POST_STICKY()),
    phone: text('phone', "The organizer's phone number", { format: 'tel' }),
    website: text('website', "The organizer's website", { format: 'uri' }),
    email: text('email', "The organizer's email address", { format: 'email' }),
  };
}

/** DELETE /{type}/{id} (Post_Entity_Endpoint::delete_params). */
export function deleteArgs(): Args {
  return { force: boolean('Whether to bypass Trash and force deletion.', { default: false }) };
}

export { listOf };
