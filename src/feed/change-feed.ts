/**
 * The one place that knows when the site's data changed. Sources report here: this service's own
 * writes when their transaction commits (fromChangeSet), the database's replication log (binlog
 * mode), or a probe that saw the database move (probe mode). Whatever serves answers from memory
 * (the response cache, cached event totals, webhooks) listens here and nowhere else.
 *
 * `generation` counts the changes seen, and the last few changes are remembered with what they
 * touched: an answer computed from a generation on may be kept unless a change reported since
 * touched what it read (changedSince), which is how the response cache stays free of the race
 * where a read that began before a change stores its answer after it.
 *
 * A read replica may not have applied what the feed reported yet (binlog mode follows the
 * primary): in binlog mode each change is remembered with the primary's GTID position once it was
 * reported, and an answer read from a replica is fresh only for the newest generation whose
 * position the replica had applied (replicaGeneration), so it is never kept under a change it has
 * not seen.
 */
import { MariadbGtidPosition } from '@vlasky/zongji';
import type { Db } from '../db/create-db.js';
import { selectGtidCurrentPos } from './binlog.repository.js';
import { everythingChanged, touchedByChange, type DataChange } from './data-change.js';
import { touches } from './dependencies.js';
import type { LsnSource } from './feed-access.repository.js';
import { ProbeSource } from './probe-source.js';
import { SharedReadings } from './shared-readings.js';

export type ChangeFeedListener = (change: DataChange) => void;

/** How changes made outside this process are noticed (CHANGE_FEED; see docs/change-feed.md). */
export type ChangeFeedMode = 'binlog' | 'probe' | 'off';

/** How many recent changes are remembered for changedSince: an answer slower than that is not kept. */
const REMEMBERED_CHANGES = 256;

export class ChangeFeed {
  private current = 0;
  /** The last changes, the newest last; the last has generation `current`. */
  private readonly recent: RememberedChange[] = [];
  private readonly listeners = new Set<ChangeFeedListener>();
  private currentMode: ChangeFeedMode = 'off';
  private probe: ProbeSource | undefined;
  private binlogConnected: () => boolean = () => false;
  private positionsLost = 0;
  /** Binlog mode: the primary's GTID position as far as the log was read (undefined: not known). */
  private binlogGtids: () => string | undefined = () => undefined;
  /** The databases that are read replicas (DATABASE_READ_URL): not the one the binlog is read from. */
  private readonly replicas = new WeakSet<Db>();
  /** Replicas' applied GTID positions, one reading shared by the requests that come meanwhile. */
  private readonly replicaPositions = new SharedReadings((db) => selectGtidCurrentPos(db).catch(() => undefined));

  /**
   * How outside changes are noticed right now. It starts `off` (nothing outside this process is
   * seen, so nothing may be served from memory) until main.ts has checked what the database allows.
   */
  get mode(): ChangeFeedMode {
    return this.currentMode;
  }

  /** Probe mode: InnoDB's LSN, read from `lsnSource`, is checked before each cached answer. */
  useProbe(lsnSource: LsnSource, now: Date): void {
    this.probe = new ProbeSource(this, lsnSource);
    this.switchMode('probe', now);
  }

  /**
   * Binlog mode: the replication log reports every change; `connected` says whether it is being
   * followed right now (while it is not, nothing is served from memory); `gtidPosition` is the
   * primary's GTID position as far as the log was read (BinlogSource.gtidPosition), which a
   * replica must have applied before its answers may be kept (none: they never are).
   */
  useBinlog(connected: () => boolean, now: Date, gtidPosition: () => string | undefined = () => undefined): void {
    this.probe = undefined;
    this.binlogConnected = connected;
    this.binlogGtids = gtidPosition;
    this.switchMode('binlog', now);
  }

  /** `dbs` are read replicas: in binlog mode an answer read from one is checked by replicaGeneration. */
  readsFromReplicas(dbs: readonly Db[]): void {
    for (const db of dbs) this.replicas.add(db);
  }

  /** Off: nothing outside this process is noticed, so nothing is served from memory. */
  turnOff(now: Date): void {
    this.probe = undefined;
    this.switchMode('off', now);
  }

