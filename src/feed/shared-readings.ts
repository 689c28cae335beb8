import type { Db } from '../db/create-db.js';

/**
 * One reading of a database's state (InnoDB's LSN, a replica's applied GTID position) shared by
 * the callers that need one, with the guarantee each caller needs: its reading started after it
 * called. Callers that come while a reading is on its way share the next one, which starts as
 * soon as that one is back: a reading begun before a caller came may predate a commit the caller
 * saw, but the next one cannot. Under load this is one statement per round trip per database
 * instead of one per request.
 */
export class SharedReadings<T> {
  private readonly readings = new WeakMap<Db, Readings<T>>();

  /** `read` makes one reading of `db`; `now` is the instant of the caller that started it. */
  constructor(private readonly read: (db: Db, now: Date) => Promise<T>) {}

  /** The result of a reading of `db` that starts after this call. */
  observe(db: Db, now: Date): Promise<T> {
    let readings = this.readings.get(db);
    if (!readings) this.readings.set(db, (readings = {}));
    if (readings.next) return readings.next;
    if (!readings.running) return this.start(db, readings, now);
    const next = readings.running
      .catch(() => undefined)
      .then(() => {
        // From here on, newcomers wait for the reading after this one.
        readings.next = undefined;
        return this.start(db, readings, now);
      });
    readings.next = next;
    return next;
  }

  private start(db: Db, readings: Readings<T>, now: Date): Promise<T> {
    const running = this.read(db, now).finally(() => {
      if (readings.running === running) readings.running = undefined;
    });
    readings.running = running;
    return running;
  }
}

/** The readings of one database: the one on its way, and the one callers queue for. */
interface Readings<T> {
  running?: Promise<T>;
  next?: Promise<T>;
}
