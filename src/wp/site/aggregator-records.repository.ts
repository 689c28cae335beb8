import type { Db } from '../../db/create-db.js';
import { PostType } from '../constants.js';

/**
 * How many Event Aggregator import records the site holds (any status: scheduled imports, past
 * runs): a sign that TEC's import service is in use, read by doctor and at start only.
 */
export async function countAggregatorRecords(db: Db): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('records'))
    .where('post_type', '=', PostType.aggregatorRecord)
    .executeTakeFirst();
  return Number(row?.records ?? 0);
}
