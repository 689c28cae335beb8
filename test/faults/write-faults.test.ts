import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { loadCases, replayCase, type ReferenceCase } from '../contract/captures.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { startCuttingProxy, type CuttingProxy } from '../setup/tcp-proxy.js';
import { writtenTablesChecksum } from '../setup/written-tables.js';

/**
 * Each kind of write, cut off at statements it sends from the moment it opens its transaction to
 * its COMMIT (every one for short writes, an even spread of CUT_POINTS including the COMMIT for
 * long ones): the connection dies before that statement reaches the server. Whatever the cut
 * point, the answer is an error and not one row of the write is left behind (the server rolls the
 * transaction back), and the write locks it held are free again for the next write.
 */

const WRITES = [
  'events.write.create-nested',
  'events.write.update-put-allday',
  'events.write.delete',
  'venues.write.create',
  'venues.write.update',
  'venues.write.delete',
  'organizers.write.create',
  'organizers.write.update',
  'organizers.write.delete',
  'categories.write.create-child',
  'categories.write.update',
  'categories.write.delete',
  'tags.write.create',
  'cw.tag.up',
  'tags.write.delete',
] as const;

/** The first statement of a write's transaction (its connection is READ COMMITTED already, src/db/create-db.ts). */
const BEGIN_STATEMENT = /^begin$/i;
/** At most this many cut points per write, spread evenly from the transaction's start to the commit. */
const CUT_POINTS = 24;
const COMMIT_STATEMENT = /^commit$/i;

let proxy: CuttingProxy;

beforeAll(async () => {
  proxy = await startCuttingProxy({ host: '127.0.0.1', port: Number(new URL(process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306').port || 3306) });
});

afterAll(async () => {
  await proxy?.close();
});

/** 1..total when total <= most, else `most` points from 1 to total spread evenly (both ends included). */
function spread(total: number, most: number): number[] {
  if (total <= most) return Array.from({ length: total }, (_, index) => index + 1);
  return [...new Set(Array.from({ length: most }, (_, index) => 1 + Math.round((index * (total - 1)) / (most - 1))))];
}

function recordedCase(id: string): ReferenceCase {
  const found = loadCases().find((testCase) => testCase.id === id);
  if (!found) throw new Error(`no recorded case ${id}`);
  return found;
}

/** Sends the case's request to a fresh app whose every database connection runs through the proxy. */
async function sendThroughProxy(database: TestDatabase, testCase: ReferenceCase): Promise<number> {
  const db: Db = createDb({ databaseUrl: proxy.urlFor(database.url), tablePrefix: database.prefix });
  try {
    const config = loadConfig({ DATABASE_URL: database.url });
    const handler = createHandler({ db, config, clock: fixedClock(testCase.recorded_at ?? new Date()), logError: () => undefined });
    const response = await replayCase(supertest(handler), testCase);
    return response.status;
  } finally {
    await db.destroy().catch(() => undefined);
  }
}


describe('a write cut off half way leaves nothing behind', () => {
  for (const id of WRITES) {
    it(id, { timeout: 120_000 }, async ({ signal }) => {
      const testCase = recordedCase(id);

      // Once uninterrupted, to learn the statements between the lock and the commit.
      const first = await createTestDatabase({ dump: 'reference' });
      let statements: string[];
      try {
        proxy.record();
        expect(await sendThroughProxy(first, testCase)).toBe(testCase.expect.status);
        statements = [...proxy.commands];
      } finally {
        await first.drop();
      }
      const beginAt = statements.findIndex((text) => BEGIN_STATEMENT.test(text));
      const commitAt = statements.findIndex((text, index) => index > beginAt && COMMIT_STATEMENT.test(text));
      expect(beginAt, 'the write opens its transaction').toBeGreaterThanOrEqual(0);
      expect(commitAt, 'the write commits after opening its transaction').toBeGreaterThan(beginAt);
      const statementsToCommit = commitAt - beginAt + 1;
      const cutPoints = spread(statementsToCommit, CUT_POINTS);

      const database = await createTestDatabase({ dump: 'reference' });
      try {
        const before = await writtenTablesChecksum(database);
        let cutAtCommit = false;
        for (const n of cutPoints) {
          // A test that timed out stops: the worker goes on to other files in this process.
          signal.throwIfAborted();
          proxy.cutAtCommand(n, BEGIN_STATEMENT);
          const status = await sendThroughProxy(database, testCase);
          expect(proxy.cut, `cut at statement ${n}: ${statements[beginAt + n - 1]}`).toBe(true);
          // Reads on other pooled connections may interleave differently from run to run; the
          // statements this cut let through tell whether the COMMIT was among them.
          if (proxy.beforeCut.some((text) => COMMIT_STATEMENT.test(text))) break;
          if (COMMIT_STATEMENT.test(proxy.cutCommand ?? '')) cutAtCommit = true;
          expect(status, `answer when cut at statement ${n}`).toBeGreaterThanOrEqual(500);
          expect(await writtenTablesChecksum(database), `rows after a cut at statement ${n}: ${statements[beginAt + n - 1]}`).toEqual(before);
        }
        expect(cutAtCommit || cutPoints.length < statementsToCommit, 'one cut fell on the COMMIT itself').toBe(true);
        // Nothing stayed locked or half-open: the same write now goes through.
        proxy.record();
        expect(await sendThroughProxy(database, testCase)).toBe(testCase.expect.status);
        expect(await writtenTablesChecksum(database)).not.toEqual(before);
      } finally {
        await database.drop();
      }
    });
  }
});
