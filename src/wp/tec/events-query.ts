import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { CompiledShapes } from '../../cache/compiled-shapes.js';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { EventMeta, OptionName, PostStatus, PostType, Taxonomy } from '../constants.js';
import { siteWallTimeToUtc } from './dates.js';
import type { SiteSettings } from '../site/site.js';
import type { PostSearch } from '../posts/search.js';
import { postSearchCondition } from '../posts/search-condition.js';
import { DependencyTag, readOf } from '../../feed/dependencies.js';

/**
 * The SQL of tribe_get_events() (Tribe__Events__Query::getEvents over the events ORM), the one
 * event query the plugin runs for the events list and for the venue and organizer
 * `only_with_upcoming` filter (Linked_Posts::find_with_upcoming_events) alike.
 */

/** The date bounds of the query, as `Y-m-d H:i:s` strings. */
export interface EventDateFilters {
  /** Compared with the stored local (or, when the ORM's normal zone is UTC, UTC) start and end dates. */
  startsOnOrAfter?: string;
  endsOnOrBefore?: string;
  startsBefore?: string;
  startsAfter?: string;
  endsBefore?: string;
  endsAfter?: string;
}

/** Where the site's event dates are read and in which zone: the same for every event query. */
export interface EventStorage {
  /**
   * Filter on `_EventStartDateUTC` / `_EventEndDateUTC` instead of the local dates: the ORM does
   * so whenever its "normal" zone is UTC (a UTC site, or TEC's `site` timezone mode).
   */
  filterOnUtcDates: boolean;
  /** Order by the UTC start (TEC's `site` timezone mode) rather than the local one. */
  orderByUtcStart: boolean;
  /** Read dates from TEC 6's `tec_occurrences` table instead of the date meta. */
  useOccurrencesTable: boolean;
}

/**
 * The filters of an event query after the plugin's rules were applied (defaults, widening,
 * term resolution): what the ORM query of tribe_get_events() would receive.
 */
export interface EventListFilter extends EventDateFilters, EventStorage {
  /** post_status IN (...); an empty list means the ORM's default, `publish`. */
  statuses: readonly string[];
  /** WP_Query's search: each term must (or, excluded, must not) appear in the title, excerpt or content. */
  search?: PostSearch;
  categoryTermIds?: readonly number[];
  tagTermIds?: readonly number[];
  venueIds?: readonly number[];
  organizerIds?: readonly number[];
  featured?: boolean;
  include?: readonly number[];
  postParent?: number;
  /**
   * Keep events hidden from listings (`_EventHideFromUpcoming`): tec/v1's ORM query leaves them
   * in (`tec_events_ignore`), where the v1 API's Query.php drops them.
   */
  includeHidden?: boolean;
  /**
   * Event Tickets' `has_rsvp_or_tickets` (the `ticketed` argument on a site running it): keep the
   * events some post's ticket relation meta names (`present`), or those none names. Any ticket
   * counts, whatever its status (the ORM joins the meta alone); the ticket post types are what the
   * list then depends on.
   */
  ticketed?: { present: boolean; relationKeys: readonly string[]; ticketPostTypes: readonly string[] };
}

/** Zones PHP names `UTC` once TEC built them (`UTC`, `UTC+0`). */
export function isUtcZone(zone: string): boolean {
  return /^(UTC|GMT)([+-]0+(\.0+)?)?$/i.test(zone);
}

/**
 * How the site stores and compares event dates: TEC 6's occurrences table once migrated, and
 * UTC dates in TEC's `site` timezone mode (and on UTC sites, where the normal zone is UTC).
 */
export function eventStorageOf(site: SiteSettings): EventStorage {
  const siteMode = site.tec.timezoneMode === 'site';
  return {
    filterOnUtcDates: siteMode || isUtcZone(site.timezone),
    orderByUtcStart: siteMode,
    useOccurrencesTable: site.occurrencesTableActive,
  };
}

const DATE_FILTER_KEYS = ['startsOnOrAfter', 'endsOnOrBefore', 'startsBefore', 'startsAfter', 'endsBefore', 'endsAfter'] as const;

/**
 * The ORM reads filter dates in the site's zone and converts them to its "normal" zone: UTC in
 * TEC's `site` timezone mode, the site's zone (no change) otherwise. Returns a converted copy.
 */
export function toNormalZone<F extends EventDateFilters>(site: SiteSettings, filters: F): F {
  if (site.tec.timezoneMode !== 'site' || isUtcZone(site.timezone)) return filters;
  const converted: F = { ...filters };
  for (const key of DATE_FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) converted[key] = siteWallTimeToUtc(value, site.timezone);
  }
  return converted;
}

