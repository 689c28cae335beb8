import supertest from 'supertest';
import { expect } from 'vitest';
import { createApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import type { TestDatabase } from '../setup/database.js';

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
  const app = createApp({ db: options.db ?? database.db, config, clock: fixedClock(options.now ?? NOW) });
  return supertest(app.callback());
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

export interface StatementRecorder {
  /** A Kysely instance of its own on the test database; destroy it in afterAll. */
  readonly db: Db;
  /** Every SQL statement `db` ran since the last `clear()`, in order. */
  readonly statements: string[];
  clear(): void;
}

/** A second connection to `database` that records the SQL it runs, for statement-count tests. */
export function recordStatements(database: TestDatabase): StatementRecorder {
  const statements: string[] = [];
  const db = createDb({
    databaseUrl: database.url,
    tablePrefix: database.prefix,
    log: (event) => {
      if (event.level === 'query') statements.push(event.query.sql);
    },
  });
  return { db, statements, clear: () => statements.splice(0) };
}
