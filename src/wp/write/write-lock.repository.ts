import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { dialectOf } from '../../db/dialect.js';

/** Prefix of the named lock every write of a site holds (see createWriteRunner). */
const WRITE_LOCK_PREFIX = 'calendar-sidecar:write:';

/**
 * GET_LOCK of the site's write lock on this connection, named after the database and the table
 * prefix so two sites in one database do not wait on each other. True when it was taken within
 * `timeoutSeconds`.
 */
export async function acquireWriteLock(connection: Db, tablePrefix: string, timeoutSeconds: number): Promise<boolean> {
  // SQLite: this process holds the file's one connection for the whole write (a process-local
  // mutex, src/db/sqlite), and its transaction takes the file's write lock: nothing more to take.
  if (dialectOf(connection) === 'sqlite') return true;
  const { rows } = await sql<{ locked: number | null }>`SELECT GET_LOCK(${lockName(tablePrefix)}, ${timeoutSeconds}) AS locked`.execute(
    connection,
  );
  return rows[0]?.locked === 1;
}

/** RELEASE_LOCK of the site's write lock, on the connection that holds it. */
export async function releaseWriteLock(connection: Db, tablePrefix: string): Promise<void> {
  if (dialectOf(connection) === 'sqlite') return;
  await sql`SELECT RELEASE_LOCK(${lockName(tablePrefix)})`.execute(connection);
}

function lockName(tablePrefix: string) {
  return sql`CONCAT(${WRITE_LOCK_PREFIX}, DATABASE(), ':', ${tablePrefix})`;
}
