import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent } from '../builders/index.js';
import { ROOT, agentFor } from './support.js';

/**
 * WordPress's request handling around the routes: OPTIONS answered with the route's index entry
 * (what browsers' preflight and API explorers read), and the `_method` / X-HTTP-Method-Override
 * tunnel for clients that can only POST.
 */
let database: TestDatabase;
let agent: ReturnType<typeof agentFor>;
let eventId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  eventId = (await insertEvent(database.db, { post_title: 'Tunnel' })).id;
  agent = agentFor(database);
});

afterAll(() => database?.drop());

describe('OPTIONS', () => {
  it('describes the matched route as the namespace index does, with the Allow header', async () => {
    const [options, index] = await Promise.all([agent.options(`${ROOT}/events`), agent.get(ROOT)]);
    expect(options.status).toBe(200);
    expect(options.headers.allow).toBe('GET');
    expect(JSON.stringify(options.body)).toBe(JSON.stringify(index.body.routes['/calendar/events/v1/events']));
  });

  it('describes routes with parameters without a self link', async () => {
    const response = await agent.options(`${ROOT}/events/${eventId}`);
    expect(response.body.methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
    expect(response.body._links).toBeUndefined();
  });

  it('answers an empty list for a path no route matches', async () => {
    const response = await agent.options(`${ROOT}/nope`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });
});

describe('method override', () => {
  it('dispatches POST ?_method=DELETE as a DELETE (refused to an anonymous caller)', async () => {
    const response = await agent.post(`${ROOT}/events/${eventId}?_method=DELETE`);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('rest_forbidden');
  });

  it('reads X-HTTP-Method-Override on POST, and only on POST', async () => {
    const overridden = await agent.post(`${ROOT}/events`).set('X-HTTP-Method-Override', 'GET');
    expect(overridden.status).toBe(200);
    expect(overridden.body.total).toBe(1);
    const notOverridden = await agent.get(`${ROOT}/events/${eventId}?_method=DELETE`);
    expect(notOverridden.status).toBe(200);
    expect(notOverridden.body.title).toBe('Tunnel');
  });
});

describe('CORS headers (rest_send_cors_headers)', () => {
  it('echoes the Origin with credentials allowed, on answers and on errors alike', async () => {
    for (const path of [`${ROOT}/events`, `${ROOT}/events/999999`]) {
      const response = await agent.get(path).set('Origin', 'https://app.example.com');
      expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(response.headers['access-control-allow-methods']).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE');
      expect(response.headers['access-control-allow-headers']).toContain('X-WP-Nonce');
      expect(response.headers.vary).toContain('Origin');
    }
  });

  it('sends no Allow-Origin without an Origin, but still varies an anonymous GET on it', async () => {
    const response = await agent.get(`${ROOT}/events`);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers.vary).toContain('Origin');
  });
});
