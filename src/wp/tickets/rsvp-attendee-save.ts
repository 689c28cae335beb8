import { PostStatus } from '../constants.js';
import { selectUserIdByEmail } from '../auth/users.repository.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { phpIntval, phpSerialize } from '../php/php-values.js';
import { wpUnslash, wpUnslashDeep } from '../php/slashes.js';
import { isTribeTruthy } from '../tec/truthy.js';
import { getPostMetaValues, updatePostMeta } from '../write/post-meta.js';
import { insertPost, updatePost } from '../write/posts.js';
import type { WriteScope } from '../write/transaction.js';
import { attendeeSecurityCode, rsvpOrderHash } from './attendee-codes.js';
import { ATTENDEE_USER_ID_KEY, PAID_PRICE_KEY, RSVP_ATTENDEES, RSVP_STATUS_KEY, type AttendeeKind } from './attendee-kinds.js';
import { checkInRsvpAttendee, uncheckInRsvpAttendee } from './check-in.js';

/*
 * RSVP's attendee writes through Event Tickets' attendee repository (Tribe__Tickets__Attendee_Repository
 * create_attendee_for_ticket / update_attendee, its RSVP subclass), as rows:
 *
 * - set_attendee_args: the repository's own argument list (title, full_name, email, ticket_id,
 *   post_id, order_id, order_attendee_id, user_id, attendee_status, price_paid, optout, check_in)
 *   in that order, each taking the request's value, then the request's other parameters in their
 *   order; a create defaults to opted out, titles the post with the full name, looks the user up
 *   by e-mail; RSVP then sets a new random order hash (on every write, updates too) and `yes`
 *   when no status is given; null values are dropped.
 * - build_postarr: each argument through the repository's aliases to a meta key (a parameter it
 *   knows no alias for is stored under its own name, `id` included); `title` is the post title.
 * - wp_insert_post / wp_update_post with those as `meta_input`, in order.
 * - a create then saves a random security code (a second wp_update_post), and counts the sale on
 *   the ticket (`total_sales` up, `_stock` down, never below 0) when the attendee is going; an
 *   update runs RSVP's check-in or check-out when `check_in` was given.
 */

/** Tribe__Repository's aliases of post fields, and the post columns: arguments this module does not store (see unservedAttendeeArg). */
const POST_FIELD_ALIASES: readonly string[] = ['content', 'description', 'slug', 'excerpt', 'status', 'parent', 'author', 'date', 'date_gmt', 'date_utc', 'tag'];
const POST_COLUMNS: readonly string[] = [
  'ID', 'post_author', 'post_date', 'post_date_gmt', 'post_content', 'post_title', 'post_excerpt', 'post_status', 'comment_status',
  'ping_status', 'post_password', 'post_name', 'to_ping', 'pinged', 'post_modified', 'post_modified_gmt', 'post_content_filtered',
  'post_parent', 'guid', 'menu_order', 'post_type', 'post_mime_type', 'comment_count',
];
/** The taxonomies a post may be given through the repository (its `tax_input`). */
const TAXONOMIES: readonly string[] = ['post_tag', 'category', 'tribe_events_cat'];

/** set_attendee_args' own arguments, in its order. */
const ARG_ORDER = [
  'title', 'full_name', 'email', 'ticket_id', 'post_id', 'order_id', 'order_attendee_id', 'user_id', 'attendee_status', 'price_paid', 'optout', 'check_in',
] as const;

/** The RSVP attendee repository's aliases (with its parent's `check_in` and `price_currency`, Tribe__Repository's `image`). */
function rsvpAliases(kind: AttendeeKind): Readonly<Record<string, string>> {
  return {
    ticket_id: kind.ticketKey,
    event_id: kind.eventKey,
    post_id: kind.eventKey,
    security_code: kind.securityCodeKey,
    order_id: '_tribe_rsvp_order',
    optout: kind.optoutKey,
    user_id: ATTENDEE_USER_ID_KEY,
    price_paid: PAID_PRICE_KEY,
    price_currency: '_tribe_tickets_price_currency_symbol',
    full_name: kind.fullNameKey,
    email: kind.emailKey,
    attendee_status: RSVP_STATUS_KEY,
    check_in: kind.checkedInKey,
    image: '_thumbnail_id',
  };
}

/** The request's parameters, in the order WordPress hands them to the endpoint (WP_REST_Request::get_params). */
export type AttendeeParams = ReadonlyArray<readonly [string, unknown]>;

/**
 * A parameter this module does not write as Event Tickets would: a post field other than the
 * title (Tribe__Repository writes it into the post, or refuses the blocked ones), a taxonomy, or
 * an `attendee_id` (which turns a create into an update's arguments).
 * Undefined when every parameter is stored as meta or as the title.
 */
export function unservedAttendeeArg(params: AttendeeParams): string | undefined {
  return params
    .map(([key]) => key)
    .find((key) => key === 'attendee_id' || (key !== 'title' && (POST_FIELD_ALIASES.includes(key) || POST_COLUMNS.includes(key) || TAXONOMIES.includes(key))));
}

/** Arguments set_attendee_args drops before the save (the e-mail options, the order's attendee number). */
const DROPPED_ARGS: readonly string[] = ['send_ticket_email', 'send_ticket_email_args', 'order_attendee_id'];

