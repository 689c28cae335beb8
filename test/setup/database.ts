import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, readFile, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection, type Connection } from 'mysql2/promise';
import { createDb, createSqliteDb, type Db } from '../../src/db/create-db.js';
import { openWasmDatabase } from '../../src/db/sqlite/wasm-dialect.js';
import { loadMysqlDump } from '../../src/db/sqlite/mysqldump-to-sqlite.js';
import { SQLITE_FUNCTIONS } from '../../src/db/dialect.js';

/** The server tests create their databases on; never a database itself (no path). */
export const DEFAULT_TEST_SERVER_URL = 'mysql://root@127.0.0.1:3306';

/** Every test database is named `cs_test_<base-36 creation time in seconds>_<random hex>`. */
export const TEST_DATABASE_PREFIX = 'cs_test_';
const TEST_DATABASE_NAME = /^cs_test_([0-9a-z]+)_[0-9a-f]{8}$/;

/** The recorded sites' dumps (fixtures/<name>/db.sql), by the name `dump` takes. */
export type ReferenceDump = 'reference' | 'reference-tickets';
const referenceDumpFile = (dump: ReferenceDump) => fileURLToPath(new URL(`../../fixtures/${dump}/db.sql`, import.meta.url));
const SCHEMA_SQL = fileURLToPath(new URL('../../fixtures/schema.sql', import.meta.url));
const SEED_OPTIONS_SQL = fileURLToPath(new URL('../../fixtures/seed-options.sql', import.meta.url));
const PREFIX_PLACEHOLDER = '{prefix}';
// config.ts accepts the same characters, so a prefix that loads here also loads in the app.
const VALID_PREFIX = /^[A-Za-z0-9_]+$/;

export interface CreateTestDatabaseOptions {
  /** Table prefix, `wp_` unless set. The reference dump exists only with `wp_`. */
  prefix?: string;
  /**
   * `schema` (the default): empty WordPress + TEC tables plus the minimum options
   * (fixtures/schema.sql + fixtures/seed-options.sql). `reference`: the recorded site
   * (fixtures/reference/db.sql), the state every reference capture starts from;
   * `reference-tickets`: the same site with Event Tickets (fixtures/reference-tickets/db.sql).
   */
  dump?: ReferenceDump | 'schema';
  /**
   * `mysql://user@host:port` of another server to create the database on (one a test started
   * itself, test/setup/mariadb-instance.ts); the shared test server unless set.
   */
  serverUrl?: string;
  /**
   * `sqlite`: a SQLite file in the system's temp folder instead of a MariaDB database, loaded
   * from the same SQL by the app's own converter (src/db/sqlite/mysqldump-to-sqlite.ts); its
   * `url` is `sqlite:<path>`. `mysql` (the default): the test server.
   */
  dialect?: 'mysql' | 'sqlite';
}

export interface TestDatabase {
  /** Database name, `cs_test_...`. */
  readonly name: string;
  /** `mysql://.../<name>`, the shape `loadConfig({ DATABASE_URL })` accepts. */
  readonly url: string;
  readonly prefix: string;
  /** A Kysely instance from the app's own `createDb`, with the prefix plugin applied. */
  readonly db: Db;
  /** Destroys `db` and drops the database; safe to call twice. */
  drop(): Promise<void>;
}

/** `TEST_DATABASE_URL` (server only, no database path) or the local default. */
export function testServerUrl(): string {
  const raw = process.env.TEST_DATABASE_URL?.trim() || DEFAULT_TEST_SERVER_URL;
  const url = new URL(raw);
  if (url.protocol !== 'mysql:') {
    throw new Error(`TEST_DATABASE_URL must start with mysql:// (got ${redact(raw)})`);
  }
  if (url.pathname !== '' && url.pathname !== '/') {
    throw new Error(
      `TEST_DATABASE_URL names a server, not a database; drop the path (got ${redact(raw)})`,
    );
  }
  return raw.replace(/\/+$/, '');
}

