import { isPhpEmpty } from '../php/php-empty.js';
import { PhpFloat, phpFloatval, phpSerialize } from '../php/php-values.js';
import { wpUnslash, wpUnslashDeep } from '../php/slashes.js';
import { firstMeta } from '../posts/meta.js';
import { addPostMeta } from '../write/post-meta.js';
import { insertPost } from '../write/posts.js';
import type { WriteScope } from '../write/transaction.js';
import { postTypeOf } from '../write/write-env.js';
import { AppError } from '../wp-error.js';
import { manualGatewayOrderId, wpGeneratePassword } from './attendee-codes.js';
import { TC_ORDER_POST_TYPE, tcOrderPostStatus } from './attendee-kinds.js';
import { createCommerceAttendee, decreaseStock, hasStockFor, loadOrderTicket } from './commerce-order-actions.js';
import { modifyOrderStatus, runStatusTransition, type OrderStatusSlug, type OrderTransition } from './commerce-order-status.js';
import { TicketMeta } from './providers.js';

/*
 * Tickets Commerce's Module::create_attendee, the attendee the REST API and the admin's "add
 * attendee" make: a manual order of the one ticket (Gateways\Manual\Order::create through the order
 * repository), moved to pending and then to completed (Order::modify_status), whose status flags
 * generate the attendee and count the sale; the answer is the order's attendee.
 */

/** Order::$*_meta_key, as the order repository's aliases name them. */
const OrderMeta = {
  totalValue: '_tec_tc_order_total_value',
  items: '_tec_tc_order_items',
  gateway: '_tec_tc_order_gateway',
  purchaserUserId: '_tec_tc_order_purchaser_user_id',
  purchaserFullName: '_tec_tc_order_purchaser_full_name',
  purchaserEmail: '_tec_tc_order_purchaser_email',
  gatewayOrderId: '_tec_tc_order_gateway_order_id',
  eventsInOrder: '_tec_tc_order_events_in_order',
  ticketsInOrder: '_tec_tc_order_tickets_in_order',
} as const;

const MANUAL_GATEWAY = 'manual';

export const CommerceAttendeeErrors = {
  /**
   * Event Tickets lets a sold-out ticket's order skip pending (its stock check refuses that move),
   * completes it without an attendee and answers this WP_Error without a status (500); the cause
   * is the request, so it is a 400 here, with the same code and message, and nothing is written.
   */
  notCreated: () => new AppError(400, 'attendee-creation-failed', 'Something went wrong! Attendee creation failed.'),
};

/** What Single_Attendee::create hands the module: the ticket, the post it sells for, the request's fields. */
export interface CommerceAttendeeCreate {
  ticketId: number;
  /** The ticket's `_tec_tickets_commerce_event`. */
  eventId: number;
  /** The request's `full_name` and `email` as sent. */
  fullName: string;
  email: string;
  /** `attendee_meta` (an array; anything else is `[]`) and `send_ticket_email` (true when absent). */
  attendeeMeta: unknown;
  sendTicketEmail: unknown;
  /** Tickets Commerce's currency code (the attendee's currency). */
  currency: string;
  /** The status that decreases stock and generates attendees. */
  stockHandling: OrderStatusSlug;
  /** The post types tickets are sold for: the order lists the ticket's post when it is one of them. */
  ticketedPostTypes: readonly string[];
}

/** Module::create_attendee: the manual order walked to completed; the ID of the attendee it generated. */
export async function createCommerceManualAttendee(scope: WriteScope, input: CommerceAttendeeCreate): Promise<number> {
  const loaded = await loadOrderTicket(scope, input.ticketId, input.eventId);
  const regular = phpFloatval(firstMeta(loaded.meta, TicketMeta.price) ?? '');
  const optout = isPhpEmpty(input.sendTicketEmail ?? true);
  const attendeeMeta = input.attendeeMeta === null || input.attendeeMeta === undefined ? [] : wpUnslashDeep(input.attendeeMeta);
  // The cart's item shape; a manual order's price is 0, its regular price the ticket's (floats: Value::get_decimal).
  const items = {
    [input.ticketId]: {
      ticket_id: input.ticketId,
      quantity: 1,
      extra: { attendees: { 1: { meta: attendeeMeta } }, optout, iac: false },
      price: 0,
      sub_total: 0,
      regular_price: new PhpFloat(regular),
      regular_sub_total: new PhpFloat(regular),
    },
  };
  const purchaser = { userId: 0, fullName: isPhpEmpty(input.fullName) ? '' : wpUnslash(input.fullName), email: isPhpEmpty(input.email) ? '' : wpUnslash(input.email) };
  const orderMeta: Array<[string, string]> = [
    [OrderMeta.totalValue, '0'],
    [OrderMeta.items, phpSerialize(items)],
    [OrderMeta.gateway, MANUAL_GATEWAY],
    [OrderMeta.purchaserUserId, '0'],
  ];
  if (purchaser.fullName !== '') orderMeta.push([OrderMeta.purchaserFullName, purchaser.fullName]);
  if (purchaser.email !== '') orderMeta.push([OrderMeta.purchaserEmail, purchaser.email]);
  orderMeta.push([OrderMeta.gatewayOrderId, manualGatewayOrderId()]);

  let attendeeId: number | undefined;
  const tickets = [{ ticketId: input.ticketId, quantity: 1 }];
  const transition = (orderId: number): OrderTransition => ({
    orderId,
    tickets,
    stockHandling: input.stockHandling,
    work: {
      generateAttendees: async () => {
        attendeeId = await createCommerceAttendee(scope, {
          orderId,
          ticket: loaded.ticket,
          eventId: input.eventId,
          optout,
          pricePaid: 0,
          currency: input.currency,
          purchaser,
        });
      },
      // The ticket object Decrease_Stock loads: read again, as the sale may have changed it.
      decreaseStock: async () => decreaseStock(scope, await loadOrderTicket(scope, input.ticketId, input.eventId), 1),
    },
  });

  const orderId = await insertPost(
    scope,
    { post_type: TC_ORDER_POST_TYPE, post_status: tcOrderPostStatus('created'), post_title: `TEC-TC-M-${wpGeneratePassword(12)}-T-${input.ticketId}`, ping_status: 'closed' },
    { metaInput: orderMeta },
  );
  await runStatusTransition(scope, transition(orderId), 'created', undefined);
  // Order_Repository::create_order_with_meta: the order's posts and tickets, once the post is made.
  if (input.ticketedPostTypes.includes((await postTypeOf(scope, input.eventId)) ?? '')) {
    await addPostMeta(scope, orderId, OrderMeta.eventsInOrder, String(input.eventId));
  }
  await addPostMeta(scope, orderId, OrderMeta.ticketsInOrder, String(input.ticketId));

  for (const [status, previous] of [['pending', 'created'], ['completed', 'pending']] as const) {
    if (status === input.stockHandling && !hasStockFor(await loadOrderTicket(scope, input.ticketId, input.eventId), 1)) {
      throw CommerceAttendeeErrors.notCreated();
    }
    await modifyOrderStatus(scope, transition(orderId), status, previous);
  }
  if (attendeeId === undefined) throw CommerceAttendeeErrors.notCreated();
  return attendeeId;
}
