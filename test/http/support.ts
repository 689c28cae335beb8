import http from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { basicAuth } from '../builders/index.js';
import { loadUsers } from '../contract/captures.js';

/** What the http tests share: the namespace, the site URL the seed options give, a fixed clock. */

export const ROOT = '/wp-json/calendar/events/v1';
/** Absolute namespace URL as the seed options' `home` makes the plugin print it. */
export const REST_BASE = `http://127.0.0.1:8080${ROOT}`;
/** The clock the hand-built data is dated against, unless a test sets its own. */
export const NOW = '2026-11-21T12:00:00Z';

export interface AgentOptions {
  /** The instant the app's clock stops at; NOW unless set. */
  now?: string;
  /** More environment for loadConfig (e.g. PUBLIC_URL). */
  env?: Record<string, string>;
  /** Another Kysely instance on the same database, e.g. one recording its statements. */
  db?: Db;
}

/** A supertest agent on a fresh app over `database` (its prefix applied), with a fixed clock. */
export function agentFor(database: TestDatabase, options: AgentOptions = {}) {
  const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: database.prefix, ...options.env });
  const app = createHandler({ db: options.db ?? database.db, config, clock: fixedClock(options.now ?? NOW) });
  return supertest(app);
}

/** The envelope TEC wraps an archive in; `K` is the key of the records (`venues`, `tags`). */
export type ArchiveJson<K extends string, T> = { [key in K]: T[] } & {
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
  total: number;
  total_pages: number;
};

/** GETs `<ROOT>/<resource>?<query>` and returns the body; fails the test unless the status is 200. */
export async function getArchive<T>(
  database: TestDatabase,
  resource: string,
  query = '',
  options: AgentOptions = {},
): Promise<T> {
  const response = await agentFor(database, options).get(`${ROOT}/${resource}${query === '' ? '' : `?${query}`}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as T;
}

export interface RecordedQuery {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

export interface StatementRecorder {
  /** A Kysely instance of its own on the test database; destroy it in afterAll. */
  readonly db: Db;
  /** Every SQL statement `db` ran since the last `clear()`, in order. */
  readonly statements: string[];
  /** The same statements with their bound parameters, for "which row did it read" questions. */
  readonly queries: RecordedQuery[];
  clear(): void;
}

/** A second connection to `database` that records the SQL it runs, for statement-count tests. */
export function recordStatements(database: TestDatabase): StatementRecorder {
  const statements: string[] = [];
  const queries: RecordedQuery[] = [];
  const db = createDb({
    databaseUrl: database.url,
    tablePrefix: database.prefix,
    log: (event) => {
      if (event.level !== 'query') return;
      statements.push(event.query.sql);
      queries.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  return {
    db,
    statements,
    queries,
    clear: () => {
      statements.splice(0);
      queries.splice(0);
    },
  };
}

/**
 * A database loaded with `dump`, made before the file's tests and dropped after them; read
 * `database` inside tests (it is set once beforeAll has run).
 */
export function fileDatabase(dump: 'reference' | 'schema'): { readonly database: TestDatabase } {
  const made: { database?: TestDatabase } = {};
  beforeAll(async () => {
    made.database = await createTestDatabase({ dump });
  });
  afterAll(async () => {
    await made.database?.drop();
  });
  return {
    get database() {
      return made.database!;
    },
  };
}

/**
 * A database loaded with `dump` and a statement recorder on it, made before the file's tests and
 * dropped after them; read its fields inside tests (they are set once beforeAll has run).
 */
export function recordedDatabase(dump: 'reference' | 'schema'): { readonly database: TestDatabase; readonly recorder: StatementRecorder } {
  const made: { database?: TestDatabase; recorder?: StatementRecorder } = {};
  beforeAll(async () => {
    made.database = await createTestDatabase({ dump });
    made.recorder = recordStatements(made.database);
  });
  afterAll(async () => {
    await made.recorder?.db.destroy();
    await made.database?.drop();
  });
  return {
    get database() {
      return made.database!;
    },
    get recorder() {
      return made.recorder!;
    },
  };
}

export interface CountedRequest<T> {
  /** How many SQL statements the request ran. */
  count: number;
  /** The statements themselves, in order, for a failure message. */
  statements: string[];
  /** The answer's JSON body. */
  body: T;
}

export interface CountOptions {
  /** A path under ROOT requested first, so the site-settings cache is warm for the counted request. */
  warmUp: string;
  /** The instant the app's clock stops at; NOW unless set. */
  now?: string;
}

/**
 * GETs `<ROOT><path>` through `recorder`'s connection after one warm-up request on the same app,
 * and returns how many SQL statements the counted request alone ran, with its body. Fails the
 * test unless the answer is 200. For the "a list costs a fixed number of statements" tests.
 */
export async function countStatements<T = unknown>(
  database: TestDatabase,
  recorder: StatementRecorder,
  path: string,
  options: CountOptions,
): Promise<CountedRequest<T>> {
  const agent = agentFor(database, { db: recorder.db, now: options.now });
  // Both counts of a comparison must see the same cache state: one request fills the site settings.
  await agent.get(`${ROOT}${options.warmUp}`);
  recorder.clear();
  const response = await agent.get(`${ROOT}${path}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { count: recorder.statements.length, statements: [...recorder.statements], body: response.body as T };
}

/** The HTTP Basic header of a user of the recorded site (fixtures/reference/users.json), `admin` unless named. */
export function recordedUserAuth(key = 'admin'): string {
  const user = loadUsers()[key];
  if (!user) throw new Error(`users.json has no user "${key}"`);
  return basicAuth(user.login, user.app_password);
}

/** A real server on 127.0.0.1 serving an app that must know its own address (the URLs it prints). */
export interface ListeningApp {
  readonly server: http.Server;
  /** `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts a server first and plugs in the app `makeApp(baseUrl)` after: the app prints the port it
 * is reached on (the Link header and every URL), which is only known once the server listens.
 */
export async function listenWithApp(makeApp: (baseUrl: string) => http.RequestListener): Promise<ListeningApp> {
  let app: http.RequestListener | undefined;
  const server = http.createServer((request, response) => app?.(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = makeApp(baseUrl);
  return {
    server,
    baseUrl,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
