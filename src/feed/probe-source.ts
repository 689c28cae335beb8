import type { Db } from '../db/create-db.js';
import type { ChangeFeed } from './change-feed.js';
import { everythingChanged } from './data-change.js';
import { selectInnodbLsn } from './feed-access.js';
import type { LsnSource } from './feed-access.repository.js';
import { SharedReadings } from './shared-readings.js';

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
  private readonly readings = new SharedReadings((db, now) => this.readOnce(db, now));

  constructor(
    private readonly feed: ChangeFeed,
    private readonly lsnSource: LsnSource,
  ) {}

  /**
   * Reports a change when `db`'s LSN moved since the last reading, or when it cannot be read
   * (nothing could then be proven fresh), from a reading that starts after this call (shared with
   * other callers, see SharedReadings): an answer whose statements all start after it resolves is
   * fresh for the generation it returns.
   */
  observe(db: Db, now: Date): Promise<number> {
    return this.readings.observe(db, now);
  }

  /** One LSN statement; the feed's generation once its result is reported. */
  private async readOnce(db: Db, now: Date): Promise<number> {
    const lsn = await selectInnodbLsn(db, this.lsnSource);
    if (lsn === undefined) {
      this.feed.publish(everythingChanged('probe', 'unreadable', now));
    } else if (this.lastSeen.get(db) !== lsn) {
      // Readings on different connections may come back out of order under load; any difference
      // counts as a move, which at worst reports a change too many.
      this.lastSeen.set(db, lsn);
      this.feed.publish(everythingChanged('probe', lsn.toString(), now));
    }
    return this.feed.generation;
  }
}
