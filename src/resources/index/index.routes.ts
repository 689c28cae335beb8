import type { RequestContext } from '../../http/request-context.js';
import type { ArgSpec, ArgSpecs } from '../../http/rest-args.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { API_NAMESPACE } from '../../wp/urls.js';

/** The JSON-schema keywords WordPress's index keeps of each argument (rest_get_allowed_schema_keywords). */
const INDEX_KEYWORDS = new Set(['title', 'description', 'default', 'type', 'format', 'enum', 'items']);

/** An argument as the index shows it: its schema keywords in declaration order, then `required`. */
export function describeArg(spec: ArgSpec<RequestContext>, ctx: RequestContext): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(spec)) {
    if (!INDEX_KEYWORDS.has(key) || value === undefined) continue;
    shown[key] = key === 'default' && typeof value === 'function' ? (value as (c: RequestContext) => unknown)(ctx) : value;
  }
  shown.required = spec.required === true;
  return shown;
}

function describeArgs(args: ArgSpecs<RequestContext>, ctx: RequestContext): Record<string, unknown> | [] {
  const entries = Object.entries(args);
  // An empty PHP array encodes as a JSON list.
  if (entries.length === 0) return [];
  return Object.fromEntries(entries.map(([name, spec]) => [name, describeArg(spec, ctx)]));
}

/**
 * WP_REST_Server::get_namespace_index for our namespace: every route with its methods and each
 * endpoint's arguments (defaults computed for this request), `self` links for routes without
 * parameters, and the `up` link to the REST root.
 */
export function buildNamespaceIndex(
  routes: readonly RouteDefinition<RequestContext>[],
  ctx: RequestContext,
): Record<string, unknown> {
  const described: Record<string, unknown> = {};
  for (const route of routes) {
    const path = `/${API_NAMESPACE}${route.pattern}`;
    const methods = [...new Set(route.endpoints.flatMap((endpoint) => endpoint.methods))];
    const entry: Record<string, unknown> = {
      namespace: API_NAMESPACE,
      methods,
      endpoints: route.endpoints.map((endpoint) => ({
        methods: endpoint.methods,
        args: describeArgs(endpoint.args, ctx),
      })),
    };
    if (!route.pattern.includes('(?P<')) {
      entry._links = { self: [{ href: `${ctx.urls.restRoot}${API_NAMESPACE}${route.pattern}` }] };
    }
    described[path] = entry;
  }
  return { namespace: API_NAMESPACE, routes: described, _links: { up: [{ href: ctx.urls.restRoot }] } };
}

/** The namespace root; it describes the routes it is given, itself included. */
export function createIndexRoute(
  allRoutes: () => readonly RouteDefinition<RequestContext>[],
): RouteDefinition<RequestContext> {
  return {
    pattern: '',
    endpoints: [
      {
        methods: ['GET'],
        args: {
          namespace: { default: API_NAMESPACE, required: false },
          context: { default: 'view', required: false },
        },
        handler: async (ctx) => ({ body: buildNamespaceIndex(allRoutes(), ctx) }),
      },
    ],
  };
}
