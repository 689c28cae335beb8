import { performance } from 'node:perf_hooks';
import { formatUtc } from '../tec/dates.js';
import { addPostMeta, getPostMetaValues, updatePostMeta } from '../write/post-meta.js';
import { updatePost } from '../write/posts.js';
import type { WriteScope } from '../write/transaction.js';
import { tcOrderPostStatus } from './attendee-kinds.js';

/*
 * Tickets Commerce's order status machine (TEC\Tickets\Commerce\Order::modify_status and
 * Status\Status_Handler's transition hooks) for the statuses a manual order passes through,
 * `created` (its insert status), `pending`, `completed`, as rows:
 *
 * - the order post's status (wp_update_post). Event Tickets takes Order::lock_order's lock around
 *   the save (the post's `post_content_filtered` set to a fresh ID, emptied again after); no row
 *   keeps it, and the write's transaction already holds the new order's row, so it is not taken here;
 * - Ticket::modify_counters_by_status on `tec_tickets_commerce_order_status_transition`: each
 *   ticket of the order counts its quantity under `_tec_tc_ticket_status_count:{new}` and stops
 *   counting it under the old status's key (`unknown` for a post that had none: Unsupported);
 * - the status's flags, in order, each firing the flag actions hooked to it (by priority, then
 *   registration), each action marking the order `_tec_tc_order_fa_marker:{status}:{flag}` with
 *   the time in milliseconds after it ran, whether it had work to do or not;
 * - `_tec_tc_order_status_log_{status}` with that time once the status is saved.
 *
 * The flag actions' work is the caller's (FlagWork): the attendee and the stock are theirs to write.
 */

export type OrderStatusSlug = 'created' | 'pending' | 'completed';

/** Status\Created, Pending, Completed::$flags. */
const STATUS_FLAGS: Readonly<Record<OrderStatusSlug, readonly string[]>> = {
  created: ['incomplete', 'backfill_purchaser', 'trigger_option'],
  pending: ['backfill_purchaser', 'count_attendee', 'count_incomplete', 'count_sales'],
  completed: [
    'complete', 'backfill_purchaser', 'attendee_dispatch', 'end_duplicated_pending_orders', 'stock_reduced', 'send_email',
    'send_email_completed_order', 'send_email_purchase_receipt', 'count_attendee', 'count_completed', 'count_sales', 'increase_sales',
  ],
};

/**
 * Flag_Action_Handler's actions (and Order_Modifiers' coupon usage), per flag, in the order they
 * run: Validate_Stock_Availability at priority 5, then the rest at 10 in registration order.
 * `increase_sales` has no action: Increase_Sales is not among the registered ones.
 */
const FLAG_ACTIONS: Readonly<Record<string, readonly FlagAction[]>> = {
  backfill_purchaser: ['backfill_purchaser'],
  generate_attendees: ['generate_attendees'],
  decrease_stock: ['validate_stock_availability', 'decrease_stock', 'increase_coupon_usage'],
  end_duplicated_pending_orders: ['end_duplicated_pending_orders'],
  send_email: ['send_email'],
  send_email_completed_order: ['send_email_completed_order'],
  send_email_purchase_receipt: ['send_email_purchase_receipt'],
};

type FlagAction =
  | 'backfill_purchaser' | 'generate_attendees' | 'validate_stock_availability' | 'decrease_stock' | 'increase_coupon_usage'
  | 'end_duplicated_pending_orders' | 'send_email' | 'send_email_completed_order' | 'send_email_purchase_receipt';

/**
 * What the caller does for an action that writes: Generate_Attendees' attendee and Decrease_Stock's
 * counters. The others write nothing on a manual order: Backfill_Purchaser fills a PayPal
 * purchaser, End_Duplicated_Pending_Orders needs a cart hash, and the e-mail actions queue
 * e-mails, which this service does not send.
 */
export interface FlagWork {
  generateAttendees(): Promise<void>;
  decreaseStock(): Promise<void>;
}

/** An order's ticket and how many of it, for the status counters. */
export interface OrderTicketCount {
  ticketId: number;
  quantity: number;
}

export interface OrderTransition {
  orderId: number;
  tickets: readonly OrderTicketCount[];
  /** The status Tickets Commerce decreases stock and generates attendees at (`tickets-commerce-stock-handling`). */
  stockHandling: OrderStatusSlug;
  work: FlagWork;
}

const STATUS_COUNT_PREFIX = '_tec_tc_ticket_status_count';
const MARKER_PREFIX = '_tec_tc_order_fa_marker';
const STATUS_LOG_PREFIX = '_tec_tc_order_status_log';
/** Unsupported's slug: what a post status Tickets Commerce does not know reads as. */
const UNSUPPORTED = 'unknown';

