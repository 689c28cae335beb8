import mysql2, { type FieldPacket, type Pool, type PoolConnection, type PrepareStatementInfo, type QueryError } from 'mysql2';

// Defined as getters on mysql2's CommonJS exports, which ESM named imports cannot see.
const { TypedParameter, Types } = mysql2;

/*
 * Reads as server-side prepared statements. Sent as text, every statement is parsed by the
 * server from scratch; prepared once per connection (mysql2 keeps them, by SQL text) a read costs
 * the server only its execution. On the single event's bundle that was a third of MariaDB's CPU.
 * Kysely's MysqlDialect sends everything through `connection.query`; this puts a `query` on each
 * of the pool's connections that sends a read through `execute` instead when that answers the
 * same rows, and everything else through the original.
 *
 * A statement goes through `execute` only when all of these hold:
 * - it is a SELECT (or WITH ... SELECT) with bound values and no GET_LOCK, outside a transaction
 *   (writes keep the plain protocol, where a statement can never behave differently);
 * - every value is a string, NULL or a safe integer, at most MAX_INTEGER_VALUES integers, sent
 *   typed as BIGINT (mysql2 would send a JS number as DOUBLE, and `ID = 6e0` compares and
 *   derives types as a double where the inlined `6` of the text protocol is an integer);
 * - every column of its result decodes to the same JS value in the binary protocol as in the
 *   text one (BINARY_SAFE_TYPES); a statement whose columns do not is sent as text from then on;
 * - the server agreed to prepare it: what it refuses is sent as text from then on.
 * SQLite databases never come here (their dialect has no pool).
 */

/** How many statements each connection keeps prepared (mysql2 closes the least recently used). */
export const MAX_PREPARED_STATEMENTS = 32;

/**
 * Statements binding more integers than this stay on the text protocol. Long ID lists are a
 * statement of its own shape per length (a list of 50, the last page of a list), each of which
 * would be prepared, run once or twice and pushed out of the small per-connection cache again.
 * A page of 12 binds 36 (its IDs for the posts, their meta and their terms): under this, as
 * measured in bench/README.md ("Cheaper cold reads"), where it saved MariaDB 12 % on the list.
 */
export const MAX_INTEGER_VALUES = 64;

/** Column types whose binary decoding (with our pool options: dateStrings, supportBigNumbers) equals the text decoding. */
const BINARY_SAFE_TYPES = new Set<number>([
  Types.TINY,
  Types.SHORT,
  Types.LONG,
  Types.INT24,
  Types.LONGLONG,
  Types.YEAR,
  Types.NULL,
  Types.DECIMAL,
  Types.NEWDECIMAL,
  Types.VARCHAR,
  Types.VAR_STRING,
  Types.STRING,
  Types.ENUM,
  Types.SET,
  Types.TINY_BLOB,
  Types.MEDIUM_BLOB,
  Types.LONG_BLOB,
  Types.BLOB,
]);
/** Dates decode alike only without fractional seconds (the binary protocol drops a zero fraction). */
const WHOLE_SECOND_TYPES = new Set<number>([Types.DATE, Types.DATETIME, Types.TIMESTAMP]);

/** Whether every column of a result reads the same through `execute` as through `query`. */
export function decodesAlike(fields: readonly FieldPacket[]): boolean {
  for (const field of fields) {
    const type = field.columnType ?? field.type ?? -1;
    if (BINARY_SAFE_TYPES.has(type)) continue;
    if (WHOLE_SECOND_TYPES.has(type) && (field.decimals ?? 0) === 0) continue;
    return false;
  }
  return true;
}

