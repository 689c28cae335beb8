import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase } from '../test/setup/database.js';

/*
 * Read throughput on the recorded site (216 events): requests per second and latency for the
 * routes clients call most, over a real socket on loopback. The plugin serves about 25 event
 * lists a second; this prints what we serve on this machine. Bounded: each route runs for
 * DURATION seconds with CONNECTIONS connections to 127.0.0.1, then everything stops.
 *
 * Usage: npx tsx bench/reads.ts [seconds per route, default 5]
 * Exits with 1 when any route answered anything but 2xx (or a request failed): a throughput
 * figure for error answers means nothing.
 */

const DURATION = Number(process.argv[2] ?? 5);
const CONNECTIONS = 10;
const ROUTES: readonly [string, string][] = [
  ['events list (10 per page)', '/wp-json/calendar/events/v1/events?start_date=2026-09-01&end_date=2027-12-31'],
  ['events list (50 per page)', '/wp-json/calendar/events/v1/events?start_date=2026-09-01&end_date=2027-12-31&per_page=50'],
  ['events list, filtered', '/wp-json/calendar/events/v1/events?start_date=2026-09-01&end_date=2027-12-31&categories=music&venue=19,20'],
  ['single event (json_ld)', '/wp-json/calendar/events/v1/events/6'],
  ['venues list', '/wp-json/calendar/events/v1/venues'],
  ['tags list', '/wp-json/calendar/events/v1/tags'],
];

async function main(): Promise<void> {
  const database = await createTestDatabase({ dump: 'reference' });
  const app = createApp({ db: database.db, config: loadConfig({ DATABASE_URL: database.url }), logError: () => undefined });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const failedRoutes: string[] = [];
  try {
    console.log(`route                          req/s     p50 ms   p99 ms   non-2xx`);
    for (const [name, path] of ROUTES) {
      const result = await autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION });
      if (result.non2xx > 0 || result.errors > 0) {
        failedRoutes.push(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} failed requests (${path})`);
      }
      const line = [
        name.padEnd(30),
        result.requests.average.toFixed(0).padStart(6),
        result.latency.p50.toFixed(1).padStart(9),
        result.latency.p99.toFixed(1).padStart(8),
        String(result.non2xx).padStart(9),
      ];
      console.log(line.join(' '));
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await database.drop();
  }
  if (failedRoutes.length > 0) {
    console.error(`\nnot every answer was 2xx:\n${failedRoutes.join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
