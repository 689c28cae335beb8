import type { Db } from '../../db/create-db.js';
import { dialectOf } from '../../db/dialect.js';
import { AppError } from '../wp-error.js';
import { acquireNamedLock, releaseNamedLocks } from './write-lock.repository.js';

/*
 * The named locks of one write: only what two writes can really get wrong side by side, each
 * held from the moment the write needs it to its commit (a row another write inserts is not seen
 * before that commit, so a lock released earlier would let both writes take the same slug).
 * Rows that both writes update (the same post, term counts, TEC's options) are locked by InnoDB
 * itself (SELECT … FOR UPDATE in the repositories); these locks cover what no row stands for yet:
 * a slug or a name about to be taken.
 */

/** The keys writes lock on; one place, so two code paths that must exclude each other name the same lock. */
export const WriteLockKey = {
  /** wp_unique_post_slug's candidate `slug` of a post type (also Tribe__Duplicate__Post's title check, by the title's slug). */
  postSlug: (postType: string, slug: string) => `post-slug:${postType}:${slug}`,
  /** wp_unique_term_slug's candidate: term slugs are checked across every taxonomy. */
  termSlug: (slug: string) => `term-slug:${slug}`,
  /** wp_insert_term's name check: a term of that name (as lower case) in the taxonomy. */
  termName: (taxonomy: string, name: string) => `term-name:${taxonomy}:${name}`,
  /**
   * An option a write deletes and adds again (`{taxonomy}_children`): two writes doing that at once
   * deadlock in InnoDB on each other's delete-marked rows of the same name, whatever they locked first.
   */
  optionRewrite: (name: string) => `option-rewrite:${name}`,
  /** The whole site: where the server cannot run writes side by side (WriteRunnerOptions). */
  site: () => 'site',
} as const;

/** Longest a write waits for one named lock, in seconds. */
export const NAMED_LOCK_TIMEOUT_SECONDS = 10;

/** The named locks one write holds, all on its transaction's connection, released after its commit or rollback. */
export class WriteLocks {
  // The write's connection, or its transaction while one runs on it: a pinned connection runs one
  // statement source at a time, so a lock taken through the connection itself during the
  // transaction would wait for the transaction to end.
  #connection: Db;
  readonly #tablePrefix: string;
  readonly #timeoutSeconds: number;
  readonly #held = new Set<string>();

  constructor(connection: Db, tablePrefix: string, timeoutSeconds = NAMED_LOCK_TIMEOUT_SECONDS) {
    this.#connection = connection;
    this.#tablePrefix = tablePrefix;
    this.#timeoutSeconds = timeoutSeconds;
  }

  /** Takes the locks through `db` (the write's transaction, on the same connection) from now on. */
  through(db: Db): void {
    this.#connection = db;
  }

  /**
   * Takes the lock on `key` (once per write), waiting for the write that holds it to commit.
   * Throws 503 rest_write_busy after the timeout. SQLite: a write holds the whole file already.
   */
  async take(key: string): Promise<void> {
    if (this.#held.has(key) || dialectOf(this.#connection) === 'sqlite') return;
    if (!(await acquireNamedLock(this.#connection, this.#tablePrefix, key, this.#timeoutSeconds))) throw writeBusy();
    this.#held.add(key);
  }

  /** Releases every lock taken; after the transaction ended, whichever way. */
  async releaseAll(): Promise<void> {
    const keys = [...this.#held];
    this.#held.clear();
    await releaseNamedLocks(this.#connection, this.#tablePrefix, keys);
  }
}

/** Another write held what this one needs for longer than a write may wait: try again shortly. */
export function writeBusy(): AppError {
  return new AppError(503, 'rest_write_busy', 'Another write to this site is in progress; try again shortly.');
}
