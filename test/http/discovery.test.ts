import WPAPI from 'wpapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { listenWithApp, type ListeningApp } from './support.js';

/**
 * A stock WordPress client finds and uses the API the way it would on WordPress: `wpapi`'s
 * autodiscovery HEADs the REST root, follows the `rel="https://api.w.org/"` Link header, reads
 * the root index's `routes` and builds its route handlers from them; we then list and read each
 * of the five resources through those handlers. This is the one test that opens a port: the
 * client speaks real HTTP.
 */

const NAMESPACE = 'calendar/events/v1';

const RESOURCES = [
  { handler: 'events', listKey: 'events' },
  { handler: 'venues', listKey: 'venues' },
  { handler: 'organizers', listKey: 'organizers' },
  { handler: 'categories', listKey: 'categories' },
  { handler: 'tags', listKey: 'tags' },
] as const;

type Item = { id: number; slug: string };

let database: TestDatabase;
let listening: ListeningApp | undefined;
let baseUrl: string;
let client: WPAPI;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  listening = await listenWithApp((url) => {
    const config = loadConfig({ DATABASE_URL: database.url, PUBLIC_URL: url });
    // The reference captures' day: the default events window then holds recorded events.
    return createHandler({ db: database.db, config, clock: fixedClock(RECORDING_INSTANT) });
  });
  baseUrl = listening.baseUrl;
  client = await WPAPI.discover(`${baseUrl}/wp-json/`);
});

afterAll(async () => {
  await listening?.close();
  await database?.drop();
});

/** The discovered request factory of a resource (a method of the namespace object). */
function handlerFor(resource: string) {
  const namespace = client.namespace(NAMESPACE);
  const make = namespace[resource];
  if (!make) throw new Error(`discovery built no "${resource}" handler`);
  return () => make.call(namespace);
}

describe('wpapi autodiscovery', () => {
  it('builds a handler for every resource of our namespace from the root index', () => {
    const namespace = client.namespace(NAMESPACE);
    expect(Object.keys(namespace).filter((key) => typeof namespace[key] === 'function').sort()).toEqual(
      ['categories', 'doc', 'events', 'organizers', 'tags', 'venues'],
    );
    const root = `${baseUrl}/wp-json/${NAMESPACE}`;
    for (const { handler } of RESOURCES) {
      expect(handlerFor(handler)().toString()).toBe(`${root}/${handler}`);
      expect(handlerFor(handler)().id(7).toString()).toBe(`${root}/${handler}/7`);
    }
    for (const handler of ['events', 'venues', 'organizers']) {
      expect(handlerFor(handler)().bySlug('some-slug').toString()).toBe(`${root}/${handler}/by-slug/some-slug`);
    }
  });

  it('discovers from the site address too, as from a WordPress front page: GET and HEAD / send the Link header', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${baseUrl}/`, { method });
      expect(response.status, method).toBe(200);
      expect(response.headers.get('link'), method).toBe(`<${baseUrl}/wp-json/>; rel="https://api.w.org/"`);
      if (method === 'GET') expect(await response.text()).toContain(`${baseUrl}/wp-json/${NAMESPACE}`);
    }
    const fromSite = await WPAPI.discover(baseUrl);
    const namespace = fromSite.namespace(NAMESPACE);
    expect(namespace.events!().id(7).toString()).toBe(`${baseUrl}/wp-json/${NAMESPACE}/events/7`);
    const list = (await namespace.events!().param('per_page', 1).get()) as { events: Item[] };
    expect(list.events).toHaveLength(1);
  });

  for (const { handler, listKey } of RESOURCES) {
    it(`lists and reads ${handler}`, async () => {
      const list = (await handlerFor(handler)().param('per_page', 3).get()) as Record<string, unknown>;
      const items = list[listKey] as Item[];
      // The reference dump holds more than three of each.
      expect(items).toHaveLength(3);
      const first = items[0]!;

      const single = (await handlerFor(handler)().id(first.id).get()) as Item;
      expect(single).toMatchObject({ id: first.id, slug: first.slug });
      if (handler === 'events' || handler === 'venues' || handler === 'organizers') {
        const bySlug = (await handlerFor(handler)().bySlug(first.slug).get()) as Item;
        expect(bySlug.id).toBe(first.id);
      }
    });
  }
});
