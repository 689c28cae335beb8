import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { startMariadbInstance, type MariadbInstance } from '../setup/mariadb-instance.js';
import { expectCustomTablesFollowMeta } from '../setup/custom-tables-agreement.js';
import { agentFor, recordedUserAuth, ROOT } from './support.js';

/**
 * A server that logs statements (`log_bin` with `binlog_format=STATEMENT`): InnoDB refuses writes
 * under READ COMMITTED there (error 1665), so the service's writes fall back to one at a time under
 * the site's named lock, under REPEATABLE READ (docs/writes.md). Without the fallback
 * every write below would be answered 500.
 */

const ADMIN = recordedUserAuth('admin');
const NOW = '2026-11-24T17:00:00Z';
let server: MariadbInstance;
let database: TestDatabase;

beforeAll(async () => {
  server = await startMariadbInstance({ binlog: true, extraArgs: ['--binlog-format=STATEMENT'] });
  database = await createTestDatabase({ dump: 'reference', serverUrl: server.url });
});

afterAll(async () => {
  await database?.drop();
  await server?.stop();
});

describe('writes where the server logs statements', () => {
  it('the server is one: log_bin on, binlog_format STATEMENT', async () => {
    const { rows } = await sql<{ log_bin: number; format: string }>`SELECT @@GLOBAL.log_bin AS log_bin, @@GLOBAL.binlog_format AS format`.execute(database.db);
    expect([Number(rows[0]?.log_bin), rows[0]?.format]).toEqual([1, 'STATEMENT']);
  });

  it('8 creates with one title at once, through two instances: all land, one after another, with distinct slugs', async () => {
    const instances = [agentFor(database, { now: NOW }), agentFor(database, { now: NOW })];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        instances[index % 2]!
          .post(`${ROOT}/events`)
          .set('Authorization', ADMIN)
          .send({ title: 'Logged Statements', start_date: '2031-03-01 10:00:00', end_date: '2031-03-01 12:00:00' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const slugs = answers.map((answer) => (answer.body as { slug: string }).slug).sort();
    expect(slugs).toEqual(['logged-statements', ...Array.from({ length: 7 }, (_, index) => `logged-statements-${index + 2}`)].sort());
    await expectCustomTablesFollowMeta(database.db);
  });

  it('8 updates of 8 events and a category create at once: all land', async () => {
    const instances = [agentFor(database, { now: NOW }), agentFor(database, { now: NOW })];
    const events = [37, 38, 39, 40, 41, 42, 43, 44];
    const [category, ...updates] = await Promise.all([
      instances[0]!.post(`${ROOT}/categories`).set('Authorization', ADMIN).send({ name: 'Logged Category' }),
      ...events.map((id, index) => instances[index % 2]!.post(`${ROOT}/events/${id}`).set('Authorization', ADMIN).send({ title: `Logged ${id}` })),
    ]);
    expect(category!.status).toBe(201);
    expect(updates.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const titles = await database.db.selectFrom('posts').select('post_title').where('ID', 'in', events).orderBy('ID').execute();
    expect(titles.map((row) => row.post_title)).toEqual(events.map((id) => `Logged ${id}`));
  });
});
