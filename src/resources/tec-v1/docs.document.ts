import type { SiteSettings } from '../../wp/site/site.js';
import type { SiteUrls } from '../../wp/site/urls.js';
import { phpIntval } from '../../wp/php/php-values.js';
import { renderDefinitions } from './docs.definitions.js';
import { endpointDocs, renderOperation, tagsOf } from './docs.operations.js';
import { ticketEndpointDocs } from './docs.tickets.js';
import { servesTecV1Tickets } from './tickets.routes.js';

/** Documentation::SWAGGER_VERSION and TEC_REST_API_VERSION. */
const OPENAPI_VERSION = '3.0.4';
const TEC_REST_API_VERSION = '1.0.0';

/** What of the site the document depends on. */
export interface DocsSite {
  urls: SiteUrls;
  site: Pick<SiteSettings, 'postsPerPage' | 'plugins'>;
}

/**
 * Documentation::get(): the `tec/v1` OpenAPI document. Site-dependent are the server URL
 * (rest_url of the namespace: pretty, PATHINFO or `?rest_route=` as the site links) and the lists'
 * default page size (`(int) get_option('posts_per_page')`, Endpoint::get_default_posts_per_page).
 */
export function buildTecDocs({ urls, site }: DocsSite): Record<string, unknown> {
  const postsPerPage = phpIntval(site.postsPerPage);
  // Event Tickets' routes, tag and definitions, where the site serves them (its controller registers first).
  const withTickets = servesTecV1Tickets(site as SiteSettings);
  const endpoints = [...(withTickets ? ticketEndpointDocs(postsPerPage) : []), ...endpointDocs(postsPerPage)];
  const paths: Record<string, unknown> = {};
  for (const endpoint of endpoints) {
    paths[endpoint.path] = Object.fromEntries(Object.entries(endpoint.operations).map(([method, operation]) => [method, renderOperation(operation)]));
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'The Events Calendar REST API',
      version: TEC_REST_API_VERSION,
      description: 'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
      contact: { name: 'The Events Calendar', email: 'support@theeventscalendar.com' },
    },
    tags: tagsOf(endpoints).map(({ name, description }) => ({ name, description })),
    components: {
      schemas: renderDefinitions(withTickets),
      securitySchemes: { BasicAuth: { type: 'http', scheme: 'basic' } },
    },
    servers: [{ url: `${urls.restRoot}${urls.namespace}` }],
    paths,
  };
}