/**
 * Tribe__Events__Query::getEvents' page size when the caller sets none: TEC's `posts_per_page`
 * option, else WordPress's, else 10.
 */
export function defaultEventsPerPage(site: SiteSettings): number {
  const size = Math.trunc(Number(site.tec.postsPerPage ?? site.postsPerPage));
  return Number.isFinite(size) && size > 0 ? size : 10;
}

type EventQuery = SelectQueryBuilder<
  Database & {
    start_meta: Database['postmeta'];
    end_meta: Database['postmeta'];
    order_meta: Database['postmeta'];
    occ: Database['tec_occurrences'];
  },
  'posts' | 'start_meta' | 'end_meta' | 'order_meta' | 'occ',
  object
>;

/**
 * One clause of an events statement, described once: how it adds itself to the Kysely query, and
 * what it puts in the compiled SQL besides its values (`shape`) and the values it binds, in the
 * order it binds them. A statement's shape and values are read off its clauses, so a list request
 * of a shape already seen runs the kept SQL without building the query (see CompiledShapes).
 */
interface Clause {
  /**
   * What the clause's SQL text depends on, besides how many values it binds (the statement's shape
   * counts those); undefined when it depends on the values themselves (see searched).
   */
  shape: string | undefined;
  parameters: readonly unknown[];
  add(query: EventQuery): EventQuery;
}

/**
 * An events statement: the tables it starts from, which bind no value, then its clauses in the
 * order the SQL binds their values. Kysely writes the parts of a SELECT in SQL's order (selected
 * columns, joins, WHERE, ORDER BY, LIMIT) whatever order they were added in, and the clauses of
 * one part in the order they were added, so clauses added in binding order bind their values one
 * clause after the other.
 */
interface EventsStatement {
  from: { shape: string; query(): EventQuery };
  clauses: readonly Clause[];
}

function built(statement: EventsStatement): EventQuery {
  let query = statement.from.query();
  for (const clause of statement.clauses) query = clause.add(query);
  return query;
}

/** The statement's shape and the values it binds, in order; no shape when a clause has none. */
function shapeAndParameters(statement: EventsStatement): [string | undefined, unknown[]] {
  const shape = [statement.from.shape];
  const parameters: unknown[] = [];
  for (const clause of statement.clauses) {
    if (clause.shape === undefined) return [undefined, []];
    shape.push(`${clause.shape} (${clause.parameters.length})`);
    parameters.push(...clause.parameters);
  }
  return [shape.join(', '), parameters];
}

/** The clauses that apply (a filter not given has none). */
function given(clauses: readonly (Clause | undefined)[]): Clause[] {
  return clauses.filter((clause): clause is Clause => clause !== undefined);
}

/** `column op value`: the column's name is in the SQL, the value bound. */
function compared(column: string, op: '=' | '<' | '<=' | '>' | '>=', value: unknown): Clause {
  return { shape: `${column} ${op}`, parameters: [value], add: (query) => query.where(sql.ref(column), op, value) };
}

/** `column in (values)`, one value bound per item. */
function within(column: string, values: readonly unknown[]): Clause {
  return { shape: `${column} in`, parameters: values, add: (query) => query.where(sql.ref(column), 'in', values) };
}

/**
 * Whether the correlated `row` query finds a row for this post: EXISTS, written as "its first row
 * is not NULL" on purpose. MariaDB (exists_to_in) and MySQL 8 turn a plain EXISTS into a
 * semi-join, and on a large site their optimizers then materialize every post of the category, or
 * every `_EventVenueID` row, before reading the first event (a million-event site: 0.3 to 8 s a
 * page). A scalar subquery is never turned into a join: each candidate read in date order is
 * checked through its own primary-key or post_id lookup, and reading stops after the page.
 *
 * Its LIMIT 1 binds its 1 after the row query's own values: a clause lists it last.
 */
function hasRow(row: SelectQueryBuilder<any, any, { one: unknown }>, present = true) {
  const first = sql`(${row.limit(1)})`;
  return present ? sql<boolean>`${first} is not null` : sql<boolean>`${first} is null`;
}

/** Whether the event has (or, not `present`, lacks) a `key` meta row, whatever its value. */
function withMeta(key: string, present: boolean): Clause {
  return {
    shape: present ? 'has meta' : 'lacks meta',
    parameters: [key, 1],
    add: (query) =>
      query.where((eb) =>
        hasRow(
          eb
            .selectFrom('postmeta as filter_meta')
            .select(sql`1`.as('one'))
            .whereRef('filter_meta.post_id', '=', 'posts.ID')
            .where('filter_meta.meta_key', '=', key),
          present,
        ),
      ),
  };
}

