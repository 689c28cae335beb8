import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { getRootIndex } from './root.service.js';

type Route = RouteDefinition<RequestContext>;

/**
 * The REST root (`{REST_ROOT}/`), WordPress's `/` route: GET only, with its `context` argument.
 * Served so that clients discover our namespace the WordPress way, following the `Link` header
 * to the root and reading its `routes`. It describes itself and the routes of every namespace served
 * to this request (by the site's plugins), in the order given.
 */
export function createRootIndexRoute(namespaceRoutes: (ctx: RequestContext) => ReadonlyMap<string, readonly Route[]>): Route {
  const route: Route = {
    pattern: '',
    endpoints: [
      {
        methods: ['GET'],
        args: { context: { default: 'view', required: false } },
        handler: async (ctx) => ({ body: await getRootIndex(ctx, route, namespaceRoutes(ctx)), responseLinks: true }),
      },
    ],
  };
  return route;
}