/** A connection to the test server (or `serverUrl`) without a default database, for CREATE/DROP DATABASE. */
export function connectToServer(serverUrl: string = testServerUrl()): Promise<Connection> {
  return createConnection({ uri: serverUrl, charset: 'utf8mb4_unicode_ci' });
}

/**
 * Creates and loads a fresh database of its own for one test file.
 * Throws if the server is unreachable or the SQL fails to load (the database is then dropped).
 */
export async function createTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const prefix = options.prefix ?? 'wp_';
  const dump = options.dump ?? 'schema';
  if (!VALID_PREFIX.test(prefix)) {
    throw new Error(`Table prefix may hold only letters, digits and underscores (got "${prefix}")`);
  }
  if (dump !== 'schema' && prefix !== 'wp_') {
    throw new Error(`The reference dump uses the table prefix wp_; it cannot be loaded as "${prefix}"`);
  }

  if (options.dialect === 'sqlite') return createSqliteTestDatabase(prefix, dump);

  const serverUrl = options.serverUrl ?? testServerUrl();
  const name = newDatabaseName();
  const url = databaseUrl(name, serverUrl);
  const admin = await connectToServer(serverUrl);
  try {
    await admin.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await admin.end();
  }

  try {
    if (dump !== 'schema') {
      await loadSql(url, await readFile(referenceDumpFile(dump), 'utf8'));
    } else {
      const [schema, seed] = await Promise.all([
        readFile(SCHEMA_SQL, 'utf8'),
        readFile(SEED_OPTIONS_SQL, 'utf8'),
      ]);
      await loadSql(url, withPrefix(`${schema}\n${seed}`, prefix));
    }
  } catch (error) {
    await dropDatabase(name, serverUrl);
    throw error;
  }

  return testDatabase(name, url, prefix, createDb({ databaseUrl: url, tablePrefix: prefix }), () => dropDatabase(name, serverUrl));
}

/** A TestDatabase whose drop() destroys `db`, then removes the database once, however often it is called. */
function testDatabase(name: string, url: string, prefix: string, db: Db, remove: () => Promise<void>): TestDatabase {
  let dropped = false;
  return {
    name,
    url,
    prefix,
    db,
    async drop() {
      if (dropped) return;
      dropped = true;
      await db.destroy();
      await remove();
    },
  };
}

// Converted once per process and dump, then copied: a file copy is far cheaper than the conversion.
const sqliteTemplates = new Map<string, Promise<string>>();

function sqliteTemplate(prefix: string, dump: ReferenceDump | 'schema'): Promise<string> {
  const key = `${dump}:${prefix}`;
  let template = sqliteTemplates.get(key);
  if (!template) {
    template = (async () => {
      const file = join(tmpdir(), `${newDatabaseName()}.template.sqlite`);
      const text =
        dump !== 'schema'
          ? await readFile(referenceDumpFile(dump), 'utf8')
          : withPrefix(`${await readFile(SCHEMA_SQL, 'utf8')}\n${await readFile(SEED_OPTIONS_SQL, 'utf8')}`, prefix);
      const loader = openWasmDatabase({ filename: file, functions: SQLITE_FUNCTIONS });
      try {
        loadMysqlDump(loader, text);
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      } finally {
        loader.close();
      }
      process.once('exit', () => rmSync(file, { force: true }));
      return file;
    })();
    sqliteTemplates.set(key, template);
  }
  return template;
}

async function createSqliteTestDatabase(prefix: string, dump: ReferenceDump | 'schema'): Promise<TestDatabase> {
  const name = newDatabaseName();
  const file = join(tmpdir(), `${name}.sqlite`);
  await copyFile(await sqliteTemplate(prefix, dump), file);
  return testDatabase(name, `sqlite:${file}`, prefix, createSqliteDb({ filename: file, tablePrefix: prefix }), () => rm(file, { force: true }));
}

