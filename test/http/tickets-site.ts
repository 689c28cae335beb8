import { sql } from 'kysely';
import type { Test } from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, recordedUserAuth } from './support.js';

/**
 * What the `tribe/tickets/v1` http tests share: the recorded ticketed site
 * (fixtures/reference-tickets) loaded for a test file (or for each test of it), a clock on the
 * recording's evening, the namespaces served, and requests as the recorded users.
 */

export const TICKETS_ROOT = '/wp-json/tribe/tickets/v1';
/** The instant the tests' clock stops at: the evening the cases were recorded, when the dump's sale windows hold. */
export const TICKETS_NOW = '2026-11-28T22:20:00Z';
export const TICKETS_NAMESPACES = 'calendar/events/v1,tribe/events/v1,tribe/tickets/v1';

export interface TicketsSite {
  /** The loaded site (set once the file's or the test's setup has run). */
  readonly database: TestDatabase;
  /** A fresh app over the site, with the tests' clock and namespaces: each reads the site settings (plugin options) anew. */
  agent(): ReturnType<typeof agentFor>;
  /** GET `TICKETS_ROOT` + `path` as the recorded user named (`none`: a guest). */
  get(path: string, user?: string): Test;
  /** POST `TICKETS_ROOT` + `path` with a JSON body as the recorded user named (the administrator unless named). */
  post(path: string, body: object, user?: string): Test;
  /** Runs the SQL of `change`, then `work`, then the SQL of `undo` whatever `work` did. */
  withChange(change: string | readonly string[], undo: string | readonly string[], work: () => Promise<void>): Promise<void>;
}

export interface TicketsSiteOptions {
  /** A fresh site for each test (for tests that write), rather than one for the file. */
  perTest?: boolean;
}

/** Registers the site's setup and teardown in the calling test file, and returns it. */
export function ticketsSite(options: TicketsSiteOptions = {}): TicketsSite {
  let database: TestDatabase | undefined;
  const [setUp, tearDown] = options.perTest ? [beforeEach, afterEach] : [beforeAll, afterAll];
  setUp(async () => {
    database = await createTestDatabase({ dump: 'reference-tickets' });
  });
  tearDown(async () => {
    await database?.drop();
    database = undefined;
  });
  const loaded = (): TestDatabase => {
    if (!database) throw new Error('the tickets site is read before its setup ran');
    return database;
  };
  const agent = () => agentFor(loaded(), { now: TICKETS_NOW, env: { NAMESPACES: TICKETS_NAMESPACES } });
  const as = (request: Test, user: string): Test => (user === 'none' ? request : request.set('Authorization', recordedUserAuth(user)));
  const run = async (statements: string | readonly string[]) => {
    for (const statement of typeof statements === 'string' ? [statements] : statements) await sql.raw(statement).execute(loaded().db);
  };
  return {
    get database() {
      return loaded();
    },
    agent,
    get: (path, user = 'none') => as(agent().get(`${TICKETS_ROOT}${path}`), user),
    post: (path, body, user = 'admin') => as(agent().post(`${TICKETS_ROOT}${path}`), user).send(body),
    withChange: async (change, undo, work) => {
      await run(change);
      try {
        await work();
      } finally {
        await run(undo);
      }
    },
  };
}
