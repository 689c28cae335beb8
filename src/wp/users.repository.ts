import type { Db } from '../db/create-db.js';

/** Whether a user with this ID exists (get_user_by('ID')). */
export async function selectUserIdExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('ID').where('ID', '=', id).executeTakeFirst();
  return row !== undefined;
}