export async function dropDatabase(name: string, serverUrl?: string): Promise<void> {
  const admin = await connectToServer(serverUrl);
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await admin.end();
  }
}

export async function databaseExists(name: string): Promise<boolean> {
  const admin = await connectToServer();
  try {
    const [rows] = await admin.query('SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [
      name,
    ]);
    return Array.isArray(rows) && rows.length > 0;
  } finally {
    await admin.end();
  }
}

/** When a test database was created, read from its name; null for names this module did not make. */
export function testDatabaseCreatedAt(name: string): Date | null {
  const match = TEST_DATABASE_NAME.exec(name);
  if (!match?.[1]) return null;
  return new Date(Number.parseInt(match[1], 36) * 1000);
}

function newDatabaseName(): string {
  const seconds = Math.floor(Date.now() / 1000).toString(36);
  return `${TEST_DATABASE_PREFIX}${seconds}_${randomBytes(4).toString('hex')}`;
}

function databaseUrl(name: string, serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function withPrefix(sql: string, prefix: string): string {
  return sql.replaceAll(PREFIX_PLACEHOLDER, prefix);
}

/** The URL with its password masked, for error messages. */
export function redact(raw: string): string {
  return raw.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

// Loading SQL: the `mariadb` (or `mysql`) client streams a dump fastest. Without one on PATH, or
// when it cannot connect (client errors 2xxx, e.g. the TLS defaults of newer clients), mysql2 runs
// the same text as one multi-statement query. The choice is made once per process.

type Loader = 'mariadb' | 'mysql' | 'mysql2';
let preferredLoader: Loader | undefined;

async function loadSql(url: string, sql: string): Promise<void> {
  const candidates: Loader[] = preferredLoader ? [preferredLoader] : ['mariadb', 'mysql', 'mysql2'];
  for (const loader of candidates) {
    if (loader === 'mysql2') {
      await loadWithMysql2(url, sql);
      preferredLoader = 'mysql2';
      return;
    }
    const outcome = await loadWithCli(loader, url, sql);
    if (outcome.kind === 'ok') {
      preferredLoader = loader;
      return;
    }
    if (outcome.kind === 'sql-error') throw outcome.error;
    // 'unavailable': try the next loader.
  }
  throw new Error('No SQL loader succeeded');
}

type CliOutcome =
  | { kind: 'ok' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'sql-error'; error: Error };

function loadWithCli(binary: 'mariadb' | 'mysql', url: string, sql: string): Promise<CliOutcome> {
  const target = new URL(url);
  const args = [
    '--no-defaults',
    `--host=${target.hostname || '127.0.0.1'}`,
    `--port=${target.port || '3306'}`,
    `--user=${decodeURIComponent(target.username || 'root')}`,
    '--default-character-set=utf8mb4',
    decodeURIComponent(target.pathname.slice(1)),
  ];
  const env = { ...process.env, MYSQL_PWD: decodeURIComponent(target.password) };
  return new Promise((resolve) => {
    const child = spawn(binary, args, { env, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    let settled = false;
    const settle = (outcome: CliOutcome) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      settle({ kind: 'unavailable', reason: error.code ?? error.message });
    });
    // A client that dies early closes its stdin; the exit code and stderr tell why.
    child.stdin.on('error', () => undefined);
    child.on('close', (code) => {
      if (code === 0) return settle({ kind: 'ok' });
      if (/ERROR 2\d{3}/.test(stderr)) return settle({ kind: 'unavailable', reason: stderr.trim() });
      settle({
        kind: 'sql-error',
        error: new Error(`${binary} exited with code ${code} while loading SQL: ${stderr.trim()}`),
      });
    });
    child.stdin.end(sql);
  });
}

async function loadWithMysql2(url: string, sql: string): Promise<void> {
  const connection = await createConnection({
    uri: url,
    multipleStatements: true,
    charset: 'utf8mb4_unicode_ci',
  });
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}
