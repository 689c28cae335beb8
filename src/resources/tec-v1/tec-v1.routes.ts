import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { createIndexRoute } from '../index/index.routes.js';
import { createEventsRoute } from './events.route.js';
import { createEventRoute } from './event.route.js';
import { createOrganizersRoute } from './organizers.route.js';
import { createOrganizerRoute } from './organizer.route.js';
import { createVenuesRoute } from './venues.route.js';
import { createVenueRoute } from './venue.route.js';
import { createDocsRoute } from './docs.route.js';
import { createTicketRoute, createTicketsRoute } from './tickets.routes.js';

type Route = RouteDefinition<RequestContext>;

export interface TecV1Options {
  /** Whether the X-TEC-EEA acknowledgement is required (TEC_V1_EXPERIMENTAL_GATE). */
  experimentalGate: boolean;
}

/**
 * TEC 6's `tec/v1` routes in the plugin's registration order (the index's order): the namespace
 * index, Event Tickets' tickets (only where the site runs it with Tickets Commerce), events,
 * organizers, venues, then the OpenAPI document. One module per endpoint.
 */
export function createTecV1Routes(namespace: string, options: TecV1Options): Route[] {
  const routes: Route[] = [];
  const gate = options.experimentalGate;
  routes.push(
    createIndexRoute(namespace, () => routes),
    createTicketsRoute(gate),
    createTicketRoute(gate),
    createEventsRoute(gate),
    createEventRoute(gate),
    createOrganizersRoute(gate),
    createOrganizerRoute(gate),
    createVenuesRoute(gate),
    createVenueRoute(gate),
    createDocsRoute(),
  );
  return routes;
}
