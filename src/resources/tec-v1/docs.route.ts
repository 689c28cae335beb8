import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { buildTecDocs } from './docs.document.js';

type Route = RouteDefinition<RequestContext>;

/** A read-only schema: `readonly` follows its own keys and precedes what it holds (properties, items). */
const ro = (schema: Record<string, unknown>, holds: Record<string, unknown> = {}) => ({ ...schema, readonly: true, ...holds });
const str = (description: string, extra: Record<string, unknown> = {}) => ro({ type: 'string', description, ...extra });

/**
 * OpenApiDocs::get_schema(): the route's JSON schema, which only an OPTIONS answer shows. TEC
 * spells `readonly` in lower case here (and `readOnly` in the document itself).
 */
export function docsRouteSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'OpenApiDocumentation',
    type: 'object',
    properties: {
      openapi: str('The OpenAPI version.'),
      info: ro({
        title: 'openapi_info',
        type: 'object',
        description: 'The API info.',
      }, {
        properties: {
          title: str('The API title.'),
          version: str('The TEC REST API version.'),
          description: str('The API description.'),
          contact: ro({
            type: 'object',
            description: 'The API contact.',
          }, {
            properties: { name: str('The name of the contact.'), email: str('The email of the contact.') },
          }),
        },
      }),
      components: ro({
        title: 'openapi_components',
        type: 'object',
        description: 'The OpenAPI components.',
      }, {
        properties: {
          schemas: ro({
            title: 'openapi_schemas',
            type: 'object',
            description: 'The OpenAPI schemas.',
          }, {
            properties: { openapi_schema: ro({ type: 'object', title: 'openapi_schema', description: "An object's schema." }) },
          }),
        },
      }),
      servers: ro({
        title: 'openapi_servers',
        type: 'array',
        description: 'The OpenAPI servers.',
      }, {
        items: ro({ type: 'object', description: 'A server.' }, { properties: { url: str('The server URL.', { format: 'uri' }) } }),
      }),
      paths: ro({
        title: 'OpenApiPaths',
        type: 'object',
        description: 'The OpenAPI paths.',
      }, {
        properties: { OpenApiPath: ro({ title: 'OpenApiPath', type: 'object', description: "A path's documentation." }) },
      }),
    },
  };
}

/**
 * `GET /tec/v1/docs`: the OpenAPI document. Public and, unlike every other `tec/v1` route, not
 * behind the experimental-endpoint header (OpenApiDocs::is_experimental() is false).
 */
export function createDocsRoute(): Route {
  return {
    pattern: '/docs',
    schema: docsRouteSchema,
    endpoints: [
      {
        methods: ['GET'],
        args: {},
        handler: async (ctx) => ({ body: buildTecDocs(ctx) }),
      },
    ],
  };
}