/** The events with one of `termIds` (none found: term 0, which no event has) of `taxonomy`. */
function withTerms(taxonomy: string, termIds: readonly number[]): Clause {
  const ids = termIds.length > 0 ? termIds : [0];
  return {
    shape: 'has terms',
    parameters: [taxonomy, ...ids, 1],
    add: (query) =>
      query.where((eb) =>
        hasRow(
          eb
            .selectFrom('term_relationships as filter_tr')
            .innerJoin('term_taxonomy as filter_tt', 'filter_tt.term_taxonomy_id', 'filter_tr.term_taxonomy_id')
            .select(sql`1`.as('one'))
            .whereRef('filter_tr.object_id', '=', 'posts.ID')
            .where('filter_tt.taxonomy', '=', taxonomy)
            .where('filter_tt.term_id', 'in', ids),
        ),
      ),
  };
}

/**
 * The events naming one of `ids` in their `key` meta (venue or organizer), as an IN list the
 * database may read first: a venue or organizer has few events beside a date window's, and with
 * the opt-in `calendar_sidecar_meta_value` index they are found from the venue's side (the one
 * filter a semi-join suits; see hasRow).
 */
function namedInMeta(key: string, ids: readonly number[]): Clause {
  const values = ids.map(String);
  return {
    shape: 'named in meta',
    parameters: [key, ...values],
    add: (query) =>
      query.where((eb) =>
        eb(
          'posts.ID',
          'in',
          eb
            .selectFrom('postmeta as filter_meta')
            .select('filter_meta.post_id')
            .where('filter_meta.meta_key', '=', key)
            .where('filter_meta.meta_value', 'in', values),
        ),
      ),
  };
}

/**
 * The events some ticket relation row names (or, not `present`, none does).
 * Post_Tickets::filter_by_has_rsvp_or_tickets compares the meta value with the post's ID as MySQL
 * does, numerically; SQLite's affinity does the same.
 */
function withTickets(relationKeys: readonly string[], present: boolean): Clause {
  const keys = relationKeys.length > 0 ? relationKeys : [''];
  return {
    shape: present ? 'has tickets' : 'has no tickets',
    parameters: [...keys, 1],
    add: (query) =>
      query.where((eb) =>
        hasRow(
          eb
            .selectFrom('postmeta as ticket_meta')
            .select(sql`1`.as('one'))
            .where('ticket_meta.meta_key', 'in', keys)
            .whereRef('ticket_meta.meta_value', '=', sql.ref('posts.ID') as never),
          present,
        ),
      ),
  };
}

/**
 * WP_Query's search. It has no shape: its LIKE patterns differ by dialect, so a statement with a
 * search is built each time.
 */
function searched(db: Db, search: PostSearch): Clause {
  return { shape: undefined, parameters: [], add: (query) => query.where((eb) => postSearchCondition(db, eb as never, search)) };
}

/**
 * Where the event dates are read. TEC 6 queries its `tec_occurrences` table once the site's
 * migration is done (one indexed row per event in TEC free, far cheaper than three meta joins);
 * older sites, and sites that never migrated, keep the dates only in postmeta. Both hold the same
 * values (TEC writes both), so the answers are the same either way.
 */
interface DateColumns {
  start: string;
  end: string;
  order: string;
}

/**
 * How the hidden-from-listings rule is written. `not-in` suits counting: the database reads the
 * few hidden events once, by key, into a lookup table (a million-event site hides ~10,000), where a
 * check per event would read every meta row of each of the 200,000 events of a two-year window
 * (16 s against 4 s there). `per-event` suits counting the few events of a venue, an organizer or
 * an `include` list, which the database finds first, and the few that end as a window moves on:
 * reading 10,000 hidden rows would cost more than checking each (1.2 s against 0.5 s for a venue
 * of a thousand events). `anti-join` suits a page read in date order, where each candidate is
 * checked on its own through the post_id index and reading stops after the page.
 */
type HideFilter = 'not-in' | 'per-event' | 'anti-join';

/** The hide rule for counting `filter`'s events (see HideFilter). */
function hideFilterForCount(filter: EventListFilter): HideFilter {
  return filter.venueIds || filter.organizerIds || filter.include ? 'per-event' : 'not-in';
}

/** The anti-join's join: each event's hide flag, if it has one (see hiddenLeftOut). */
const HIDE_FLAG_JOIN: Clause = {
  shape: 'hide flag joined',
  parameters: [EventMeta.hideFromUpcoming],
  add: (query) =>
    (query as unknown as SelectQueryBuilder<Database, 'posts', object>).leftJoin('postmeta as hide_meta', (join) =>
      join.onRef('hide_meta.post_id', '=', 'posts.ID').on('hide_meta.meta_key', '=', EventMeta.hideFromUpcoming),
    ) as unknown as EventQuery,
};

