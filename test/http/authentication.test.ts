import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { verifyNonce } from '../../src/wp/auth/nonces.js';
import type { AuthKeys } from '../../src/wp/auth/salts.js';
import { maybeUnserialize } from '../../src/wp/php/php-values.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { basicAuth, insertUserMeta } from '../builders/users.js';
import { AUTH_VECTORS, secondsInTick } from '../unit/wp/auth/vectors.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { ROOT, agentFor } from './support.js';

/**
 * Signing in against the reference site (users 1-5 of db.sql): application passwords over HTTP
 * Basic, the WordPress-made logged-in cookie and REST nonce of fixtures/auth-vectors.json, the
 * errors WordPress answers with, and what it writes (`last_used`, `last_ip`).
 */

// The June 2027 events hold drafts, private and pending ones: the list shows who is asking.
const JUNE = `${ROOT}/events?start_date=2027-06-01&end_date=2027-06-30`;
const ADMIN_PASSWORD = 'E27IumCUdDXJtmrFb9Wja80M';
const EDITOR_PASSWORD = 'CbNRrRDazpR0DZmU00QClEzn';

const cookieVector = AUTH_VECTORS.logged_in_cookie;
const salts = cookieVector.keys_and_salts;
const KEY_SETTINGS = {
  WP_AUTH_KEY: salts.AUTH_KEY,
  WP_AUTH_SALT: salts.AUTH_SALT,
  WP_LOGGED_IN_KEY: salts.LOGGED_IN_KEY,
  WP_LOGGED_IN_SALT: salts.LOGGED_IN_SALT,
  WP_NONCE_KEY: salts.NONCE_KEY,
  WP_NONCE_SALT: salts.NONCE_SALT,
};
const KEYS: AuthKeys = {
  auth: { key: salts.AUTH_KEY, salt: salts.AUTH_SALT },
  logged_in: { key: salts.LOGGED_IN_KEY, salt: salts.LOGGED_IN_SALT },
  nonce: { key: salts.NONCE_KEY, salt: salts.NONCE_SALT },
};
const IN_NONCE_TICK = secondsInTick(cookieVector.nonce_tick, cookieVector.nonce_life_seconds);
const COOKIE = `${cookieVector.logged_in_cookie_name}=${encodeURIComponent(cookieVector.logged_in_cookie_value)}`;

let database: TestDatabase;

/** An agent at `now` (an ISO instant or Unix seconds; the recording instant unless set), with the vectors' keys if asked. */
function agent(options: { now?: string | number; keys?: boolean } = {}) {
  const now = typeof options.now === 'number' ? new Date(options.now * 1000).toISOString() : (options.now ?? RECORDING_INSTANT);
  return agentFor(database, { now, env: options.keys ? KEY_SETTINGS : {} });
}

function eventIds(body: unknown): number[] {
  return (body as { events: { id: number }[] }).events.map((event) => event.id);
}

async function applicationPasswordsOf(userId: number): Promise<Array<Record<string, unknown>>> {
  const row = await database.db
    .selectFrom('usermeta')
    .select('meta_value')
    .where('user_id', '=', userId)
    .where('meta_key', '=', '_application_passwords')
    .executeTakeFirstOrThrow();
  return maybeUnserialize(row.meta_value ?? '') as Array<Record<string, unknown>>;
}

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  await insertUserMeta(database.db, cookieVector.user.ID, [['session_tokens', cookieVector.session_tokens_usermeta]]);
});

afterAll(async () => {
  await database?.drop();
});

