import type { Db } from '../db/create-db.js';
import type { Gate } from '../db/connection-gate.js';
import { dependOn } from '../feed/dependencies.js';
import { eventListTags, narrowedFilter, selectEventDates, withoutDateWindow, type EventListFilter } from '../wp/tec/events-query.js';
import { EventDateRows, type EventDateIndex } from './event-date-index.js';
import { FeedFreshCache } from './feed-fresh-cache.js';

/**
 * The most rows a filter's load reads in probe mode (see indexOf's `maxRows`): a few thousand rows
 * load in milliseconds, about what one window's count costs.
 */
export const PROBE_MODE_MAX_ROWS = 5_000;

/** How many filters are remembered as too large to keep, or as asked once (see `askedOnce`). */
const FILTERS_REMEMBERED = 1000;

/**
 * Per list filter without its date window, the dates of the events it finds (EventDateIndex),
 * loaded by one statement, so that every window's total is counted in memory instead of by a
 * COUNT that scans the window's events (seconds on a site of a million). Kept fresh as the record
 * cache is (FeedFreshCache): loaded under the feed generation the request's reads are fresh from,
 * not kept when a change reported since touched what the load read, and dropped by every change
 * touching it: the tags the count itself reads (eventListTags), so a change that could move an
 * event in or out of the filter, or move its dates, drops it. Bounded in bytes by its share of
 * CACHE_MAX_MB, least recently used first; a filter whose index alone exceeds the share is counted
 * in SQL from then on.
 *
 * Loading reads every event of the filter, where one window's count reads that window's: it pays
 * from the second window on, and a list's pages are read from it too (page), so no statement but
 * the page's records is left to a window never asked before. A filter's first ask loads its dates;
 * once dropped, they are loaded again only when a second window comes before any change touched
 * them (see indexOf). In probe mode every write to the server drops everything, and a large
 * filter's load would be dropped as soon as made: loads there are capped in rows (PROBE_MODE_MAX_ROWS).
 *
 * `null` is kept for a filter whose dates are not all `Y-m-d H:i:s` (the index could not order
 * them as the database does): its totals are counted in SQL until a change drops that verdict.
 */
export class EventTotalsIndex extends FeedFreshCache<EventDateIndex | null> {
  protected readonly name = 'event_totals';
  /** Loads under way, by filter, with the generation each is fresh from: concurrent requests share one. */
  private readonly loading = new Map<string, { generation: number; index: Promise<EventDateIndex | null | undefined> }>();
  /** Filters whose index was larger than the whole share, with its size in bytes. */
  private readonly tooLarge = new Map<string, number>();
  /** Filters that had more rows than a load capped in rows may read (see `maxRows`), with that cap. */
  private readonly tooManyRows = new Map<string, number>();
  /** Filters loaded before, with the generation of the load. */
  private readonly loadedBefore = new Map<string, number>();
  /** Filters loaded before and dropped since, counted in SQL, with the generation that count was fresh from. */
  private readonly askedOnce = new Map<string, { generation: number; ask: string }>();

  protected kindOf(): string {
    return 'event dates of a filter';
  }

  /**
   * The total of `filter` (its date window over the kept dates of the rest of it), for a request
   * whose reads are fresh from `generation` on; the dates are loaded through `gate` when not kept
   * (see indexOf). Undefined where the index does not answer: a search, an `include` list, a date
   * the index cannot order, a filter too large to keep, one whose dates changes keep dropping; the
   * caller counts in SQL then.
   */
  async total(db: Db, gate: Gate, filter: EventListFilter, generation: number, maxRows?: number): Promise<number | undefined> {
    return (await this.indexOf(db, gate, filter, generation, maxRows, JSON.stringify(filter)))?.count(filter);
  }

  /**
   * One page of `filter`'s events in list order (start date, then ID) and its total, read from the
   * kept dates as `total` reads the total: `ids` undefined where the index cannot list the page
   * (EventDateIndex.page), `total` too where it cannot count (see total). The caller reads in SQL
   * what is missing, and does not ask again for the total (a page and its total are one ask).
   */
  async page(
    db: Db,
    gate: Gate,
    filter: EventListFilter,
    generation: number,
    page: { offset: number; limit: number },
    maxRows?: number,
  ): Promise<{ ids: number[] | undefined; total: number | undefined }> {
    const index = await this.indexOf(db, gate, filter, generation, maxRows, `${JSON.stringify(filter)}#${page.offset}`);
    const total = index?.count(filter);
    return { ids: total === undefined ? undefined : index!.page(filter, page.offset, page.limit), total };
  }

