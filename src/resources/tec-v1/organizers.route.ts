import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { createLinkedEntitiesRoute } from './linked-entity.routes.js';
import { ORGANIZER_ENTITY_KIND } from './linked-entity.kinds.js';

/** GET and POST /organizers (Organizers: Read_Archive_Response, Create_Entity_Response). */
export function createOrganizersRoute(gate: boolean): RouteDefinition<RequestContext> {
  return createLinkedEntitiesRoute(ORGANIZER_ENTITY_KIND, gate);
}
