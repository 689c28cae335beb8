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
 * as in WordPress.
 *
 * When nobody matches, the same query still reads one row, the lowest-ID user's (or ID 0 on a
 * site without users), returned as a stand-in whose meta the caller reads and checks like a real
 * user's: an unknown name then costs the database and the hashing what a wrong password costs.
 */
// Not joined with the user's meta into one statement: that join (this query as a derived table,
// LEFT JOIN wp_usermeta, ordered by umeta_id) puts the LONGTEXT meta_value in a temporary table,
// which goes to disk (Aria), and run as a server-side prepared statement it crashed MariaDB
// 10.11.19 (Debian 12's) with signal 11 in free_tmp_table / ha_maria::drop_table during a test run
// (2026-11-27), as the term bundle once did (post-bundle.repository.ts). A round trip is cheaper
// than a site's database.
export async function selectSignInCandidate(db: Db, login: string | undefined, email: string | undefined): Promise<SignInLookup> {
  const row = await db
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
    .executeTakeFirst();
  if (!row) return { found: false, standInId: 0 };
  if (!Number(row.login_match) && !Number(row.email_match)) return { found: false, standInId: row.ID };
  return { found: true, user: { ID: row.ID, user_login: row.user_login, user_email: row.user_email, user_pass: row.user_pass } };
}

/** The user a logged-in cookie names (get_user_by('login')), or undefined. */
export async function selectUserByLogin(db: Db, login: string): Promise<UserCredentialsRow | undefined> {
  if (login === '') return undefined;
  return db
    .selectFrom('users')
    .select(['ID', 'user_login', 'user_email', 'user_pass'])
    .where((eb) => textEquals(db, eb.ref('user_login'), login))
    .orderBy('ID')
    .executeTakeFirst();
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
  const meta = new Map<string, string>();
  for (const row of rows) {
    if (row.meta_key !== null && !meta.has(row.meta_key)) meta.set(row.meta_key, row.meta_value ?? '');
  }
  return meta;
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
