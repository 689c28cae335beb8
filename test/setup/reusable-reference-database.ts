import { createConnection, type Connection } from 'mysql2/promise';
import { createDb } from '../../src/db/create-db.js';
import { createTestDatabase, testServerUrl, type ReferenceDump, type TestDatabase } from './database.js';

/**
 * One reference database (fixtures/reference/db.sql) per test file for the recorded-write replays,
 * instead of one CREATE DATABASE + load + DROP per case: a working copy the cases write to and an
 * untouched template loaded from the same dump. After each case every table of the working copy
 * is checksummed against the template's; the tables that differ are refilled from the template
 * (the rows that differ deleted, the template's missing ones inserted) and every AUTO_INCREMENT is
 * put back to the template's, so the next
 * case starts on rows and next insert ids equal to a fresh load's. MariaDB only; a SQLite copy is
 * a file copy already (createTestDatabase).
 *
 * What else a write could leave on the server lives on its connections (named locks, user
 * variables, an open transaction): each case gets a Db of its own, destroyed before the restore.
 */

/** What one restore found and undid. */
export interface RestoreReport {
  /** Tables whose rows differed from the template's and were refilled from it. */
  refilled: string[];
  /** Tables whose AUTO_INCREMENT differed from the template's and was put back. */
  autoIncrementReset: string[];
}

export interface ReusableReferenceDatabase {
  /** `mysql://.../<template>`: the pristine copy, for the snapshot the cases are diffed against. Never write to it. */
  readonly templateUrl: string;
  /**
   * The working copy with a fresh Db (the app's own createDb), for one case. Its drop() destroys
   * that Db, then restores the copy, and throws if the restore failed (the copy is then reloaded
   * from the dump, so the next case still starts fresh). One checkout at a time.
   */
  checkout(): Promise<TestDatabase>;
  /** Undoes whatever was written to the working copy since the last restore; see checkout() for failures. */
  restore(): Promise<RestoreReport>;
  /** Drops both databases. */
  close(): Promise<void>;
}

interface TableState {
  /** Table name -> AUTO_INCREMENT (null for tables without an auto-increment column). */
  autoIncrement: Map<string, number | null>;
}

/** Creates the working copy and the template, both loaded from a recorded site's dump (`reference` unless given). */
export async function openReusableReferenceDatabase(dump: ReferenceDump = 'reference'): Promise<ReusableReferenceDatabase> {
  const [template, first] = await Promise.all([createTestDatabase({ dump }), createTestDatabase({ dump })]);
  // Only their names are used from here (their Dbs stay idle, no connection opened): the
  // restore runs on a connection of its own, each case on a Db of its own.
  let working = first;
  let admin: Connection | undefined;
  try {
    admin = await openAdminConnection();
  } catch (error) {
    await Promise.all([template.drop(), working.drop()]);
    throw error;
  }
  const connection = admin;
  const templateState = await tableState(connection, template.name);
  const tables = [...templateState.autoIncrement.keys()];
  const templateChecksums = await checksums(connection, template.name, tables);
  const shapes = await tableShapes(connection, template.name);
  let checkedOut = false;
  // Set when even the reload failed: no later case may run on what is left.
  let unusable: Error | undefined;

  async function restoreOrThrow(): Promise<RestoreReport> {
    const state = await tableState(connection, working.name);
    const extra = [...state.autoIncrement.keys()].filter((table) => !templateState.autoIncrement.has(table));
    const missing = tables.filter((table) => !state.autoIncrement.has(table));
    if (extra.length > 0 || missing.length > 0) {
      throw new Error(`tables differ from the reference dump's (extra: ${extra.join(', ') || 'none'}; missing: ${missing.join(', ') || 'none'})`);
    }
    const now = await checksums(connection, working.name, tables);
    const refilled = tables.filter((table) => now.get(table) !== templateChecksums.get(table));
    if (refilled.length > 0) {
      await connection.query('START TRANSACTION');
      try {
        for (const table of refilled) {
          for (const statement of refillStatements(working.name, template.name, table, shapes.get(table))) await connection.query(statement);
        }
        await connection.query('COMMIT');
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      }
    }
    // A refill moves the counter to at least the template's, a rolled-back insert moves it past
    // its rows: checked after the refill, and put back wherever it is not the template's.
    const afterRefill = await tableState(connection, working.name);
    const autoIncrementReset = tables.filter((table) => afterRefill.autoIncrement.get(table) !== templateState.autoIncrement.get(table));
    for (const table of autoIncrementReset) {
      const value = templateState.autoIncrement.get(table);
      if (value === null || value === undefined) throw new Error(`${table} has an AUTO_INCREMENT in the working copy only`);
      await connection.query(`ALTER TABLE ${qualified(working.name, table)} AUTO_INCREMENT = ${value}`);
    }

    // The restore is checked, not trusted: a difference left here would leak into the next case.
    const [rows, counters] = await Promise.all([checksums(connection, working.name, tables), tableState(connection, working.name)]);
    const wrong = tables.filter(
      (table) => rows.get(table) !== templateChecksums.get(table) || counters.autoIncrement.get(table) !== templateState.autoIncrement.get(table),
    );
    if (wrong.length > 0) throw new Error(`still differ from the template after the restore: ${wrong.join(', ')}`);
    return { refilled, autoIncrementReset };
  }

  async function restore(): Promise<RestoreReport> {
    try {
      return await restoreOrThrow();
    } catch (error) {
      // Whatever went wrong, the next case gets a freshly loaded copy; this one fails.
      const broken = working;
      const reason = error instanceof Error ? error.message : String(error);
      try {
        working = await createTestDatabase({ dump });
        await broken.drop();
      } catch (reloadError) {
        unusable = new Error(`Restoring the reference database ${broken.name} failed (${reason}), and so did reloading it`, { cause: reloadError });
        throw unusable;
      }
      throw new Error(`Restoring the reference database ${broken.name} failed (reloaded it from the dump for the next case): ${reason}`, { cause: error });
    }
  }

  return {
    templateUrl: template.url,
    async checkout() {
      if (unusable) throw unusable;
      if (checkedOut) throw new Error('The reference database is still checked out: drop() the previous case\'s before the next checkout');
      checkedOut = true;
      const db = createDb({ databaseUrl: working.url, tablePrefix: working.prefix });
      let dropped = false;
      return {
        name: working.name,
        url: working.url,
        prefix: working.prefix,
        db,
        async drop() {
          if (dropped) return;
          dropped = true;
          try {
            await db.destroy();
            await restore();
          } finally {
            checkedOut = false;
          }
        },
      };
    },
    restore,
    async close() {
      await connection.end();
      await Promise.all([template.drop(), working.drop()]);
    },
  };
}

