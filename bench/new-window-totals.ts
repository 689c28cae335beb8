/**
 * One client, list windows never asked before on a generated site: each request a new three-month
 * window (`start_date`/`end_date`, per_page 12), plain, in the busiest category and at the busiest
 * venue, before (every new window's total counted in SQL) and after (totals from the kept event
 * dates, EventTotalsIndex), alternating rounds in one process so both see the same server load.
 *
 *   npx tsx bench/new-window-totals.ts --database-url mysql://root@127.0.0.1:3306/gen_site_100000_s1 [--windows 40] [--rounds 2]
 *
 * The site must come from bench/scale.ts or generate.ts (its IDs are read from
 * bench/results/sites/<name>.json). The app is createHandler in-process (supertest, no socket), its
 * clock at the site's "now", default cache budget (64 MB), the change feed in binlog mode with the
 * log "followed": nothing writes to the site meanwhile, so nothing changes (as on a quiet site
 * followed by its binlog). Prints per route the p50, mean and max milliseconds of the requests and
 * the first request's (which counts in SQL in both; after: the second loads the filter's dates).
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import supertest from 'supertest';
import { createHandler } from '../src/app.js';
import { fixedClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/create-db.js';
import { ChangeFeed } from '../src/feed/change-feed.js';
import type { GeneratedSite } from './support/generator/index.js';

const ROOT = '/wp-json/calendar/events/v1';
const DAY = 86_400_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, windows: { type: 'string', default: '40' }, rounds: { type: 'string', default: '2' } },
    strict: true,
  });
  const url = values['database-url'];
  if (url === undefined) throw new Error('--database-url is required');
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\/+/, ''));
  const site = JSON.parse(await readFile(join(import.meta.dirname, 'results', 'sites', `${name}.json`), 'utf8')) as GeneratedSite;
  const windows = Number(values.windows);
  const rounds = Number(values.rounds);
  const db = createDb({ databaseUrl: url, tablePrefix: 'wp_' });
  const routes = { plain: '', category: `&categories=${site.category.slug}`, venue: `&venue=${site.venue.id}` };
  const results: Record<string, number[]> = {};
  let windowSeed = 0;
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const totals of round % 2 === 0 ? [false, true] : [true, false]) {
        const feed = new ChangeFeed();
        feed.useBinlog(() => true, new Date(site.now));
        const config = loadConfig({ DATABASE_URL: url });
        const handler = createHandler({ db, config, clock: fixedClock(site.now), changeFeed: feed, responseCacheBytes: 64 * 1024 * 1024, caches: { answers: true, records: true, totals } });
        const agent = supertest(handler);
        for (const [route, filter] of Object.entries(routes)) {
          const times: number[] = [];
          for (let i = 0; i < windows; i += 1) {
            // A new window each request, every round: a start day within two years of now, three months long.
            windowSeed += 1;
            const start = Date.parse(site.now) + ((windowSeed * 7919) % 730) * DAY - 365 * DAY + (windowSeed % 24) * 3600_000;
            const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
            const began = performance.now();
            const response = await agent.get(`${ROOT}/events?start_date=${day(start)}&end_date=${day(start + 91 * DAY)}&per_page=12${filter}`);
            times.push(performance.now() - began);
            if (response.status !== 200) throw new Error(`${route}: ${response.status} ${response.text.slice(0, 200)}`);
          }
          (results[`${route}, ${totals ? 'after' : 'before'}`] ??= []).push(...times.slice(2));
          const rest = [...times.slice(2)].sort((a, b) => a - b);
          console.log(
            `round ${round + 1} ${totals ? 'after ' : 'before'} ${route.padEnd(8)} first ${times[0]!.toFixed(1)} ms, second ${times[1]!.toFixed(1)} ms, then p50 ${rest[Math.floor(rest.length / 2)]!.toFixed(1)} ms, max ${rest.at(-1)!.toFixed(1)} ms (load ${loadavg()[0]!.toFixed(1)})`,
          );
        }
      }
    }
    console.log('\nall rounds, requests after the first two of each route and round:');
    for (const [key, times] of Object.entries(results)) {
      const sorted = [...times].sort((a, b) => a - b);
      const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
      console.log(`${key.padEnd(18)} n ${times.length}  p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms  mean ${mean.toFixed(1)} ms  p90 ${sorted[Math.floor(sorted.length * 0.9)]!.toFixed(1)} ms`);
    }
  } finally {
    await db.destroy();
  }
}

await main();
