import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { createLinkedEntityRoute } from './linked-entity.routes.js';
import { ORGANIZER_ENTITY_KIND } from './linked-entity.kinds.js';

/** GET, PUT/PATCH and DELETE /organizers/{id} (Organizer: Read_, Update_ and Delete_Entity_Response). */
export function createOrganizerRoute(gate: boolean): RouteDefinition<RequestContext> {
  return createLinkedEntityRoute(ORGANIZER_ENTITY_KIND, gate);
}
