import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { createLinkedEntitiesRoute } from './linked-entity.routes.js';
import { VENUE_ENTITY_KIND } from './linked-entity.kinds.js';

/** GET and POST /venues (Venues: Read_Archive_Response, Create_Entity_Response). */
export function createVenuesRoute(gate: boolean): RouteDefinition<RequestContext> {
  return createLinkedEntitiesRoute(VENUE_ENTITY_KIND, gate);
}
