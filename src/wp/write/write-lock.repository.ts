import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';

/** Prefix of every named lock a write takes (see WriteLocks). */
const WRITE_LOCK_PREFIX = 'calendar-sidecar:';

/*
 * The database server's named locks (GET_LOCK) a write holds until its commit. They live on the
 * connection, not in the transaction: the server frees them when the connection dies, and every
 * service instance on the database sees them. A name is the lock's key hashed with the database
 * and the table prefix (two sites in one database, or two databases on one server, do not wait
 * on each other), so it stays within the 64 characters the server allows whatever the key.
 */

/** GET_LOCK of `key` on this connection: true when it was taken within `timeoutSeconds`. */
export async function acquireNamedLock(connection: Db, tablePrefix: string, key: string, timeoutSeconds: number): Promise<boolean> {
  const { rows } = await sql<{ locked: number | null }>`SELECT GET_LOCK(${lockName(tablePrefix, key)}, ${timeoutSeconds}) AS locked`.execute(connection);
  return rows[0]?.locked === 1;
}

/** RELEASE_LOCK of each key, in one statement, on the connection that holds them. */
export async function releaseNamedLocks(connection: Db, tablePrefix: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const releases = keys.map((key) => sql`RELEASE_LOCK(${lockName(tablePrefix, key)})`);
  await sql`SELECT ${sql.join(releases)}`.execute(connection);
}

function lockName(tablePrefix: string, key: string) {
  return sql`CONCAT(${WRITE_LOCK_PREFIX}, SHA1(CONCAT(DATABASE(), ':', ${tablePrefix}, ':', ${key})))`;
}

/**
 * Whether the server logs statements as they were written (binlog_format STATEMENT with the
 * binary log on): InnoDB then refuses writes under READ COMMITTED, which side-by-side writes need.
 */
export async function logsStatements(db: Db): Promise<boolean> {
  const { rows } = await sql<{ log_bin: number | string | null; format: string | null }>`SELECT @@GLOBAL.log_bin AS log_bin, @@SESSION.binlog_format AS format`.execute(db);
  const row = rows[0];
  return row !== undefined && Number(row.log_bin) === 1 && String(row.format).toUpperCase() === 'STATEMENT';
}
