import { PostStatus } from '../constants.js';
import { firstMeta, type MetaMap } from '../posts/meta.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { phpIntval } from '../php/php-values.js';
import { wpUnslash } from '../php/slashes.js';
import { isTribeTruthy } from '../tec/truthy.js';
import { getPostCustom, getPostMetaValues, updatePostMeta } from '../write/post-meta.js';
import { insertPost } from '../write/posts.js';
import type { WriteScope } from '../write/transaction.js';
import { mysqlNow, siteOf } from '../write/write-env.js';
import { attendeeSecurityCode } from './attendee-codes.js';
import { ATTENDEE_USER_ID_KEY, TC_ATTENDEES } from './attendee-kinds.js';
import { GLOBAL_STOCK_LEVEL_META, TICKETS_COMMERCE, TicketMeta } from './providers.js';
import { toTicket, type Ticket } from './ticket.js';
import { PostStockMeta, TicketWriteMeta } from './ticket-write-meta.js';

/*
 * The Tickets Commerce flag actions that write rows for an order of one ticket:
 * Generate_Attendees (an attendee through Attendee::create and the attendee repository) and
 * Decrease_Stock (the ticket's sales, its stock, the post's shared pool), and the stock check
 * Order::can_transition_to makes before an order moves to the status that decreases stock
 * (Stock_Validator::validate_order_stock).
 */

/** The ticket of an order item and the post it sells for, as the flag actions load them. */
export interface OrderTicket {
  ticket: Ticket;
  meta: MetaMap;
  /** The post's meta (its shared pool); empty when the post is gone. */
  postMeta: MetaMap;
}

/** Tribe__Tickets__Tickets::load_ticket_object inside the write: the ticket's rows and its post's, read again. */
export async function loadOrderTicket(scope: WriteScope, ticketId: number, postId: number): Promise<OrderTicket> {
  const custom = await getPostCustom(scope, [ticketId, postId]);
  const meta = custom.get(ticketId) ?? new Map<string, string[]>();
  const postMeta = custom.get(postId) ?? new Map<string, string[]>();
  const site = await siteOf(scope);
  const today = mysqlNow(scope, site).local.slice(0, 10);
  const ticket = toTicket({ ID: ticketId, post_type: TICKETS_COMMERCE.ticketPostType, menu_order: 0, postId, meta }, TICKETS_COMMERCE, {
    postMeta,
    today,
    now: scope.now,
  });
  return { ticket, meta, postMeta };
}

function managesStock(loaded: OrderTicket): boolean {
  return isTribeTruthy(firstMeta(loaded.meta, TicketMeta.manageStock) ?? '');
}

/** `! empty( $mode ) && 'own' !== $mode`: the ticket draws on its post's shared pool. */
function isSharedCapacity(loaded: OrderTicket): boolean {
  const mode = firstMeta(loaded.meta, TicketMeta.globalStockMode) ?? '';
  return !isPhpEmpty(mode) && mode !== 'own';
}

/**
 * Stock_Validator::validate_ticket_stock: whether `quantity` more can be sold. Tickets that do not
 * manage stock, unlimited ones and those drawing on a shared pool always can.
 */
export function hasStockFor(loaded: OrderTicket, quantity: number): boolean {
  if (!managesStock(loaded) || loaded.ticket.capacity === -1 || isSharedCapacity(loaded)) return true;
  return loaded.ticket.stock >= quantity;
}

/**
 * Decrease_Stock::handle for one item: Ticket::increase_ticket_sales_by (`total_sales` up, and the
 * post's shared pool down for a ticket drawing on it, no higher than the post's capacity), then,
 * for a ticket managing its stock, `_stock` set to the stock the ticket object had less the
 * quantity, never below 0.
 */
export async function decreaseStock(scope: WriteScope, loaded: OrderTicket, quantity: number): Promise<void> {
  const { ticket } = loaded;
  const originalStock = ticket.stock;
  const sales = phpIntval((await getPostMetaValues(scope, ticket.id, TicketWriteMeta.sales))[0] ?? '') + quantity;
  await updatePostMeta(scope, ticket.id, TicketWriteMeta.sales, String(sales));
  if (isSharedCapacity(loaded)) await lowerSharedPool(scope, ticket.postId, quantity);
  if (!managesStock(loaded)) return;
  await updatePostMeta(scope, ticket.id, TicketMeta.stock, String(Math.max(originalStock - quantity, 0)));
}

/** Ticket::update_global_stock and Global_Stock::set_stock_level. */
async function lowerSharedPool(scope: WriteScope, postId: number, quantity: number): Promise<void> {
  let level = phpIntval((await getPostMetaValues(scope, postId, GLOBAL_STOCK_LEVEL_META))[0] ?? '') - quantity;
  const storedCapacity = (await getPostMetaValues(scope, postId, PostStockMeta.capacity))[0];
  if (storedCapacity !== undefined && storedCapacity !== '') {
    const capacity = phpIntval(storedCapacity);
    if (capacity >= 0 && capacity < level) level = capacity;
  }
  await updatePostMeta(scope, postId, GLOBAL_STOCK_LEVEL_META, String(level));
}

/** What Generate_Attendees hands Attendee::create for one attendee, with the order's purchaser. */
export interface CommerceAttendeeInput {
  orderId: number;
  ticket: Ticket;
  /** The ticket's relation meta: the post it is for, as Ticket_Object::get_event_id reads it. */
  eventId: number;
  optout: boolean;
  /** The item's price (0 on a manual order) and currency code. */
  pricePaid: number;
  currency: string;
  /** The order's purchaser as stored (empty when not set). */
  purchaser: { userId: number; fullName: string; email: string };
}

/**
 * Attendee::create through the attendee repository (wp_insert_post with the arguments as
 * `meta_input`, in their order): the order as the post's parent, a random security code, the
 * purchaser's name as the title and name, their e-mail. Returns the attendee's ID.
 */
export async function createCommerceAttendee(scope: WriteScope, input: CommerceAttendeeInput): Promise<number> {
  const meta: Array<[string, string]> = [
    [TC_ATTENDEES.ticketKey, String(input.ticket.id)],
    [TC_ATTENDEES.eventKey, String(input.eventId)],
    [TC_ATTENDEES.securityCodeKey, attendeeSecurityCode()],
    [TC_ATTENDEES.optoutKey, input.optout ? '1' : ''],
    [TC_ATTENDEES.pricePaidKey, String(input.pricePaid)],
    [TC_ATTENDEES.currencyKey, input.currency],
  ];
  const { purchaser } = input;
  if (purchaser.userId !== 0) meta.push([ATTENDEE_USER_ID_KEY, String(purchaser.userId)]);
  if (!isPhpEmpty(purchaser.email)) meta.push([TC_ATTENDEES.emailKey, wpUnslash(purchaser.email)]);
  const hasName = !isPhpEmpty(purchaser.fullName);
  if (hasName) meta.push([TC_ATTENDEES.fullNameKey, wpUnslash(purchaser.fullName)]);
  return insertPost(
    scope,
    {
      post_type: TC_ATTENDEES.postType,
      post_status: PostStatus.publish,
      post_parent: input.orderId,
      ping_status: 'closed',
      ...(hasName ? { post_title: purchaser.fullName } : {}),
    },
    { metaInput: meta },
  );
}
