import { sql } from 'kysely';
import type { Db } from '../db/create-db.js';

/**
 * One cheap statement that fails unless the database answers and the site's options and posts
 * tables exist (prefix applied by the plugin): each subquery reads at most one row by the
 * primary key's order, and an empty table is still "present".
 */
export async function checkSiteTables(db: Db): Promise<void> {
  await db
    .selectNoFrom([
      db.selectFrom('options').select(sql<number>`1`.as('one')).limit(1).as('options_present'),
      db.selectFrom('posts').select(sql<number>`1`.as('one')).limit(1).as('posts_present'),
    ])
    .execute();
}
