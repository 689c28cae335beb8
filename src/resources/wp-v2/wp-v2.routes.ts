import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { createSettingsRoute } from './settings.routes.js';
import { createCurrentUserRoute } from './users.routes.js';

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
