import { sql } from 'kysely';
import type { Database } from '../../src/db/tables.js';
import { dialectOf } from '../../src/db/dialect.js';
import type { TestDatabase } from './database.js';

/**
 * Every table a write may change: the README's `db_after` tables plus `options`
 * (`tribe_last_save_post`, the known range, WP-Cron). Not `usermeta`: signing in with an
 * application password records its `last_used` there.
 */
export const WRITTEN_TABLES: ReadonlyArray<keyof Database> = [
  'posts',
  'postmeta',
  'terms',
  'term_taxonomy',
  'term_relationships',
  'termmeta',
  'tec_events',
  'tec_occurrences',
  'options',
];

/** CHECKSUM TABLE of the written tables, as one comparable string: equal before and after means nothing was written. */
export async function writtenTablesChecksum(database: TestDatabase): Promise<string> {
  if (dialectOf(database.db) === 'sqlite') {
    // SQLite has no CHECKSUM TABLE: every row of every table, in rowid order, is the fingerprint.
    const dumps = [];
    for (const table of WRITTEN_TABLES) {
      const { rows } = await sql`select * from ${sql.table(table)} order by rowid`.execute(database.db);
      dumps.push([table, rows]);
    }
    return JSON.stringify(dumps);
  }
  const tables = WRITTEN_TABLES.map((table) => `${database.prefix}${table}`).join(', ');
  const result = await sql.raw(`CHECKSUM TABLE ${tables}`).execute(database.db);
  return JSON.stringify(result.rows);
}