/** The condition that leaves out the events hidden from listings, written as `hide` says. */
function hiddenLeftOut(hide: HideFilter): Clause {
  if (hide === 'anti-join') return { shape: 'no hide flag joined', parameters: [], add: (query) => query.where(sql.ref('hide_meta.meta_id'), 'is', null) };
  if (hide === 'per-event') return withMeta(EventMeta.hideFromUpcoming, false);
  return {
    shape: 'not among the hidden',
    parameters: [EventMeta.hideFromUpcoming],
    add: (query) =>
      query.where((eb) =>
        eb('posts.ID', 'not in', eb.selectFrom('postmeta as hidden').select('hidden.post_id').where('hidden.meta_key', '=', EventMeta.hideFromUpcoming)),
      ),
  };
}

/** Hours a zone's wall time may differ from UTC, at most (UTC-12 to UTC+14). */
const MAX_ZONE_OFFSET_HOURS = 14;

/** A `Y-m-d H:i:s` wall time moved by whole hours; undefined for anything else. */
function shiftHours(wallTime: string, hours: number): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(wallTime)) return undefined;
  const time = Date.parse(`${wallTime.replace(' ', 'T')}Z`);
  if (Number.isNaN(time)) return undefined;
  const shifted = new Date(time + hours * 3600_000).toISOString();
  // Past year 9999 (or before year 0) the ISO form grows a sign and a digit, and would compare as
  // a string below every real date: no bound then.
  return /^\d{4}-/.test(shifted) ? shifted.slice(0, 19).replace('T', ' ') : undefined;
}

/** The columns holding the dates the filter compares and orders by. */
function dateColumns(filter: EventStorage): DateColumns {
  if (!filter.useOccurrencesTable) return { start: 'start_meta.meta_value', end: 'end_meta.meta_value', order: 'order_meta.meta_value' };
  const utc = (yes: boolean) => (yes ? '_utc' : '');
  return {
    start: `occ.start_date${utc(filter.filterOnUtcDates)}`,
    end: `occ.end_date${utc(filter.filterOnUtcDates)}`,
    order: `occ.start_date${utc(filter.orderByUtcStart)}`,
  };
}

/**
 * The tables an events statement starts from: the posts, joined to their occurrences when those
 * hold the dates, or the occurrences joined to their posts, in that order (see
 * readsOccurrencesFirst).
 */
function eventsFrom(db: Db, filter: EventStorage, occurrencesFirst: boolean): EventsStatement['from'] {
  if (!filter.useOccurrencesTable) return { shape: 'posts', query: () => db.selectFrom('posts') as unknown as EventQuery };
  if (!occurrencesFirst) {
    return { shape: 'posts, occurrences', query: () => db.selectFrom('posts').innerJoin('tec_occurrences as occ', 'occ.post_id', 'posts.ID') as unknown as EventQuery };
  }
  return {
    shape: 'occurrences, posts',
    query: () => {
      const query = db.selectFrom('tec_occurrences as occ').innerJoin('posts', 'posts.ID', 'occ.post_id') as unknown as EventQuery;
      return dialectOf(db) === 'mysql' ? query.modifyFront(sql`straight_join`) : query;
    },
  };
}

/** The date meta rows of each event, by key: its start and end to compare, its start to order by. */
function dateMetaJoined(filter: EventStorage): Clause {
  const startKey = filter.filterOnUtcDates ? EventMeta.startDateUtc : EventMeta.startDate;
  const endKey = filter.filterOnUtcDates ? EventMeta.endDateUtc : EventMeta.endDate;
  const orderKey = filter.orderByUtcStart ? EventMeta.startDateUtc : EventMeta.startDate;
  return {
    shape: 'date meta joined',
    parameters: [startKey, endKey, orderKey],
    add: (query) =>
      (query as unknown as SelectQueryBuilder<Database, 'posts', object>)
        .innerJoin('postmeta as start_meta', (join) => join.onRef('start_meta.post_id', '=', 'posts.ID').on('start_meta.meta_key', '=', startKey))
        .innerJoin('postmeta as end_meta', (join) => join.onRef('end_meta.post_id', '=', 'posts.ID').on('end_meta.meta_key', '=', endKey))
        .innerJoin('postmeta as order_meta', (join) => join.onRef('order_meta.post_id', '=', 'posts.ID').on('order_meta.meta_key', '=', orderKey)) as unknown as EventQuery,
  };
}

/** Which date each date filter compares, and how. */
const DATE_COMPARISONS: Record<(typeof DATE_FILTER_KEYS)[number], [keyof DateColumns, '<' | '<=' | '>' | '>=']> = {
  startsOnOrAfter: ['start', '>='],
  endsOnOrBefore: ['end', '<='],
  startsBefore: ['start', '<'],
  startsAfter: ['start', '>'],
  endsBefore: ['end', '<'],
  endsAfter: ['end', '>'],
};

