import type { Db } from '../db/create-db.js';

/**
 * One cheap statement that fails unless the database answers and the site's options and posts
 * tables exist (prefix applied by the plugin) with columns every read of them names, so tables of
 * the same name that are not WordPress's fail too: each subquery reads at most one row by the
 * primary key's order, and an empty table is still "present".
 */
export async function checkSiteTables(db: Db): Promise<void> {
  await db
    .selectNoFrom([
      db.selectFrom('options').select('option_name').limit(1).as('options_present'),
      db.selectFrom('posts').select('post_type').limit(1).as('posts_present'),
    ])
    .execute();
}