/** update_post_meta's stored text of a request value: strings unslashed, booleans `1`/``, arrays serialized. */
function metaText(value: unknown): string {
  if (typeof value === 'string') return wpUnslash(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  if (typeof value === 'number') return String(value);
  return phpSerialize(wpUnslashDeep(value));
}

/** array_merge( $defaults, $data ): the defaults' keys keep their places, taking the data's values; new keys follow in order. */
function mergeArgs(defaults: ReadonlyArray<readonly [string, unknown]>, data: AttendeeParams): Map<string, unknown> {
  const args = new Map<string, unknown>(defaults);
  for (const [key, value] of data) args.set(key, value);
  return args;
}

/** RSVP's setup_attendee_args: a new order hash unless one is given, `yes` unless a status is. */
function setUpRsvpArgs(args: Map<string, unknown>): void {
  if (isPhpEmpty(args.get('order_id'))) args.set('order_id', rsvpOrderHash());
  const status = args.get('attendee_status');
  if (status === undefined || status === null) args.set('attendee_status', 'yes');
}

/** What build_postarr makes of the arguments: the title, and the meta in order. */
function toPostarr(args: Map<string, unknown>, kind: AttendeeKind): { title: string | undefined; meta: Array<[string, string]> } {
  const aliases = rsvpAliases(kind);
  let title: string | undefined;
  const meta: Array<[string, string]> = [];
  for (const [key, value] of args) {
    if (value === null || value === undefined || DROPPED_ARGS.includes(key)) continue;
    if (key === 'title') title = metaText(value);
    else meta.push([aliases[key] ?? key, metaText(value)]);
  }
  return { title, meta };
}

/** Tribe__Tickets__RSVP::increase_ticket_sales_by( $ticket, 1 ). */
async function countSale(scope: WriteScope, ticketId: number): Promise<void> {
  const sales = phpIntval((await getPostMetaValues(scope, ticketId, 'total_sales'))[0] ?? '') + 1;
  await updatePostMeta(scope, ticketId, 'total_sales', String(sales));
  const stock = Math.max(phpIntval((await getPostMetaValues(scope, ticketId, '_stock'))[0] ?? '') - 1, 0);
  await updatePostMeta(scope, ticketId, '_stock', String(stock));
}

/** What a create is handed: the ticket, the post it is sold for, the request's parameters (with `attendee_source`). */
export interface RsvpAttendeeCreate {
  ticketId: number;
  eventId: number;
  params: AttendeeParams;
}

/** create_attendee_for_ticket for an RSVP ticket: the new attendee's ID. */
export async function createRsvpAttendee(scope: WriteScope, input: RsvpAttendeeCreate): Promise<number> {
  const kind = RSVP_ATTENDEES;
  const defaults = ARG_ORDER.map((key): [string, unknown] => [key, key === 'ticket_id' ? input.ticketId : key === 'post_id' ? input.eventId : null]);
  const args = mergeArgs(defaults, input.params);
  if (args.get('optout') === null) args.set('optout', 1);
  const fullName = args.get('full_name');
  if (isPhpEmpty(args.get('title')) && !isPhpEmpty(fullName)) args.set('title', fullName);
  const email = args.get('email');
  if (isPhpEmpty(args.get('user_id')) && typeof email === 'string') {
    const userId = await selectUserIdByEmail(scope.trx, email);
    if (userId !== undefined) args.set('user_id', userId);
  }
  args.set('optout', isTribeTruthy(args.get('optout')) ? 1 : 0);
  if (args.get('check_in') !== null && args.get('check_in') !== undefined) args.set('check_in', isTribeTruthy(args.get('check_in')) ? 1 : 0);
  setUpRsvpArgs(args);

  const { title, meta } = toPostarr(args, kind);
  const id = await insertPost(
    scope,
    { post_type: kind.postType, post_status: PostStatus.publish, ping_status: 'closed', ...(title === undefined ? {} : { post_title: title }) },
    { metaInput: meta },
  );
  if (isPhpEmpty(args.get('security_code'))) {
    await updatePost(scope, id, {}, { metaInput: [[kind.securityCodeKey, attendeeSecurityCode()]] });
  }
  if (input.eventId !== 0 && args.get('attendee_status') === 'yes') await countSale(scope, input.ticketId);
  return id;
}

/** update_attendee for an RSVP attendee: its post touched, the arguments stored, then a check-in or check-out. */
export async function updateRsvpAttendee(scope: WriteScope, attendeeId: number, params: AttendeeParams): Promise<void> {
  const kind = RSVP_ATTENDEES;
  const args = mergeArgs(ARG_ORDER.map((key): [string, unknown] => [key, null]), params);
  setUpRsvpArgs(args);
  const { title, meta } = toPostarr(args, kind);
  await updatePost(scope, attendeeId, title === undefined ? {} : { post_title: title }, { metaInput: meta });
  const checkIn = params.find(([key]) => key === 'check_in')?.[1];
  if (checkIn === undefined || checkIn === null) return;
  if (!isPhpEmpty(checkIn)) await checkInRsvpAttendee(scope, attendeeId, kind, { qr: false, author: scope.viewer.userId });
  else await uncheckInRsvpAttendee(scope, attendeeId, kind);
}
