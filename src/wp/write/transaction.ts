import type { Db } from '../../db/create-db.js';
import type { Viewer } from '../auth/capabilities.js';
import type { SiteSettings } from '../site/site.js';
import { AppError } from '../wp-error.js';
import { touchLastSavePost } from '../tec/last-save-post.js';
import { ChangeSet, tellChangeListeners, type ChangeListener } from './change-set.js';
import { deferPostMeta, flushPostMeta } from './meta-store.js';
import { acquireWriteLock, releaseWriteLock } from './write-lock.repository.js';

/** What a write's code gets: the transaction to write through, and the change set to note rows in. */
export interface WriteScope {
  readonly trx: Db;
  readonly changes: ChangeSet;
  /** The request's "now": every date the write stores comes from here. */
  readonly now: Date;
  /** The site the write runs on (zone, permalinks, home, locale). */
  readonly site: SiteSettings;
  /** Who writes: WordPress's "current user", whose capabilities decide kses, statuses and revisions' author. */
  readonly viewer: Viewer;
}

/** Runs `work` as one transaction; see createWriteRunner. */
export type RunWrite = <T>(work: (scope: WriteScope) => Promise<T>) => Promise<T>;

export interface WriteRunnerOptions {
  db: Db;
  now: Date;
  /** Told after commit, in order; a listener's failure is logged, never undoes the committed write. */
  listeners: readonly ChangeListener[];
  logError: (error: unknown) => void;
  /** Names the site's write lock: the table prefix, so two sites in one database do not wait on each other. */
  tablePrefix: string;
  /** How long a write waits for another one on the same site to finish, in seconds. */
  lockTimeoutSeconds?: number;
  /** Put on every scope (WriteScope.site / viewer). */
  site: SiteSettings;
  viewer: Viewer;
}

/**
 * Every write runs here: one transaction for all its rows (it all lands or nothing does), the
 * bookkeeping TEC does on every save (`tribe_last_save_post`) inside that transaction, and the
 * change listeners (object cache, change feed) after the commit only.
 *
 * Two writes on one site must not both see a slug as free and both take it (WordPress itself can
 * race there). Every write therefore holds a named lock of the database server for the whole
 * transaction, released only after the commit: writes of any number of service instances queue
 * on it, and the server frees it if the connection dies.
 */
export function createWriteRunner({
  db,
  now,
  listeners,
  logError,
  tablePrefix,
  lockTimeoutSeconds = 10,
  site,
  viewer,
}: WriteRunnerOptions): RunWrite {
  return async <T>(work: (scope: WriteScope) => Promise<T>): Promise<T> => {
    const changes = new ChangeSet();
    const result = await db.connection().execute(async (connection) => {
      if (!(await acquireWriteLock(connection, tablePrefix, lockTimeoutSeconds))) throw writeBusy();
      try {
        return await connection.transaction().execute(async (trx) => {
          const scope = { trx, changes, now, site, viewer };
          deferPostMeta(scope);
          const value = await work(scope);
          await flushPostMeta(scope);
          await touchLastSavePost(trx, changes, now);
          return value;
        });
      } finally {
        await releaseWriteLock(connection, tablePrefix).catch(logError);
      }
    });
    await tellChangeListeners(listeners, changes, logError);
    return result;
  };
}

/** Another write held the site's lock for longer than a write may wait: try again shortly. */
function writeBusy(): AppError {
  return new AppError(503, 'rest_write_busy', 'Another write to this site is in progress; try again shortly.');
}
