import { createConnection } from 'mysql2/promise';
import { unserialize } from 'php-serialize';
import type { TableRows } from './captures.js';
import { createTestDatabase, type ReferenceDump } from '../setup/database.js';
import { sqliteFilePath } from '../../src/db/create-db.js';
import { openWasmDatabase, readValue } from '../../src/db/sqlite/wasm-dialect.js';

/**
 * The rows a recorded write compares (fixtures README, `db_after` / `db_deleted`): read from a
 * database as the recordings hold them (every value a string, SQL NULL as null), diffed against
 * the state before the request, and compared with the README's rules for times of "now".
 */

/** The recorded tables and the columns that identify a row in each. */
export const RECORDED_TABLES: Readonly<Record<string, readonly string[]>> = {
  wp_posts: ['ID'],
  wp_postmeta: ['meta_id'],
  wp_terms: ['term_id'],
  wp_term_taxonomy: ['term_taxonomy_id'],
  wp_term_relationships: ['object_id', 'term_taxonomy_id'],
  wp_termmeta: ['meta_id'],
  wp_tec_events: ['event_id'],
  wp_tec_occurrences: ['occurrence_id'],
};

type Row = Record<string, string | null>;
/** Table -> primary key text -> row. */
export type TableSnapshot = Map<string, Map<string, Row>>;

/** Reads every recorded table of a database (`mysql://` or `sqlite:`), keyed by primary key. */
export async function snapshotTables(databaseUrl: string): Promise<TableSnapshot> {
  const sqlitePath = sqliteFilePath(databaseUrl);
  if (sqlitePath !== undefined) return snapshotSqliteTables(sqlitePath);
  const connection = await createConnection({ uri: databaseUrl, dateStrings: true, charset: 'utf8mb4_unicode_ci' });
  try {
    const snapshot: TableSnapshot = new Map();
    for (const [table, keyColumns] of Object.entries(RECORDED_TABLES)) {
      const [rows] = await connection.query({ sql: `SELECT * FROM \`${table}\``, typeCast: castToText });
      const byKey = new Map<string, Row>();
      for (const row of rows as Row[]) byKey.set(keyOf(row, keyColumns), row);
      snapshot.set(table, byKey);
    }
    return snapshot;
  } finally {
    await connection.end();
  }
}

/** The same snapshot of a SQLite file, each value as text as MySQL's client gives it. */
function snapshotSqliteTables(file: string): TableSnapshot {
  const database = openWasmDatabase({ filename: file, fileMustExist: true });
  try {
    const snapshot: TableSnapshot = new Map();
    for (const [table, keyColumns] of Object.entries(RECORDED_TABLES)) {
      const byKey = new Map<string, Row>();
      for (const raw of database.all(`select * from "${table}"`)) {
        const row = Object.fromEntries(Object.entries(raw).map(([column, value]) => [column, value === null ? null : String(readValue(value))])) as Row;
        byKey.set(keyOf(row, keyColumns), row);
      }
      snapshot.set(table, byKey);
    }
    return snapshot;
  } finally {
    database.close();
  }
}

/** The recorded tables of a freshly loaded `db.sql`: the state every recorded write starts from. */
export async function snapshotReferenceDatabase(dialect: 'mysql' | 'sqlite' = 'mysql', dump: ReferenceDump = 'reference'): Promise<TableSnapshot> {
  const database = await createTestDatabase({ dump, dialect });
  try {
    return await snapshotTables(database.url);
  } finally {
    await database.drop();
  }
}

/** Rows created or changed, and rows removed, between two snapshots; ordered by primary key. */
export function diffSnapshots(before: TableSnapshot, after: TableSnapshot): { written: TableRows; deleted: TableRows } {
  const written: TableRows = {};
  const deleted: TableRows = {};
  for (const [table, keyColumns] of Object.entries(RECORDED_TABLES)) {
    const old = before.get(table) ?? new Map<string, Row>();
    const now = after.get(table) ?? new Map<string, Row>();
    const changed = [...now.entries()].filter(([key, row]) => !sameRow(old.get(key), row)).map(([, row]) => row);
    const removed = [...old.entries()].filter(([key]) => !now.has(key)).map(([, row]) => row);
    if (changed.length > 0) written[table] = sortByKey(changed, keyColumns);
    if (removed.length > 0) deleted[table] = sortByKey(removed, keyColumns);
  }
  return { written, deleted };
}

