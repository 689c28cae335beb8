import { createHandler } from '../../src/app.js';
import { fixedClock, systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/create-db.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { startChangeFeed, type RunningFeed } from '../../src/feed/start-feed.js';
import { serveChild } from './child.js';

/*
 * Child process entry of the measured service (compiled with src/ by bench/tsconfig.service.json
 * and forked by bench/support/measure.ts, no TypeScript loader in the process): the app as
 * src/main.ts builds it (createDb + createHandler, no object cache), on DATABASE_URL and TABLE_PREFIX
 * from the environment, on 127.0.0.1 at a port the system picks. The clock is the system's unless
 * BENCH_NOW names an instant (a generated site is centred on its own "now").
 *
 * Issue 13's phases: BENCH_CACHE_BYTES gives the response cache a budget (none: off, as with
 * CACHE_MAX_MB=0), BENCH_CHANGE_FEED puts the change feed in `probe` mode (InnoDB's LSN read before
 * each cached answer) or `binlog` mode (startChangeFeed following the server's row-based binlog, as
 * main.ts does with CHANGE_FEED=binlog). A feed that does not reach the mode asked for ends the
 * child: a figure must never be labelled with a mode it was not measured in.
 */

const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, TABLE_PREFIX: process.env.TABLE_PREFIX ?? 'wp_' });
if (config.databaseUrl === undefined) throw new Error('The measured service needs DATABASE_URL');
const db = createDb({ databaseUrl: config.databaseUrl, tablePrefix: config.tablePrefix });

// An unexpected error becomes a 500 the parent counts; print the first few so a run can be read.
let errors = 0;
const logError = (error: unknown) => {
  errors += 1;
  if (errors <= 5) console.error('[service]', error);
};

const clock = process.env.BENCH_NOW ? fixedClock(process.env.BENCH_NOW) : systemClock;
const responseCacheBytes = Number(process.env.BENCH_CACHE_BYTES ?? 0);
const mode = process.env.BENCH_CHANGE_FEED;
const changeFeed = new ChangeFeed();
let running: RunningFeed | undefined;
if (mode === 'probe') {
  changeFeed.useProbe('mariadb', new Date());
} else if (mode === 'binlog') {
  running = await startChangeFeed({
    feed: changeFeed,
    setting: 'binlog',
    db,
    databaseUrl: config.databaseUrl,
    tablePrefix: config.tablePrefix,
    baseTablePrefix: config.baseTablePrefix,
    now: () => new Date(),
    info: () => undefined,
    warn: (message) => console.error('[service]', message),
  });
  if (changeFeed.mode !== 'binlog') {
    console.error(`[service] the change feed is in ${changeFeed.mode} mode, not binlog`);
    process.exit(1);
  }
} else if (mode !== undefined && mode !== '') {
  throw new Error(`BENCH_CHANGE_FEED must be probe or binlog (got ${mode})`);
}
const handle = createHandler({ db, config, clock, logError, changeFeed, responseCacheBytes });
serveChild(
  // The front door answers kept answers without a promise: the request is done when its response closes.
  (request, response) =>
    new Promise<void>((resolve) => {
      response.once('close', () => resolve());
      handle(request, response);
    }),
  async () => {
    await running?.stop();
    await db.destroy();
  },
);