/**
 * The conditions and joins that pick the filter's events, in binding order (see EventsStatement):
 * the joins, then the conditions. Dates are `Y-m-d H:i:s` strings (meta) or DATETIMEs
 * (occurrences): compared chronologically.
 */
function filterClauses(db: Db, filter: EventListFilter, hide: HideFilter): Clause[] {
  const dates = dateColumns(filter);
  // Query.php always drops events hidden from listings, whatever the value of the flag; tec/v1's
  // query keeps them.
  const hidden = filter.includeHidden ? undefined : hide;
  const { ticketed } = filter;
  return given([
    filter.useOccurrencesTable ? undefined : dateMetaJoined(filter),
    hidden === 'anti-join' ? HIDE_FLAG_JOIN : undefined,
    compared('posts.post_type', '=', PostType.event),
    within('posts.post_status', filter.statuses.length > 0 ? filter.statuses : [PostStatus.publish]),
    hidden && hiddenLeftOut(hidden),
    ...DATE_FILTER_KEYS.map((key) => {
      const [column, op] = DATE_COMPARISONS[key];
      const value = filter[key];
      return value === undefined ? undefined : compared(dates[column], op, value);
    }),
    filter.search && searched(db, filter.search),
    filter.categoryTermIds && withTerms(Taxonomy.eventCategory, filter.categoryTermIds),
    filter.tagTermIds && withTerms(Taxonomy.tag, filter.tagTermIds),
    filter.venueIds && namedInMeta(EventMeta.venueId, filter.venueIds),
    filter.organizerIds && namedInMeta(EventMeta.organizerId, filter.organizerIds),
    filter.featured === undefined ? undefined : withMeta(EventMeta.featured, filter.featured),
    filter.include && within('posts.ID', filter.include.length > 0 ? filter.include : [0]),
    filter.postParent === undefined ? undefined : compared('posts.post_parent', '=', filter.postParent),
    ticketed && withTickets(ticketed.relationKeys, ticketed.present),
  ]);
}

/** The filtered set of events, before ordering and paging, and the columns holding its dates. */
function filteredEvents(db: Db, filter: EventListFilter, hide: HideFilter): { query: EventQuery; dates: DateColumns } {
  return { query: built({ from: eventsFrom(db, filter, false), clauses: filterClauses(db, filter, hide) }), dates: dateColumns(filter) };
}

/**
 * The event's ID, and TEC's change marker (`tribe_last_save_post`) read in the same statement.
 * The marker's LIMIT 1 binds its 1 after the option's name.
 */
const ID_AND_MARKER: Clause = {
  shape: 'ID and marker',
  parameters: [OptionName.lastSavePost, 1],
  add: (query) =>
    query
      .select('posts.ID')
      .select((eb) => eb.selectFrom('options').select('options.option_value').where('options.option_name', '=', OptionName.lastSavePost).limit(1).as('marker')),
};

/**
 * One page of event IDs. Lists run by start date; the plugin gives no tie-breaker and MySQL's
 * answer was ascending post ID, which we make explicit. `include` lists run by post date, ID.
 */
export async function selectEventIdsPage(
  db: Db,
  filter: EventListFilter,
  page: { limit: number; offset: number; orderByPostDate: boolean },
): Promise<number[]> {
  return (await selectEventPage(db, filter, page)).ids;
}

/**
 * One page of event IDs, read in list order and stopped after the page, with TEC's change
 * marker (`tribe_last_save_post`, read in the same statement) that the count cache is keyed on;
 * the marker is undefined when the page is empty.
 *
 * Should a site hold several occurrences of one event (recurring events made with Events Calendar
 * Pro, now inactive), the list shows it once, by its first matching occurrence, as TEC does
 * without Pro: rows come by date and an event seen already is skipped, so the page may need more
 * rows than it shows (read again, twice as many, until it is full or the matches run out). No
 * GROUP BY: grouping forces the database to gather and sort every match before the first page.
 */
