import type { Db } from '../db/create-db.js';
import type { ChangeFeed } from './change-feed.js';
import { everythingChanged } from './data-change.js';
import { selectInnodbLsn } from './feed-access.js';
import type { LsnSource } from './feed-access.repository.js';

/**
 * Probe mode: without the replication log, a change made outside this service (WordPress,
 * wp-cli, another plugin) is noticed by reading InnoDB's log sequence number before a cached
 * answer is served. The LSN moves with every committed change, so an unchanged LSN proves the
 * data unchanged; it also moves with unrelated writes (other tables, other databases on the
 * server), which only costs cache misses. A move is reported as "everything changed", since the
 * probe cannot tell what.
 *
 * Each database (the primary, each replica) has its own LSN, so each is followed on its own.
 */
export class ProbeSource {
  private readonly lastSeen = new WeakMap<Db, bigint>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly lsnSource: LsnSource,
  ) {}

  /**
   * Reads `db`'s LSN (one statement) and reports a change when it moved since the last reading,
   * or when it cannot be read (nothing could then be proven fresh). Returns the feed's generation
   * afterwards: an answer whose statements all start after this call is fresh for that generation.
   */
  async observe(db: Db, now: Date): Promise<number> {
    const lsn = await selectInnodbLsn(db, this.lsnSource);
    if (lsn === undefined) {
      this.feed.publish(everythingChanged('probe', 'unreadable', now));
    } else if (this.lastSeen.get(db) !== lsn) {
      // Readings may come back out of order under load; any difference counts as a move, which
      // at worst reports a change too many.
      this.lastSeen.set(db, lsn);
      this.feed.publish(everythingChanged('probe', lsn.toString(), now));
    }
    return this.feed.generation;
  }
}
