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
  private readonly readings = new WeakMap<Db, Readings>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly lsnSource: LsnSource,
  ) {}

  /**
   * Reports a change when `db`'s LSN moved since the last reading, or when it cannot be read
   * (nothing could then be proven fresh), from a reading that starts after this call: an answer
   * whose statements all start after it resolves is fresh for the generation it returns.
   *
   * Callers that come while a reading is on its way share the next one, which starts as soon as
   * that one is back: a reading begun before a caller came may predate a commit the caller saw,
   * but the next one cannot. Under load this is one statement per round trip instead of one per
   * request, with the same guarantee.
   */
  observe(db: Db, now: Date): Promise<number> {
    let readings = this.readings.get(db);
    if (!readings) this.readings.set(db, (readings = {}));
    if (readings.next) return readings.next;
    if (!readings.running) return this.startReading(db, readings, now);
    const next = readings.running
      .catch(() => undefined)
      .then(() => {
        // From here on, newcomers wait for the reading after this one.
        readings.next = undefined;
        return this.startReading(db, readings, now);
      });
    readings.next = next;
    return next;
  }

  private startReading(db: Db, readings: Readings, now: Date): Promise<number> {
    const running = this.readOnce(db, now).finally(() => {
      if (readings.running === running) readings.running = undefined;
    });
    readings.running = running;
    return running;
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

/** The LSN readings of one database: the one on its way, and the one callers queue for. */
interface Readings {
  running?: Promise<number>;
  next?: Promise<number>;
}
