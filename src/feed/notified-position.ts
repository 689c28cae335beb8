import type { Db } from '../db/create-db.js';
import type { BinlogPosition } from './binlog-source.js';
import { NOTIFIED_POSITION_OPTION, selectNotifiedPosition, upsertNotifiedPosition } from './notified-position.repository.js';

/** Where the binlog position of the last change handed to the notifier outlives the process. */
export interface PositionStore {
  /** Where it is kept, for the log. */
  readonly description: string;
  read(): Promise<string | undefined>;
  write(position: string): Promise<void>;
  close(): Promise<void>;
}

/** Without NATS: a row in the site's wp_options (NOTIFIED_POSITION_OPTION). */
export function databasePositionStore(db: Db): PositionStore {
  return {
    description: `wp_options ${NOTIFIED_POSITION_OPTION}`,
    read: () => selectNotifiedPosition(db),
    write: (position) => upsertNotifiedPosition(db, position),
    close: () => Promise.resolve(),
  };
}

export interface PositionKeeperOptions {
  /** The least time between two writes: a crash forgets at most this much (those changes are notified again). */
  minIntervalMs?: number;
  /** A write that failed (the store unreachable); the next position tries again. */
  warn: (message: string) => void;
}

/**
 * Keeps the last position notified in `store`, so that a service that starts again resumes the
 * binlog there and notifies what changed while no instance ran. Positions come in feed order;
 * they are written one at a time, the latest only, at most every `minIntervalMs`, and the last
 * one on close.
 */
export class PositionKeeper {
  private latest: string | undefined;
  private written: string | undefined;
  private writing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private closed = false;
  private readonly minIntervalMs: number;

  constructor(
    readonly store: PositionStore,
    private readonly options: PositionKeeperOptions,
  ) {
    this.minIntervalMs = options.minIntervalMs ?? 1_000;
  }

  /** Where the last run left off (undefined: nothing kept yet, or the store could not be read). */
  async resumePoint(timeoutMs = 5_000): Promise<BinlogPosition | undefined> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const text = await Promise.race([
        this.store.read(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      if (text === undefined) return undefined;
      const position = parseBinlogPosition(text);
      if (position === undefined) this.options.warn(`change notifications: the position kept in ${this.store.description} (${text}) is no binlog position; starting at the binlog's end`);
      this.written = text;
      return position;
    } catch (error) {
      this.options.warn(`change notifications: the last position notified could not be read from ${this.store.description} (${message(error)}); starting at the binlog's end`);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Every change up to `position` is handed to the notifier. */
  advance(position: string): void {
    if (this.closed) return;
    this.latest = position;
    this.schedule();
  }

  /** Writes the last position, if not written yet, and stops. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.writing;
    await this.writeLatest();
    await this.store.close();
  }

  private schedule(): void {
    if (this.writing !== undefined || this.timer !== undefined || this.latest === this.written) return;
    const wait = this.lastWriteAt + this.minIntervalMs - performance.now();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // After a failed write the next position tries again, rather than a loop against a store that is down.
      this.writing = this.writeLatest().then((kept) => {
        this.writing = undefined;
        if (kept && !this.closed) this.schedule();
      });
    }, Math.max(0, wait));
    this.timer.unref();
  }

  /** Whether the latest position is kept now. */
  private async writeLatest(): Promise<boolean> {
    const position = this.latest;
    if (position === undefined || position === this.written) return true;
    this.lastWriteAt = performance.now();
    try {
      await this.store.write(position);
      this.written = position;
      return true;
    } catch (error) {
      this.options.warn(`change notifications: the position notified could not be kept in ${this.store.description} (${message(error)})`);
      return false;
    }
  }
}

/** `binlog.000003:1234` (a binlog change's feed position) as a BinlogPosition; undefined for anything else. */
export function parseBinlogPosition(text: string): BinlogPosition | undefined {
  const match = /^(.+):(\d+)$/.exec(text);
  if (!match) return undefined;
  return { file: match[1]!, position: Number(match[2]) };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
