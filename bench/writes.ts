import { loadUsers } from '../test/contract/captures.js';
import { benchRoutes } from './support/loopback.js';

/*
 * Write throughput on the recorded site: event creates (each a new title, so slugs need no
 * suffix search), event updates, venue creates and category creates, as an administrator over
 * HTTP Basic on loopback. Every write runs as one transaction under the site's write lock, so
 * writes queue one behind the other whatever the number of connections: this is the rate a
 * site's writes get. Bounded: each route runs DURATION seconds, then everything stops.
 *
 * Usage: npx tsx bench/writes.ts [seconds per route, default 5]
 */

const DURATION = Number(process.argv[2] ?? 5);
const CONNECTIONS = 4;
const admin = loadUsers().admin!;
const headers = {
  Authorization: `Basic ${Buffer.from(`${admin.login}:${admin.app_password}`).toString('base64')}`,
  'Content-Type': 'application/json',
};

let counter = 0;
/** A JSON body with a title no other request of the run has. */
function uniqueBody(fields: (n: number) => object): () => string {
  return () => JSON.stringify(fields((counter += 1)));
}

function post(path: string, body: () => string) {
  return {
    path,
    method: 'POST' as const,
    headers,
    requests: [{ setupRequest: (request: object) => ({ ...request, body: body() }) }],
  };
}

async function main(): Promise<void> {
  await benchRoutes(
    [
      {
        name: 'event create',
        options: post(
          '/wp-json/calendar/events/v1/events',
          uniqueBody((n) => ({ title: `Bench event ${n}`, start_date: '2031-01-10 10:00:00', end_date: '2031-01-10 12:00:00', categories: [7], tags: [3] })),
        ),
      },
      {
        name: 'event update',
        options: post('/wp-json/calendar/events/v1/events/6', uniqueBody((n) => ({ title: `Oracle Concert ${n}`, cost: '15' }))),
      },
      { name: 'venue create', options: post('/wp-json/calendar/events/v1/venues', uniqueBody((n) => ({ venue: `Bench hall ${n}`, city: 'Oslo' }))) },
      { name: 'category create', options: post('/wp-json/calendar/events/v1/categories', uniqueBody((n) => ({ name: `Bench category ${n}` }))) },
    ],
    DURATION,
    CONNECTIONS,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
