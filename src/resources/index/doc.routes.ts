import { translate, type Translate } from '../../i18n/index.js';
import type { RequestContext } from '../../http/request-context.js';
import type { ArgSpecs } from '../../http/rest-args.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { restUrl, type SiteUrls } from '../../wp/site/urls.js';
import { componentSchemas } from './doc.components.js';
import { pathRecipes, type ArgSource, type OperationRecipe } from './doc.paths.js';
import { swaggerizeArgs, swaggerizeBody, toOpenApiPath } from './doc.swagger.js';

type Route = RouteDefinition<RequestContext>;

/** Swagger_Documentation's `$tec_rest_api_version`. */
const TEC_REST_API_VERSION = '1.0.0';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/**
 * `servers[0].url` as the plugin builds it: scheme, the host of the home URL (its port and path
 * dropped, a plugin quirk kept), then the namespace's REST URL with the home URL cut out. The
 * plugin takes the scheme from is_ssl(), the request's; behind a proxy we cannot see that, so
 * the scheme of the URL we print links with stands in.
 */
function serverUrl(urls: SiteUrls): string {
  let scheme = 'http';
  let host = '';
  try {
    const base = new URL(urls.base);
    scheme = base.protocol.replace(/:$/, '');
    host = base.hostname;
  } catch {
    host = urls.base.replace(/^[a-z]+:\/\//i, '').replace(/[:/].*$/, '');
  }
  return `${scheme}://${host}${restUrl(urls).replaceAll(urls.base, '')}`;
}

/**
 * The arguments of the endpoint a recipe names. Throws when the route or method is not defined:
 * a recipe out of step with the routes is a programming error the doc tests catch.
 */
function argsOf(source: ArgSource, routesByPath: ReadonlyMap<string, Route>): ArgSpecs<RequestContext> {
  const route = routesByPath.get(source.path);
  const endpoint = route?.endpoints.find((candidate) => candidate.methods.includes(source.method));
  if (!endpoint) throw new Error(`/doc: no ${source.method} endpoint on ${source.path}`);
  return endpoint.args;
}

function renderOperation(
  recipe: OperationRecipe,
  routesByPath: ReadonlyMap<string, Route>,
  t: Translate,
): Record<string, unknown> {
  const operation: Record<string, unknown> = {};
  if (recipe.parameters) {
    const args = argsOf(recipe.parameters.from, routesByPath);
    operation.parameters = swaggerizeArgs(args, { in: recipe.parameters.in }, t);
  }
  if (recipe.requestBody) {
    // array_merge: later sources override earlier ones but keep the first position.
    const merged: ArgSpecs<RequestContext> = {};
    for (const source of recipe.requestBody) Object.assign(merged, argsOf(source, routesByPath));
    operation.requestBody = swaggerizeBody(FORM_CONTENT_TYPE, merged, t);
  }
  operation.responses = recipe.responses;
  return operation;
}

/**
 * Swagger_Documentation::get_documentation: the OpenAPI 3.0.0 document of the namespace, its
 * paths in route registration order with each endpoint's arguments read from the route
 * definitions, every text in the site's language. Throws only on a recipe naming a missing route.
 */
export function buildDocumentation(routes: readonly Route[], ctx: RequestContext): Record<string, unknown> {
  const t = translate(ctx.site.language);
  const routesByPath = new Map(routes.map((route) => [toOpenApiPath(route.pattern), route]));
  const recipes = pathRecipes(t);
  const paths: Record<string, unknown> = {};
  for (const path of routesByPath.keys()) {
    if (!Object.hasOwn(recipes, path)) continue;
    const operations: Record<string, unknown> = {};
    for (const [method, recipe] of Object.entries(recipes[path] ?? {})) {
      operations[method] = renderOperation(recipe, routesByPath, t);
    }
    paths[path] = operations;
  }
  return {
    openapi: '3.0.0',
    info: {
      version: TEC_REST_API_VERSION,
      title: t('The Events Calendar REST API'),
      description: t('The Events Calendar REST API allows accessing upcoming events information easily and conveniently.'),
    },
    components: { schemas: componentSchemas(t) },
    servers: [{ url: serverUrl(ctx.urls) }],
    paths,
  };
}

/** `/doc`: the OpenAPI document of the routes it is given, itself included. */
export function createDocRoute(allRoutes: () => readonly Route[]): Route {
  return {
    pattern: '/doc',
    endpoints: [
      {
        methods: ['GET'],
        args: {},
        handler: async (ctx) => ({ body: buildDocumentation(allRoutes(), ctx) }),
      },
    ],
  };
}
