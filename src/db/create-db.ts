import { Kysely, MysqlDialect, type LogConfig } from 'kysely';
import { createPool, type Pool } from 'mysql2';
import type { Database } from './tables.js';
import { TablePrefixPlugin } from './table-prefix-plugin.js';
import { withAcquireTimeout } from './bounded-pool.js';
import { MAX_PREPARED_STATEMENTS, prepareReads } from './prepared-reads.js';
import type { Database as WasmDatabase } from 'node-sqlite3-wasm';
import { WasmSqliteDialect } from './sqlite/wasm-dialect.js';
import { SQLITE_FUNCTIONS } from './dialect.js';

export type Db = Kysely<Database>;

export interface CreateDbOptions {
  databaseUrl: string;
  tablePrefix: string;
  /** Prefix of the network-wide users tables; the site prefix unless on a multisite sub-site. */
  baseTablePrefix?: string;
  connectionLimit?: number;
  log?: LogConfig;
  /** Longest a request waits for a connection (all busy, or the database not answering); default 1 s. */
  acquireTimeoutMs?: number;
  /** Longest one statement may run before the server stops it; default 30 s (above the 10 s a write waits for the site's write lock). */
  statementTimeoutMs?: number;
  /** Handed the mysql2 pool once made, for its usage gauges (src/ops/metrics.ts mysql2PoolStats). */
  onPool?: (pool: Pool) => void;
}

/** Connections of a pool unless told otherwise. */
export const DEFAULT_CONNECTION_LIMIT = 10;

/** Requests waiting for a connection, at most, before more are refused at once (503). */
const QUEUE_LIMIT = 200;

/**
 * A Kysely instance over a mysql2 pool. Type choices made here are mirrored in tables.ts:
 * dates stay strings (WordPress's zero dates), BIGINT ids come back as numbers.
 */
export function createDb(options: CreateDbOptions): Db {
  const sqlitePath = sqliteFilePath(options.databaseUrl);
  if (sqlitePath !== undefined) {
    return createSqliteDb({ filename: sqlitePath, tablePrefix: options.tablePrefix, baseTablePrefix: options.baseTablePrefix, log: options.log });
  }
  const statementTimeoutMs = options.statementTimeoutMs ?? 30_000;
  const pool = createPool({
    uri: options.databaseUrl,
    connectionLimit: options.connectionLimit ?? DEFAULT_CONNECTION_LIMIT,
    queueLimit: QUEUE_LIMIT,
    // A database that does not answer the connect is "down" after this, not after mysql2's 10 s.
    connectTimeout: options.acquireTimeoutMs ?? 1_000,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    charset: 'utf8mb4_unicode_ci',
    // WordPress stores local wall times; the session zone must not shift anything we compare.
    timezone: 'Z',
    maxPreparedStatements: MAX_PREPARED_STATEMENTS,
  });
  // Reads outside transactions as server-side prepared statements (see prepared-reads.ts).
  prepareReads(pool);
  // The server stops a statement that runs longer (MariaDB: max_statement_time in seconds; MySQL:
  // max_execution_time in ms, SELECTs only); a server that knows neither keeps its own limits.
  pool.on('connection', (connection) => {
    connection.query(`SET SESSION max_statement_time = ${statementTimeoutMs / 1000}`, (error) => {
      if (error) connection.query(`SET SESSION max_execution_time = ${Math.round(statementTimeoutMs)}`, () => undefined);
    });
    // Writes run under READ COMMITTED (wp/write/transaction.ts). Set once per connection rather
    // than before every write's BEGIN: reads here are single autocommitted statements, which read
    // the latest committed rows under either level. A server refusing it leaves writes under
    // REPEATABLE READ: still correct, with more lock waits.
    connection.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED', () => undefined);
  });
  options.onPool?.(pool);
  return new Kysely<Database>({
    dialect: new MysqlDialect({ pool: withAcquireTimeout(pool, { acquireTimeoutMs: options.acquireTimeoutMs ?? 1_000 }) }),
    plugins: [new TablePrefixPlugin(options.tablePrefix, options.baseTablePrefix ?? options.tablePrefix)],
    log: options.log,
  });
}

export interface CreateSqliteDbOptions {
  /** A SQLite file (WordPress Playground's, the SQLite Database Integration plugin's), or `:memory:`. */
  filename: string;
  tablePrefix: string;
  baseTablePrefix?: string;
  log?: LogConfig;
  /** Create the file when it is not there (the demo, tests); a site's file must exist. */
  create?: boolean;
  /** Fills the database once opened, before any query (the demo's, in memory). */
  load?: (database: WasmDatabase) => void;
}

/**
 * The same Db over a SQLite file, through the WebAssembly build of SQLite (src/db/sqlite), with
 * the same prefix plugin. One connection: statements run one at a time, a write's transaction
 * holding it throughout.
 */
export function createSqliteDb(options: CreateSqliteDbOptions): Db {
  return new Kysely<Database>({
    dialect: new WasmSqliteDialect({
      filename: options.filename,
      fileMustExist: !(options.create ?? false) && options.filename !== ':memory:',
      functions: SQLITE_FUNCTIONS,
      // WordPress's PHP writes the file too; wait for its lock rather than fail at once.
      onOpen: ['pragma busy_timeout = 5000'],
      load: options.load,
    }),
    plugins: [new TablePrefixPlugin(options.tablePrefix, options.baseTablePrefix ?? options.tablePrefix)],
    log: options.log,
  });
}

/** The file a `sqlite:` URL names (`sqlite:/abs/file.sqlite`, `sqlite:relative.sqlite`, `sqlite://abs`), else undefined. */
export function sqliteFilePath(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith('sqlite:')) return undefined;
  const rest = databaseUrl.slice('sqlite:'.length);
  return rest.startsWith('//') ? rest.slice(2) : rest;
}