/**
 * A status's flags after the flag filters: Generate_Attendees puts `generate_attendees` before
 * `send_email` (or last), then Decrease_Stock appends `decrease_stock`, on the stock-handling status.
 */
export function statusFlags(status: OrderStatusSlug, stockHandling: OrderStatusSlug): string[] {
  const flags = [...STATUS_FLAGS[status]];
  if (status !== stockHandling) return flags;
  const sendEmail = flags.indexOf('send_email');
  if (sendEmail === -1) flags.push('generate_attendees');
  else flags.splice(sendEmail, 0, 'generate_attendees');
  flags.push('decrease_stock');
  return flags;
}

const writeStarts = new WeakMap<WriteScope, number>();

/**
 * tec_get_current_milliseconds(): `Y-m-d H:i:s.uuuu` in UTC, the fraction's first four digits.
 * The write's clock gives the instant it started; the time since then moves the stamps on, as
 * each of Event Tickets' stamps is taken a little later than the one before.
 */
export function currentMilliseconds(scope: WriteScope): string {
  let start = writeStarts.get(scope);
  if (start === undefined) {
    start = performance.now();
    writeStarts.set(scope, start);
  }
  const tenthsOfMs = Math.floor((scope.now.getTime() + (performance.now() - start)) * 10);
  const seconds = Math.floor(tenthsOfMs / 10_000);
  return `${formatUtc(seconds)}.${String(tenthsOfMs % 10_000).padStart(4, '0')}`;
}

/** Ticket::modify_counters_by_status: the new status counts the order's tickets, the old one stops. */
async function modifyCounters(scope: WriteScope, tickets: readonly OrderTicketCount[], status: string, previous: string): Promise<void> {
  for (const { ticketId, quantity } of tickets) {
    const key = `${STATUS_COUNT_PREFIX}:${status}`;
    const current = Number.parseInt((await getPostMetaValues(scope, ticketId, key))[0] ?? '', 10) || 0;
    await updatePostMeta(scope, ticketId, key, String(current + quantity));
    const oldKey = `${STATUS_COUNT_PREFIX}:${previous}`;
    const old = Number.parseInt((await getPostMetaValues(scope, ticketId, oldKey))[0] ?? '', 10) || 0;
    await updatePostMeta(scope, ticketId, oldKey, String(Math.max(0, old - quantity)));
  }
}

async function runAction(scope: WriteScope, action: FlagAction, work: FlagWork): Promise<void> {
  if (action === 'generate_attendees') await work.generateAttendees();
  else if (action === 'decrease_stock') await work.decreaseStock();
}

/**
 * Status_Handler::transition_order_post_status_hooks for an order that moved from `previous`
 * (a Tickets Commerce slug, or undefined for a post that had no Tickets Commerce status) to `status`.
 */
export async function runStatusTransition(scope: WriteScope, transition: OrderTransition, status: OrderStatusSlug, previous: string | undefined): Promise<void> {
  await modifyCounters(scope, transition.tickets, status, previous ?? UNSUPPORTED);
  for (const flag of statusFlags(status, transition.stockHandling)) {
    for (const action of FLAG_ACTIONS[flag] ?? []) {
      await runAction(scope, action, transition.work);
      await addPostMeta(scope, transition.orderId, `${MARKER_PREFIX}:${status}:${flag}`, currentMilliseconds(scope));
    }
  }
}

/**
 * Order::modify_status( $order_id, $status ) for an order at `previous`: the post saved with the
 * status's post status (the transition's hooks running inside the save), then its status log.
 */
export async function modifyOrderStatus(scope: WriteScope, transition: OrderTransition, status: OrderStatusSlug, previous: OrderStatusSlug): Promise<void> {
  await updatePost(scope, transition.orderId, { post_status: tcOrderPostStatus(status) });
  await runStatusTransition(scope, transition, status, previous);
  await addPostMeta(scope, transition.orderId, `${STATUS_LOG_PREFIX}_${status}`, currentMilliseconds(scope));
}

const WALKED_STATUSES: readonly OrderStatusSlug[] = ['created', 'pending', 'completed'];

/**
 * Status_Handler::get_inventory_decrease_status: the stock-handling option's status, Pending when
 * the option is unset or names no status. Undefined for a status a manual order never reaches
 * here (its attendees would come from a later status change this service does not make).
 */
export function commerceStockHandling(option: string | undefined): OrderStatusSlug | undefined {
  if (option === undefined || tcOrderPostStatus(option) === `tec-tc-${UNSUPPORTED}`) return 'pending';
  return WALKED_STATUSES.find((status) => status === option);
}
