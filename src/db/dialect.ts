import { SqliteAdapter, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { SqliteFunction } from './sqlite/wasm-dialect.js';

/*
 * Every piece of SQL that MySQL/MariaDB and SQLite spell differently, in one place. Repositories
 * build their queries with Kysely, which compiles most of it for either; what it cannot (casts,
 * collations, MySQL's own functions, locks, the catalogue) they take from here, passing the
 * database they run on so a transaction gets its own dialect's spelling.
 *
 * SQLite's text comparisons are binary where WordPress's tables (utf8mb4_unicode_ci) compare
 * without case or accents: `wp_fold` (below) gives SQLite a folding of its own for the orderings
 * and comparisons that depend on it.
 */

export type SqlDialect = 'mysql' | 'sqlite';

/** Which SQL `db` speaks, read off the Kysely adapter it was made with. */
export function dialectOf(db: Kysely<any>): SqlDialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'mysql';
}

/** `value` as an unsigned integer, as MySQL's CAST(... AS UNSIGNED) reads a leading number out of text. */
export function castUnsigned(db: Kysely<any>, value: Expression<unknown>): RawBuilder<number> {
  return dialectOf(db) === 'sqlite' ? sql<number>`cast(${value} as integer)` : sql<number>`cast(${value} as unsigned)`;
}

/** `value` as a signed integer (CAST(... AS SIGNED)). */
export function castSigned(db: Kysely<any>, value: Expression<unknown>): RawBuilder<number> {
  return dialectOf(db) === 'sqlite' ? sql<number>`cast(${value} as integer)` : sql<number>`cast(${value} as signed)`;
}

/**
 * Whether two values are the same string byte for byte (PHP's `===` on strings), whatever the
 * columns' collations: `5` and `'5'` are, `'5 '` and `'5'` are not.
 */
export function sameBytes(db: Kysely<any>, left: Expression<unknown>, right: Expression<unknown>): RawBuilder<boolean> {
  return dialectOf(db) === 'sqlite'
    ? sql<boolean>`cast(${left} as text) = cast(${right} as text)`
    : sql<boolean>`cast(${left} as binary) = cast(${right} as binary)`;
}

/**
 * A text value in one character set and collation, so a UNION of text columns from tables of
 * different collations does not fail on MySQL ("Illegal mix of collations"). SQLite has one
 * encoding per file: the value as it is.
 */
export function uniformText(db: Kysely<any>, value: Expression<unknown>): RawBuilder<string | null> {
  return dialectOf(db) === 'sqlite' ? sql<string | null>`${value}` : sql<string | null>`convert(${value} using utf8mb4) collate utf8mb4_bin`;
}

/**
 * The 1-based position of `value` in `list`, 0 when absent: MySQL's FIELD(value, ...list), which
 * WordPress orders `include` lists by.
 */
export function positionInList(db: Kysely<any>, value: Expression<unknown>, list: readonly (number | string)[]): RawBuilder<number> {
  if (dialectOf(db) === 'mysql') return sql<number>`field(${value}, ${sql.join(list)})`;
  const branches = list.map((item, index) => sql`when ${item} then ${index + 1}`);
  return sql<number>`(case ${value} ${sql.join(branches, sql` `)} else 0 end)`;
}

/** A part of a `YYYY-MM-DD HH:MM:SS` date as a number (YEAR(), MONTH(), DAYOFMONTH()). */
export function datePart(db: Kysely<any>, part: 'year' | 'month' | 'day', date: Expression<unknown>): RawBuilder<number> {
  if (dialectOf(db) === 'sqlite') {
    // substr, not strftime: WordPress's zero dates (0000-00-00) are no dates to SQLite.
    const [from, length] = part === 'year' ? [1, 4] : part === 'month' ? [6, 2] : [9, 2];
    return sql<number>`cast(substr(${date}, ${sql.lit(from)}, ${sql.lit(length)}) as integer)`;
  }
  const fn = part === 'year' ? sql.raw('YEAR') : part === 'month' ? sql.raw('MONTH') : sql.raw('DAYOFMONTH');
  return sql<number>`${fn}(${date})`;
}

/**
 * A key that orders and compares text as WordPress's utf8mb4_unicode_ci columns do, as far as
 * it matters to a site's names and titles: letters without case or accents. MySQL's column
 * collation does it itself: the value as it is.
 */
export function collationKey(db: Kysely<any>, value: Expression<unknown>): RawBuilder<string> {
  return dialectOf(db) === 'sqlite' ? sql<string>`wp_fold(${value})` : sql<string>`${value}`;
}

