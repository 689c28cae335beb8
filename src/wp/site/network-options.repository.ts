import type { Db } from '../../db/create-db.js';

/**
 * get_network_option( $network_id, $name ) of a multisite network for several names at once:
 * the network's rows of `{base}sitemeta`. A key stored twice answers with its first row, as
 * WordPress's single-row read does. Names without a row are absent from the map.
 */
export async function selectNetworkOptions(
  db: Db,
  networkId: number,
  names: readonly string[],
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('sitemeta')
    .select(['meta_key', 'meta_value'])
    .where('site_id', '=', networkId)
    .where('meta_key', 'in', names)
    .orderBy('meta_id', 'asc')
    .execute();
  const options = new Map<string, string>();
  for (const row of rows) {
    if (row.meta_key !== null && !options.has(row.meta_key)) options.set(row.meta_key, row.meta_value ?? '');
  }
  return options;
}
