import type { RequestContext } from './http/request-context.js';
import { API_NAMESPACE, TEC_V1_NAMESPACE } from './wp/site/urls.js';
import type { RouteDefinition } from './http/rest-route.js';
import { createIndexRoute } from './resources/index/index.routes.js';
import { createDocRoute } from './resources/index/doc.routes.js';
import { createEventsRoutes } from './resources/events/events.routes.js';
import { createVenuesRoutes } from './resources/venues/venues.routes.js';
import { createOrganizersRoutes } from './resources/organizers/organizers.routes.js';
import { createCategoriesRoutes } from './resources/categories/categories.routes.js';
import { createTagsRoutes } from './resources/tags/tags.routes.js';
import { createEventsICalRoute } from './resources/events/events.ical.routes.js';
import { createTecDocsRoute } from './resources/tec-v1/docs.routes.js';
import { createCurrentUserRoute } from './resources/wp-v2/users.routes.js';
import { createSettingsRoute } from './resources/wp-v2/settings.routes.js';

/**
 * Every route of a namespace, in the plugin's registration order (the index's order). Each
 * namespace served (NAMESPACES) gets its own set: the index route's `namespace` argument names it.
 */
export function createNamespaceRoutes(namespace: string = API_NAMESPACE): RouteDefinition<RequestContext>[] {
  if (namespace === TEC_V1_NAMESPACE) return createTecV1Routes();
  const routes: RouteDefinition<RequestContext>[] = [];
  routes.push(
    createIndexRoute(namespace, () => routes),
    createDocRoute(() => routes),
    ...createEventsRoutes(),
    ...createVenuesRoutes(),
    ...createOrganizersRoutes(),
    ...createCategoriesRoutes(),
    ...createTagsRoutes(),
  );
  return routes;
}

/** TEC's `tec/v1` routes, a different API from the v1 one (its own arguments, gate and OpenAPI document). */
export function createTecV1Routes(): RouteDefinition<RequestContext>[] {
  return [createTecDocsRoute()];
}

/** The namespace of WordPress core's routes, of which the service serves a few (createCoreRoutes). */
export const CORE_NAMESPACE = 'wp/v2';

/**
 * The two WordPress core routes TEC's MCP server reads as it starts (`/wp/v2/users/me`, to check
 * the credentials, and `/wp/v2/settings`), served beside `tec/v1` so the MCP server can be pointed
 * at the service alone. Not listed in the REST root index, which lists only the TEC namespaces.
 */
export function createCoreRoutes(settings: { tablePrefix: string; multisite: boolean }): RouteDefinition<RequestContext>[] {
  return [createCurrentUserRoute(settings), createSettingsRoute(settings)];
}

/**
 * Routes of ours the plugin does not register (the iCal feed), served under the namespace root
 * beside its routes but kept out of the indexes, /doc and OPTIONS answers, which stay the plugin's.
 */
export function createUnlistedRoutes(namespace: string = API_NAMESPACE): RouteDefinition<RequestContext>[] {
  // The feed belongs with the v1 events it lists, not beside tec/v1's.
  if (namespace === TEC_V1_NAMESPACE) return [];
  return [createEventsICalRoute()];
}
