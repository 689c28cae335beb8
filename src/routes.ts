import type { RequestContext } from './http/request-context.js';
import type { RouteDefinition } from './http/rest-route.js';
import { createIndexRoute } from './resources/index/index.routes.js';
import { createDocRoute } from './resources/index/doc.routes.js';
import { createEventsRoutes } from './resources/events/events.routes.js';
import { createVenuesRoutes } from './resources/venues/venues.routes.js';
import { createOrganizersRoutes } from './resources/organizers/organizers.routes.js';
import { createCategoriesRoutes } from './resources/categories/categories.routes.js';
import { createTagsRoutes } from './resources/tags/tags.routes.js';

/** Every route of the namespace, in the plugin's registration order (the index's order). */
export function createNamespaceRoutes(): RouteDefinition<RequestContext>[] {
  const routes: RouteDefinition<RequestContext>[] = [];
  routes.push(
    createIndexRoute(() => routes),
    createDocRoute(() => routes),
    ...createEventsRoutes(),
    ...createVenuesRoutes(),
    ...createOrganizersRoutes(),
    ...createCategoriesRoutes(),
    ...createTagsRoutes(),
  );
  return routes;
}
