import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from '../../../src/db/create-db.js';
import type { SqlValue } from './rows.js';

/*
 * Bulk writing for the generator: multi-row INSERTs of about a megabyte each (a few thousand rows;
 * the server's max_allowed_packet is 16 MB), at most `concurrency` statements in flight so the
 * database inserts one batch while JavaScript builds the next, secondary indexes dropped while
 * the tables fill and rebuilt at the end (InnoDB builds an index from sorted rows far faster than
 * it maintains one through millions of random inserts), and the schema loaded from
 * fixtures/schema.sql when the database has no tables yet.
 *
 * SQL is sent as raw text through the Kysely instance, so table names carry the prefix here (the
 * prefix plugin only rewrites table identifiers of built queries).
 */

const SCHEMA_SQL = fileURLToPath(new URL('../../../fixtures/schema.sql', import.meta.url));

// mysql2's escaping (sqlstring) for a connection without NO_BACKSLASH_ESCAPES.
const NEEDS_ESCAPE = /[\0\b\t\n\r\x1a"'\\]/;
const ESCAPES = /[\0\b\t\n\r\x1a"'\\]/g;
const ESCAPED: Readonly<Record<string, string>> = {
  '\0': '\\0',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\x1a': '\\Z',
  '"': '\\"',
  "'": "\\'",
  '\\': '\\\\',
};

export function quote(value: SqlValue): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} to SQL`);
    return String(value);
  }
  return NEEDS_ESCAPE.test(value) ? `'${value.replace(ESCAPES, (c) => ESCAPED[c]!)}'` : `'${value}'`;
}

export function identifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/** Runs statements with at most `concurrency` in flight; the first failure is rethrown. */
export class StatementQueue {
  readonly #db: Db;
  readonly #concurrency: number;
  readonly #running = new Set<Promise<void>>();
  #failure: unknown;
  #failed = false;
  statements = 0;

  constructor(db: Db, concurrency: number) {
    this.#db = db;
    this.#concurrency = Math.max(1, concurrency);
  }

  /** Waits for a free slot, then starts the statement (without waiting for it). */
  async submit(text: string): Promise<void> {
    while (this.#running.size >= this.#concurrency) await Promise.race(this.#running);
    this.#throwIfFailed();
    this.statements += 1;
    const running: Promise<void> = sql
      .raw(text)
      .execute(this.#db)
      .then(
        () => undefined,
        (error: unknown) => {
          if (!this.#failed) {
            this.#failed = true;
            this.#failure = error;
          }
        },
      )
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.race(this.#running);
    this.#throwIfFailed();
  }

  #throwIfFailed(): void {
    if (this.#failed) throw this.#failure;
  }
}

/** Rows of one table gathered into multi-row INSERT statements of about `maxChars` characters. */
export class BulkTable {
  readonly #queue: StatementQueue;
  readonly #head: string;
  readonly #maxChars: number;
  #tuples: string[] = [];
  #chars = 0;
  rows = 0;

  constructor(queue: StatementQueue, table: string, columns: readonly string[], maxChars: number) {
    this.#queue = queue;
    this.#head = `INSERT INTO ${identifier(table)} (${columns.map(identifier).join(', ')}) VALUES `;
    this.#maxChars = maxChars;
  }

  add(row: readonly SqlValue[]): void {
    let tuple = '(';
    for (let i = 0; i < row.length; i += 1) tuple += (i === 0 ? '' : ',') + quote(row[i]!);
    tuple += ')';
    this.#tuples.push(tuple);
    this.#chars += tuple.length + 1;
    this.rows += 1;
  }

  /** True once the gathered rows make a full statement. */
  get full(): boolean {
    return this.#chars >= this.#maxChars;
  }

  async flush(): Promise<void> {
    if (this.#tuples.length === 0) return;
    const text = this.#head + this.#tuples.join(',');
    this.#tuples = [];
    this.#chars = 0;
    await this.#queue.submit(text);
  }
}

/** Whether `{prefix}posts` exists in the current database. */
export async function hasWordPressTables(db: Db, prefix: string): Promise<boolean> {
  const result = await sql<{ name: string }>`SELECT TABLE_NAME AS name FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ${`${prefix}posts`}`.execute(db);
  return result.rows.length > 0;
}

/** Creates the WordPress + TEC tables of fixtures/schema.sql (as test/setup/database.ts loads them). */
export async function createSchema(db: Db, prefix: string): Promise<void> {
  const text = (await readFile(SCHEMA_SQL, 'utf8')).replaceAll('{prefix}', prefix);
  const statements = text
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n')
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
  // One connection: the dump's SET SESSION sql_mode must hold for its CREATE TABLEs (MySQL 8
  // refuses the zero-date defaults otherwise), and is put back before the connection returns to the pool.
  await db.connection().execute(async (connection) => {
    try {
      for (const statement of statements) await sql.raw(statement).execute(connection);
    } finally {
      await sql.raw('SET SESSION sql_mode = DEFAULT').execute(connection);
    }
  });
}

/** Tables that hold rows already (names with prefix); the generator fills only empty ones. */
export async function nonEmptyTables(db: Db, tables: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const result = await sql.raw<{ one: number }>(`SELECT 1 AS one FROM ${identifier(table)} LIMIT 1`).execute(db);
    if (result.rows.length > 0) found.push(table);
  }
  return found;
}

interface IndexRow {
  Key_name: string;
  Seq_in_index: number;
  Column_name: string;
  Sub_part: number | null;
  Non_unique: number;
}

/**
 * Drops the secondary indexes of `tables` and returns what re-creates them as they were (same
 * names, columns, prefix lengths and order), one ALTER TABLE per table so InnoDB sorts each
 * table's rows once for all its indexes.
 */
export async function deferSecondaryIndexes(db: Db, tables: readonly string[]): Promise<() => Promise<void>> {
  const restores: string[] = [];
  for (const table of tables) {
    const { rows } = await sql.raw<IndexRow>(`SHOW INDEX FROM ${identifier(table)}`).execute(db);
    const indexes = new Map<string, { unique: boolean; parts: string[] }>();
    for (const row of [...rows].sort((a, b) => Number(a.Seq_in_index) - Number(b.Seq_in_index))) {
      if (row.Key_name === 'PRIMARY') continue;
      let index = indexes.get(row.Key_name);
      if (!index) {
        index = { unique: Number(row.Non_unique) === 0, parts: [] };
        indexes.set(row.Key_name, index);
      }
      index.parts.push(`${identifier(row.Column_name)}${row.Sub_part === null ? '' : `(${row.Sub_part})`}`);
    }
    // SHOW INDEX lists indexes in the table's order; Map keeps first-seen order.
    const ordered = [...new Set(rows.filter((row) => row.Key_name !== 'PRIMARY').map((row) => row.Key_name))];
    if (ordered.length === 0) continue;
    await sql.raw(`ALTER TABLE ${identifier(table)} ${ordered.map((name) => `DROP INDEX ${identifier(name)}`).join(', ')}`).execute(db);
    const adds = ordered.map((name) => {
      const index = indexes.get(name)!;
      return `ADD ${index.unique ? 'UNIQUE ' : ''}KEY ${identifier(name)} (${index.parts.join(', ')})`;
    });
    restores.push(`ALTER TABLE ${identifier(table)} ${adds.join(', ')}`);
  }
  // The tables are rebuilt side by side (the pool gives each its own connection): the server
  // sorts one table's index entries while it writes another's.
  return async () => {
    await Promise.all(restores.map((statement) => sql.raw(statement).execute(db)));
  };
}