  /**
   * The generation an answer read from `db` from now on is fresh for, or undefined when freshness
   * cannot be known (mode off, the binlog not followed right now). Probe mode reads the LSN first
   * (one statement); binlog mode needs none on the primary, and on a replica reads its applied
   * position (one statement, shared: see replicaGeneration).
   */
  /**
   * freshGeneration where it needs no reading, without waiting: binlog mode on the database the log
   * is read from. Undefined where it must read (probe mode, a replica) or does not know; callers
   * then ask freshGeneration. The front door's hot path: a kept answer costs no promise.
   */
  generationAtOnce(db: Db): number | undefined {
    return this.currentMode === 'binlog' && this.binlogConnected() && !this.replicas.has(db) ? this.current : undefined;
  }

  async freshGeneration(db: Db, now: Date): Promise<number | undefined> {
    if (this.currentMode === 'probe' && this.probe) return this.probe.observe(db, now);
    if (this.currentMode === 'binlog' && this.binlogConnected()) return this.replicas.has(db) ? this.replicaGeneration(db, now) : this.current;
    return undefined;
  }

  /**
   * The newest generation whose changes a replica had all applied, from a reading of its applied
   * GTID position (`@@gtid_current_pos`) that starts after this call: the position the primary
   * had when each change was reported must be covered by the replica's. When none remembered is
   * (the replica lags further behind, or its position cannot be read), a generation older than
   * every remembered change: the answer may be served, but changedSince then keeps it out of the
   * cache. What is in the cache is fresh at the current generation and may still be served.
   */
  private async replicaGeneration(db: Db, now: Date): Promise<number> {
    const applied = await this.replicaPositions.observe(db, now);
    const tooOld = this.current - this.recent.length - 1;
    if (applied === undefined) return tooOld;
    const position = MariadbGtidPosition.parse(applied);
    // The newest generation's requirement is what the log was read up to now, which covers every
    // change reported so far and the transactions before the position streaming started from.
    if (covers(position, this.binlogGtids())) return this.current;
    for (let index = this.recent.length - 2; index >= 0; index -= 1) {
      if (covers(position, this.recent[index]!.gtids)) return this.current - (this.recent.length - 1 - index);
    }
    return tooOld;
  }

  private switchMode(mode: ChangeFeedMode, now: Date): void {
    this.currentMode = mode;
    // What was learnt under the old mode is not vouched for by the new one.
    this.publish(everythingChanged(mode === 'binlog' ? 'binlog' : 'probe', `mode:${mode}`, now));
  }

  /**
   * The binlog position to follow from was gone (purged, another server answering, unreadable):
   * whatever changed in between was neither seen by the caches (they are dropped whole) nor notified.
   */
  noteBinlogPositionLost(): void {
    this.positionsLost += 1;
  }

  /** How many times the binlog position was lost since start (the metric binlog_positions_lost_total). */
  get binlogPositionsLost(): number {
    return this.positionsLost;
  }

  /** How many changes were reported so far; moves on every one. */
  get generation(): number {
    return this.current;
  }

  /** Reports a committed change: the generation moves, then every listener is told in turn. */
  publish(change: DataChange): void {
    this.current += 1;
    this.recent.push({ touched: touchedByChange(change), gtids: this.currentMode === 'binlog' ? this.binlogGtids() : undefined });
    if (this.recent.length > REMEMBERED_CHANGES) this.recent.shift();
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A listener's own failure must not keep the others (or the writer) from going on; the
        // generation has moved already, so nothing stale can be served because of it.
      }
    }
  }

  /**
   * Whether a change reported after `generation` may have touched any of `tags` (what an answer
   * read from that generation on depended on): true for a change of everything, and for changes
   * too old to be remembered.
   */
  changedSince(generation: number, tags: ReadonlySet<string>): boolean {
    const missed = this.current - generation;
    if (missed <= 0) return false;
    if (missed > this.recent.length) return true;
    for (const { touched } of this.recent.slice(-missed)) {
      if (touched === undefined) return true;
      for (const tag of tags) if (touches(touched, tag)) return true;
    }
    return false;
  }

  /** Calls `listener` with every change reported from now on; returns the unsubscribe. */
  subscribe(listener: ChangeFeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** One change the feed remembers. */
interface RememberedChange {
  /** What it touched (undefined: everything). */
  touched: ReadonlySet<string> | undefined;
  /** Binlog mode: the primary's GTID position once it was reported (undefined: not known). */
  gtids: string | undefined;
}

/** Whether a replica at `applied` has every transaction of `required` (a position not known: no). */
function covers(applied: MariadbGtidPosition, required: string | undefined): boolean {
  if (required === undefined) return false;
  if (required === '') return true;
  return required.split(',').every((gtid) => applied.covers(gtid));
}
