import type { ArgSpecs } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import { arrayOf, boolean, date, dateTime, number, positiveInteger, text } from './tec-v1.args.js';
import { LINKED_POST_STICKY, pagination, postEntityBodyArgs } from './post-entity.args.js';

/*
 * The arguments of Event Tickets' tec/v1 ticket routes, in its order (Tickets::read_params,
 * Ticket_Request_Body_Definition after TEC_Post_Entity_Request_Body); the index prints them from
 * here and the dispatcher validates with them.
 */

type Args = ArgSpecs<RequestContext>;

/** GET /tickets (Tickets::read_params). */
export function ticketListArgs() {
  return {
    ...pagination(),
    search: text('search', 'Limit results to those matching a string.'),
    event: positiveInteger('event', 'Limit result set to tickets assigned to specific events.'),
    orderby: text('orderby', 'Sort collection by attribute.', { default: 'date', enum: ['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'] }),
    order: text('order', 'Order sort attribute ascending or descending.', { default: 'desc', enum: ['asc', 'desc'] }),
    status: text('status', 'Limit result set to tickets assigned one or more statuses.', { default: 'publish' }),
    include: arrayOf('Limit result set to specific IDs.', 'positive-integer'),
    exclude: arrayOf('Ensure result set excludes specific IDs.', 'positive-integer'),
    // Declared with a default of false, which the parameter leaves out of its description.
    show_hidden: boolean('Include tickets marked as hidden from view.'),
  } satisfies Args;
}

const SALE_DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const SALE_WINDOW_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$';

/** POST /tickets and PUT/PATCH /tickets/{id} (Ticket_Request_Body_Definition). */
export function ticketBodyArgs(): Args {
  return {
    ...postEntityBodyArgs(LINKED_POST_STICKY()),
    event: positiveInteger('event', 'The ID of the post this ticket is associated with. Normally an event-like post.'),
    price: number('price', 'The price of the ticket'),
    sale_price: number('sale_price', 'The sale price of the ticket'),
    sale_price_start_date: date('sale_price_start_date', 'The start date for the sale price', { pattern: SALE_DATE_PATTERN }),
    sale_price_end_date: date('sale_price_end_date', 'The end date for the sale price', { pattern: SALE_DATE_PATTERN }),
    capacity: positiveInteger('capacity', 'The capacity of the ticket'),
    event_capacity: positiveInteger('event_capacity', 'The capacity of the event'),
    stock: positiveInteger('stock', 'The stock quantity available'),
    show_description: boolean('Whether to show the ticket description'),
    stock_mode: text('stock_mode', 'The stock mode of the ticket', { default: 'own', enum: ['own', 'capped', 'global', 'unlimited'] }),
    type: text('type', 'The type of ticket'),
    start_date: dateTime('start_date', 'The start sale date of the ticket', { pattern: SALE_WINDOW_PATTERN }),
    end_date: dateTime('end_date', 'The end sale date of the ticket', { pattern: SALE_WINDOW_PATTERN }),
    sku: text('sku', 'The SKU of the ticket'),
  };
}
