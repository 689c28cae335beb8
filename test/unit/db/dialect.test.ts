import { sql, type Expression } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteDb, type Db } from '../../../src/db/create-db.js';
import {
  castSigned,
  castUnsigned,
  collationKey,
  datePart,
  dialectOf,
  likeText,
  positionInList,
  sameBytes,
  textEquals,
  textIn,
} from '../../../src/db/dialect.js';
import { escLike } from '../../../src/wp/php/sql-like.js';
import { createTestDatabase, type TestDatabase } from '../../setup/database.js';

/**
 * Each fragment of src/db/dialect.ts evaluated on both databases: MariaDB (the test server) and
 * SQLite (in memory) must give the same answers, the ones WordPress's utf8mb4_unicode_ci tables
 * give.
 */

let mariadb: TestDatabase;
let sqlite: Db;

beforeAll(async () => {
  mariadb = await createTestDatabase();
  sqlite = createSqliteDb({ filename: ':memory:', tablePrefix: 'wp_' });
});

afterAll(async () => {
  await mariadb?.drop();
  await sqlite?.destroy();
});

/** The value of one expression on each database, as [mariadb, sqlite]. */
async function onBoth<T>(build: (db: Db) => Expression<T>): Promise<[unknown, unknown]> {
  const value = async (db: Db) => (await sql<{ v: T }>`select ${build(db)} as v`.execute(db)).rows[0]?.v;
  return [await value(mariadb.db), await value(sqlite)];
}

const text = (value: string) => sql.val(value);

describe('dialect fragments', () => {
  it('tells the dialects apart', () => {
    expect([dialectOf(mariadb.db), dialectOf(sqlite)]).toEqual(['mysql', 'sqlite']);
  });

  it('compares typed text without case or accents', async () => {
    expect(await onBoth((db) => textEquals(db, text('Admin'), 'admin'))).toEqual([1, 1]);
    expect(await onBoth((db) => textEquals(db, text('Café'), 'cafe'))).toEqual([1, 1]);
    expect(await onBoth((db) => textEquals(db, text('admin'), 'admins'))).toEqual([0, 0]);
    expect(await onBoth((db) => textIn(db, text('Music'), ['art', 'music']))).toEqual([1, 1]);
  });

  it('matches LIKE patterns with wpdb::esc_like escapes, without case or accents', async () => {
    expect(await onBoth((db) => likeText(db, text('50% off'), `%${escLike('50%')}%`))).toEqual([1, 1]);
    expect(await onBoth((db) => likeText(db, text('500 off'), `%${escLike('50%')}%`))).toEqual([0, 0]);
    expect(await onBoth((db) => likeText(db, text('a_b'), escLike('a_b')))).toEqual([1, 1]);
    expect(await onBoth((db) => likeText(db, text('axb'), escLike('a_b')))).toEqual([0, 0]);
    expect(await onBoth((db) => likeText(db, text('Über Café'), '%cafe%'))).toEqual([1, 1]);
    expect(await onBoth((db) => likeText(db, text('Über Café'), '%CAFE%', true))).toEqual([0, 0]);
  });

  it('orders names as the site collation does', async () => {
    const order = async (db: Db) => {
      const values = ['beta', 'Alpha', 'évent', 'Zulu', 'echo'];
      const union = sql.join(values.map((value) => sql`select ${value} as name`), sql` union all `);
      const { rows } = await sql<{ name: string }>`select name from (${union}) as names order by ${collationKey(db, sql.ref('name'))}, name`.execute(db);
      return rows.map((row) => row.name);
    };
    expect(await order(mariadb.db)).toEqual(['Alpha', 'beta', 'echo', 'évent', 'Zulu']);
    expect(await order(sqlite)).toEqual(['Alpha', 'beta', 'echo', 'évent', 'Zulu']);
  });

  it('reads numbers out of text as MySQL casts do', async () => {
    expect((await onBoth((db) => castUnsigned(db, text('42abc')))).map(Number)).toEqual([42, 42]);
    expect((await onBoth((db) => castSigned(db, text('-7')))).map(Number)).toEqual([-7, -7]);
    expect(await onBoth((db) => sameBytes(db, text('5'), sql.lit(5)))).toEqual([1, 1]);
    expect(await onBoth((db) => sameBytes(db, text('5 '), text('5')))).toEqual([0, 0]);
  });

  it('finds a value in a list as FIELD() does, and date parts of WordPress dates', async () => {
    expect((await onBoth((db) => positionInList(db, sql.lit(9), [4, 9, 1]))).map(Number)).toEqual([2, 2]);
    expect((await onBoth((db) => positionInList(db, sql.lit(7), [4, 9, 1]))).map(Number)).toEqual([0, 0]);
    for (const part of ['year', 'month', 'day'] as const) {
      expect((await onBoth((db) => datePart(db, part, text('2027-03-09 10:00:00')))).map(Number)).toEqual(
        { year: [2027, 2027], month: [3, 3], day: [9, 9] }[part],
      );
    }
  });
});
