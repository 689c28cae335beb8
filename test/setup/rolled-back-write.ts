import type { Db } from '../../src/db/create-db.js';
import { BeforeCommit } from '../../src/wp/write/before-commit.js';
import { ChangeSet } from '../../src/wp/write/change-set.js';
import type { WriteScope } from '../../src/wp/write/transaction.js';
import { WriteLocks } from '../../src/wp/write/write-locks.js';

class RolledBack extends Error {}

/**
 * Runs `work` with a write scope over a transaction of `db`, then rolls everything back, so tests
 * of the write functions leave the database as they found it. Whatever `work` throws is rethrown;
 * the roll-back itself never reaches the caller.
 */
export async function inRolledBackWrite(
  db: Db,
  scope: Omit<WriteScope, 'trx' | 'changes' | 'locks' | 'beforeCommit'> & { changes?: ChangeSet },
  work: (scope: WriteScope, trx: Db) => Promise<void>,
): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      // The write's named locks, on the transaction's connection: released before it ends.
      const locks = new WriteLocks(trx, 'rolled-back:');
      try {
        const beforeCommit = new BeforeCommit();
        await work({ changes: new ChangeSet(), ...scope, trx, locks, beforeCommit }, trx);
        // What the write left for its commit (term recounts), as the write runner runs it.
        await beforeCommit.run();
      } finally {
        await locks.releaseAll();
      }
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
}