/** Columns that hold the time of the request (README, "Comparison rules"). */
const REQUEST_TIME_COLUMNS = new Set(['post_date', 'post_date_gmt', 'post_modified', 'post_modified_gmt', 'updated_at']);
/** Meta values holding the request time as a unix timestamp, plain or per field in a PHP array. */
const TIMESTAMP_META = '_wp_trash_meta_time';
const MODIFIED_FIELDS_META = '_tribe_modified_fields';

/**
 * Meta values Event Tickets draws at random on an attendee write (src/wp/tickets/attendee-codes.ts):
 * RSVP's order hash, written again on every update (md5, 32 hex digits), and the security code
 * (the head of an md5, 10 hex digits). No run can repeat the recorded value, so in exactly these
 * keys the recorded value and ours must both have this shape; every other value compares exactly.
 */
const RANDOM_META: ReadonlyMap<string, RegExp> = new Map([
  ['_tribe_rsvp_order', /^[0-9a-f]{32}$/],
  ['_tribe_rsvp_security_code', /^[0-9a-f]{10}$/],
  // Tickets Commerce's: the attendee's security code, the manual gateway's order ID (md5( wp_generate_password() . microtime() )).
  ['_tec_tickets_commerce_security_code', /^[0-9a-f]{10}$/],
  ['_tec_tc_order_gateway_order_id', /^[0-9a-f]{32}$/],
]);

/**
 * Meta values Tickets Commerce stamps with tec_get_current_milliseconds() (`Y-m-d H:i:s.uuuu`,
 * UTC) as an order changes status: its flag-action markers and status log. Compared as times of
 * the run, each with that shape.
 */
const MILLISECOND_META = /^_tec_tc_order_(fa_marker:|status_log_)/;
const MILLISECOND_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{4}$/;

/**
 * A Tickets Commerce manual order's title and slug, `TEC-TC-M-{hash}-T-{tickets}`: the hash is
 * wp_generate_password( 12, false ), random letters and digits. Compared with the hash taken out,
 * each hash of that shape.
 */
const ORDER_HASH_COLUMNS: ReadonlySet<string> = new Set(['post_title', 'post_name']);
const MANUAL_ORDER_TITLE = /^(tec-tc-m-)([0-9a-z]{12})(-t-[0-9-]+)$/i;

/** How far a recorded "now" may lie from `recorded_at`: the request took time, recorded_at is to the second. */
const RUN_SLACK_SECONDS = 10;

/**
 * One line per difference between the recorded rows and ours, under the README's rules: times
 * of the request compared as "within the run", everything else exactly, rows matched by key.
 */
export function compareRows(label: string, expected: TableRows, actual: TableRows, recordedAt: string): string[] {
  const runTime = Date.parse(recordedAt) / 1000;
  const out: string[] = [];
  const tables = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  for (const table of tables) {
    const keyColumns = RECORDED_TABLES[table] ?? [];
    const want = new Map((expected[table] ?? []).map((row) => [keyOf(row, keyColumns), row]));
    const got = new Map((actual[table] ?? []).map((row) => [keyOf(row, keyColumns), row]));
    for (const [key, row] of want) {
      const ours = got.get(key);
      if (!ours) {
        out.push(`${label}.${table}[${key}]: missing ${show(row)}`);
        continue;
      }
      for (const column of Object.keys(row)) {
        if (!sameValue(table, column, row, ours, runTime)) {
          out.push(`${label}.${table}[${key}].${column}: expected ${show(row[column])}, got ${show(ours[column])}`);
        }
      }
    }
    for (const [key, row] of got) {
      if (!want.has(key)) out.push(`${label}.${table}[${key}]: unexpected ${show(row)}`);
    }
  }
  return out;
}