export async function selectEventPage(
  db: Db,
  filter: EventListFilter,
  page: { limit: number; offset: number; orderByPostDate: boolean; sort?: EventSort },
): Promise<{ ids: number[]; marker: string | undefined }> {
  const wanted = page.offset + page.limit;
  let rowsToRead = wanted;
  for (;;) {
    const sort = page.sort !== undefined && !(page.sort.by === 'event_date' && page.sort.direction === 'asc' && page.sort.byDuration !== true) ? page.sort : undefined;
    const query = sort ? eventRowsSorted(db, filter, sort, rowsToRead).compile() : compiledPage(db, eventRowsInListOrder(db, filter, page.orderByPostDate, rowsToRead));
    // A tec/v1 order (by date, title, modified, menu order) reads what the default order does not.
    const tags = sort ? [...eventListTags(filter, page.orderByPostDate), DependencyTag.list(PostType.event), DependencyTag.listText(PostType.event)] : eventListTags(filter, page.orderByPostDate);
    const rows = (await readOf(tags, () => db.executeQuery<{ ID: number; marker: string | null }>(query))).rows;
    const ids = [...new Set(rows.map((row) => Number(row.ID)))];
    if (ids.length >= wanted || rows.length < rowsToRead) {
      return { ids: ids.slice(page.offset, wanted), marker: rows.length > 0 ? (rows[0]!.marker ?? '') : undefined };
    }
    rowsToRead *= 2;
  }
}

/**
 * The page query's SQL by its shape (see CompiledShapes): every list request runs one, and
 * building it cost more CPU than the database spent answering it.
 */
const compiledPages = new CompiledShapes();

/** The page statement compiled: its kept SQL with its values when its shape was seen, else built. */
function compiledPage(db: Db, statement: EventsStatement) {
  return compiledPages.compile(db, ...shapeAndParameters(statement), () => built(statement));
}

/**
 * Bounds on the order column that the filter's own bounds on the dates imply, so an index on it
 * (see the opt-in indexes) is read from the window's start to its end instead of from the first
 * event ever: a local start time lies within 14 hours of the UTC one, and an event does not end
 * before it starts (TEC refuses to save one). A bound that cannot be worked out is left out: it
 * only speeds the read up.
 */
function orderBounds(filter: EventListFilter, dates: DateColumns): { lower?: string; upper?: string } {
  const sameColumn = dates.order === dates.start;
  const lowest = filter.startsOnOrAfter ?? filter.startsAfter;
  const lower = lowest === undefined || sameColumn ? undefined : shiftHours(lowest, -MAX_ZONE_OFFSET_HOURS);
  const highest = [filter.endsOnOrBefore, filter.endsBefore, sameColumn ? undefined : filter.startsBefore]
    .filter((value): value is string => value !== undefined)
    .sort()[0];
  const upper = highest === undefined ? undefined : sameColumn ? highest : shiftHours(highest, MAX_ZONE_OFFSET_HOURS);
  return { lower, upper };
}

/**
 * Whether a page in list order is read from the occurrences, then their posts, in that order
 * (MySQL's STRAIGHT_JOIN): when the occurrences hold the dates and nothing but the dates and the
 * statuses narrows the list. Left to choose, MariaDB read the posts first on small sites (every
 * event of the type by its type-status index, then each one's occurrence and hide flag): 0.70 ms
 * of its CPU per page of 12 on the dev site, against 0.20 ms from the occurrences, which hold
 * the window's dates and the order (and, with the opt-in indexes, are read in that order and
 * stopped after the page). Filters by term, venue, organizer, `include` or search keep the
 * optimizer's choice: there the few matching posts are the better start.
 */
function readsOccurrencesFirst(filter: EventListFilter, orderByPostDate: boolean): boolean {
  return (
    filter.useOccurrencesTable &&
    !orderByPostDate &&
    filter.search === undefined &&
    filter.categoryTermIds === undefined &&
    filter.tagTermIds === undefined &&
    filter.venueIds === undefined &&
    filter.organizerIds === undefined &&
    filter.featured === undefined &&
    filter.include === undefined &&
    filter.postParent === undefined &&
    filter.ticketed === undefined
  );
}

/** The statement of the matching rows in list order, with the order column bounded (see orderBounds). */
function eventRowsInListOrder(db: Db, filter: EventListFilter, orderByPostDate: boolean, limit: number): EventsStatement {
  const dates = dateColumns(filter);
  const { lower, upper } = orderByPostDate ? {} : orderBounds(filter, dates);
  return {
    from: eventsFrom(db, filter, readsOccurrencesFirst(filter, orderByPostDate)),
    clauses: given([
      ID_AND_MARKER,
      ...filterClauses(db, filter, 'anti-join'),
      lower === undefined ? undefined : compared(dates.order, '>=', lower),
      upper === undefined ? undefined : compared(dates.order, '<=', upper),
      inListOrder(orderByPostDate ? 'posts.post_date' : dates.order),
      limited(limit),
    ]),
  };
}

/** Ordered by `column`, then by ID (the plugin gives no tie-breaker). */
function inListOrder(column: string): Clause {
  return { shape: `order by ${column}`, parameters: [], add: (query) => query.orderBy(sql.ref(column), 'asc').orderBy('posts.ID', 'asc') };
}

function limited(limit: number): Clause {
  return { shape: 'limit', parameters: [limit], add: (query) => query.limit(limit) };
}

