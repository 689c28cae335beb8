import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { notServedYet } from '../../http/permissions.js';

/**
 * GET /docs, TEC's OpenAPI document (OpenApiDocs): public and never gated. Registered here so the
 * index and OPTIONS list it in its place; the document itself is not built yet (501).
 */
export function createDocsRoute(): RouteDefinition<RequestContext> {
  return { pattern: '/docs', endpoints: [{ methods: ['GET'], args: {}, handler: notServedYet('/docs') }] };
}
