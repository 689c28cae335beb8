import { translate, type Translate } from '../../i18n/index.js';
import type { RequestContext } from '../../http/request-context.js';
import type { ArgSpec, ArgSpecs } from '../../http/rest-args.js';
import { routesOnSite, type RouteDefinition } from '../../http/rest-route.js';

type Route = RouteDefinition<RequestContext>;

/** The JSON-schema keywords WordPress's index keeps of each argument (rest_get_allowed_schema_keywords). */
const INDEX_KEYWORDS = new Set(['title', 'description', 'default', 'type', 'format', 'enum', 'items', 'properties', 'minimum', 'maximum', 'pattern', 'uniqueItems']);

/**
 * An argument as the index shows it: its schema keywords in declaration order, then `required`.
 * The description is in the site's language, as the plugin registers it through __(); names,
 * types and defaults never change with the language.
 */
export function describeArg(spec: ArgSpec<RequestContext>, ctx: RequestContext, t: Translate): Record<string, unknown> {
  if (spec.shownAs !== undefined) return { ...spec.shownAs, required: spec.required === true };
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(spec)) {
    if (!INDEX_KEYWORDS.has(key) || value === undefined) continue;
    if (key === 'default' && typeof value === 'function') shown[key] = (value as (c: RequestContext) => unknown)(ctx);
    else if (key === 'description' && typeof value === 'string') shown[key] = t(value);
    else shown[key] = value;
  }
  shown.required = spec.required === true;
  return shown;
}

function describeArgs(args: ArgSpecs<RequestContext>, ctx: RequestContext, t: Translate): Record<string, unknown> | Record<string, unknown>[] {
  const entries = Object.entries(args);
  // An empty PHP array encodes as a JSON list; so does one keyed 0, 1, ... in order (Event
  // Tickets' malformed arguments, ArgSpec.shownAs).
  if (entries.length === 0) return [];
  if (entries.every(([name], index) => name === String(index))) return entries.map(([, spec]) => describeArg(spec, ctx, t));
  return Object.fromEntries(entries.map(([name, spec]) => [name, describeArg(spec, ctx, t)]));
}

/**
 * WP_REST_Server::get_data_for_route: a route's namespace, methods and endpoints with their
 * arguments (defaults computed for this request), and a `self` link when the path has no
 * parameters (and, for OPTIONS, `help`: its schema). `path` is the route's full path below the REST root (`/calendar/events/v1/events`).
 */
export function describeRoute(
  path: string,
  namespace: string,
  route: Route,
  ctx: RequestContext,
  t: Translate,
  help = false,
): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    namespace,
    methods: [...new Set(route.endpoints.flatMap((endpoint) => endpoint.methods))],
    endpoints: route.endpoints.map((endpoint) => ({
      methods: endpoint.methods,
      args: describeArgs(endpoint.args, ctx, t),
    })),
  };
  // OPTIONS answers describe a route in the `help` context, which adds its schema.
  if (help && route.schema) entry.schema = route.schema(ctx);
  if (!path.includes('(?P<')) {
    entry._links = { self: [{ href: `${ctx.urls.restRoot}${path.replace(/^\//, '')}` }] };
  }
  return entry;
}

/** A namespace's routes as an index lists them, keyed by full path, in registration order. */
export function describeNamespaceRoutes(
  namespace: string,
  routes: readonly Route[],
  ctx: RequestContext,
  t: Translate,
): Record<string, unknown> {
  const described: Record<string, unknown> = {};
  for (const route of routes) {
    const path = `/${namespace}${route.pattern}`;
    described[path] = describeRoute(path, namespace, route, ctx, t);
  }
  return described;
}

/**
 * WP_REST_Server::get_namespace_index for our namespace: every route with its methods and each
 * endpoint's arguments (descriptions in the site's language), and the `up` link to the REST root.
 */
export function buildNamespaceIndex(routes: readonly Route[], ctx: RequestContext): Record<string, unknown> {
  const t = translate(ctx.site.language);
  return {
    namespace: ctx.urls.namespace,
    routes: describeNamespaceRoutes(ctx.urls.namespace, routes, ctx, t),
    _links: { up: [{ href: ctx.urls.restRoot }] },
  };
}

/** The namespace root; it describes the routes it is given, itself included. */
export function createIndexRoute(namespace: string, allRoutes: () => readonly Route[]): Route {
  return {
    pattern: '',
    endpoints: [
      {
        methods: ['GET'],
        args: {
          namespace: { default: namespace, required: false },
          context: { default: 'view', required: false },
        },
        // get_namespace_index adds its `up` link whatever `_fields` names.
        handler: async (ctx) => ({ body: buildNamespaceIndex(routesOnSite(allRoutes(), ctx.site), ctx), responseLinks: true }),
      },
    ],
  };
}