describe('application passwords over HTTP Basic', () => {
  it('sign in by login; the admin sees every status and may create', async () => {
    const response = await agent().get(JUNE).set('Authorization', basicAuth('admin', ADMIN_PASSWORD));
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET, POST');
    expect(eventIds(response.body)).toEqual([241, 242, 243, 244, 246, 248, 249, 250, 251]);
  });

  it('sign in by e-mail, with the password in its spaced display form, any case of the login', async () => {
    const spaced = ADMIN_PASSWORD.replace(/(.{4})(?!$)/g, '$1 ');
    for (const name of ['admin@example.test', 'ADMIN']) {
      const response = await agent().get(JUNE).set('Authorization', basicAuth(name, spaced));
      expect(response.status, name).toBe(200);
      expect(response.headers.allow, name).toBe('GET, POST');
    }
  });

  it.each([
    ['an unknown login', 'nobody', 401, 'invalid_username', '<strong>Error:</strong> Unknown username. Check again or try your email address.'],
    ['an unknown e-mail', 'nobody@example.test', 401, 'invalid_email', '<strong>Error:</strong> Unknown email address. Check again or try your username.'],
    ['a wrong password', 'admin', 401, 'incorrect_password', 'The provided password is an invalid application password.'],
    ['an empty login', '', 401, 'invalid_username', '<strong>Error:</strong> Unknown username. Check again or try your email address.'],
  ])('refuses %s with WordPress\'s error', async (_case, name, status, code, message) => {
    const response = await agent().get(JUNE).set('Authorization', basicAuth(name, 'AAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ code, message, data: { status } });
    expect(response.headers.allow).toBeUndefined();
    expect(response.headers.link).toBe('<http://127.0.0.1:8080/wp-json/>; rel="https://api.w.org/"');
  });

  it('never signs an unknown name in as the first user, whose passwords it is checked against for timing', async () => {
    const before = await applicationPasswordsOf(1);
    const response = await agent({ now: '2027-03-01T00:00:00Z' }).get(JUNE).set('Authorization', basicAuth('nobody', ADMIN_PASSWORD));
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('invalid_username');
    expect(await applicationPasswordsOf(1)).toEqual(before);
  });

  it('checks credentials before routing, as WordPress does', async () => {
    const wrong = basicAuth('admin', 'AAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await agent().get(`${ROOT}/nope`).set('Authorization', wrong)).body.code).toBe('incorrect_password');
    expect((await agent().get('/wp-json/other/v2').set('Authorization', wrong)).body.code).toBe('incorrect_password');
    expect((await agent().get(`${ROOT}/nope`).set('Authorization', basicAuth('admin', ADMIN_PASSWORD))).body.code).toBe('rest_no_route');
  });

  it('ignores an Authorization header WordPress would not parse', async () => {
    for (const header of ['Bearer abc', 'Basic %%%', `Basic ${Buffer.from('no-colon').toString('base64')}`]) {
      const response = await agent().get(JUNE).set('Authorization', header);
      expect(response.status, header).toBe(200);
      expect(response.headers.allow, header).toBe('GET');
    }
  });

  it('records the first use of a password: last_used and last_ip, once a day', async () => {
    const editorId = 2;
    expect((await applicationPasswordsOf(editorId))[0]).toMatchObject({ last_used: null, last_ip: null });
    const firstUse = Math.floor(Date.parse(RECORDING_INSTANT) / 1000);
    await agent().get(JUNE).set('Authorization', basicAuth('editor', EDITOR_PASSWORD)).expect(200);
    const [recorded] = await applicationPasswordsOf(editorId);
    expect(recorded).toMatchObject({ last_used: firstUse, last_ip: '127.0.0.1' });
    expect(recorded!.uuid).toBe('1032c0bb-fdf7-4a4d-a445-0acdf4e96c53');

    await agent({ now: firstUse + 86_399 }).get(JUNE).set('Authorization', basicAuth('editor', EDITOR_PASSWORD)).expect(200);
    expect((await applicationPasswordsOf(editorId))[0]).toMatchObject({ last_used: firstUse });
    await agent({ now: firstUse + 86_400 }).get(JUNE).set('Authorization', basicAuth('editor', EDITOR_PASSWORD)).expect(200);
    expect((await applicationPasswordsOf(editorId))[0]).toMatchObject({ last_used: firstUse + 86_400 });
  });

  it('writes nothing for a failed attempt', async () => {
    const before = await applicationPasswordsOf(5);
    await agent().get(JUNE).set('Authorization', basicAuth('subscriber', 'wrong')).expect(401);
    expect(await applicationPasswordsOf(5)).toEqual(before);
  });
});

describe('application passwords on a site that never created one', () => {
  beforeAll(async () => {
    await database.db.deleteFrom('options').where('option_name', '=', 'using_application_passwords').execute();
  });
  afterAll(async () => {
    await database.db
      .insertInto('options')
      .values({ option_name: 'using_application_passwords', option_value: '1', autoload: 'off' })
      .execute();
  });

  it('ignores Basic credentials, right or wrong (WP_Application_Passwords::is_in_use)', async () => {
    for (const password of [ADMIN_PASSWORD, 'wrong']) {
      const response = await agent().get(JUNE).set('Authorization', basicAuth('admin', password));
      expect(response.status).toBe(200);
      expect(response.headers.allow).toBe('GET');
    }
  });
});

describe('logged-in cookie with the REST nonce (WordPress vector)', () => {
  const validNonce = cookieVector.nonce;

  it('signs in as the cookie\'s user when X-WP-Nonce is valid, and sends a fresh nonce', async () => {
    const response = await agent({ now: IN_NONCE_TICK, keys: true }).get(JUNE).set('Cookie', COOKIE).set('X-WP-Nonce', validNonce);
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET, POST');
    expect(eventIds(response.body)).toContain(241);
    const fresh = response.headers['x-wp-nonce'] as string;
    expect(verifyNonce(KEYS, fresh, 'wp_rest', 1, cookieVector.token, IN_NONCE_TICK)).toBe(1);
  });

  it('takes the nonce from _wpnonce in the query string too', async () => {
    const response = await agent({ now: IN_NONCE_TICK, keys: true }).get(`${JUNE}&_wpnonce=${validNonce}`).set('Cookie', COOKIE);
    expect(response.headers.allow).toBe('GET, POST');
  });

  it('serves a cookie without a nonce as an anonymous visitor (CSRF protection)', async () => {
    const response = await agent({ now: IN_NONCE_TICK, keys: true }).get(JUNE).set('Cookie', COOKIE);
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET');
    expect(eventIds(response.body)).not.toContain(241);
  });

  it.each([
    ['a wrong nonce', { cookie: true, nonce: '0123456789' }],
    ['an empty _wpnonce', { cookie: true, nonce: '', viaQuery: true }],
    ['a nonce without its cookie', { cookie: false, nonce: cookieVector.nonce }],
  ])('answers %s with 403 rest_cookie_invalid_nonce', async (_case, { cookie, nonce, viaQuery }: { cookie: boolean; nonce: string; viaQuery?: boolean }) => {
    let request = agent({ now: IN_NONCE_TICK, keys: true }).get(viaQuery ? `${JUNE}&_wpnonce=${nonce}` : JUNE);
    if (cookie) request = request.set('Cookie', COOKIE);
    if (!viaQuery) request = request.set('X-WP-Nonce', nonce);
    const response = await request;
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } });
  });

  it('refuses the cookie once it expired or its session is gone; the nonce then fails too', async () => {
    const expired = agent({ now: cookieVector.expiration + 1, keys: true });
    expect((await expired.get(JUNE).set('Cookie', COOKIE).set('X-WP-Nonce', validNonce)).status).toBe(403);

    await database.db.deleteFrom('usermeta').where('user_id', '=', 1).where('meta_key', '=', 'session_tokens').execute();
    try {
      const response = await agent({ now: IN_NONCE_TICK, keys: true }).get(JUNE).set('Cookie', COOKIE).set('X-WP-Nonce', validNonce);
      expect(response.status).toBe(403);
    } finally {
      await insertUserMeta(database.db, 1, [['session_tokens', cookieVector.session_tokens_usermeta]]);
    }
  });

  it('lets the cookie win over Basic credentials, which are then not checked', async () => {
    const response = await agent({ now: IN_NONCE_TICK, keys: true })
      .get(JUNE)
      .set('Cookie', COOKIE)
      .set('X-WP-Nonce', validNonce)
      .set('Authorization', basicAuth('admin', 'wrong'));
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET, POST');
  });

  it('needs no nonce when an application password signed the user in', async () => {
    const response = await agent({ now: IN_NONCE_TICK, keys: true })
      .get(JUNE)
      .set('X-WP-Nonce', 'stale-nonce')
      .set('Authorization', basicAuth('admin', ADMIN_PASSWORD));
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET, POST');
  });

  it('is off without the keys and salts: the cookie is ignored, and the nonce, which cannot be verified, refused', async () => {
    const withNonce = await agent({ now: IN_NONCE_TICK }).get(JUNE).set('Cookie', COOKIE).set('X-WP-Nonce', '0123456789');
    expect(withNonce.status).toBe(403);
    expect(withNonce.body.code).toBe('rest_cookie_invalid_nonce');
    const cookieOnly = await agent({ now: IN_NONCE_TICK }).get(JUNE).set('Cookie', COOKIE);
    expect(cookieOnly.status).toBe(200);
    expect(cookieOnly.headers.allow).toBe('GET');
  });
});

describe('configuration of the keys and salts', () => {
  it('takes all six or none', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://u@h/d' }).authKeys).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'mysql://u@h/d', ...KEY_SETTINGS }).authKeys).toEqual(KEYS);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u@h/d', WP_AUTH_KEY: 'x' })).toThrow(/WP_AUTH_SALT/);
  });
});
