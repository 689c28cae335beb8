import http from 'node:http';
import supertest from 'supertest';
import WPAPI from 'wpapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { listenWithApp, type ListeningApp } from './support.js';

/**
 * NAMESPACES=calendar/events/v1,tribe/events/v1: client code written for the plugin (here `wpapi`,
 * which refused `tribe/events/v1` as "not recognized" before) discovers and uses the plugin's own
 * namespace unchanged, while our own keeps working beside it. The contract suites replay every
 * recorded case under the plugin namespace (plugin-namespace*.contract.test.ts).
 */

const PLUGIN = 'tribe/events/v1';
const OURS = 'calendar/events/v1';

let database: TestDatabase;
let listening: ListeningApp | undefined;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  listening = await listenWithApp((url) => {
    const config = loadConfig({ DATABASE_URL: database.url, PUBLIC_URL: url, NAMESPACES: `${OURS},${PLUGIN}` });
    return createHandler({ db: database.db, config, clock: fixedClock(RECORDING_INSTANT) });
  });
  server = listening.server;
  baseUrl = listening.baseUrl;
});

afterAll(async () => {
  await listening?.close();
  await database?.drop();
});

describe('the plugin namespace served beside ours', () => {
  it('is discovered by wpapi from the root index, and answers with its own URLs', async () => {
    const client = await WPAPI.discover(`${baseUrl}/wp-json/`);
    const plugin = client.namespace(PLUGIN);
    const list = (await plugin.events!().param('per_page', 2).get()) as { events: Array<{ id: number; rest_url: string }>; next_rest_url: string };
    expect(list.events).toHaveLength(2);
    expect(list.events[0]!.rest_url).toBe(`${baseUrl}/wp-json/${PLUGIN}/events/${list.events[0]!.id}`);
    expect(list.next_rest_url.startsWith(`${baseUrl}/wp-json/${PLUGIN}/events/?`)).toBe(true);
    const ours = (await client.namespace(OURS).events!().id(list.events[0]!.id).get()) as { rest_url: string };
    expect(ours.rest_url).toBe(`${baseUrl}/wp-json/${OURS}/events/${list.events[0]!.id}`);
  });

  it('lists both namespaces, in the configured order, in the root index', async () => {
    const root = await supertest(server).get('/wp-json/');
    expect(root.body.namespaces).toEqual([OURS, PLUGIN]);
    expect(Object.keys(root.body.routes)).toContain(`/${PLUGIN}/events/(?P<id>\\d+)`);
    expect(Object.keys(root.body.routes)).toContain(`/${OURS}/events/(?P<id>\\d+)`);
  });

  it('names the namespace a list came in under in its paging links and the namespace index', async () => {
    const list = await supertest(server).get(`/wp-json/${PLUGIN}/venues?per_page=2`);
    expect(list.body.rest_url).toMatch(new RegExp(`^${baseUrl}/wp-json/${PLUGIN}/venues/\\?`));
    expect(list.body.next_rest_url).toMatch(new RegExp(`^${baseUrl}/wp-json/${PLUGIN}/venues/\\?.*page=2`));
    const index = await supertest(server).get(`/wp-json/${PLUGIN}`);
    expect(index.body.namespace).toBe(PLUGIN);
    expect(index.body.routes[`/${PLUGIN}`].endpoints[0].args.namespace.default).toBe(PLUGIN);
    expect(JSON.stringify(index.body)).not.toContain(OURS);
  });
});

describe('the default configuration', () => {
  it('serves only calendar/events/v1: the plugin namespace is no route', async () => {
    const config = loadConfig({ DATABASE_URL: database.url });
    const handler = createHandler({ db: database.db, config, clock: fixedClock(RECORDING_INSTANT) });
    const response = await supertest(handler).get(`/wp-json/${PLUGIN}/events`);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('rest_no_route');
    const root = await supertest(handler).get('/wp-json/');
    expect(root.body.namespaces).toEqual([OURS]);
  });
});
