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

/**
 * What a sign-in lookup found: the user the name names, or a stand-in to spend the same work on;
 * with the meta asked for of that user (get_user_meta( $id, $key, true ): the first row of each key,
 * in umeta_id order; keys without a row are absent).
 */
export type SignInLookup = ({ found: true; user: UserCredentialsRow } | { found: false; standInId: number }) & { meta: Map<string, string> };

/**
 * get_user_by('login') and, for a name that is an e-mail address, get_user_by('email'), in one
 * query with the meta keys the sign-in reads: the user whose login matches, else the first (lowest
 * ID) whose e-mail matches. Either name may be left out (undefined). Matching follows the columns'
 * collation (case-insensitive), as in WordPress.
 *
 * When nobody matches, the same query still reads one user, the lowest-ID one (or ID 0 on a site
 * without users), returned as a stand-in with its meta, which the caller checks like a real
 * user's: an unknown name then costs the database and the hashing what a wrong password costs.
 */
// The candidates come with their meta rows by a plain LEFT JOIN, with no ORDER BY and no derived
// table: the choice of the user and the meta's order are made here. A server-side sort or derived
// table would put the LONGTEXT meta_value in a temporary table, which goes to disk (Aria); run as a
// prepared statement, such a join (the user query as a derived table, ordered by umeta_id) crashed
// MariaDB 10.11.19 (Debian 12's) with signal 11 in free_tmp_table / ha_maria::drop_table during a
// test run (2026-11-27), as the term bundle once did (post-bundle.repository.ts).
export async function selectSignInCandidate(
  db: Db,
  login: string | undefined,
  email: string | undefined,
  metaKeys: readonly string[] = [],
): Promise<SignInLookup> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('usermeta', (join) =>
      metaKeys.length === 0
        ? join.onRef('usermeta.user_id', '=', 'users.ID').on(sql<SqlBool>`false`)
        : join.onRef('usermeta.user_id', '=', 'users.ID').on('usermeta.meta_key', 'in', [...metaKeys]),
    )
    .select((eb) => [
      'users.ID',
      'users.user_login',
      'users.user_email',
      'users.user_pass',
      (login === undefined ? sql<SqlBool>`false` : textEquals(db, eb.ref('users.user_login'), login)).as('login_match'),
      (email === undefined ? sql<SqlBool>`false` : textEquals(db, eb.ref('users.user_email'), email)).as('email_match'),
      'usermeta.umeta_id',
      'usermeta.meta_key',
      'usermeta.meta_value',
    ])
    .where((eb) =>
      eb.or([
        ...(login === undefined ? [] : [textEquals(db, eb.ref('users.user_login'), login)]),
        ...(email === undefined ? [] : [textEquals(db, eb.ref('users.user_email'), email)]),
        eb('users.ID', '=', eb.selectFrom('users as first_user').select((inner) => inner.fn.min('first_user.ID').as('first'))),
      ]),
    )
    .execute();
  // ORDER BY login_match DESC, email_match DESC, ID: the first candidate.
  const rank = (row: (typeof rows)[number]) => [-Number(row.login_match), -Number(row.email_match), row.ID];
  const before = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  const chosen = rows.reduce<(typeof rows)[number] | undefined>((best, row) => (best === undefined || before(rank(row), rank(best)) < 0 ? row : best), undefined);
  if (!chosen) return { found: false, standInId: 0, meta: new Map() };
  const meta = firstValueOfEachKey(rows.filter((row) => row.ID === chosen.ID && row.umeta_id !== null).sort((a, b) => Number(a.umeta_id) - Number(b.umeta_id)));
  if (!Number(chosen.login_match) && !Number(chosen.email_match)) return { found: false, standInId: chosen.ID, meta };
  return { found: true, user: { ID: chosen.ID, user_login: chosen.user_login, user_email: chosen.user_email, user_pass: chosen.user_pass }, meta };
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
  return firstValueOfEachKey(rows);
}

/** get_user_meta( $id, $key, true ) of each key from rows in umeta_id order: the first row's value. */
function firstValueOfEachKey(rows: readonly { meta_key: string | null; meta_value: string | null }[]): Map<string, string> {
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

/** get_user_by('email'): the ID of the first user with this e-mail (the column's collation compares), or undefined. */
export async function selectUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  if (email === '') return undefined;
  const row = await db
    .selectFrom('users')
    .select('ID')
    .where((eb) => textEquals(db, eb.ref('user_email'), email))
    .orderBy('ID')
    .executeTakeFirst();
  return row?.ID;
}
