import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectSignInCandidate, selectUserByLogin } from '../../../../src/wp/auth/users.repository.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';

/**
 * selectSignInCandidate: the user a sign-in names and their meta in one statement, or, for a name
 * nobody has, the lowest-ID user as a stand-in with that user's meta (so an unknown name costs
 * what a wrong password costs). The first row of each key counts, as get_user_meta( ..., true ).
 */
let database: TestDatabase;
const KEYS = ['_application_passwords', 'wp_capabilities'];

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
      { user_id: first, meta_key: 'wp_capabilities', meta_value: 'first-caps' },
      { user_id: second, meta_key: 'wp_capabilities', meta_value: 'second-caps' },
      { user_id: second, meta_key: '_application_passwords', meta_value: 'second-passwords' },
      { user_id: second, meta_key: 'wp_capabilities', meta_value: 'second-caps-again' },
      { user_id: second, meta_key: 'other', meta_value: 'not asked for' },
    ])
    .execute();
});
afterAll(() => database?.drop());

describe('selectSignInCandidate', () => {
  it('finds the user by login (any case) with the first row of each key asked for', async () => {
    const { lookup, meta } = await selectSignInCandidate(database.db, 'SECOND', undefined, KEYS);
    expect(lookup.found && lookup.user.user_login).toBe('second');
    expect(Object.fromEntries(meta)).toEqual({ wp_capabilities: 'second-caps', _application_passwords: 'second-passwords' });
  });

  it('finds the lowest-ID user with the e-mail when no login matches', async () => {
    const { lookup, meta } = await selectSignInCandidate(database.db, 'shared@example.test', 'shared@example.test', KEYS);
    expect(lookup.found && lookup.user.user_login).toBe('second');
    expect(meta.get('wp_capabilities')).toBe('second-caps');
  });

  it('gives an unknown name the lowest-ID user as a stand-in, with that user\'s meta', async () => {
    const { lookup, meta } = await selectSignInCandidate(database.db, 'nobody', undefined, KEYS);
    expect(lookup.found).toBe(false);
    const first = await database.db.selectFrom('users').select('ID').where('user_login', '=', 'first').executeTakeFirstOrThrow();
    expect(!lookup.found && lookup.standInId).toBe(first.ID);
    expect(Object.fromEntries(meta)).toEqual({ wp_capabilities: 'first-caps' });
  });
});

describe('selectUserByLogin', () => {
  it('finds the user a cookie names (any case) with the first row of each key asked for', async () => {
    const found = await selectUserByLogin(database.db, 'Second', KEYS);
    expect(found?.user.user_login).toBe('second');
    expect(Object.fromEntries(found!.meta)).toEqual({ wp_capabilities: 'second-caps', _application_passwords: 'second-passwords' });
  });

  it('finds a user without any of the keys, and nobody for an unknown or empty login', async () => {
    const third = await selectUserByLogin(database.db, 'third', KEYS);
    expect(third?.user.user_login).toBe('third');
    expect(third?.meta.size).toBe(0);
    expect(await selectUserByLogin(database.db, 'nobody', KEYS)).toBeUndefined();
    expect(await selectUserByLogin(database.db, '', KEYS)).toBeUndefined();
  });
});