const READ = /^[\s(]*(?:select|with)\b/i;
const TAKES_LOCK = /\bget_lock\s*\(/i;
const OPENS_TRANSACTION = /^\s*(?:begin|start\s+transaction)\b/i;
const CLOSES_TRANSACTION = /^\s*(?:commit|rollback)\b(?!\s+to\b)/i;

/**
 * The values as `execute` should bind them, or undefined when the statement must stay on `query`.
 * Exported for the tests.
 */
export function bindForExecute(sqlText: string, values: readonly unknown[]): unknown[] | undefined {
  if (values.length === 0 || !READ.test(sqlText) || TAKES_LOCK.test(sqlText)) return undefined;
  const bound = new Array<unknown>(values.length);
  let integers = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (value === null || typeof value === 'string') {
      bound[index] = value;
    } else if (typeof value === 'number' && Number.isSafeInteger(value)) {
      integers += 1;
      if (integers > MAX_INTEGER_VALUES) return undefined;
      bound[index] = TypedParameter.BIGINT(value);
    } else {
      return undefined;
    }
  }
  return bound;
}

type Callback = (error: QueryError | null, result?: unknown, fields?: FieldPacket[]) => void;
type QueryFunction = (...args: unknown[]) => unknown;

/**
 * What a connection knows of each SQL text: prepared by the server with columns that decode alike
 * (`execute`), or not (`query`). Kept per connection, as mysql2 keeps the prepared statements, so
 * that a connection sends the same commands for the same statements whatever others learnt before
 * it (the cut-off tests of test/faults count them); bounded, as a text forgotten is only prepared
 * and checked once more.
 */
const MAX_VERDICTS = 500;

/** "Prepared statement needs to be re-prepared": the server's own re-preparations failed. */
const ER_NEED_REPREPARE = 1615;

/**
 * MariaDB's EE_DELETE on one of its own temporary tables ("Error on delete of '/tmp/#sql-temptable-…'"):
 * the statement ran, and dropping the on-disk (Aria) temporary table it sorted in failed, a fault of
 * the server seen now and then on MariaDB 10.11 (its neighbour, a crash in ha_maria::drop_table, is in
 * bench/README.md). Nothing of the read is kept by the server, so the read is run once more.
 */
export function isTemporaryTableDropError(error: QueryError | null): boolean {
  return error?.errno === EE_DELETE && /#sql/.test(error.message);
}

const EE_DELETE = 6;

/** An error of the server about one statement, after which the connection goes on (not a lost connection). */
function isStatementError(error: QueryError): boolean {
  return !error.fatal && typeof error.errno === 'number' && error.errno < 2000;
}

/** Gives every connection of `pool` the `query` described above. Call before the pool connects. */
export function prepareReads(pool: Pool): void {
  pool.on('connection', (connection: PoolConnection) => {
    const query = connection.query.bind(connection) as QueryFunction;
    let inTransaction = false;
    const verdicts = new Map<string, 'execute' | 'query'>();
    const remember = (sqlText: string, verdict: 'execute' | 'query'): void => {
      if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
      verdicts.set(sqlText, verdict);
    };

    const execute = (sqlText: string, values: readonly unknown[], bound: unknown[], done: Callback): void => {
      connection.execute(sqlText, bound as never, (error: QueryError | null, result: unknown, fields: FieldPacket[]) => {
        if (error?.errno === ER_NEED_REPREPARE) {
          // The server gave up preparing it again (its tables' definitions kept changing, or kept
          // falling out of a small table_definition_cache under load); a read answers the same
          // through the text protocol, and running it again changes nothing.
          connection.unprepare(sqlText);
          query(sqlText, values, done);
          return;
        }
        if (!error && fields && !decodesAlike(fields)) {
          // Prepared columns said otherwise; the result types decide.
          remember(sqlText, 'query');
          connection.unprepare(sqlText);
          query(sqlText, values, done);
          return;
        }
        done(error, result, fields);
      });
    };

    const patched = (...args: unknown[]): unknown => {
      const [sqlText, values, callback] = args;
      if (typeof sqlText !== 'string' || !Array.isArray(values) || typeof callback !== 'function') return query(...args);
      if (OPENS_TRANSACTION.test(sqlText)) inTransaction = true;
      else if (CLOSES_TRANSACTION.test(sqlText)) inTransaction = false;
      // A read outside a transaction that met the server's temporary-table fault runs once more, as text.
      const answer = callback as Callback;
      const done: Callback =
        inTransaction || !READ.test(sqlText) || TAKES_LOCK.test(sqlText)
          ? answer
          : (error, result, fields) => (isTemporaryTableDropError(error) ? query(sqlText, values, answer) : answer(error, result, fields));
      const verdict = verdicts.get(sqlText);
      const bound = inTransaction || verdict === 'query' ? undefined : bindForExecute(sqlText, values);
      if (!bound) return query(sqlText, values, done);
      if (verdict === 'execute') {
        execute(sqlText, values, bound, done);
        return undefined;
      }
      // First sight of this text: prepared on its own, so that a refusal, or columns that would
      // decode otherwise, send it to `query` before it runs (an error of the execution itself
      // goes to the caller as it is, never run twice, but for the temporary-table fault above).
      connection.prepare(sqlText, (error: QueryError | null, statement: PrepareStatementInfo) => {
        if (error && !isStatementError(error)) return done(error);
        if (error || !decodesAlike((statement as unknown as { columns?: FieldPacket[] }).columns ?? [])) {
          remember(sqlText, 'query');
          if (!error) connection.unprepare(sqlText);
          query(sqlText, values, done);
          return;
        }
        remember(sqlText, 'execute');
        execute(sqlText, values, bound, done);
      });
      return undefined;
    };
    (connection as unknown as { query: QueryFunction }).query = patched;
  });
}
