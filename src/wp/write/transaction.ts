import type { Db } from '../../db/create-db.js';
import { touchLastSavePost } from '../tec/last-save-post.js';
import { ChangeSet, type ChangeListener } from './change-set.js';

/** What a write's code gets: the transaction to write through, and the change set to note rows in. */
export interface WriteScope {
  readonly trx: Db;
  readonly changes: ChangeSet;
  /** The request's "now": every date the write stores comes from here. */
  readonly now: Date;
}

/** Runs `work` as one transaction; see createWriteRunner. */
export type RunWrite = <T>(work: (scope: WriteScope) => Promise<T>) => Promise<T>;

export interface WriteRunnerOptions {
  db: Db;
  now: Date;
  /** Told after commit, in order; a listener's failure is logged, never undoes the committed write. */
  listeners: readonly ChangeListener[];
  logError: (error: unknown) => void;
}

/**
 * Every write runs here: one transaction for all its rows (it all lands or nothing does), the
 * bookkeeping TEC does on every save (`tribe_last_save_post`) inside that transaction, and the
 * change listeners (object cache, change feed) after the commit only.
 */
export function createWriteRunner({ db, now, listeners, logError }: WriteRunnerOptions): RunWrite {
  return async <T>(work: (scope: WriteScope) => Promise<T>): Promise<T> => {
    const changes = new ChangeSet();
    const result = await db.transaction().execute(async (trx) => {
      const value = await work({ trx, changes, now });
      await touchLastSavePost(trx, changes, now);
      return value;
    });
    for (const listener of listeners) {
      try {
        await listener(changes);
      } catch (error) {
        logError(error);
      }
    }
    return result;
  };
}
