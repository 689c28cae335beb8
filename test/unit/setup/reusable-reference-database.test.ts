import { createConnection } from 'mysql2/promise';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPost } from '../../builders/index.js';
import { createTestDatabase, databaseExists, type TestDatabase } from '../../setup/database.js';
import { openReusableReferenceDatabase, type ReusableReferenceDatabase } from '../../setup/reusable-reference-database.js';

/** Every row of every table, and every AUTO_INCREMENT, of a database: what "as a fresh load" means here. */
async function fullState(url: string): Promise<{ rows: Record<string, unknown[]>; autoIncrement: Record<string, unknown> }> {
  const connection = await createConnection({ uri: url, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });
  try {
    const [tables] = await connection.query('SELECT TABLE_NAME AS name, AUTO_INCREMENT AS autoIncrement FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME');
    const rows: Record<string, unknown[]> = {};
    const autoIncrement: Record<string, unknown> = {};
    for (const { name, autoIncrement: counter } of tables as Array<{ name: string; autoIncrement: unknown }>) {
      const [all] = await connection.query(`SELECT * FROM \`${name}\``);
      // In a fixed order independent of the physical one: the rows as a set.
      rows[name] = (all as unknown[]).map((row) => JSON.stringify(row)).sort();
      autoIncrement[name] = counter;
    }
    return { rows, autoIncrement };
  } finally {
    await connection.end();
  }
}

describe('openReusableReferenceDatabase', () => {
  let reference: ReusableReferenceDatabase;
  let fresh: TestDatabase;
  let freshState: Awaited<ReturnType<typeof fullState>>;

  beforeAll(async () => {
    [reference, fresh] = await Promise.all([openReusableReferenceDatabase(), createTestDatabase({ dump: 'reference' })]);
    freshState = await fullState(fresh.url);
  });

  afterAll(async () => {
    await reference?.close();
    await fresh?.drop();
  });

  it('hands out a copy equal to a fresh load, and a restore with nothing written changes nothing', async () => {
    const database = await reference.checkout();
    expect(await fullState(database.url)).toEqual(freshState);
    await database.drop();
    expect(await reference.restore()).toEqual({ refilled: [], autoIncrementReset: [] });
  });

  it('undoes writes behind its back: an insert into wp_posts, an update of wp_options, a delete from wp_postmeta, an insert into an unrecorded table', async () => {
    const database = await reference.checkout();
    const { db } = database;
    const inserted = await insertPost(db, { post_title: 'written behind its back' });
    const before = freshState.autoIncrement.wp_posts;
    // The new row took the next id of a fresh load, so that is the id a case after the restore must get again.
    expect(String(inserted.id)).toBe(String(before));
    const updated = await db.updateTable('options').set({ option_value: 'changed' }).where('option_name', '=', 'blogname').executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    const victim = await db.selectFrom('postmeta').select('meta_id').orderBy('meta_id').limit(1).executeTakeFirstOrThrow();
    const deleted = await db.deleteFrom('postmeta').where('meta_id', '=', victim.meta_id).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(1);
    // wp_actionscheduler_groups: in the dump, in no recorded write's row list.
    await sql`INSERT INTO wp_actionscheduler_groups (slug) VALUES ('behind-its-back')`.execute(db);
    // A rolled-back insert: no row is left, but the counter has moved on.
    const rollBack = new Error('roll back');
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('terms').values({ name: 'rolled back', slug: 'rolled-back', term_group: 0 }).execute();
        throw rollBack;
      }),
    ).rejects.toBe(rollBack);
    expect(await fullState(database.url)).not.toEqual(freshState);

    await database.drop();

    expect(await fullState(database.url)).toEqual(freshState);
    const again = await reference.checkout();
    try {
      const next = await insertPost(again.db, { post_title: 'the next case' });
      expect(String(next.id)).toBe(String(before));
    } finally {
      await again.drop();
    }
    expect(await fullState(again.url)).toEqual(freshState);
  });

  it('reports which tables it refilled and whose counter it put back', async () => {
    const database = await reference.checkout();
    try {
      await database.db.updateTable('options').set({ option_value: 'changed again' }).where('option_name', '=', 'blogname').execute();
      await sql`ALTER TABLE wp_posts AUTO_INCREMENT = 100000`.execute(database.db);
      await database.db.destroy();
      expect(await reference.restore()).toEqual({ refilled: ['wp_options'], autoIncrementReset: ['wp_posts'] });
    } finally {
      await database.drop();
    }
    expect(await fullState(database.url)).toEqual(freshState);
  });

  it('undoes changes the tables\' collations call equal: of case, of trailing spaces', async () => {
    const database = await reference.checkout();
    try {
      const term = await database.db.selectFrom('terms').select(['term_id', 'name']).orderBy('term_id').limit(1).executeTakeFirstOrThrow();
      await database.db.updateTable('terms').set({ name: term.name.toUpperCase() === term.name ? term.name.toLowerCase() : term.name.toUpperCase() }).where('term_id', '=', term.term_id).execute();
      await database.db.updateTable('options').set({ option_value: sql`CONCAT(option_value, '  ')` }).where('option_name', '=', 'blogname').execute();
      expect(await fullState(database.url)).not.toEqual(freshState);
    } finally {
      await database.drop();
    }
    expect(await fullState(database.url)).toEqual(freshState);
  });

  it('fails loudly when it cannot restore (a table the dump has not), and the next checkout is a fresh load', async () => {
    const database = await reference.checkout();
    await sql`CREATE TABLE wp_left_behind (id INT PRIMARY KEY)`.execute(database.db);
    await expect(database.drop()).rejects.toThrow(/failed .*extra: wp_left_behind/);
    expect(await databaseExists(database.name)).toBe(false);
    const next = await reference.checkout();
    try {
      expect(next.name).not.toBe(database.name);
      expect(await fullState(next.url)).toEqual(freshState);
    } finally {
      await next.drop();
    }
  });

  it('refuses a second checkout before the first is dropped', async () => {
    const database = await reference.checkout();
    try {
      await expect(reference.checkout()).rejects.toThrow(/still checked out/);
    } finally {
      await database.drop();
    }
  });
});
