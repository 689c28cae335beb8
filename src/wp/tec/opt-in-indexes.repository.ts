import type { Db } from '../../db/create-db.js';
import { dropIndex, indexColumns, selectIndexNames, withoutStatementTimeLimit } from '../../db/dialect.js';

/**
 * Indexes the stock TEC schema lacks and a large site's lists need, added only when the site's
 * owner asks (`npm run indexes -- add`) and removed the same way: TEC 6 indexes its occurrences
 * by post first, so "the next events from this date on" must read and sort every match. These
 * add indexes only, named `calendar_sidecar_*`, and never change a column; WordPress and TEC keep
 * working with them in place (MySQL chooses among indexes itself).
 *
 * - start date (local and UTC), then post: the events list read in date order, stopped after
 *   the page;
 * - end date (local and UTC), then post: a cached list total grown by the events ending in the
 *   few seconds its window moved on;
 * - postmeta by key, then the first 32 characters of the value: "the events of venue 12" (or of
 *   organizer 30) found from the venue, not by reading every event of the date window and its
 *   meta (WordPress indexes meta by post and by key only). MySQL indexes a prefix of a LONGTEXT;
 *   an ID fits in 32 characters.
 */
export interface OptInIndex {
  name: string;
  table: 'tec_occurrences' | 'postmeta';
  columns: readonly string[];
  /** Characters indexed of each column (MySQL prefix lengths), where not the whole column. */
  prefixes?: readonly (number | undefined)[];
}

export const OPT_IN_INDEXES: readonly OptInIndex[] = [
  { name: 'calendar_sidecar_start', table: 'tec_occurrences', columns: ['start_date', 'post_id'] },
  { name: 'calendar_sidecar_start_utc', table: 'tec_occurrences', columns: ['start_date_utc', 'post_id'] },
  { name: 'calendar_sidecar_end', table: 'tec_occurrences', columns: ['end_date', 'post_id'] },
  { name: 'calendar_sidecar_end_utc', table: 'tec_occurrences', columns: ['end_date_utc', 'post_id'] },
  { name: 'calendar_sidecar_meta_value', table: 'postmeta', columns: ['meta_key', 'meta_value'], prefixes: [191, 32] },
];

/** `start_date, post_id`; `meta_key(191), meta_value(32)`: the columns as the status line shows them. */
export function describeColumns(index: OptInIndex): string {
  return index.columns.map((column, at) => (index.prefixes?.[at] === undefined ? column : `${column}(${index.prefixes[at]})`)).join(', ');
}

/** The opt-in indexes present on the site's tables. */
export async function selectOptInIndexes(db: Db): Promise<Set<string>> {
  const present = new Set<string>();
  for (const table of new Set(OPT_IN_INDEXES.map((index) => index.table))) {
    for (const name of await selectIndexNames(db, table)) present.add(name);
  }
  return present;
}

/** Adds the opt-in indexes that are missing; returns the names added. */
export async function addOptInIndexes(db: Db): Promise<string[]> {
  // Minutes on a big site's tables: beyond the statement time limit every other statement keeps.
  return withoutStatementTimeLimit(db, async (connection) => {
    const present = await selectOptInIndexes(connection);
    const added: string[] = [];
    for (const index of OPT_IN_INDEXES.filter((candidate: OptInIndex) => !present.has(candidate.name))) {
      const columns = index.columns.map((name, at) => ({ name, prefix: index.prefixes?.[at] }));
      await connection.schema.createIndex(index.name).on(index.table).expression(indexColumns(connection, columns)).execute();
      added.push(index.name);
    }
    return added;
  });
}

/** Removes the opt-in indexes that are present; returns the names removed. */
export async function removeOptInIndexes(db: Db): Promise<string[]> {
  return withoutStatementTimeLimit(db, async (connection) => {
    const present = await selectOptInIndexes(connection);
    const removed: string[] = [];
    for (const index of OPT_IN_INDEXES.filter((candidate: OptInIndex) => present.has(candidate.name))) {
      await dropIndex(connection, index.name, index.table);
      removed.push(index.name);
    }
    return removed;
  });
}