function sameValue(table: string, column: string, expectedRow: Row, actualRow: Row, runTime: number): boolean {
  const want = expectedRow[column] ?? null;
  const got = actualRow[column] ?? null;
  if (want === got) return true;
  if (want === null || got === null) return false;
  if (REQUEST_TIME_COLUMNS.has(column)) return bothInRun(mysqlTime(want), mysqlTime(got), runTime);
  if (recordedNulAsSpace(want, got)) return true;
  if (table === 'wp_posts' && ORDER_HASH_COLUMNS.has(column) && expectedRow.post_type === 'tec_tc_order') return sameOrderTitle(want, got);
  if (table === 'wp_postmeta' && column === 'meta_value') {
    const key = expectedRow.meta_key;
    if (key === TIMESTAMP_META) return bothInRun(Number(want), Number(got), runTime);
    if (typeof key === 'string' && MILLISECOND_META.test(key)) {
      return MILLISECOND_TIME.test(want) && MILLISECOND_TIME.test(got) && bothInRun(mysqlTime(want.slice(0, 19)), mysqlTime(got.slice(0, 19)), runTime);
    }
    if (key === MODIFIED_FIELDS_META) return sameModifiedFields(want, got, runTime);
    const shape = key === null || key === undefined ? undefined : RANDOM_META.get(key);
    if (shape !== undefined) return shape.test(want) && shape.test(got);
  }
  return false;
}

// The recorder printed the NUL bytes of PHP's serialized objects (private and protected property
// names) as spaces: ours, NULs and all, matches when it reads the same with each NUL a space.
function recordedNulAsSpace(want: string, got: string): boolean {
  return got.includes('\u0000') && !want.includes('\u0000') && got.replaceAll('\u0000', ' ') === want;
}

// A manual order's title or slug: the same but for the random hash, each hash of its shape.
function sameOrderTitle(want: string, got: string): boolean {
  const a = MANUAL_ORDER_TITLE.exec(want);
  const b = MANUAL_ORDER_TITLE.exec(got);
  return a !== null && b !== null && a[1] === b[1] && a[3] === b[3];
}

// `_tribe_modified_fields`: the same fields in the same order, each time equal or both in the run.
function sameModifiedFields(want: string, got: string, runTime: number): boolean {
  let wantFields: Record<string, unknown>;
  let gotFields: Record<string, unknown>;
  try {
    wantFields = unserialize(want) as Record<string, unknown>;
    gotFields = unserialize(got) as Record<string, unknown>;
  } catch {
    return false;
  }
  const wantKeys = Object.keys(wantFields);
  if (wantKeys.join('\u0000') !== Object.keys(gotFields).join('\u0000')) return false;
  return wantKeys.every((key) => {
    const a = Number(wantFields[key]);
    const b = Number(gotFields[key]);
    return a === b || bothInRun(a, b, runTime);
  });
}

function bothInRun(a: number, b: number, runTime: number): boolean {
  return Math.abs(a - runTime) <= RUN_SLACK_SECONDS && Math.abs(b - runTime) <= RUN_SLACK_SECONDS;
}

function mysqlTime(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`) / 1000;
}

function sameRow(a: Row | undefined, b: Row): boolean {
  if (!a) return false;
  return Object.keys(b).every((column) => a[column] === b[column]);
}

function keyOf(row: Row, keyColumns: readonly string[]): string {
  return keyColumns.map((column) => row[column] ?? '').join('/');
}

function sortByKey(rows: Row[], keyColumns: readonly string[]): Row[] {
  return rows.sort((a, b) => {
    for (const column of keyColumns) {
      const difference = Number(a[column]) - Number(b[column]);
      if (difference !== 0) return difference;
    }
    return 0;
  });
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

// Every column as text, as the recordings hold it: numbers and dates as MySQL prints them.
function castToText(field: { type: string; string(): string | null; buffer(): Buffer | null }, next: () => unknown): unknown {
  if (field.type === 'BLOB' || field.type === 'VAR_STRING' || field.type === 'STRING') {
    const buffer = field.buffer();
    return buffer === null ? null : buffer.toString('utf8');
  }
  if (field.type === 'GEOMETRY') return next();
  return field.string();
}
