import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { notImplemented } from '../../http/errors.js';

/** `/doc`: the OpenAPI document (served in the next step; listed now so discovery is complete). */
export function createDocRoute(): RouteDefinition<RequestContext> {
  return {
    pattern: '/doc',
    endpoints: [
      {
        methods: ['GET'],
        args: {},
        handler: async () => {
          throw notImplemented('GET /doc');
        },
      },
    ],
  };
}
