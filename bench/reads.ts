import { benchRoutes } from './support/loopback.js';

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
  ['events list, rich content (8)', '/wp-json/calendar/events/v1/events?start_date=2027-08-01&end_date=2027-08-31'],
  ['single event (json_ld)', '/wp-json/calendar/events/v1/events/6'],
  ['venues list', '/wp-json/calendar/events/v1/venues'],
  ['tags list', '/wp-json/calendar/events/v1/tags'],
];

async function main(): Promise<void> {
  await benchRoutes(
    ROUTES.map(([name, path]) => ({ name, options: { path } })),
    DURATION,
    CONNECTIONS,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