// The dump's own session settings, so the refill stores what the load stored (zero IDs, zero dates).
async function openAdminConnection(): Promise<Connection> {
  // Checksums are BIGINTs: as text, so no digit is lost to a JavaScript number.
  const connection = await createConnection({ uri: testServerUrl(), charset: 'utf8mb4_unicode_ci', supportBigNumbers: true, bigNumberStrings: true });
  await connection.query("SET SESSION sql_mode = 'NO_AUTO_VALUE_ON_ZERO', time_zone = '+00:00', foreign_key_checks = 0, unique_checks = 0");
  return connection;
}

async function tableState(connection: Connection, database: string): Promise<TableState> {
  const [rows] = await connection.query('SELECT TABLE_NAME AS name, AUTO_INCREMENT AS autoIncrement FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME', [database]);
  const autoIncrement = new Map<string, number | null>();
  for (const row of rows as Array<{ name: string; autoIncrement: number | string | null }>) {
    autoIncrement.set(row.name, row.autoIncrement === null ? null : Number(row.autoIncrement));
  }
  return { autoIncrement };
}

/** A table's columns and primary key columns, as the template has them. */
interface TableShape {
  columns: string[];
  primaryKey: string[];
}

async function tableShapes(connection: Connection, database: string): Promise<Map<string, TableShape>> {
  const shapes = new Map<string, TableShape>();
  const [columns] = await connection.query('SELECT TABLE_NAME AS tableName, COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION', [database]);
  for (const { tableName, name } of columns as Array<{ tableName: string; name: string }>) {
    const shape = shapes.get(tableName) ?? { columns: [], primaryKey: [] };
    shape.columns.push(name);
    shapes.set(tableName, shape);
  }
  const [keys] = await connection.query(
    "SELECT TABLE_NAME AS tableName, COLUMN_NAME AS name FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND INDEX_NAME = 'PRIMARY' ORDER BY TABLE_NAME, SEQ_IN_INDEX",
    [database],
  );
  for (const { tableName, name } of keys as Array<{ tableName: string; name: string }>) shapes.get(tableName)?.primaryKey.push(name);
  return shapes;
}

/**
 * The statements that make a table of the working copy hold the template's rows. With a primary
 * key only the rows that differ are touched: those the template has not (or has otherwise, byte
 * for byte) are deleted, then the template's rows missing by key are inserted. A write changes a
 * handful of rows, and rewriting all of wp_postmeta took most of a restore. Without one: all rows.
 */
function refillStatements(working: string, template: string, table: string, shape: TableShape | undefined): string[] {
  const target = qualified(working, table);
  const source = qualified(template, table);
  if (!shape || shape.primaryKey.length === 0) return [`DELETE FROM ${target}`, `INSERT INTO ${target} SELECT * FROM ${source}`];
  // The working table goes by its full name: MariaDB resolves a multi-table DELETE's target alias
  // in the connection's default database, and this connection has none.
  const ours = (name: string) => `${target}.\`${name}\``;
  const theirs = (name: string) => `t.\`${name}\``;
  const sameKey = shape.primaryKey.map((name) => `${ours(name)} = ${theirs(name)}`).join(' AND ');
  // As bytes, so a change of case or of trailing spaces (equal under the tables' collations) counts.
  const sameRow = shape.columns.map((name) => `CAST(${ours(name)} AS BINARY) <=> CAST(${theirs(name)} AS BINARY)`).join(' AND ');
  const firstKey = shape.primaryKey[0] ?? '';
  return [
    `DELETE ${target} FROM ${target} LEFT JOIN ${source} t ON ${sameKey} WHERE ${theirs(firstKey)} IS NULL OR NOT (${sameRow})`,
    `INSERT INTO ${target} SELECT t.* FROM ${source} t LEFT JOIN ${target} ON ${sameKey} WHERE ${ours(firstKey)} IS NULL`,
  ];
}

/** CHECKSUM TABLE of every listed table, one statement: table -> checksum as text. */
async function checksums(connection: Connection, database: string, tables: readonly string[]): Promise<Map<string, string>> {
  const [rows] = await connection.query(`CHECKSUM TABLE ${tables.map((table) => qualified(database, table)).join(', ')}`);
  const out = new Map<string, string>();
  for (const row of rows as Array<{ Table: string; Checksum: number | string | null }>) {
    if (row.Checksum === null) throw new Error(`CHECKSUM TABLE gave no checksum for ${row.Table}`);
    out.set(row.Table.slice(database.length + 1), String(row.Checksum));
  }
  return out;
}

function qualified(database: string, table: string): string {
  return `\`${database}\`.\`${table}\``;
}