  /**
   * The kept dates of `filter` without its window. A filter's first ask loads them; once loaded
   * and dropped (a change touched them, or they were pushed out), they are loaded again at its
   * second ask (another window, or another page of one: `ask` names it) with no change in between,
   * and counted in SQL till then: where changes touching a filter come faster than its windows,
   * its totals are counted as if there were no index. A narrowing (narrowedFilter) of dates still
   * kept is made again at its first ask.
   * `maxRows`: a load reads that many rows at most, and a filter with more is counted in SQL while
   * loads are so capped (probe mode, where any write to the server drops everything: only loads
   * as cheap as a count are worth making there).
   */
  private async indexOf(db: Db, gate: Gate, filter: EventListFilter, generation: number, maxRows: number | undefined, ask: string): Promise<EventDateIndex | null | undefined> {
    const rest = withoutDateWindow(filter);
    if (rest === undefined) return undefined;
    const tags = eventListTags(rest);
    // A total from memory depends on what the dates were read from, as the count would.
    dependOn(...tags);
    const key = JSON.stringify(rest);
    if (this.tooLarge.has(key)) return undefined;
    const capped = this.tooManyRows.get(key);
    if (maxRows !== undefined && capped !== undefined && maxRows <= capped) return undefined;
    const index = this.lookup(key, generation);
    if (index !== undefined) {
      this.touchWider(rest);
      return index;
    }
    const touches = new Set(tags);
    const running = this.loading.get(key);
    // A load fresh from this generation, or from an earlier one no change touched since, serves.
    if (running && (running.generation >= generation || !this.feed.changedSince(running.generation, touches))) return running.index;
    // A narrowing of dates still kept is made again at once: its one statement (the IDs a term or
    // meta rows name) costs less than the count it saves (seconds on a million-event site).
    if (this.loadedBefore.has(key) && !this.narrowsKeptDates(rest, generation)) {
      // The same ask again (a page asked twice) is not a second one.
      const asked = this.askedOnce.get(key);
      const changed = asked !== undefined && this.feed.changedSince(asked.generation, touches);
      if (asked === undefined || changed || asked.ask === ask) {
        if (asked === undefined || changed) remember(this.askedOnce, key, { generation, ask });
        return undefined;
      }
    }
    remember(this.loadedBefore, key, generation);
    const loaded = this.loadOrNarrow(db, gate, rest, key, generation, touches, maxRows).finally(() => {
      if (this.loading.get(key)?.index === loaded) this.loading.delete(key);
    });
    this.loading.set(key, { generation, index: loaded });
    return loaded;
  }

  /**
   * A narrowed filter's use is its wider filter's too (it reads the wider dates' arrays): so least
   * recently used eviction takes narrowings, a bit per event each, before the dates they share. On a
   * million-event site the wider dates fill most of the share; left to age, they were pushed out by
   * the narrowings using them and read again for seconds, over and over.
   */
  private touchWider(rest: EventListFilter): void {
    const narrowed = narrowedFilter(rest);
    if (narrowed !== undefined) this.touch(JSON.stringify(narrowed.wider));
  }

  /** Whether `rest` narrows a wider filter whose dates are kept for `generation` (or loading). */
  private narrowsKeptDates(rest: EventListFilter, generation: number): boolean {
    const narrowed = narrowedFilter(rest);
    if (narrowed === undefined) return false;
    const widerKey = JSON.stringify(narrowed.wider);
    return this.holds(widerKey, generation) || this.loading.has(widerKey);
  }

  /**
   * Narrows a wider filter's kept dates (or a load of them under way) when `rest` is that filter
   * narrowed by one category, tag, venue or organizer list (narrowedFilter): reading the events
   * those name costs far less than reading their dates (a category of a million-event site: its
   * relationships by index, against its events' dates and hide flags). Else loads them.
   */
  private async loadOrNarrow(db: Db, gate: Gate, rest: EventListFilter, key: string, generation: number, tags: ReadonlySet<string>, maxRows: number | undefined): Promise<EventDateIndex | null | undefined> {
    const narrowed = narrowedFilter(rest);
    if (narrowed !== undefined) {
      const widerKey = JSON.stringify(narrowed.wider);
      const running = this.loading.get(widerKey);
      const usable = running && (running.generation >= generation || !this.feed.changedSince(running.generation, tags));
      const wider = this.lookup(widerKey, generation) ?? (usable ? await running.index : undefined);
      if (wider) {
        const members = await gate.run(() => narrowed.members(db));
        const index = wider.narrow((id) => members.has(id));
        this.keep(key, generation, index, new Set([...tags, narrowedFrom(widerKey)]));
        return index;
      }
      // The wider dates are gone (pushed out): the narrowings still sharing them go too.
      this.dropTagged(narrowedFrom(widerKey));
    }
    return this.load(db, gate, rest, key, generation, tags, maxRows);
  }

  private async load(db: Db, gate: Gate, rest: EventListFilter, key: string, generation: number, tags: ReadonlySet<string>, maxRows: number | undefined): Promise<EventDateIndex | null | undefined> {
    const rows = new EventDateRows();
    let readable = true;
    await gate.run(() =>
      selectEventDates(
        db,
        rest,
        (row) => {
          if (readable) readable = rows.add(row);
        },
        maxRows === undefined ? undefined : maxRows + 1,
      ),
    );
    if (maxRows !== undefined && rows.count > maxRows) {
      remember(this.tooManyRows, key, maxRows);
      // Nothing was kept: an uncapped ask loads at once.
      this.loadedBefore.delete(key);
      return undefined;
    }
    this.tooManyRows.delete(key);
    const index = readable ? rows.index() : null;
    // Narrowings of the dates this load replaces share those: they go, and are made anew from these.
    this.dropTagged(narrowedFrom(key));
    this.keep(key, generation, index, tags);
    return index;
  }

  /** Stores what a load or a narrowing made, unless larger than the whole share. */
  private keep(key: string, generation: number, index: EventDateIndex | null, tags: ReadonlySet<string>): void {
    const bytes = index?.bytes ?? 200;
    if (bytes > this.maxBytes) remember(this.tooLarge, key, bytes);
    else this.store(key, generation, index, bytes, tags);
  }
}

/**
 * The tag of the narrowed indexes sharing the dates kept under `key` (EventDateIndex.narrow): they
 * hold those arrays, counted once under `key`, so they are dropped when those are (a bound on
 * memory, not on freshness: the feed's tags drop them with the wider dates already).
 */
function narrowedFrom(key: string): string {
  return `narrowed-from:${key}`;
}

/** Sets `key` in a map holding FILTERS_REMEMBERED at most, the oldest going first. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > FILTERS_REMEMBERED) map.delete(map.keys().next().value!);
}
