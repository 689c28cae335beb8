import type { Db } from '../../db/create-db.js';

/** Raw option values by name; names without a row are absent from the map. */
export async function selectOptions(db: Db, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('options')
    .select(['option_name', 'option_value'])
    .where('option_name', 'in', names)
    .execute();
  return new Map(rows.map((row) => [row.option_name, row.option_value]));
}
