import type { Db } from '../../db/create-db.js';
import { selectIndexNames } from '../../db/dialect.js';

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
 *   few seconds its window moved on.
 */
export const OPT_IN_INDEXES = [
  { name: 'calendar_sidecar_start', table: 'tec_occurrences', columns: ['start_date', 'post_id'] },
  { name: 'calendar_sidecar_start_utc', table: 'tec_occurrences', columns: ['start_date_utc', 'post_id'] },
  { name: 'calendar_sidecar_end', table: 'tec_occurrences', columns: ['end_date', 'post_id'] },
  { name: 'calendar_sidecar_end_utc', table: 'tec_occurrences', columns: ['end_date_utc', 'post_id'] },
] as const;

type OptInIndex = (typeof OPT_IN_INDEXES)[number];

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
  const present = await selectOptInIndexes(db);
  const added: string[] = [];
  for (const index of OPT_IN_INDEXES.filter((candidate: OptInIndex) => !present.has(candidate.name))) {
    await db.schema.createIndex(index.name).on(index.table).columns([...index.columns]).execute();
    added.push(index.name);
  }
  return added;
}

/** Removes the opt-in indexes that are present; returns the names removed. */
export async function removeOptInIndexes(db: Db): Promise<string[]> {
  const present = await selectOptInIndexes(db);
  const removed: string[] = [];
  for (const index of OPT_IN_INDEXES.filter((candidate: OptInIndex) => present.has(candidate.name))) {
    await db.schema.dropIndex(index.name).on(index.table).execute();
    removed.push(index.name);
  }
  return removed;
}
