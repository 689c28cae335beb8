import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { restUrl } from '../../wp/site/urls.js';
import { TICKETS_DOC_SCHEMAS } from './docs.components.js';
import { TICKETS_DOC_PATHS, type TicketsDocOperation } from './docs.paths.js';
import { swaggerizeTicketsArgs } from './docs.swagger.js';

type Route = RouteDefinition<RequestContext>;

/** Tribe__Tickets__REST__V1__Main::get_semantic_version. */
const TICKETS_REST_API_VERSION = '1.0.0';

/** One operation as the document shows it; its parameters swaggerized from the declared route. */
function renderOperation(operation: TicketsDocOperation, routes: readonly Route[], ctx: RequestContext): Record<string, unknown> {
  const rendered: Record<string, unknown> = {};
  if (operation.summary !== undefined) rendered.summary = operation.summary;
  if (operation.consumes !== undefined) rendered.consumes = operation.consumes;
  if (operation.parameters !== undefined) {
    const { pattern, method, in: location } = operation.parameters;
    const endpoint = routes.find((route) => route.pattern === pattern)?.endpoints.find((candidate) => candidate.methods.includes(method));
    // A recipe out of step with the routes is a programming error the doc contract catches.
    if (!endpoint) throw new Error(`tribe/tickets/v1 /doc: no ${method} endpoint on ${pattern}`);
    rendered.parameters = swaggerizeTicketsArgs(endpoint.args, location, ctx);
  }
  rendered.responses = operation.responses;
  return rendered;
}

/**
 * Event Tickets' Swagger_Documentation::get_documentation: OpenAPI 3.0.0, the server URL (the
 * namespace's REST URL with its trailing slash), every documented path, then the schemas. Its
 * texts are Event Tickets' (the `event-tickets` text domain, which the service ships no catalogue
 * of): English whatever the site's language. Throws only on a recipe naming a missing route.
 */
export function buildTicketsDocumentation(routes: readonly Route[], ctx: RequestContext): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [path, operations] of TICKETS_DOC_PATHS) {
    paths[path] = Array.isArray(operations)
      ? []
      : Object.fromEntries(Object.entries(operations).map(([method, operation]) => [method, renderOperation(operation as TicketsDocOperation, routes, ctx)]));
  }
  return {
    openapi: '3.0.0',
    info: {
      title: 'Event Tickets REST API',
      description: 'Event Tickets REST API allows accessing ticket information easily and conveniently.',
      version: TICKETS_REST_API_VERSION,
    },
    servers: [{ url: restUrl(ctx.urls) }],
    paths,
    components: { schemas: TICKETS_DOC_SCHEMAS },
  };
}
