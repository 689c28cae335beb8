import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectSignInCandidate, selectUserByLogin, selectUserMeta } from '../../../../src/wp/auth/users.repository.js';
import { capabilitiesMetaKey } from '../../../../src/wp/auth/roles.js';
import { UserMeta } from '../../../../src/wp/constants.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';

/**
 * The sign-in lookups: the user a sign-in names, or, for a name nobody has, the lowest-ID user as a
 * stand-in (so an unknown name costs what a wrong password costs); and their meta, the first row of
 * each key, as get_user_meta( ..., true ).
 */
let database: TestDatabase;
const CAPABILITIES = capabilitiesMetaKey('wp_');
const KEYS = [UserMeta.applicationPasswords, CAPABILITIES];

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const user = async (login: string, email: string) =>
    Number(
      (
        await db
          .insertInto('users')
          .values({ user_login: login, user_pass: 'x', user_nicename: login, user_email: email, user_url: '', user_registered: '2026-01-01 00:00:00', user_activation_key: '', user_status: 0, display_name: login })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
  const first = await user('first', 'first@example.test');
  const second = await user('second', 'shared@example.test');
  await user('third', 'shared@example.test');
  await db
    .insertInto('usermeta')
    .values([
      { user_id: first, meta_key: CAPABILITIES, meta_value: 'first-caps' },
      { user_id: second, meta_key: CAPABILITIES, meta_value: 'second-caps' },
      { user_id: second, meta_key: UserMeta.applicationPasswords, meta_value: 'second-passwords' },
      { user_id: second, meta_key: CAPABILITIES, meta_value: 'second-caps-again' },
      { user_id: second, meta_key: 'other', meta_value: 'not asked for' },
    ])
    .execute();
});
afterAll(() => database?.drop());

describe('selectSignInCandidate', () => {
  it('finds the user by login, in any case, with the first row of each meta key asked for', async () => {
    const lookup = await selectSignInCandidate(database.db, 'SECOND', undefined, KEYS);
    expect(lookup.found && lookup.user.user_login).toBe('second');
    // `second-caps-again` is a later row of the key; `other` was not asked for.
    expect(Object.fromEntries(lookup.meta)).toEqual({ [CAPABILITIES]: 'second-caps', [UserMeta.applicationPasswords]: 'second-passwords' });
  });

  it('finds the lowest-ID user with the e-mail when no login matches', async () => {
    const lookup = await selectSignInCandidate(database.db, 'shared@example.test', 'shared@example.test', KEYS);
    expect(lookup.found && lookup.user.user_login).toBe('second');
    expect(lookup.meta.get(CAPABILITIES)).toBe('second-caps');
  });

  it('takes the login match over a lower-ID e-mail match', async () => {
    // `third` is a login here and `first`'s address is `first@…`: the login wins whatever the IDs.
    const lookup = await selectSignInCandidate(database.db, 'third', 'first@example.test', KEYS);
    expect(lookup.found && lookup.user.user_login).toBe('third');
    expect(Object.fromEntries(lookup.meta)).toEqual({});
  });

  it('gives an unknown name the lowest-ID user as a stand-in, with that user\'s meta', async () => {
    const lookup = await selectSignInCandidate(database.db, 'nobody', undefined, KEYS);
    expect(lookup.found).toBe(false);
    const first = await database.db.selectFrom('users').select('ID').where('user_login', '=', 'first').executeTakeFirstOrThrow();
    expect(!lookup.found && lookup.standInId).toBe(first.ID);
    expect(Object.fromEntries(lookup.meta)).toEqual({ [CAPABILITIES]: 'first-caps' });
    expect(Object.fromEntries(await selectUserMeta(database.db, first.ID, KEYS))).toEqual(Object.fromEntries(lookup.meta));
  });

  it('reads no meta when none is asked for', async () => {
    const lookup = await selectSignInCandidate(database.db, 'second', undefined);
    expect(lookup.found && lookup.meta.size).toBe(0);
  });
});

describe('selectUserByLogin and selectUserMeta', () => {
  it('find the user a cookie names (any case) and the first row of each key asked for', async () => {
    const user = await selectUserByLogin(database.db, 'Second');
    expect(user?.user_login).toBe('second');
    expect(Object.fromEntries(await selectUserMeta(database.db, user!.ID, KEYS))).toEqual({ [CAPABILITIES]: 'second-caps', [UserMeta.applicationPasswords]: 'second-passwords' });
  });

  it('find nobody for an unknown or empty login', async () => {
    expect(await selectUserByLogin(database.db, 'nobody')).toBeUndefined();
    expect(await selectUserByLogin(database.db, '')).toBeUndefined();
  });
});
