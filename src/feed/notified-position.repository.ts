import type { Db } from '../db/create-db.js';

/**
 * The wp_options row where, without NATS, the service keeps the binlog position up to which the
 * changes were handed to the notifier. Named for the service, never autoloaded (WordPress never
 * reads it), and left out of the change feed (binlog-changes.ts), so keeping it moves nothing.
 */
export const NOTIFIED_POSITION_OPTION = 'calendar_sidecar_notified_position';

/** The position kept, or undefined when none was. */
export async function selectNotifiedPosition(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('options').select('option_value').where('option_name', '=', NOTIFIED_POSITION_OPTION).executeTakeFirst();
  return row?.option_value;
}

/** Keeps `position` in the row, made on first use (option_name is unique in wp_options). */
export async function upsertNotifiedPosition(db: Db, position: string): Promise<void> {
  await db
    .insertInto('options')
    .values({ option_name: NOTIFIED_POSITION_OPTION, option_value: position, autoload: 'no' })
    .onDuplicateKeyUpdate({ option_value: position })
    .execute();
}