/**
 * An order other than the lists' own (start date, ascending): tec/v1's `orderby` (the event's
 * start, or WP_Query's post_date, post_title, menu_order, post_modified) and `order`.
 */
export interface EventSort {
  by: 'event_date' | 'date' | 'title' | 'menu_order' | 'modified';
  direction: 'asc' | 'desc';
  /**
   * Events of one start ordered by their duration, then their post date, in the same direction:
   * the order TEC's Views give their repository (View::setup_repository, `event_date` then
   * `event_duration`), where the lists break ties by ID.
   */
  byDuration?: boolean;
}

const SORT_COLUMNS = { date: 'posts.post_date', title: 'posts.post_title', menu_order: 'posts.menu_order', modified: 'posts.post_modified' } as const;

/**
 * The matching rows in a tec/v1 order. WP_Query gives no tie-breaker; MySQL answered equal values
 * by ascending ID, which is made explicit. Built each time (rare orders are not worth a shape).
 */
function eventRowsSorted(db: Db, filter: EventListFilter, sort: EventSort, limit: number) {
  const dates = dateColumns(filter);
  const query = built({ from: eventsFrom(db, filter, false), clauses: [ID_AND_MARKER, ...filterClauses(db, filter, 'anti-join')] });
  const column = sort.by === 'event_date' ? dates.order : SORT_COLUMNS[sort.by];
  let ordered = query.orderBy(sql.ref(column), sort.direction);
  if (sort.byDuration) {
    // Without TEC 6's table the stored end stands in for the duration: of two events that start
    // together, the shorter ends first.
    ordered = ordered.orderBy(sql.ref(filter.useOccurrencesTable ? 'occ.duration' : dates.end), sort.direction).orderBy('posts.post_date', sort.direction);
  }
  return ordered.orderBy('posts.ID', 'asc').limit(limit);
}

/** How many events match (the ORM's found_posts): distinct posts, whatever their occurrences. */
export async function countEvents(db: Db, filter: EventListFilter): Promise<number> {
  const row = await readOf(eventListTags(filter), () =>
    filteredEvents(db, filter, hideFilterForCount(filter))
      .query.select((eb) => eb.fn.count<number>(sql`distinct ${sql.ref('posts.ID')}`).as('total'))
      .executeTakeFirst(),
  );
  return Number(row?.total ?? 0);
}

/**
 * The filter without its date window, for the kept index of its events' dates (see
 * EventDateIndex); undefined for the filters whose total is always counted in SQL: a search (each
 * text its own index, rarely asked with a second window) and an `include` list (a few named
 * events, counted cheaply by ID).
 */
export function withoutDateWindow(filter: EventListFilter): EventListFilter | undefined {
  if (filter.search !== undefined || filter.include !== undefined) return undefined;
  const rest: EventListFilter = { ...filter };
  for (const key of DATE_FILTER_KEYS) delete rest[key];
  return rest;
}

/**
 * The start and end dates of every row countEvents reads for `filter` without its date window
 * (one row per occurrence, or per pair of date meta rows), with the post's ID (and the date the list
 * orders by, where it is not the start), handed to `each` one
 * by one: one statement, streamed on MySQL and MariaDB (a million rows read whole would hold some
 * 270 MB of row objects at once); `limit` rows at most when given.
 */
export async function selectEventDates(
  db: Db,
  filter: EventListFilter,
  each: (row: { ID: number; start: string | null; end: string | null; order?: string | null }) => void,
  limit?: number,
): Promise<void> {
  const window = withoutDateWindow(filter) ?? filter;
  const { query: filtered, dates } = filteredEvents(db, window, hideFilterForCount(window));
  const selected = filtered
    .select('posts.ID')
    .select(sql<string | null>`${sql.ref(dates.start)}`.as('start'))
    .select(sql<string | null>`${sql.ref(dates.end)}`.as('end'));
  // The date the list orders by, where it is not the start (a UTC site outside TEC's `site` mode).
  const withOrder = dates.order === dates.start ? selected : selected.select(sql<string | null>`${sql.ref(dates.order)}`.as('order'));
  const query = limit === undefined ? withOrder : withOrder.limit(limit);
  await readOf(eventListTags(window), async () => {
    if (dialectOf(db) !== 'mysql') {
      for (const row of await query.execute()) each(row);
      return;
    }
    for await (const row of query.stream(STREAMED_ROWS)) each(row);
  });
}

/** The filters that narrow a list to the events some rows name, and how to read those events. */
const NARROWING = {
  categoryTermIds: { table: 'terms', taxonomy: Taxonomy.eventCategory },
  tagTermIds: { table: 'terms', taxonomy: Taxonomy.tag },
  venueIds: { table: 'meta', key: EventMeta.venueId },
  organizerIds: { table: 'meta', key: EventMeta.organizerId },
} as const;

