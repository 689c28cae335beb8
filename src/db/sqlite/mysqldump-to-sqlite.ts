import type { Database as WasmDatabase, SQLiteValue } from 'node-sqlite3-wasm';
import { storedText } from './wasm-dialect.js';

/*
 * Loads a mysqldump (or any file of MySQL CREATE TABLE and INSERT statements, as WordPress's own
 * schema is written) into SQLite, in the layout WordPress's SQLite Database Integration plugin and
 * WordPress Playground use: the same table and column names, integers as INTEGER, everything else
 * as TEXT (dates stay `YYYY-MM-DD HH:MM:SS` strings, zero dates included), AUTO_INCREMENT keys as
 * INTEGER PRIMARY KEY AUTOINCREMENT, and each MySQL index as an index named `<table>__<key>`
 * (SQLite's index names are per database, MySQL's per table). Every other statement (SET,
 * LOCK TABLES, conditional comments) means nothing to SQLite and is skipped.
 */

export interface LoadDumpResult {
  tables: string[];
  rows: number;
}

/** Creates the dump's tables in `database` and inserts its rows, in one transaction. Throws on SQL it cannot read. */
export function loadMysqlDump(database: WasmDatabase, dump: string): LoadDumpResult {
  const tables: string[] = [];
  let rows = 0;
  database.exec('begin');
  try {
    for (const statement of splitStatements(dump)) {
      const head = statement.slice(0, 40).toUpperCase();
      if (head.startsWith('CREATE TABLE')) {
        const table = parseCreateTable(statement);
        for (const ddl of sqliteDdl(table)) database.exec(ddl);
        tables.push(table.name);
      } else if (head.startsWith('DROP TABLE')) {
        const name = /^DROP TABLE (?:IF EXISTS )?`?([^`\s;]+)`?/i.exec(statement)?.[1];
        if (name) database.exec(`drop table if exists ${quoteIdentifier(name)}`);
      } else if (head.startsWith('INSERT INTO') || head.startsWith('INSERT IGNORE INTO') || head.startsWith('REPLACE INTO')) {
        rows += insertRows(database, statement);
      }
    }
    database.exec('commit');
  } catch (error) {
    database.exec('rollback');
    throw error;
  }
  return { tables, rows };
}

interface ColumnDefinition {
  name: string;
  /** The MySQL type's first word, lower case (`bigint`, `varchar`, `datetime`). */
  type: string;
  notNull: boolean;
  /** The default as SQLite reads it (`'publish'`, `0`, `NULL`, `CURRENT_TIMESTAMP`), or undefined. */
  defaultValue: string | undefined;
  autoIncrement: boolean;
}

interface IndexDefinition {
  name: string;
  unique: boolean;
  columns: string[];
}

interface TableDefinition {
  name: string;
  columns: ColumnDefinition[];
  primaryKey: string[];
  indexes: IndexDefinition[];
}

const INTEGER_TYPES = new Set(['tinyint', 'smallint', 'mediumint', 'int', 'integer', 'bigint', 'bit', 'bool', 'boolean', 'year']);
const REAL_TYPES = new Set(['float', 'double', 'real']);
const NUMERIC_TYPES = new Set(['decimal', 'numeric']);

function parseCreateTable(statement: string): TableDefinition {
  const name = /^CREATE TABLE (?:IF NOT EXISTS )?`([^`]+)`/i.exec(statement)?.[1];
  const open = statement.indexOf('(');
  const close = statement.lastIndexOf(')');
  if (!name || open < 0 || close < open) throw new Error(`Cannot read CREATE TABLE: ${statement.slice(0, 80)}`);
  const table: TableDefinition = { name, columns: [], primaryKey: [], indexes: [] };
  for (const item of splitTopLevel(statement.slice(open + 1, close))) {
    const text = item.trim();
    if (text.startsWith('`')) {
      table.columns.push(parseColumn(text));
      continue;
    }
    const upper = text.toUpperCase();
    if (upper.startsWith('PRIMARY KEY')) {
      table.primaryKey = indexColumns(text);
    } else if (upper.startsWith('UNIQUE')) {
      table.indexes.push({ name: keyName(text) ?? `unique_${table.indexes.length}`, unique: true, columns: indexColumns(text) });
    } else if (upper.startsWith('KEY') || upper.startsWith('INDEX')) {
      table.indexes.push({ name: keyName(text) ?? `key_${table.indexes.length}`, unique: false, columns: indexColumns(text) });
    }
    // FULLTEXT / SPATIAL keys and constraints have no SQLite counterpart that matters here.
  }
  return table;
}

function parseColumn(text: string): ColumnDefinition {
  const match = /^`([^`]+)`\s+([a-z]+)/i.exec(text);
  if (!match) throw new Error(`Cannot read column: ${text}`);
  const defaultMatch = /\sDEFAULT\s+('(?:[^'\\]|\\.|'')*'|[^\s,]+)/i.exec(text);
  let defaultValue = defaultMatch?.[1];
  if (defaultValue !== undefined && /^current_timestamp(\(\d*\))?$/i.test(defaultValue)) defaultValue = 'CURRENT_TIMESTAMP';
  return {
    name: match[1]!,
    type: match[2]!.toLowerCase(),
    notNull: /\sNOT NULL/i.test(text),
    defaultValue,
    autoIncrement: /\sAUTO_INCREMENT/i.test(text),
  };
}

function keyName(text: string): string | undefined {
  return /^(?:UNIQUE\s+)?(?:KEY|INDEX)\s+`([^`]+)`/i.exec(text)?.[1];
}

/** `(`a`(191),`b`)` -> ['a', 'b']: SQLite indexes whole values, so prefix lengths go. */
function indexColumns(text: string): string[] {
  const list = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
  return [...list.matchAll(/`([^`]+)`/g)].map((column) => column[1]!);
}

function sqliteDdl(table: TableDefinition): string[] {
  const singleAutoKey = table.primaryKey.length === 1 && table.columns.some((c) => c.name === table.primaryKey[0] && c.autoIncrement);
  const columns = table.columns.map((column) => {
    const parts = [quoteIdentifier(column.name)];
    if (singleAutoKey && column.name === table.primaryKey[0]) {
      parts.push('INTEGER PRIMARY KEY AUTOINCREMENT');
      return parts.join(' ');
    }
    parts.push(INTEGER_TYPES.has(column.type) ? 'INTEGER' : REAL_TYPES.has(column.type) ? 'REAL' : NUMERIC_TYPES.has(column.type) ? 'NUMERIC' : 'TEXT');
    if (column.notNull) parts.push('NOT NULL');
    if (column.defaultValue !== undefined) parts.push(`DEFAULT ${sqliteLiteral(column.defaultValue)}`);
    return parts.join(' ');
  });
  if (!singleAutoKey && table.primaryKey.length > 0) {
    columns.push(`PRIMARY KEY (${table.primaryKey.map(quoteIdentifier).join(', ')})`);
  }
  return [
    `create table ${quoteIdentifier(table.name)} (\n  ${columns.join(',\n  ')}\n)`,
    ...table.indexes.map(
      (index) =>
        `create ${index.unique ? 'unique ' : ''}index ${quoteIdentifier(`${table.name}__${index.name}`)} on ${quoteIdentifier(table.name)} (${index.columns.map(quoteIdentifier).join(', ')})`,
    ),
  ];
}

/** A MySQL default literal as SQLite reads it: strings re-quoted without backslash escapes. */
function sqliteLiteral(value: string): string {
  if (value.startsWith("'")) return `'${unescapeMysqlString(value.slice(1, -1)).replaceAll("'", "''")}'`;
  return value;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function insertRows(database: WasmDatabase, statement: string): number {
  const match = /^(INSERT(?: IGNORE)?|REPLACE) INTO `([^`]+)`\s*(\(([^)]*)\))?\s*VALUES\s*/i.exec(statement);
  if (!match) throw new Error(`Cannot read INSERT: ${statement.slice(0, 80)}`);
  const verb = match[1]!.toUpperCase() === 'REPLACE' ? 'insert or replace' : match[1]!.toUpperCase().includes('IGNORE') ? 'insert or ignore' : 'insert';
  const columns = match[4] === undefined ? undefined : [...match[4].matchAll(/`([^`]+)`/g)].map((column) => column[1]!);
  const tuples = parseTuples(statement, match[0].length);
  if (tuples.length === 0) return 0;
  const width = tuples[0]!.length;
  const columnList = columns ? ` (${columns.map(quoteIdentifier).join(', ')})` : '';
  const prepared = database.prepare(`${verb} into ${quoteIdentifier(match[2]!)}${columnList} values (${Array(width).fill('?').join(', ')})`);
  try {
    for (const tuple of tuples) prepared.run(tuple);
  } finally {
    prepared.finalize();
  }
  return tuples.length;
}

/** The value tuples of an INSERT from `start`: `(1,'a\'b',NULL),(2,...)`. */
function parseTuples(text: string, start: number): SQLiteValue[][] {
  const tuples: SQLiteValue[][] = [];
  let index = start;
  const skipSpace = () => {
    while (index < text.length && /\s/.test(text[index]!)) index += 1;
  };
  for (;;) {
    skipSpace();
    if (text[index] !== '(') break;
    index += 1;
    const tuple: SQLiteValue[] = [];
    for (;;) {
      skipSpace();
      const char = text[index];
      if (char === "'") {
        const end = stringEnd(text, index);
        tuple.push(storedText(unescapeMysqlString(text.slice(index + 1, end))));
        index = end + 1;
      } else {
        let end = index;
        while (end < text.length && text[end] !== ',' && text[end] !== ')') end += 1;
        tuple.push(mysqlScalar(text.slice(index, end).trim()));
        index = end;
      }
      skipSpace();
      if (text[index] === ',') {
        index += 1;
        continue;
      }
      if (text[index] === ')') {
        index += 1;
        break;
      }
      throw new Error(`Unexpected ${JSON.stringify(text.slice(index, index + 20))} in INSERT values`);
    }
    tuples.push(tuple);
    skipSpace();
    if (text[index] === ',') index += 1;
    else break;
  }
  return tuples;
}

function mysqlScalar(token: string): SQLiteValue {
  if (/^null$/i.test(token)) return null;
  if (/^0x[0-9a-f]*$/i.test(token)) return storedText(Buffer.from(token.slice(2), 'hex').toString('utf8'));
  if (/^-?\d+$/.test(token)) {
    const value = BigInt(token);
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  }
  if (/^-?\d*\.\d+(e[+-]?\d+)?$/i.test(token)) return Number(token);
  throw new Error(`Cannot read value ${JSON.stringify(token)} in INSERT`);
}

/** The index of the quote closing the string opened at `open` (backslash escapes and doubled quotes). */
function stringEnd(text: string, open: number): number {
  const quote = text[open];
  for (let index = open + 1; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\\') {
      index += 1;
    } else if (char === quote) {
      if (text[index + 1] === quote) index += 1;
      else return index;
    }
  }
  throw new Error('Unterminated string in SQL dump');
}

const MYSQL_ESCAPES: Readonly<Record<string, string>> = { '0': '\0', b: '\b', n: '\n', r: '\r', t: '\t', Z: '\x1a' };

function unescapeMysqlString(body: string): string {
  return body.replace(/\\(.)|''/gs, (whole, escaped: string | undefined) => (escaped === undefined ? "'" : (MYSQL_ESCAPES[escaped] ?? escaped)));
}

/** Splits on top-level commas (outside parentheses and quotes). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === "'" || char === '"' || char === '`') index = stringEnd(text, index);
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(from, index));
      from = index + 1;
    }
  }
  parts.push(text.slice(from));
  return parts.filter((part) => part.trim() !== '');
}

/** The dump's statements, comments (`-- `, `#`, `/* *\/`, MySQL's `/*! *\/` included) left out. */
function* splitStatements(dump: string): Generator<string> {
  let current = '';
  let from = 0;
  let index = 0;
  const flush = (to: number) => {
    current += dump.slice(from, to);
  };
  while (index < dump.length) {
    const char = dump[index]!;
    if (char === "'" || char === '"' || char === '`') {
      index = stringEnd(dump, index) + 1;
    } else if ((char === '-' && dump.startsWith('-- ', index)) || (char === '-' && dump.startsWith('--\n', index)) || char === '#') {
      flush(index);
      const end = dump.indexOf('\n', index);
      index = end < 0 ? dump.length : end + 1;
      from = index;
    } else if (char === '/' && dump[index + 1] === '*') {
      flush(index);
      const end = dump.indexOf('*/', index + 2);
      index = end < 0 ? dump.length : end + 2;
      from = index;
    } else if (char === ';') {
      flush(index);
      if (current.trim() !== '') yield current.trim();
      current = '';
      index += 1;
      from = index;
    } else {
      index += 1;
    }
  }
  flush(dump.length);
  if (current.trim() !== '') yield current.trim();
}
