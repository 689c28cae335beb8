import { createRequire } from 'node:module';
import {
  CompiledQuery,
  DeleteQueryNode,
  InsertQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  UpdateQueryNode,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Database as WasmDatabase, SQLiteValue } from 'node-sqlite3-wasm';

/*
 * Kysely's SQLite dialect over node-sqlite3-wasm: SQLite compiled to WebAssembly, shipped inside
 * the npm package (no install script, no download, no compiler), reading and writing a real file
 * through Node's fs. Kysely's own SqliteDialect expects better-sqlite3's statement API (`reader`),
 * which this library lacks, so the driver is ours; the adapter, compiler and introspector are
 * Kysely's.
 */

// The package is CommonJS and instantiates its WebAssembly synchronously on load.
const { Database } = createRequire(import.meta.url)('node-sqlite3-wasm') as typeof import('node-sqlite3-wasm');

/** A scalar function the SQL may call, registered on every database opened. */
export interface SqliteFunction {
  name: string;
  fn: (...args: SQLiteValue[]) => SQLiteValue | boolean;
}

export interface WasmSqliteDialectOptions {
  /** A file path, or `:memory:`. */
  filename: string;
  /** Refuse to create a file that is not there (a site's file named by mistake must not come up empty). */
  fileMustExist?: boolean;
  functions?: readonly SqliteFunction[];
  /** Statements run once on open (pragmas). */
  onOpen?: readonly string[];
  /** Fills a fresh database (the demo's, in memory) before the first query runs on it. */
  load?: (database: WasmDatabase) => void;
}

/** Opens the file the way the dialect does, for code that loads a database before serving it. */
export function openWasmDatabase(options: WasmSqliteDialectOptions): WasmDatabase {
  const database = new Database(options.filename, { fileMustExist: options.fileMustExist ?? false });
  for (const { name, fn } of options.functions ?? []) database.function(name, fn, { deterministic: true });
  for (const statement of options.onOpen ?? []) database.exec(statement);
  try {
    options.load?.(database);
  } catch (error) {
    database.close();
    throw error;
  }
  return database;
}

export class WasmSqliteDialect implements Dialect {
  readonly #options: WasmSqliteDialectOptions;

  constructor(options: WasmSqliteDialectOptions) {
    this.#options = options;
  }

  createDriver(): Driver {
    return new WasmSqliteDriver(this.#options);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * One connection (SQLite in one process needs no more), handed to one user at a time: a
 * transaction holds it from BEGIN to COMMIT, so nothing else interleaves its statements.
 */
class WasmSqliteDriver implements Driver {
  readonly #options: WasmSqliteDialectOptions;
  #database: WasmDatabase | undefined;
  #connection: WasmSqliteConnection | undefined;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(options: WasmSqliteDialectOptions) {
    this.#options = options;
  }

  async init(): Promise<void> {
    try {
      this.#database = openWasmDatabase(this.#options);
    } catch (error) {
      throw withSqliteCode(error);
    }
    this.#connection = new WasmSqliteConnection(this.#database);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // IMMEDIATE takes the file's write lock at once, so a transaction never fails half way
    // because another process began writing first.
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    if (this.#database?.isOpen) this.#database.close();
  }
}

class WasmSqliteConnection implements DatabaseConnection {
  readonly #database: WasmDatabase;

  constructor(database: WasmDatabase) {
    this.#database = database;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = compiledQuery.parameters.map(toSqliteValue);
    let rows: R[];
    try {
      rows = this.#database.all(compiledQuery.sql, parameters).map((row) => readRow<R>(row as Record<string, SQLiteValue>));
    } catch (error) {
      throw withSqliteCode(error);
    }
    const { query } = compiledQuery;
    if (!InsertQueryNode.is(query) && !UpdateQueryNode.is(query) && !DeleteQueryNode.is(query)) return { rows };
    // changes() and last_insert_rowid() are the connection's, set by the statement just run.
    const counts = this.#database.get('select changes() as changes, last_insert_rowid() as id') as { changes: number; id: number };
    return {
      rows,
      numAffectedRows: BigInt(counts.changes),
      insertId: InsertQueryNode.is(query) ? BigInt(counts.id) : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on SQLite here');
  }
}

function toSqliteValue(value: unknown): SQLiteValue | boolean {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return storedText(value);
  return value as SQLiteValue | boolean;
}

/*
 * The library passes text to SQLite and back as C strings, so a string is cut at its first NUL
 * byte, and PHP serializes protected and private properties with NULs around the class name
 * (`\0*\0name`): Tickets Commerce's `_sale_price` Value objects. Such a string is stored as a
 * BLOB of its UTF-8 bytes, which the library moves whole, and every BLOB read is turned back into
 * text: WordPress's tables hold no binary columns.
 */

/** The value to bind for `text`: itself, or its UTF-8 bytes when it holds a NUL. */
export function storedText(text: string): SQLiteValue {
  return text.includes('\0') ? Buffer.from(text, 'utf8') : text;
}

/** A value as read, BLOBs (text stored by storedText) decoded back to strings. */
export function readValue(value: SQLiteValue): SQLiteValue {
  return value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('utf8') : value;
}

function readRow<R>(row: Record<string, SQLiteValue>): R {
  for (const [column, value] of Object.entries(row)) if (value instanceof Uint8Array) row[column] = readValue(value);
  return row as R;
}

/**
 * The library's errors carry SQLite's message only; the two that mean "the database is not
 * there or not free" get SQLite's code names, which the error handler answers with 503 like a
 * MySQL server that cannot be reached.
 */
function withSqliteCode(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = /database is (locked|busy)/i.test(error.message)
    ? 'SQLITE_BUSY'
    : /could not open the database|unable to open database/i.test(error.message)
      ? 'SQLITE_CANTOPEN'
      : undefined;
  if (code !== undefined) Object.assign(error, { code });
  return error;
}
