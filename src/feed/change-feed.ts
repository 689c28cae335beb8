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
 */
import type { Db } from '../db/create-db.js';
import { everythingChanged, touchedByChange, type DataChange } from './data-change.js';
import { touches } from './dependencies.js';
import type { LsnSource } from './feed-access.repository.js';
import { ProbeSource } from './probe-source.js';

export type ChangeFeedListener = (change: DataChange) => void;

/** How changes made outside this process are noticed (CHANGE_FEED; see README, "Change feed"). */
export type ChangeFeedMode = 'binlog' | 'probe' | 'off';

/** How many recent changes are remembered for changedSince: an answer slower than that is not kept. */
const REMEMBERED_CHANGES = 256;

export class ChangeFeed {
  private current = 0;
  /** What the last changes touched (undefined: everything), the newest last; the last has generation `current`. */
  private readonly recent: (ReadonlySet<string> | undefined)[] = [];
  private readonly listeners = new Set<ChangeFeedListener>();
  private currentMode: ChangeFeedMode = 'off';
  private probe: ProbeSource | undefined;
  private binlogConnected: () => boolean = () => false;
  private positionsLost = 0;

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
   * followed right now (while it is not, nothing is served from memory).
   */
  useBinlog(connected: () => boolean, now: Date): void {
    this.probe = undefined;
    this.binlogConnected = connected;
    this.switchMode('binlog', now);
  }

  /** Off: nothing outside this process is noticed, so nothing is served from memory. */
  turnOff(now: Date): void {
    this.probe = undefined;
    this.switchMode('off', now);
  }

  /**
   * The generation an answer read from `db` from now on is fresh for, or undefined when freshness
   * cannot be known (mode off, the binlog not followed right now). Probe mode reads the LSN first
   * (one statement); binlog mode needs none.
   */
  async freshGeneration(db: Db, now: Date): Promise<number | undefined> {
    if (this.currentMode === 'probe' && this.probe) return this.probe.observe(db, now);
    if (this.currentMode === 'binlog' && this.binlogConnected()) return this.current;
    return undefined;
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
    this.recent.push(touchedByChange(change));
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
    for (const touched of this.recent.slice(-missed)) {
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
