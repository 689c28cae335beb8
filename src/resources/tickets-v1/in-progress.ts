import { CoreErrors } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import type { EndpointDefinition, RouteDefinition } from '../../http/rest-route.js';

/**
 * What an Event Tickets endpoint declared but not served yet spreads into its declaration: the
 * dispatcher passes it by (EndpointDefinition.inProgress), so it answers rest_no_route; the
 * handler is never reached and says so should it be.
 */
export const IN_PROGRESS: Pick<EndpointDefinition<RequestContext>, 'inProgress' | 'handler'> = {
  inProgress: true,
  handler: async () => {
    throw CoreErrors.noRoute();
  },
};

/** `METHODS /path` of each endpoint in progress, in registration order (docs/tickets-api.md, the start log). */
export function inProgressEndpoints(routes: readonly RouteDefinition<RequestContext>[]): string[] {
  return routes.flatMap((route) =>
    route.endpoints.filter((endpoint) => endpoint.inProgress).map((endpoint) => `${endpoint.methods.join(', ')} ${route.pattern}`),
  );
}
