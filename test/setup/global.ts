import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  connectToServer,
  redact,
  testDatabaseCreatedAt,
  testServerUrl,
  TEST_DATABASE_PREFIX,
} from './database.js';
import { ensureTestServers } from './private-servers.js';

const ENSURE_BUILD = fileURLToPath(new URL('../../scripts/ensure-build.mjs', import.meta.url));

// Another run (a second terminal, an editor's watcher) may be using its databases right now, so only
// databases older than any test run are taken as left behind by a crash or an interrupted run.
const LEFTOVER_AFTER_MS = 60 * 60 * 1000;

/**
 * Vitest globalSetup: makes sure MariaDB, Redis and NATS answer (test/setup/private-servers.ts), brings `dist/` up to date for the end-to-end tests (compiled once here, before
 * any test runs, rather than once per test), fails fast when the server is down, and drops stale
 * `cs_test_` databases.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Before anything reads TEST_*_URL: a server that is installed but not running gets a private one.
  const servers = await ensureTestServers();
  for (const line of servers.started) console.log(line);
  try {
    await prepare();
  } catch (error) {
    await servers.stop();
    throw error;
  }
  return () => servers.stop();
}

async function prepare(): Promise<void> {
  const build = spawnSync(process.execPath, [ENSURE_BUILD], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The service did not compile (scripts/ensure-build.mjs); the end-to-end tests run its build.');
  let admin;
  try {
    admin = await connectToServer();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Cannot reach the test database server (${redact(testServerUrl())}): ${reason}\n` +
        'Start MariaDB (start-stop-daemon --start --oknodo --background --pidfile /run/mysqld/mysqld.pid --exec /usr/sbin/mariadbd) ' +
        'or point TEST_DATABASE_URL at a server.',
    );
  }
  try {
    const [rows] = await admin.query(
      'SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE ?',
      [`${TEST_DATABASE_PREFIX.replaceAll('_', '\\_')}%`],
    );
    const now = Date.now();
    for (const { name } of rows as Array<{ name: string }>) {
      const createdAt = testDatabaseCreatedAt(name);
      if (createdAt && now - createdAt.getTime() > LEFTOVER_AFTER_MS) {
        await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      }
    }
  } finally {
    await admin.end();
  }
}