/**
 * A filter without its date window seen as a wider one narrowed to the events some rows name (a
 * category's or tag's relationships, a venue's or organizer's meta rows): its events are exactly
 * the wider filter's that `members` reads, as the statement's EXISTS and IN conditions find them
 * (withTerms, namedInMeta). Undefined unless exactly one of those filters is set.
 */
export function narrowedFilter(rest: EventListFilter): { wider: EventListFilter; members: (db: Db) => Promise<Set<number>> } | undefined {
  const set = (Object.keys(NARROWING) as (keyof typeof NARROWING)[]).filter((name) => rest[name] !== undefined);
  if (set.length !== 1) return undefined;
  const name = set[0]!;
  const ids = rest[name]!;
  if (ids.length === 0) return undefined;
  const wider: EventListFilter = { ...rest };
  delete wider[name];
  const narrowing = NARROWING[name];
  const members = async (db: Db): Promise<Set<number>> => {
    const rows = await readOf(eventListTags(rest), () =>
      narrowing.table === 'terms'
        ? db
            .selectFrom('term_relationships as filter_tr')
            .innerJoin('term_taxonomy as filter_tt', 'filter_tt.term_taxonomy_id', 'filter_tr.term_taxonomy_id')
            .select('filter_tr.object_id as id')
            .where('filter_tt.taxonomy', '=', narrowing.taxonomy)
            .where('filter_tt.term_id', 'in', ids)
            .execute()
        : db
            .selectFrom('postmeta as filter_meta')
            .select('filter_meta.post_id as id')
            .where('filter_meta.meta_key', '=', narrowing.key)
            .where('filter_meta.meta_value', 'in', ids.map(String))
            .execute(),
    );
    return new Set(rows.map((row) => Number(row.id)));
  };
  return { wider, members };
}

/** Rows mysql2 hands over at a time when streaming. */
const STREAMED_ROWS = 10_000;

/**
 * What a list of events (its page, its total) depends on: which events match and their order
 * (their texts too when searched), and the terms it filters by. Its marker is an option, which
 * every change of touches everything. Of the list aspects, it reads the venue or organizer links
 * only when filtered by them, and the post dates only when ordered by them (`include`).
 */
export function eventListTags(filter: EventListFilter, orderByPostDate = filter.include !== undefined): string[] {
  const tags = [DependencyTag.listWithoutAspects(PostType.event)];
  if (filter.venueIds !== undefined) tags.push(DependencyTag.listAspect(PostType.event, 'venue'));
  if (filter.organizerIds !== undefined) tags.push(DependencyTag.listAspect(PostType.event, 'organizer'));
  if (orderByPostDate) tags.push(DependencyTag.listAspect(PostType.event, 'post-date'));
  if (filter.search !== undefined) tags.push(DependencyTag.listText(PostType.event));
  if (filter.categoryTermIds !== undefined || filter.tagTermIds !== undefined) tags.push(DependencyTag.terms);
  for (const postType of filter.ticketed?.ticketPostTypes ?? []) tags.push(DependencyTag.list(postType));
  return tags;
}

/**
 * The events that match `filter` and end after `since`, counted, and whether any of them has
 * more than one occurrence: for growing a cached total when only the end of the window moved
 * later, which is exact only when each event has one. Sites that keep dates in meta only are not
 * grown (a second `_EventEndDate` row would be counted twice); see eventTotal.
 */
export async function countEventsEndingAfter(
  db: Db,
  filter: EventListFilter,
  since: string,
): Promise<{ count: number; severalOccurrences: boolean }> {
  const endsAfter = filter.endsAfter !== undefined && filter.endsAfter > since ? filter.endsAfter : since;
  // The events ending in the moments the window moved are few: each is checked on its own.
  const { query } = filteredEvents(db, { ...filter, endsAfter }, 'per-event');
  // Any occurrence of these events, matching or not: one already counted would be counted twice.
  const occurrencesOfEach = filter.useOccurrencesTable
    ? sql<number>`max((${db
        .selectFrom('tec_occurrences as other')
        .select(sql`count(*)`.as('n'))
        .whereRef('other.post_id', '=', sql.ref('posts.ID') as never)}))`
    : sql<number>`max(1)`;
  const row = await readOf(eventListTags(filter), () =>
    query
      .select((eb) => eb.fn.count<number>(sql`distinct ${sql.ref('posts.ID')}`).as('total'))
      .select(occurrencesOfEach.as('most_occurrences'))
      .executeTakeFirst(),
  );
  return { count: Number(row?.total ?? 0), severalOccurrences: Number(row?.most_occurrences ?? 0) > 1 };
}
