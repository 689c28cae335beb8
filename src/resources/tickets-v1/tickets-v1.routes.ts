import type { RequestContext } from '../../http/request-context.js';
import { EDITABLE, endpoint, type RouteDefinition } from '../../http/rest-route.js';
import { listToArray } from '../../wp/php/lists.js';
import { createIndexRoute } from '../index/index.routes.js';
import { getAttendee } from './attendee.service.js';
import { createAttendee, updateAttendee } from './attendee.write.service.js';
import { listAttendees } from './attendees.service.js';
import { checkInByQr, getQrStatus } from './qr.service.js';
import { getCart } from './cart.service.js';
import { createGatewayRoutes, createOrderModifierRoutes } from './commerce.routes.js';
import { buildTicketsDocumentation } from './docs.document.js';
import { getTicket } from './ticket.service.js';
import { createEditorTicket, deleteEditorTicket, updateEditorTicket } from './ticket-writes.js';
import { listArchiveTickets } from './ticket-archive.service.js';
import { requestHasManageAccess } from './manage-access.js';
import { STRING_LIST_SCHEMA } from './list-schemas.js';
import { isPostId } from './post-ids.js';
import { CreateTicketArgs, DeleteTicketArgs, GetTicketArgs, ListTicketsArgs, UpdateTicketArgs } from './tickets.args.js';
import { AttendeeArchiveArgs, CreateAttendeeArgs, GetAttendeeArgs, QrCheckInArgs, QrGetArgs, UpdateAttendeeArgs } from './attendees.args.js';

type Route = RouteDefinition<RequestContext>;

/** Cart::READ_args. */
const CART_READ_ARGS = {
  provider: {
    description: 'Limit results to tickets provided by one of the providers specified in the CSV list or array; defaults to all available.',
    sanitize: listToArray,
    swaggerSchema: STRING_LIST_SCHEMA,
  },
  post_id: { type: 'integer', description: 'The post ID', validate: isPostId },
} as const;

/** Cart::EDIT_args. */
const CART_EDIT_ARGS = {
  provider: { type: 'string', description: 'The cart provider', required: true },
  tickets: { default: null, swaggerType: 'array', description: 'List of tickets with their ID and quantity' },
  meta: { default: null, swaggerType: 'array', description: 'List of meta for each ticket to be saved for Attendee Registration' },
  post_id: CART_READ_ARGS.post_id,
} as const;

/**
 * Every route of Event Tickets' `tribe/tickets/v1`, in the order WordPress lists them (the order
 * of first registration; a later registration of the same path adds its endpoints after the
 * earlier ones): the index, Tickets Commerce's gateways and order modifiers, the documentation,
 * then REST/V1/Service_Provider's tickets, attendees, cart and QR routes, with the block editor's
 * ticket writes added to the ticket routes. Endpoints not served yet are declared IN_PROGRESS.
 */
export function createTicketsV1Routes(namespace: string): Route[] {
  const routes: Route[] = [];
  routes.push(
    createIndexRoute(namespace, () => routes),
    ...createGatewayRoutes(),
    ...createOrderModifierRoutes(),
    { pattern: '/doc', endpoints: [{ methods: ['GET'], args: {}, handler: async (ctx) => ({ body: buildTicketsDocumentation(routes, ctx) }) }] },
    {
      pattern: '/tickets/(?P<id>\\d+)',
      endpoints: [
        { methods: ['GET'], args: GetTicketArgs, handler: async (ctx) => ({ body: await getTicket(ctx) }) },
        { methods: EDITABLE, args: UpdateTicketArgs, handler: updateEditorTicket },
        { methods: ['DELETE'], args: DeleteTicketArgs, handler: deleteEditorTicket },
      ],
    },
    {
      pattern: '/tickets',
      endpoints: [
        endpoint({ methods: ['GET'], args: ListTicketsArgs, handler: (ctx) => listArchiveTickets(ctx) }),
        { methods: ['POST'], args: CreateTicketArgs, handler: createEditorTicket },
      ],
    },
    {
      pattern: '/attendees/(?P<id>\\d+)',
      endpoints: [
        // Single_Attendee::get is open to all (__return_true) and decides who sees what itself.
        { methods: ['GET'], args: GetAttendeeArgs, handler: async (ctx) => ({ body: await getAttendee(ctx) }) },
        // validate_user_permission (request_has_manage_access) guards the writes.
        { methods: EDITABLE, args: UpdateAttendeeArgs, permission: requestHasManageAccess, handler: updateAttendee },
      ],
    },
    {
      // Registered as `/attendees/` (POST) before `/attendees` (GET): WordPress trims the slash and
      // lists both under one route, POST first.
      pattern: '/attendees',
      endpoints: [
        { methods: ['POST'], args: CreateAttendeeArgs, permission: requestHasManageAccess, handler: createAttendee },
        { methods: ['GET'], args: AttendeeArchiveArgs, handler: listAttendees },
      ],
    },
    {
      pattern: '/cart',
      // The cart is the visitor's (their cart cookie), which no cache key holds.
      answersKept: false,
      endpoints: [
        { methods: ['GET'], args: CART_READ_ARGS, handler: async (ctx) => ({ body: await getCart(ctx) }) },
        // Cart::can_edit lets everyone edit their own cart; update() then answers as get().
        { methods: EDITABLE, args: CART_EDIT_ARGS, handler: async (ctx) => ({ body: await getCart(ctx) }) },
      ],
    },
    { pattern: '/qr/(?P<id>\\d+)', endpoints: [{ methods: ['GET'], args: QrGetArgs, handler: async (ctx) => ({ body: await getQrStatus(ctx) }) }] },
    // The check-in is a GET too, as Event Tickets registers it (READABLE): it writes.
    { pattern: '/qr', answersKept: false, endpoints: [{ methods: ['GET'], args: QrCheckInArgs, handler: checkInByQr }] },
  );
  return routes;
}
