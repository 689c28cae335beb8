import type { Db } from '../../db/create-db.js';
import { dialectOf } from '../../db/dialect.js';
import type { WriteRetryReason } from '../../ops/metrics.js';
import type { Viewer } from '../auth/capabilities.js';
import type { SiteSettings } from '../site/site.js';
import { touchLastSavePost } from '../tec/last-save-post.js';
import { BeforeCommit } from './before-commit.js';
import { ChangeSet, tellChangeListeners, type ChangeListener } from './change-set.js';
import { logsStatements } from './write-lock.repository.js';
import type { WriteGate } from './write-gate.js';
import { WriteLockKey, WriteLocks, writeBusy } from './write-locks.js';
import { deferPostMeta, flushPostMeta } from './meta-store.js';

/** What a write's code gets: the transaction to write through, and the change set to note rows in. */
export interface WriteScope {
  readonly trx: Db;
  readonly changes: ChangeSet;
  /** The named locks this write holds until its commit (slugs and names it is about to take). */
  readonly locks: WriteLocks;
  /** Work deferred to just before the commit (term recounts). */
  readonly beforeCommit: BeforeCommit;
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
  /** Names the write locks: the table prefix, so two sites in one database do not wait on each other. */
  tablePrefix: string;
  /** The process's limit on writes holding a connection at once (one per app). */
  gate: WriteGate;
  /** Put on every scope (WriteScope.site / viewer). */
  site: SiteSettings;
  viewer: Viewer;
  /** Told of each rollback by a lock conflict (before the next attempt, or the 503): the metrics. */
  onLockConflict?: (reason: WriteRetryReason) => void;
}

/** Attempts of one write that the database chose as a deadlock victim or that waited too long for a row. */
const MAX_ATTEMPTS = 4;

/**
 * Every write runs here: one transaction for all its rows (it all lands or nothing does), the
 * bookkeeping TEC does on every save (`tribe_last_save_post`) inside that transaction, and the
 * change listeners (object cache, change feed) after the commit only.
 *
 * Writes run side by side, each locking only what another write could get wrong with it (docs/writes.md):
 * the slug or name it takes (WriteLocks, named locks of the database server, so every
 * service instance on the database respects them), and the rows it reads to rewrite (the post
 * written, term counts, TEC's options: SELECT … FOR UPDATE, InnoDB's row locks). READ COMMITTED
 * makes what a write reads after taking a lock the latest committed state, as WordPress's own
 * autocommitted statements read it. A transaction the database rolls back for a deadlock or a lock
 * wait timeout is run again from the start, a bounded number of times, then answered 503.
 */
export function createWriteRunner({ db, now, listeners, logError, tablePrefix, gate, site, viewer, onLockConflict }: WriteRunnerOptions): RunWrite {
  return async <T>(work: (scope: WriteScope) => Promise<T>): Promise<T> =>
    gate.run(async () => {
      const oneAtATime = await writesOneAtATime(db);
      for (let attempt = 1; ; attempt++) {
        const changes = new ChangeSet();
        try {
          const result = await db.connection().execute(async (connection) => {
            const locks = new WriteLocks(connection, tablePrefix);
            try {
              if (oneAtATime) await locks.take(WriteLockKey.site());
              // Connections are READ COMMITTED from the start (db/create-db.ts); where the server logs
              // statements, InnoDB refuses writes at that level, and the site's lock orders them anyway.
              const begin = oneAtATime ? connection.transaction().setIsolationLevel('repeatable read') : connection.transaction();
              return await begin.execute(async (trx) => {
                locks.through(trx);
                const beforeCommit = new BeforeCommit();
                const scope = { trx, changes, locks, beforeCommit, now, site, viewer };
                // Post meta is held in memory and written in a few statements (meta-store.ts).
                deferPostMeta(scope);
                const value = await work(scope);
                await flushPostMeta(scope);
                await beforeCommit.run();
                await touchLastSavePost(trx, changes, now);
                return value;
              });
            } finally {
              locks.through(connection);
              await locks.releaseAll().catch(logError);
            }
          });
          await tellChangeListeners(listeners, changes, logError);
          return result;
        } catch (error) {
          if (!isLockConflict(error)) throw error;
          onLockConflict?.((error as { errno: number }).errno === ER_LOCK_DEADLOCK ? 'deadlock' : 'lock_wait_timeout');
          if (attempt >= MAX_ATTEMPTS) throw writeBusy();
          // Apart a little, at random, so the same writes do not meet again at once.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
        }
      }
    });
}

/**
 * ER_LOCK_DEADLOCK (the server rolled the transaction back to break a cycle of waits) and
 * ER_LOCK_WAIT_TIMEOUT (a row stayed locked longer than innodb_lock_wait_timeout): the write's
 * work rolled back whole, so running it again is safe.
 */
export function isLockConflict(error: unknown): boolean {
  const errno = (error as { errno?: unknown } | null)?.errno;
  return errno === ER_LOCK_DEADLOCK || errno === ER_LOCK_WAIT_TIMEOUT;
}

const ER_LOCK_DEADLOCK = 1213;
const ER_LOCK_WAIT_TIMEOUT = 1205;

const oneAtATimeByDb = new WeakMap<Db, Promise<boolean>>();

/**
 * Whether writes on this database must run one at a time under the site's lock, as they all did
 * before: where the server logs statements (InnoDB refuses READ COMMITTED writes then). Asked
 * once per database handle. SQLite runs one write at a time anyway (src/db/sqlite).
 */
function writesOneAtATime(db: Db): Promise<boolean> {
  if (dialectOf(db) === 'sqlite') return Promise.resolve(false);
  let known = oneAtATimeByDb.get(db);
  if (!known) {
    known = logsStatements(db);
    oneAtATimeByDb.set(db, known);
    // A failed look-up (the database away) is asked again by the next write.
    known.catch(() => oneAtATimeByDb.delete(db));
  }
  return known;
}
