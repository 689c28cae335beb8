import { sql } from 'kysely';
import type { Db } from '../db/create-db.js';

// These statements read the server, not the site's tables.

/** Where the server is writing its binlog now: the position a new reader starts from. */
export async function selectBinlogEnd(db: Db): Promise<{ file: string; position: number } | undefined> {
  const result = await sql<{ File: string; Position: number | string }>`SHOW MASTER STATUS`.execute(db);
  const row = result.rows[0];
  return row ? { file: row.File, position: Number(row.Position) } : undefined;
}

/** The server's `server_id`: a change between two connections means another server answers. */
export async function selectServerId(db: Db): Promise<number> {
  const result = await sql<{ serverId: number | string }>`SELECT @@server_id AS serverId`.execute(db);
  return Number(result.rows[0]?.serverId);
}

// MySQL has neither variable below (its GTIDs are sets, not per-domain positions).
const ER_UNKNOWN_SYSTEM_VARIABLE = 1193;

/**
 * MariaDB's `@@gtid_binlog_pos`: the last transaction the server has written to its binlog, per
 * replication domain (`0-1-1234,1-3-45`); undefined on a server without MariaDB GTIDs.
 */
export function selectGtidBinlogPos(db: Db): Promise<string | undefined> {
  return selectGtidVariable(db, sql`@@GLOBAL.gtid_binlog_pos`);
}

/**
 * MariaDB's `@@gtid_current_pos`: the last transaction per domain a server has applied, whether
 * it replicated it (a replica's `gtid_slave_pos`) or wrote it itself (a primary's binlog
 * position); undefined on a server without MariaDB GTIDs.
 */
export function selectGtidCurrentPos(db: Db): Promise<string | undefined> {
  return selectGtidVariable(db, sql`@@GLOBAL.gtid_current_pos`);
}

async function selectGtidVariable(db: Db, variable: ReturnType<typeof sql>): Promise<string | undefined> {
  try {
    const result = await sql<{ position: string | null }>`SELECT ${variable} AS position`.execute(db);
    const position = result.rows[0]?.position;
    return position === null || position === undefined ? undefined : String(position);
  } catch (error) {
    if ((error as { errno?: unknown }).errno === ER_UNKNOWN_SYSTEM_VARIABLE) return undefined;
    throw error;
  }
}
