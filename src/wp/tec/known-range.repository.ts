import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { EventMeta, PostStatus, PostType } from '../constants.js';

/**
 * The statuses TEC counts in its known range (`tribe_events_known_range_stati`); `protected` is
 * no status WordPress registers, but TEC lists it and so do we.
 */
export const KNOWN_RANGE_STATUSES = [PostStatus.publish, PostStatus.private, 'protected'] as const;

export interface RangeEnd {
  date: string;
  /** The events at that end, as TEC stores them in the `*_date_markers` option. */
  markers: Array<number | string>;
}

/**
 * TEC 6's Events::get_earliest_occurrence / get_latest_occurrence: the occurrence of a counted
 * event that starts first (by UTC start) and the one that ends last (by UTC end).
 */
export async function selectOccurrenceRange(db: Db): Promise<{ earliest?: RangeEnd; latest?: RangeEnd }> {
  const base = db
    .selectFrom('tec_occurrences as o')
    .innerJoin('posts as p', 'p.ID', 'o.post_id')
    .where('p.post_status', 'in', [...KNOWN_RANGE_STATUSES])
    .where('p.post_type', '=', PostType.event);
  // Both ends in one statement: each end a derived table of its own (an ORDER BY ... LIMIT inside
  // a UNION needs one on MySQL and SQLite alike).
  const earliestRow = base.select(['o.post_id', 'o.start_date_utc as date']).orderBy('o.start_date_utc', 'asc').limit(1);
  const latestRow = base.select(['o.post_id', 'o.end_date_utc as date']).orderBy('o.end_date_utc', 'desc').limit(1);
  const rows = await db
    .selectFrom(earliestRow.as('first_end'))
    .select([sql<string>`'earliest'`.as('end'), 'first_end.post_id', 'first_end.date'])
    .unionAll(db.selectFrom(latestRow.as('last_end')).select([sql<string>`'latest'`.as('end'), 'last_end.post_id', 'last_end.date']))
    .execute();
  const first = rows.find((row) => row.end === 'earliest');
  const last = rows.find((row) => row.end === 'latest');
  return {
    earliest: first ? { date: String(first.date), markers: [Number(first.post_id)] } : undefined,
    latest: last && last.date !== null ? { date: String(last.date), markers: [Number(last.post_id)] } : undefined,
  };
}

/**
 * Tribe__Events__Dates__Known_Range::rebuild_known_range for sites without TEC 6's tables: the
 * smallest `_EventStartDate` and largest `_EventEndDate` of counted events, each with every event
 * (any status, as the plugin's marker query does not filter) holding exactly that value, as the
 * strings `$wpdb->get_col` returns.
 */
export async function selectMetaRange(db: Db): Promise<{ earliest?: RangeEnd; latest?: RangeEnd }> {
  const extreme = (key: string, fn: 'min' | 'max') =>
    db
      .selectFrom('postmeta')
      .innerJoin('posts', 'posts.ID', 'postmeta.post_id')
      .select((eb) => eb.fn[fn]<string | null>('postmeta.meta_value').as('value'))
      .where('postmeta.meta_key', '=', key)
      .where('posts.post_type', '=', PostType.event)
      .where('posts.post_status', 'in', [...KNOWN_RANGE_STATUSES])
      .executeTakeFirst();
  const holders = (key: string, value: string) =>
    db
      .selectFrom('postmeta')
      .innerJoin('posts', 'posts.ID', 'postmeta.post_id')
      .select('postmeta.post_id')
      .where('posts.post_type', '=', PostType.event)
      .where('postmeta.meta_key', '=', key)
      .where('postmeta.meta_value', '=', value)
      .execute();
  const [min, max] = await Promise.all([extreme(EventMeta.startDate, 'min'), extreme(EventMeta.endDate, 'max')]);
  const end = async (key: string, value: string | null | undefined): Promise<RangeEnd | undefined> =>
    value ? { date: value, markers: (await holders(key, value)).map((row) => String(row.post_id)) } : undefined;
  return { earliest: await end(EventMeta.startDate, min?.value), latest: await end(EventMeta.endDate, max?.value) };
}
