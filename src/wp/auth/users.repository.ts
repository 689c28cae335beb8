import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { textEquals } from '../../db/dialect.js';

/** Whether a user with this ID exists (get_user_by('ID')). */
export async function selectUserIdExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('ID').where('ID', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The columns authentication needs: the password hash binds cookies to the current password. */
export interface UserCredentialsRow {
  ID: number;
  user_login: string;
  user_email: string;
  user_pass: string;
}

/** What a sign-in lookup found: the user the name names, or a stand-in to spend the same work on. */
export type SignInLookup = { found: true; user: UserCredentialsRow } | { found: false; standInId: number };

/**
 * get_user_by('login') and, for a name that is an e-mail address, get_user_by('email'), in one
 * query: the user whose login matches, else the first (lowest ID) whose e-mail matches. Either
 * name may be left out (undefined). Matching follows the columns' collation (case-insensitive),
 * as in WordPress. In the same statement, the user's first row of each of `metaKeys` (as
 * selectUserMeta reads them): signing in costs one round trip, not two.
 *
 * When nobody matches, the same query still reads one row, the lowest-ID user's (or ID 0 on a
 * site without users), returned as a stand-in with its meta, which the caller checks like a real
 * user's: an unknown name then costs the database and the hashing what a wrong password costs.
 */
export async function selectSignInCandidate(
  db: Db,
  login: string | undefined,
  email: string | undefined,
  metaKeys: readonly string[],
): Promise<{ lookup: SignInLookup; meta: Map<string, string> }> {
  const candidate = db
    .selectFrom('users')
    .select((eb) => [
      'ID',
      'user_login',
      'user_email',
      'user_pass',
      (login === undefined ? sql<SqlBool>`false` : textEquals(db, eb.ref('user_login'), login)).as('login_match'),
      (email === undefined ? sql<SqlBool>`false` : textEquals(db, eb.ref('user_email'), email)).as('email_match'),
    ])
    .where((eb) =>
      eb.or([
        ...(login === undefined ? [] : [textEquals(db, eb.ref('user_login'), login)]),
        ...(email === undefined ? [] : [textEquals(db, eb.ref('user_email'), email)]),
        eb('ID', '=', eb.selectFrom('users').select((inner) => inner.fn.min('ID').as('first'))),
      ]),
    )
    .orderBy('login_match', 'desc')
    .orderBy('email_match', 'desc')
    .orderBy('ID')
    .limit(1);
  const rows = await db
    .selectFrom(candidate.as('candidate'))
    .leftJoin('usermeta', (join) => join.onRef('usermeta.user_id', '=', 'candidate.ID').on('usermeta.meta_key', 'in', [...metaKeys]))
    .select(['candidate.ID', 'candidate.user_login', 'candidate.user_email', 'candidate.user_pass', 'candidate.login_match', 'candidate.email_match', 'usermeta.meta_key', 'usermeta.meta_value'])
    .orderBy('usermeta.umeta_id')
    .execute();
  const meta = firstRowOfEachKey(rows);
  const row = rows[0];
  if (!row) return { lookup: { found: false, standInId: 0 }, meta };
  if (!Number(row.login_match) && !Number(row.email_match)) return { lookup: { found: false, standInId: row.ID }, meta };
  return { lookup: { found: true, user: { ID: row.ID, user_login: row.user_login, user_email: row.user_email, user_pass: row.user_pass } }, meta };
}

/**
 * The user a logged-in cookie names (get_user_by('login')), or undefined; with their first row of
 * each of `metaKeys` (as selectUserMeta reads them), in the same statement: a signed-in browser's
 * request costs one round trip for both.
 */
export async function selectUserByLogin(db: Db, login: string, metaKeys: readonly string[]): Promise<{ user: UserCredentialsRow; meta: Map<string, string> } | undefined> {
  if (login === '') return undefined;
  const named = db
    .selectFrom('users')
    .select(['ID', 'user_login', 'user_email', 'user_pass'])
    .where((eb) => textEquals(db, eb.ref('user_login'), login))
    .orderBy('ID')
    .limit(1);
  const rows = await db
    .selectFrom(named.as('named'))
    .leftJoin('usermeta', (join) => join.onRef('usermeta.user_id', '=', 'named.ID').on('usermeta.meta_key', 'in', [...metaKeys]))
    .select(['named.ID', 'named.user_login', 'named.user_email', 'named.user_pass', 'usermeta.meta_key', 'usermeta.meta_value'])
    .orderBy('usermeta.umeta_id')
    .execute();
  const row = rows[0];
  if (!row) return undefined;
  return { user: { ID: row.ID, user_login: row.user_login, user_email: row.user_email, user_pass: row.user_pass }, meta: firstRowOfEachKey(rows) };
}

/** get_user_meta( ..., true ) of rows in umeta_id order: the first row of each key (a join's NULL row is none). */
function firstRowOfEachKey(rows: readonly { meta_key: string | null; meta_value: string | null }[]): Map<string, string> {
  const meta = new Map<string, string>();
  for (const row of rows) {
    if (row.meta_key !== null && !meta.has(row.meta_key)) meta.set(row.meta_key, row.meta_value ?? '');
  }
  return meta;
}

/**
 * get_user_meta( $id, $key, true ) for several keys at once: the first row of each key, in
 * umeta_id order; keys without a row are absent from the map.
 */
export async function selectUserMeta(db: Db, userId: number, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('usermeta')
    .select(['meta_key', 'meta_value'])
    .where('user_id', '=', userId)
    .where('meta_key', 'in', keys)
    .orderBy('umeta_id')
    .execute();
  return firstRowOfEachKey(rows);
}

/** update_user_meta on an existing key: every row of the key gets the (serialized) value. */
export async function updateUserMeta(db: Db, userId: number, key: string, value: string): Promise<void> {
  await db
    .updateTable('usermeta')
    .set({ meta_value: value })
    .where('user_id', '=', userId)
    .where('meta_key', '=', key)
    .execute();
}

/** The wp_users columns a user's REST representation shows (WP_User's data). */
export interface UserProfileRow {
  ID: number;
  user_login: string;
  user_nicename: string;
  user_email: string;
  user_url: string;
  user_registered: string;
  display_name: string;
}

/** get_userdata( $id ): the user's row, or undefined when there is none. */
export async function selectUserProfile(db: Db, id: number): Promise<UserProfileRow | undefined> {
  return db
    .selectFrom('users')
    .select(['ID', 'user_login', 'user_nicename', 'user_email', 'user_url', 'user_registered', 'display_name'])
    .where('ID', '=', id)
    .executeTakeFirst();
}
