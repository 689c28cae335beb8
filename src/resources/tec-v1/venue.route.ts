import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { createLinkedEntityRoute } from './linked-entity.routes.js';
import { VENUE_ENTITY_KIND } from './linked-entity.kinds.js';

/** GET, PUT/PATCH and DELETE /venues/{id} (Venue: Read_, Update_ and Delete_Entity_Response). */
export function createVenueRoute(gate: boolean): RouteDefinition<RequestContext> {
  return createLinkedEntityRoute(VENUE_ENTITY_KIND, gate);
}
