import { createApp } from '../../src/app.js';
import { fixedClock, systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/create-db.js';
import { serveChild } from './child.js';

/*
 * Child process entry of the measured service (compiled with src/ by bench/tsconfig.service.json
 * and forked by bench/support/measure.ts, no TypeScript loader in the process): the app as
 * src/main.ts builds it (createDb + createApp, no object cache), on DATABASE_URL and TABLE_PREFIX
 * from the environment, on 127.0.0.1 at a port the system picks. The clock is the system's unless
 * BENCH_NOW names an instant (a generated site is centred on its own "now").
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
const app = createApp({ db, config, clock, logError });
const handle = app.callback();
serveChild((request, response) => handle(request, response), () => db.destroy());
