import { Kysely, MysqlDialect, sql } from 'kysely';
import { createPool } from 'mysql2';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/tables.js';
import { TablePrefixPlugin } from '../../../src/db/table-prefix-plugin.js';

// Compiling needs no server: the pool is never asked for a connection.
function compile(prefix: string, build: (db: Kysely<Database>) => { compile(): { sql: string } }): string {
  const db = new Kysely<Database>({
    dialect: new MysqlDialect({ pool: createPool({ uri: 'mysql://nobody@127.0.0.1:1/none' }) }),
    plugins: [new TablePrefixPlugin(prefix)],
  });
  return build(db).compile().sql;
}

describe('TablePrefixPlugin', () => {
  it('prefixes table names and the table part of column references', () => {
    const text = compile('wp_2_', (db) =>
      db.selectFrom('posts').innerJoin('postmeta', 'postmeta.post_id', 'posts.ID').select(['posts.ID']),
    );
    expect(text).toBe(
      'select `wp_2_posts`.`ID` from `wp_2_posts` inner join `wp_2_postmeta` on `wp_2_postmeta`.`post_id` = `wp_2_posts`.`ID`',
    );
  });

  it('leaves aliases alone', () => {
    const text = compile('custom_', (db) =>
      db.selectFrom('postmeta as start_meta').select('start_meta.meta_value').where('start_meta.meta_key', '=', 'x'),
    );
    expect(text).toBe('select `start_meta`.`meta_value` from `custom_postmeta` as `start_meta` where `start_meta`.`meta_key` = ?');
  });

  it('prefixes inserts, updates and subqueries', () => {
    expect(compile('wp_', (db) => db.insertInto('options').values({ option_name: 'a', option_value: 'b', autoload: 'yes' }))).toContain(
      'insert into `wp_options`',
    );
    expect(compile('wp_', (db) => db.updateTable('terms').set({ name: 'x' }).where('term_id', '=', 1))).toContain('update `wp_terms`');
    const nested = compile('wp_', (db) =>
      db.selectFrom('posts').select('ID').where((eb) => eb.exists(eb.selectFrom('term_relationships').select(sql`1`.as('one')))),
    );
    expect(nested).toContain('from `wp_term_relationships`');
  });
});
