import type { Db } from '../../src/db/create-db.js';

/**
 * Creates or replaces an option. The value is stored as given: serialize arrays in PHP format
 * first (`a:0:{}`), as WordPress's update_option does. Returns the option_id.
 */
export async function setOption(
  db: Db,
  name: string,
  value: string,
  autoload: 'on' | 'off' | 'auto' = 'on',
): Promise<{ option_id: number }> {
  await db
    .insertInto('options')
    .values({ option_name: name, option_value: value, autoload })
    .onDuplicateKeyUpdate({ option_value: value, autoload })
    .execute();
  const row = await db
    .selectFrom('options')
    .select('option_id')
    .where('option_name', '=', name)
    .executeTakeFirstOrThrow();
  return { option_id: row.option_id };
}
