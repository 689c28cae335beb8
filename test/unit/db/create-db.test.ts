import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../src/db/create-db.js';
import { createTestDatabase, type TestDatabase } from '../../setup/database.js';

/*
 * What every connection of the pool is set to when it opens (src/db/create-db.ts): writes rely on
 * READ COMMITTED without a statement of their own before BEGIN (wp/write/transaction.ts).
 */

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ databaseUrl: database.url, tablePrefix: database.prefix, connectionLimit: 3 });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe("the pool's connections", () => {
  it('are READ COMMITTED, each of them, inside a transaction too', async () => {
    const levels = await Promise.all(
      Array.from({ length: 3 }, () =>
        db.connection().execute(async (connection) => {
          const { rows } = await sql<{ level: string }>`select @@session.tx_isolation as level, sleep(0.05) as held`.execute(connection);
          return rows[0]!.level;
        }),
      ),
    );
    expect(levels).toEqual(['READ-COMMITTED', 'READ-COMMITTED', 'READ-COMMITTED']);
    const inTransaction = await db.transaction().execute(async (trx) => (await sql<{ level: string }>`select @@session.tx_isolation as level`.execute(trx)).rows[0]!.level);
    expect(inTransaction).toBe('READ-COMMITTED');
  });
});
