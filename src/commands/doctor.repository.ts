import { sql } from 'kysely';
import type { Db } from '../db/create-db.js';
import { UserMeta } from '../wp/constants.js';
import type { TableInfo } from './doctor.checks.js';

/** Connects and runs the cheapest statement: throws when the server or the database is not there. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Every table of the connected database with its engine and collation (views have neither). */
export async function selectTables(db: Db): Promise<TableInfo[]> {
  const result = await sql<{ name: string; engine: string | null; collation: string | null }>`
    select TABLE_NAME as name, ENGINE as engine, TABLE_COLLATION as collation
    from information_schema.TABLES where TABLE_SCHEMA = database() order by TABLE_NAME
  `.execute(db);
  return result.rows.map((row) => ({ name: String(row.name), engine: row.engine, collation: row.collation }));
}

/**
 * Users with at least one application password: a `_application_passwords` row that is not an
 * empty list (WordPress leaves `a:0:{}` behind when the last one is revoked).
 */
export async function countApplicationPasswordUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('usermeta')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('users'))
    .where('meta_key', '=', UserMeta.applicationPasswords)
    .where('meta_value', 'not in', ['', 'a:0:{}'])
    .executeTakeFirst();
  return Number(row?.users ?? 0);
}