/** Folds text for collationKey on SQLite: decomposed, accents dropped, lower case. */
export function foldText(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The scalar functions every SQLite database gets when opened (see collationKey). */
export const SQLITE_FUNCTIONS: readonly SqliteFunction[] = [
  { name: 'wp_fold', fn: (value) => (value === null ? null : foldText(typeof value === 'string' ? value : String(value))) },
];

/**
 * An index's column list: MySQL indexes a text column by its first `prefix` characters (it cannot
 * index a whole LONGTEXT such as meta_value; WordPress's own meta_key index is `meta_key(191)`);
 * SQLite has no prefix indexes and takes the whole column.
 */
export function indexColumns(db: Kysely<any>, columns: readonly { name: string; prefix?: number }[]): RawBuilder<unknown> {
  const mysql = dialectOf(db) === 'mysql';
  return sql.join(
    columns.map(({ name, prefix }) => (mysql && prefix !== undefined ? sql`${sql.ref(name)}(${sql.raw(String(Math.trunc(prefix)))})` : sql.ref(name))),
  );
}

/** Drops index `name` of `table`: MySQL names the table (`DROP INDEX name ON table`), SQLite cannot. */
export async function dropIndex(db: Kysely<any>, name: string, table: string): Promise<void> {
  const drop = db.schema.dropIndex(name);
  await (dialectOf(db) === 'mysql' ? drop.on(table) : drop).execute();
}

/**
 * Runs `work` on one connection whose server-side statement time limit (createDb's, 30 s unless
 * set) is lifted for the while, then put back before the connection returns to the pool: building
 * an index on a big site's table takes minutes, and MariaDB's max_statement_time stops DDL too.
 * MySQL's max_execution_time covers SELECTs only and SQLite has no limit: there `work` just runs.
 */
export async function withoutStatementTimeLimit<DB, T>(db: Kysely<DB>, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'sqlite') return work(db);
  return db.connection().execute(async (connection) => {
    const limit = await sql<{ seconds: number | string }>`select @@session.max_statement_time as seconds`
      .execute(connection)
      .then((result) => Number(result.rows[0]?.seconds), () => undefined);
    if (limit === undefined || !Number.isFinite(limit)) return work(connection);
    await sql`set session max_statement_time = 0`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`set session max_statement_time = ${sql.raw(String(limit))}`.execute(connection);
    }
  });
}

/**
 * The names of the indexes on `table` (unprefixed; the prefix plugin names the site's), from the
 * server's catalogue. SQLite's index names are the whole file's, so there: every index's name.
 */
export async function selectIndexNames(db: Kysely<any>, table: string): Promise<string[]> {
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ Key_name: string }>`show index from ${sql.table(table)}`.execute(db);
  return rows.map((row) => row.Key_name);
}

/** The names of every table in the database the connection uses, prefixes and all, from the catalogue. */
export async function selectTableNames(db: Kysely<any>): Promise<string[]> {
  const { rows } =
    dialectOf(db) === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db)
      : await sql<{ name: string }>`select TABLE_NAME as name from information_schema.TABLES where TABLE_SCHEMA = database() order by TABLE_NAME`.execute(db);
  return rows.map((row) => String(row.name));
}

/**
 * `value LIKE pattern` (or NOT LIKE) as WordPress's tables answer it: the backslash escapes `%`
 * and `_` (wpdb::esc_like relies on MySQL's default escape character, which SQLite lacks), and
 * case and accents do not count (SQLite's own LIKE ignores ASCII case only).
 */
export function likeText(db: Kysely<any>, value: Expression<unknown>, pattern: string, negate = false): RawBuilder<SqlBool> {
  const op = sql.raw(negate ? 'not like' : 'like');
  if (dialectOf(db) === 'mysql') return sql<SqlBool>`${value} ${op} ${pattern}`;
  return sql<SqlBool>`wp_fold(${value}) ${op} ${foldText(pattern)} escape '\\'`;
}

/**
 * `value = text` as WordPress's tables compare (utf8mb4_unicode_ci): `Admin` is `admin`, `café`
 * is `cafe`. For what a user typed (logins, slugs, names); keys WordPress spells itself compare
 * as they are.
 */
export function textEquals(db: Kysely<any>, value: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  if (dialectOf(db) === 'mysql') return sql<SqlBool>`${value} = ${text}`;
  return sql<SqlBool>`wp_fold(${value}) = ${foldText(text)}`;
}

/** `value IN (texts)` compared as textEquals does. `texts` must not be empty. */
export function textIn(db: Kysely<any>, value: Expression<unknown>, texts: readonly string[]): RawBuilder<SqlBool> {
  if (dialectOf(db) === 'mysql') return sql<SqlBool>`${value} in (${sql.join(texts)})`;
  return sql<SqlBool>`wp_fold(${value}) in (${sql.join(texts.map(foldText))})`;
}

/**
 * Whether `db` takes row locks with `SELECT … FOR UPDATE`. SQLite has no such clause and needs
 * none: its write transaction (IMMEDIATE) holds the whole file.
 */
export function locksRows(db: Kysely<any>): boolean {
  return dialectOf(db) === 'mysql';
}
