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
