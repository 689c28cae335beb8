import type { Db } from '../../db/create-db.js';
import { locksRows } from '../../db/dialect.js';
import { readOf } from '../../feed/dependencies.js';

/** Raw option values by name; names without a row are absent from the map. */
export async function selectOptions(db: Db, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  // No tag of its own: every change to an option touches everything (see feed/change-tags.ts).
  const rows = await readOf([], () => db.selectFrom('options').select(['option_name', 'option_value']).where('option_name', 'in', names).execute());
  return new Map(rows.map((row) => [row.option_name, row.option_value]));
}

/**
 * update_option for a row WordPress autoloads: the value replaced, or a new row (autoload `auto`,
 * as WordPress 6.6+ writes it) when there was none. `stored`: the row read just before (null: none),
 * else it is read here. Returns whether a row was created.
 */
export async function upsertOption(
  db: Db,
  name: string,
  value: string,
  stored?: StoredOption | null,
): Promise<{ created: boolean; autoload: boolean }> {
  const existing = stored === undefined ? await selectOptionRow(db, name) : (stored ?? undefined);
  if (existing) {
    await db.updateTable('options').set({ option_value: value }).where('option_id', '=', existing.option_id).execute();
    return { created: false, autoload: AUTOLOADED.has(existing.autoload) };
  }
  const insert = db.insertInto('options').values({ option_name: name, option_value: value, autoload: 'auto' });
  if (!locksRows(db)) {
    await insert.execute();
    return { created: true, autoload: true };
  }
  // add_option's INSERT … ON DUPLICATE KEY UPDATE: a write that created the row since the SELECT
  // above (writes run side by side) is overwritten, as the later update_option would.
  const result = await insert.onDuplicateKeyUpdate({ option_value: value }).executeTakeFirst();
  // 1 row: inserted; 2: the other write's row updated; 0: it held this value already.
  return { created: Number(result.numInsertedOrUpdatedRows) === 1, autoload: true };
}

/**
 * Locks option rows until the write commits (SELECT … FOR UPDATE, by name), for a write that
 * reads an option (or what it is made from) to rewrite it: a write doing the same waits, then
 * reads what this one committed. A row not there yet is not locked (upsertOption copes).
 */
export async function lockOptionRows(db: Db, names: readonly string[]): Promise<void> {
  if (names.length === 0 || !locksRows(db)) return;
  await db.selectFrom('options').select('option_id').where('option_name', 'in', [...names]).orderBy('option_name', 'asc').forUpdate().execute();
}

/**
 * The option rows of `names` that exist, read and locked until the write commits (one statement:
 * lockOptionRows and selectOptionRow together); by name. SQLite: read only (a write holds the file).
 */
export async function selectOptionRowsForUpdate(db: Db, names: readonly string[]): Promise<Map<string, StoredOption>> {
  if (names.length === 0) return new Map();
  const query = db
    .selectFrom('options')
    .select(['option_id', 'option_name', 'option_value', 'autoload'])
    .where('option_name', 'in', [...names])
    .orderBy('option_name', 'asc');
  const rows = await (locksRows(db) ? query.forUpdate() : query).execute();
  return new Map(rows.map(({ option_name, ...row }) => [option_name, row]));
}

/** An option's row as a write reads it before replacing the value. */
export interface StoredOption {
  option_id: number;
  option_value: string;
  autoload: string;
}

/**
 * An option's row, or undefined: what a write that may update the option reads, so upsertOption
 * (given the row, or null for none) needs no read of its own.
 */
export async function selectOptionRow(db: Db, name: string): Promise<StoredOption | undefined> {
  return db.selectFrom('options').select(['option_id', 'option_value', 'autoload']).where('option_name', '=', name).executeTakeFirst();
}

/** delete_option; returns whether a row was there. */
export async function deleteOption(db: Db, name: string): Promise<boolean> {
  const result = await db.deleteFrom('options').where('option_name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The `autoload` values WordPress loads with alloptions (wp_autoload_values_to_autoload). */
const AUTOLOADED: ReadonlySet<string> = new Set(['yes', 'on', 'auto-on', 'auto']);
