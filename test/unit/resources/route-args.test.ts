import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../src/http/request-context.js';
import type { ArgSpec, ArgSpecs } from '../../../src/http/rest-args.js';
import type { EndpointDefinition, RouteDefinition } from '../../../src/http/rest-route.js';
import { createCategoriesRoutes } from '../../../src/resources/categories/categories.routes.js';
import { createEventWriteEndpoints } from '../../../src/resources/events/events.write.routes.js';
import { createOrganizersRoutes } from '../../../src/resources/organizers/organizers.routes.js';
import { createTagsRoutes } from '../../../src/resources/tags/tags.routes.js';
import { createVenuesRoutes } from '../../../src/resources/venues/venues.routes.js';
import { loadCases } from '../../contract/captures.js';

/**
 * The route definitions against the plugin's namespace index (case `index.namespace`): routes,
 * the methods of each endpoint in order, and each endpoint's arguments, names in order and as the
 * index prints them.
 */

const NAMESPACE_ROOT = '/calendar/events/v1';

interface IndexEndpoint {
  methods: string[];
  /** PHP's empty array encodes as `[]`. */
  args: Record<string, Record<string, unknown>> | [];
}

interface IndexRoute {
  methods: string[];
  endpoints: IndexEndpoint[];
}

const indexCase = loadCases().find((testCase) => testCase.id === 'index.namespace');
if (!indexCase) throw new Error('cases.jsonl has no index.namespace case');
const indexRoutes = (indexCase.expect.body as { routes: Record<string, IndexRoute> }).routes;

function indexRoute(pattern: string): IndexRoute {
  const route = indexRoutes[`${NAMESPACE_ROOT}${pattern}`];
  if (!route) throw new Error(`the index has no route ${pattern}`);
  return route;
}

function indexArgs(endpoint: IndexEndpoint | undefined): Record<string, Record<string, unknown>> {
  if (!endpoint) throw new Error('the index has no such endpoint');
  return Array.isArray(endpoint.args) ? {} : endpoint.args;
}

/** The keys WordPress's index keeps of an argument, in the order its definition holds them. */
const INDEX_KEYWORDS = ['default', 'description', 'type', 'format', 'items', 'enum'];

/** The site of the captures: WordPress's `posts_per_page` is 10, TEC has none of its own. */
const CAPTURE_CONTEXT = {
  site: { postsPerPage: '10', tec: { postsPerPage: undefined } },
} as unknown as RequestContext;

/** One argument as the index shows it: the kept keys in definition order, then `required`. */
function renderArg(spec: ArgSpec<RequestContext>): Record<string, unknown> {
  const rendered: Record<string, unknown> = {};
  for (const key of Object.keys(spec)) {
    if (!INDEX_KEYWORDS.includes(key)) continue;
    const value = spec[key as keyof ArgSpec<RequestContext>];
    rendered[key] = typeof value === 'function' ? (value as (ctx: RequestContext) => unknown)(CAPTURE_CONTEXT) : value;
  }
  rendered.required = spec.required;
  return rendered;
}

function expectArgsMatch(args: ArgSpecs<RequestContext>, expected: Record<string, Record<string, unknown>>): void {
  expect(Object.keys(args)).toEqual(Object.keys(expected));
  for (const [name, spec] of Object.entries(args)) {
    expect(typeof spec.required, `${name}: required is set explicitly`).toBe('boolean');
    const rendered = renderArg(spec);
    expect(rendered, name).toEqual(expected[name]);
    expect(Object.keys(rendered), `${name}: key order`).toEqual(Object.keys(expected[name] ?? {}));
  }
}

function expectRoutesMatchIndex(resource: string, routes: RouteDefinition<RequestContext>[]): void {
  it('defines exactly the routes the index lists for it, in order', () => {
    const listed = Object.keys(indexRoutes).filter(
      (key) => key === `${NAMESPACE_ROOT}/${resource}` || key.startsWith(`${NAMESPACE_ROOT}/${resource}/`),
    );
    expect(routes.map((route) => `${NAMESPACE_ROOT}${route.pattern}`)).toEqual(listed);
  });

  for (const route of routes) {
    describe(route.pattern, () => {
      it('has the endpoints and methods of the index, in order', () => {
        const expected = indexRoute(route.pattern);
        expect(route.endpoints.map((endpoint) => endpoint.methods)).toEqual(
          expected.endpoints.map((endpoint) => endpoint.methods),
        );
        expect(route.endpoints.flatMap((endpoint) => endpoint.methods)).toEqual(expected.methods);
      });

      route.endpoints.forEach((endpoint, position) => {
        it(`${endpoint.methods.join(',')}: has the index's arguments, in order`, () => {
          expectArgsMatch(endpoint.args, indexArgs(indexRoute(route.pattern).endpoints[position]));
        });
      });
    });
  }
}

describe('venue routes', () => expectRoutesMatchIndex('venues', createVenuesRoutes()));
describe('organizer routes', () => expectRoutesMatchIndex('organizers', createOrganizersRoutes()));
describe('category routes', () => expectRoutesMatchIndex('categories', createCategoriesRoutes()));
describe('tag routes', () => expectRoutesMatchIndex('tags', createTagsRoutes()));

describe('event write endpoints', () => {
  const endpoints = createEventWriteEndpoints();
  const placements: [string, EndpointDefinition<RequestContext>, string, number][] = [
    ['create', endpoints.create, '/events', 1],
    ['deleteById', endpoints.deleteById, '/events/(?P<id>\\d+)', 1],
    ['updateById', endpoints.updateById, '/events/(?P<id>\\d+)', 2],
    ['deleteBySlug', endpoints.deleteBySlug, '/events/by-slug/(?P<slug>[^/]+)', 1],
    ['updateBySlug', endpoints.updateBySlug, '/events/by-slug/(?P<slug>[^/]+)', 2],
  ];

  for (const [name, endpoint, pattern, position] of placements) {
    it(`${name} matches endpoint ${position} of ${pattern}`, () => {
      const expected = indexRoute(pattern).endpoints[position];
      expect(endpoint.methods).toEqual(expected?.methods);
      expectArgsMatch(endpoint.args, indexArgs(expected));
    });
  }
});
