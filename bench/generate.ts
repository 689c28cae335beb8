import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { createDb } from '../src/db/create-db.js';
import { redact, testServerUrl } from '../test/setup/database.js';
import { DEFAULT_NOW, DEFAULT_SEED, generateSite, type GenerateProgress } from './support/generator/index.js';

/*
 * Generates a large TEC site (issue 9): npm run generate -- --events N [--database-url mysql://...]
 * [--prefix wp_] [--seed S] [--now 2026-11-24] [--drop]
 *
 * Without --database-url the database is `gen_site_<N>_s<seed>` on the test server
 * (TEST_DATABASE_URL or mysql://root@127.0.0.1:3306). A database that does not exist is created;
 * one that exists must have no WordPress tables or empty ones. --drop removes the database after
 * generating (a measurement only), and only when this run created it; a failed run drops a
 * database it created. Prints progress and the elapsed time, then what was made.
 *
 * Without any argument it is a measurement: 10,000 events into a temporary database, the time
 * printed, the database dropped.
 */

const USAGE = 'Usage: npm run generate -- --events N [--database-url mysql://user@host:port/name] [--prefix wp_] [--seed S] [--now YYYY-MM-DD] [--drop]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string' },
      'database-url': { type: 'string' },
      prefix: { type: 'string', default: 'wp_' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      now: { type: 'string', default: DEFAULT_NOW },
      drop: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const benchRun = values.events === undefined && values['database-url'] === undefined;
  const events = benchRun ? 10_000 : Number(values.events);
  if (!Number.isSafeInteger(events) || events < 1) throw new Error(`--events must be a positive integer\n${USAGE}`);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer\n${USAGE}`);
  const drop = values.drop || benchRun;

  const target = new URL(
    values['database-url'] ??
      `${testServerUrl()}/${benchRun ? `gen_bench_tmp_${randomBytes(3).toString('hex')}` : `gen_site_${events}_s${seed}`}`,
  );
  const name = decodeURIComponent(target.pathname.replace(/^\/+/, ''));
  if (target.protocol !== 'mysql:' || !/^[A-Za-z0-9_$-]+$/.test(name)) {
    throw new Error(`--database-url must be mysql://user@host:port/<database> (got ${redact(target.toString())})`);
  }
  const server = new URL(target.toString());
  server.pathname = '/';

  const admin = await createConnection({ uri: server.toString(), charset: 'utf8mb4_unicode_ci' });
  let created = false;
  try {
    const [rows] = await admin.query('SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [name]);
    if ((rows as unknown[]).length === 0) {
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      created = true;
    }
  } finally {
    await admin.end();
  }

  console.log(`Generating ${events.toLocaleString('en-US')} events (seed ${seed}, now ${values.now}) into ${redact(target.toString())}, prefix ${values.prefix}`);
  // A batch job, not a server: a statement may wait for a connection as long as the batches before
  // it take (seconds on a server writing a binlog), not the service's one second, and may run as
  // long as it needs (the indexes of a million events' tables take minutes; 0: no limit).
  const db = createDb({ databaseUrl: target.toString(), tablePrefix: values.prefix, connectionLimit: 4, acquireTimeoutMs: 120_000, statementTimeoutMs: 0 });
  let failed = false;
  try {
    let lastPrint = 0;
    let lastPhase = '';
    const onProgress = (progress: GenerateProgress) => {
      const now = progress.elapsedMs;
      if (progress.phase === lastPhase && now - lastPrint < 2000) return;
      lastPrint = now;
      lastPhase = progress.phase;
      const seconds = `${(now / 1000).toFixed(1)} s`;
      const detail =
        progress.phase === 'events'
          ? ` ${progress.done.toLocaleString('en-US')} / ${progress.total.toLocaleString('en-US')} (${Math.floor((100 * progress.done) / progress.total)}%)`
          : '';
      console.log(`  ${seconds.padStart(8)}  ${progress.phase}${detail}`);
    };
    const site = await generateSite(db, { events, seed, now: values.now, prefix: values.prefix, onProgress });
    const perSecond = Math.round(events / (site.elapsedMs / 1000));
    console.log(`Done: ${events.toLocaleString('en-US')} events in ${(site.elapsedMs / 1000).toFixed(1)} s (${perSecond.toLocaleString('en-US')} events/s)`);
    console.log(JSON.stringify(site, null, 2));
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    await db.destroy();
    // Only a database this run created is ever dropped.
    if (created && (drop || failed)) {
      const cleanup = await createConnection({ uri: server.toString() });
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS \`${name}\``);
        console.log(`Dropped ${name}`);
      } finally {
        await cleanup.end();
      }
    } else {
      if (drop) console.log(`Not dropped: ${name} existed before this run`);
      console.log(`Database: ${redact(target.toString())} (DATABASE_URL for the app; TABLE_PREFIX=${values.prefix})`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
