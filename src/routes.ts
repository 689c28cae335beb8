import type { RequestContext } from './http/request-context.js';
import { API_NAMESPACE, TEC_V1_NAMESPACE, TICKETS_NAMESPACE } from './wp/site/urls.js';
import type { RouteDefinition } from './http/rest-route.js';
import { createIndexRoute } from './resources/index/index.routes.js';
import { createDocRoute } from './resources/index/doc.routes.js';
import { createEventsRoutes } from './resources/events/events.routes.js';
import { createVenuesRoutes } from './resources/venues/venues.routes.js';
import { createOrganizersRoutes } from './resources/organizers/organizers.routes.js';
import { createCategoriesRoutes } from './resources/categories/categories.routes.js';
import { createTagsRoutes } from './resources/tags/tags.routes.js';
import { createEventsICalRoute } from './resources/events/events.ical.routes.js';
import { createTecV1Routes, type TecV1Options } from './resources/tec-v1/tec-v1.routes.js';
import { createTicketsV1Routes } from './resources/tickets-v1/tickets-v1.routes.js';
import type { SitePlugins } from './wp/site/plugins.js';

/**
 * The namespaces of NAMESPACES the site answers: Event Tickets' `tribe/tickets/v1` only while the
 * site runs Event Tickets (WordPress registers it then only); without it, that namespace answers
 * rest_no_route, as one WordPress does not know, and no index lists it.
 */
export function servedNamespaces(namespaces: readonly string[], plugins: Pick<SitePlugins, 'eventTickets'>): string[] {
  return namespaces.filter((namespace) => namespace !== TICKETS_NAMESPACE || plugins.eventTickets !== undefined);
}

/**
 * Every route of a namespace, in the plugin's registration order (the index's order). Each
 * namespace served (NAMESPACES) gets its own set: the index route's `namespace` argument names it.
 */
export function createNamespaceRoutes(
  namespace: string = API_NAMESPACE,
  tecV1: TecV1Options = { experimentalGate: true },
): RouteDefinition<RequestContext>[] {
  // TEC 6's newer API is another set of endpoints altogether, not the v1 API renamed.
  if (namespace === TEC_V1_NAMESPACE) return createTecV1Routes(namespace, tecV1);
  // Event Tickets' own API, served beside TEC's (config.ts orders it last).
  if (namespace === TICKETS_NAMESPACE) return createTicketsV1Routes(namespace);
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

/**
 * Routes of ours the plugin does not register (the iCal feed), served under the namespace root
 * beside its routes but kept out of the indexes, /doc and OPTIONS answers, which stay the plugin's.
 */
export function createUnlistedRoutes(namespace: string = API_NAMESPACE): RouteDefinition<RequestContext>[] {
  return namespace === TEC_V1_NAMESPACE || namespace === TICKETS_NAMESPACE ? [] : [createEventsICalRoute()];
}
