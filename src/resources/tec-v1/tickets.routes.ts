import type { RequestContext } from '../../http/request-context.js';
import { endpoint, type RouteDefinition } from '../../http/rest-route.js';
import { userCan } from '../../wp/auth/capabilities.js';
import type { SiteSettings } from '../../wp/site/site.js';
import { archiveResponse, entitySchema } from './archive-response.js';
import { gated } from './experimental-gate.js';
import { deleteArgs } from './post-entity.args.js';
import { canActOnEntity } from './post-entity.permissions.js';
import { entityNotReadable } from './post-entity.errors.js';
import { ticketBodyArgs, ticketListArgs } from './tickets.args.js';
import { canReadTicket } from './tickets.permissions.js';
import { listTickets, readTicket } from './tickets.service.js';
import { createTicketHandler, deleteTicketHandler, updateTicketHandler } from './tickets.writes.js';
import { TC_TICKET_POST_TYPE } from './tickets.constants.js';

/*
 * Event Tickets' tec/v1 endpoints (TEC\Tickets\REST\TEC\V1): registered only where Event Tickets
 * runs with Tickets Commerce on (its Controller returns early otherwise), before TEC's own.
 * Reads and writes are served (writes: tickets.writes.ts), each after the plugin's permission checks.
 */

/** Whether the site registers the routes: Event Tickets active, Tickets Commerce enabled. */
export function servesTecV1Tickets(site: SiteSettings): boolean {
  return site.plugins.eventTickets?.providers.includes('tc') ?? false;
}

/** can_create: the type's `create_posts`, which a `capability_type => post` type maps to `edit_posts`. */
const canCreateTicket = (ctx: RequestContext) => userCan(ctx.viewer, 'edit_posts');

/** GET and POST /tickets (Tickets: Read_Archive_Response, With_Ticket_Upsert). */
export function createTicketsRoute(gate: boolean): RouteDefinition<RequestContext> {
  const args = ticketListArgs();
  const argNames = new Set(Object.keys(args));
  return {
    pattern: '/tickets',
    available: servesTecV1Tickets,
    schema: entitySchema('tickets', 'Ticket', true),
    endpoints: [
      endpoint({ methods: ['GET'], args, permission: canReadTicket, handler: gated(gate, async (ctx) => archiveResponse(ctx, '/tickets', argNames, await listTickets(ctx))) }),
      { methods: ['POST'], args: ticketBodyArgs(), permission: canCreateTicket, handler: gated(gate, createTicketHandler) },
    ],
  };
}

/** GET, PUT/PATCH and DELETE /tickets/{id} (Ticket: Read_ and Delete_Entity_Response, With_Ticket_Upsert). */
export function createTicketRoute(gate: boolean): RouteDefinition<RequestContext> {
  return {
    pattern: '/tickets/(?P<id>\\d+)',
    available: servesTecV1Tickets,
    schema: entitySchema('ticket', 'Ticket', false),
    endpoints: [
      {
        methods: ['GET'],
        args: {},
        permission: canReadTicket,
        handler: gated(gate, async (ctx) => {
          const entity = await readTicket(ctx, ctx.params.id);
          return entity === undefined ? entityNotReadable() : { body: entity };
        }),
      },
      { methods: ['PUT', 'PATCH'], args: ticketBodyArgs(), permission: canActOnEntity('edit', TC_TICKET_POST_TYPE), handler: gated(gate, updateTicketHandler) },
      { methods: ['DELETE'], args: deleteArgs(), permission: canActOnEntity('delete', TC_TICKET_POST_TYPE), handler: gated(gate, deleteTicketHandler) },
    ],
  };
}
