import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { EXPERIMENTAL_ACKNOWLEDGEMENT, EXPERIMENTAL_HEADER } from '../../src/wp/tec/experimental-acknowledgement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { loadTecV1Cases } from '../contract/tec-v1-captures.js';

/**
 * The REST root's `namespaces` is WordPress's promise that each listed namespace has routes
 * (WP_REST_Server::get_index lists the keys of the registered routes' namespaces, and each
 * answers its own index at /{namespace}): discovery clients (wpapi's discover, feature checks such
 * as "is wp/v2 there?") take it at its word. The recorded site lists every namespace of WordPress
 * and its other plugins (tecv1-dev.index.index.root-namespaces); the service lists the ones it
 * serves, and each of the others would be a claim it answers with rest_no_route. Hence the
 * intended deviation in test/contract/tec-v1-selection.ts.
 */

const RECORDED = loadTecV1Cases().find((testCase) => testCase.id === 'tecv1-dev.index.index.root-namespaces')!;
const RECORDED_NAMESPACES = (RECORDED.expect.body as { namespaces: string[] }).namespaces;
const SERVED = ['calendar/events/v1', 'tec/v1'];

let database: TestDatabase;
let agent: ReturnType<typeof supertest>;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  const config = loadConfig({ DATABASE_URL: database.url, NAMESPACES: SERVED.join(',') });
  agent = supertest(createHandler({ db: database.db, config, clock: fixedClock(RECORDED.recorded_at!) }));
});

afterAll(async () => {
  await database?.drop();
});

describe("the REST root's namespaces (NAMESPACES=calendar/events/v1,tec/v1)", () => {
  it('lists exactly the namespaces served, each answering its namespace index', async () => {
    const root = await agent.get('/wp-json/').query({ _fields: 'namespaces' });
    expect(root.status).toBe(200);
    expect(root.body.namespaces).toEqual(SERVED);
    for (const namespace of root.body.namespaces as string[]) {
      const index = await agent.get(`/wp-json/${namespace}`).set(EXPERIMENTAL_HEADER, EXPERIMENTAL_ACKNOWLEDGEMENT);
      expect(index.status, namespace).toBe(200);
      expect(index.body.namespace, namespace).toBe(namespace);
    }
  });

  it('leaves out every namespace of the recorded site it does not serve: each answers rest_no_route', async () => {
    const unserved = RECORDED_NAMESPACES.filter((namespace) => !SERVED.includes(namespace));
    expect(unserved).toContain('wp/v2');
    expect(unserved).toContain('oembed/1.0');
    for (const namespace of unserved) {
      const index = await agent.get(`/wp-json/${namespace}`);
      expect(index.status, namespace).toBe(404);
      expect(index.body.code, namespace).toBe('rest_no_route');
    }
    // wp/v2 has two routes here (users/me and settings, for TEC's MCP server), not the core API
    // that listing it promises: its posts, for one, are no route.
    expect((await agent.get('/wp-json/wp/v2/posts')).body.code).toBe('rest_no_route');
    expect((await agent.get('/wp-json/oembed/1.0/embed').query({ url: 'http://127.0.0.1:8080/' })).body.code).toBe('rest_no_route');
  });
});

describe("Event Tickets' tribe/tickets/v1 in NAMESPACES, on a site without Event Tickets", () => {
  it('lists it nowhere and answers it rest_no_route, as a namespace WordPress does not know', async () => {
    const config = loadConfig({ DATABASE_URL: database.url, NAMESPACES: 'tribe/tickets/v1,calendar/events/v1' });
    const withTickets = supertest(createHandler({ db: database.db, config, clock: fixedClock(RECORDED.recorded_at!) }));
    expect((await withTickets.get('/wp-json/').query({ _fields: 'namespaces' })).body.namespaces).toEqual(['calendar/events/v1']);
    for (const path of ['/wp-json/tribe/tickets/v1', '/wp-json/tribe/tickets/v1/tickets', '/?rest_route=/tribe/tickets/v1/attendees']) {
      const answer = await withTickets.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toEqual({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
    }
    const front = await withTickets.get('/');
    expect(front.text).not.toContain('tribe/tickets/v1');
    expect(front.text).toContain('calendar/events/v1');
  });
});
