import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../src/http/request-context.js';
import type { RouteDefinition } from '../../src/http/rest-route.js';
import { createNamespaceRoutes } from '../../src/routes.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { basicAuth } from '../builders/index.js';
import { loadUsers } from '../contract/captures.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { NASTY_SHAPES, NASTY_VALUES, RAW_VALUES } from './nasty-values.js';
import { agentFor, ROOT } from './support.js';

/**
 * Every argument of every read route, fed values a careless or hostile client sends, as an
 * anonymous reader and as an administrator: the answer is a list or a WordPress error, never a
 * 5xx. The routes and their arguments come from the same definitions the dispatcher validates
 * with, so a new argument is swept without touching this file.
 */
let database: TestDatabase;
let adminAuth: string;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  const admin = loadUsers().admin!;
  adminAuth = basicAuth(admin.login, admin.app_password);
});

afterAll(() => database?.drop());

/** A concrete path for a route pattern, with an existing record where one is needed. */
function concretePath(route: RouteDefinition<RequestContext>): string {
  const path = route.pattern
    .replace('/events/(?P<id>\\d+)', '/events/6')
    .replace('/events/by-slug/(?P<slug>[^/]+)', '/events/by-slug/oracle-concert')
    .replace('/venues/(?P<id>\\d+)', '/venues/5')
    .replace('/venues/by-slug/(?P<slug>[^/]+)', '/venues/by-slug/oracle-hall')
    .replace('/organizers/(?P<id>\\d+)', '/organizers/4')
    .replace('/organizers/by-slug/(?P<slug>[^/]+)', '/organizers/by-slug/oracle-org')
    .replace('/categories/(?P<id>\\d+)', '/categories/2')
    .replace('/tags/(?P<id>\\d+)', '/tags/3');
  expect(path, `no sample record for ${route.pattern}`).not.toContain('(?P<');
  return `${ROOT}${path}`;
}

const READ_ROUTES = createNamespaceRoutes().flatMap((route) =>
  route.endpoints
    .filter((endpoint) => endpoint.methods.includes('GET'))
    .map((endpoint) => ({ route, args: Object.keys(endpoint.args).filter((name) => name !== 'id' && name !== 'slug') })),
);

describe('bad input on every read route', () => {
  it('covers every read route', () => {
    expect(READ_ROUTES.length).toBe(15);
  });

  for (const { route, args } of READ_ROUTES) {
    it(`GET ${route.pattern || '/'} never answers 5xx`, async () => {
      const path = concretePath(route);
      const failures: string[] = [];
      const agent = agentFor(database, { now: RECORDING_INSTANT });
      for (const name of args) {
        const queries = [
          ...NASTY_VALUES.map((value) => `${name}=${encodeURIComponent(value)}`),
          ...RAW_VALUES.map((value) => `${name}=${value}`),
          ...NASTY_SHAPES(name),
        ];
        for (const query of queries) {
          for (const auth of [undefined, adminAuth]) {
            const request = agent.get(`${path}?${query}`);
            const response = await (auth ? request.set('Authorization', auth) : request);
            if (response.status >= 500) failures.push(`${auth ? 'admin' : 'anonymous'} ?${query.slice(0, 60)} -> ${response.status}`);
            else if (response.status >= 400) {
              expect(response.body, query).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status: response.status } });
            }
          }
        }
      }
      expect(failures).toEqual([]);
      // Hundreds of requests on the events list: more than the default 30 s on a busy machine.
    }, 120_000);
  }
});
