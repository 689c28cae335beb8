/**
 * Totals of event lists (found_posts) kept across requests, so a list on a site of a million
 * events does not count every match on every request. An entry is keyed by the list's filter
 * without the end of its date window, and holds that end with the total. The default window runs
 * from the start of today to the end of the day two years on, so its entry holds for the day; a
 * window whose end moves later while its start stays (a `strict_dates` list ending "now + ...",
 * lists that differ only in `end_date`) only adds the events ending in between, which a small
 * query counts (see countEventsEndingAfter). An entry is only used
 * with the site's change marker it was counted under (TEC's `tribe_last_save_post`, which TEC
 * and this service bump on every save of an event, venue or organizer), and for `ttlMs` at most:
 * changes that bypass the marker (SQL run straight on the tables, a deleted category) show
 * within that time.
 */
export interface CountedTotal {
  /** The window end the total was counted for (undefined: a list without one). */
  windowEnd: string | undefined;
  total: number;
}

interface Entry extends CountedTotal {
  marker: string;
  at: number;
}

export class EventCountCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts under way: concurrent requests for the same list wait for one count, not start their own. */
  private readonly counting = new Map<string, Promise<number>>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 1000,
  ) {}

  /** Lookups that found a usable entry / found none (or a stale one), for the metrics (src/ops/metrics.ts). */
  hits = 0;
  misses = 0;

  /** The total counted under this marker within the TTL, if any, and when it was counted. */
  get(key: string, marker: string, now: number): (CountedTotal & { countedAt: number }) | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.marker !== marker || now - entry.at > this.ttlMs || now < entry.at) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return { windowEnd: entry.windowEnd, total: entry.total, countedAt: entry.at };
  }

  /** Keeps a total; `countedAt` is when it was last counted in full (a grown total keeps it). */
  set(key: string, marker: string, countedAt: number, counted: CountedTotal): void {
    this.entries.delete(key);
    this.entries.set(key, { ...counted, marker, at: countedAt });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every total (the change feed reported a change the marker may not show). */
  clear(): void {
    this.entries.clear();
  }

  /** Runs `count` once for concurrent callers with the same `id`. */
  shared(id: string, count: () => Promise<number>): Promise<number> {
    let running = this.counting.get(id);
    if (!running) {
      running = count().finally(() => this.counting.delete(id));
      this.counting.set(id, running);
    }
    return running;
  }
}
