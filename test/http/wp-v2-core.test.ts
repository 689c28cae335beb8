import { createHash } from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { phpSerialize } from '../../src/wp/php/php-values.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { basicAuth, insertUser, insertUserMeta, setOption, type InsertedUser } from '../builders/index.js';
import { recordedUserAuth } from './support.js';

/**
 * WordPress core's `GET /wp/v2/users/me` and `GET /wp/v2/settings`, served beside tec/v1 (what
 * TEC's MCP server reads as it starts): the reference site's administrator and options, and
 * hand-built users for the edit context, roles, capabilities, meta and the avatar and link rules.
 * No capture holds these two routes: the expected bodies follow WP_REST_Users_Controller and
 * WP_REST_Settings_Controller (WordPress 6.8+, sha256 Gravatar hashes).
 */

const CORE = '/wp-json/wp/v2';
const NOW = '2026-11-26T21:07:30Z';

let database: TestDatabase;
let editor: InsertedUser;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  editor = await insertUser(database.db, 'wp_', {
    user_login: 'Maria.Lopez',
    user_email: ' Maria.Lopez@Example.TEST ',
    user_nicename: 'maria-lopez',
    display_name: 'María López',
    user_url: 'https://maria.example',
    user_registered: '2025-03-09 07:05:04',
    role: 'editor',
    capabilities: { manage_options: true, moderate_comments: false },
  });
  await insertUserMeta(database.db, editor.id, [
    ['first_name', 'María'],
    ['last_name', 'López'],
    ['nickname', 'maria'],
    ['description', 'Runs the <b>calendar</b>.'],
    ['locale', 'es_ES'],
    ['wp_persisted_preferences', phpSerialize({ core: { fixedToolbar: true }, _modified: '2026-11-20T10:00:00.000Z' })],
  ]);
});
afterAll(async () => {
  await database?.drop();
});

function agent(env: Record<string, string> = {}) {
  const config = loadConfig({ DATABASE_URL: database.url, NAMESPACES: 'calendar/events/v1,tec/v1', ...env });
  return supertest(createHandler({ db: database.db, config, clock: fixedClock(NOW) }));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The three REST sizes on the http Gravatar host the hash's first digit picks. */
function httpAvatars(email: string, query = 'd=mm&r=g'): Record<string, string> {
  const hash = sha256(email.trim().toLowerCase());
  const host = `http://${Number.parseInt(hash[0]!, 16) % 3}.gravatar.com/avatar/${hash}`;
  return { 24: `${host}?s=24&${query}`, 48: `${host}?s=48&${query}`, 96: `${host}?s=96&${query}` };
}

describe('GET /wp/v2/users/me', () => {
  it('answers an anonymous request 401 rest_not_logged_in', async () => {
    const response = await agent().get(`${CORE}/users/me`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } });
  });

  it("shows the reference administrator's view context, keys in order", async () => {
    const response = await agent().get(`${CORE}/users/me`).set('Authorization', recordedUserAuth('admin'));
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).toBe(
      JSON.stringify({
        id: 1,
        name: 'admin',
        url: 'http://127.0.0.1:8080',
        description: '',
        link: 'http://127.0.0.1:8080/author/admin/',
        slug: 'admin',
        avatar_urls: httpAvatars('admin@example.test'),
        meta: [],
        _links: {
          self: [{ href: 'http://127.0.0.1:8080/wp-json/wp/v2/users/1' }],
          collection: [{ href: 'http://127.0.0.1:8080/wp-json/wp/v2/users' }],
        },
      }),
    );
  });

  it('shows the edit context to the user themself: roles, capabilities as WP_User merges them, meta', async () => {
    const response = await agent().get(`${CORE}/users/me?context=edit`).set('Authorization', basicAuth(editor.login, editor.appPassword!));
    expect(response.status).toBe(200);
    const body = response.body as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'id', 'username', 'name', 'first_name', 'last_name', 'email', 'url', 'description', 'link', 'locale', 'nickname',
      'slug', 'roles', 'registered_date', 'capabilities', 'extra_capabilities', 'avatar_urls', 'meta', '_links',
    ]);
    expect(body).toMatchObject({
      id: editor.id,
      username: 'Maria.Lopez',
      name: 'María López',
      first_name: 'María',
      last_name: 'López',
      email: ' Maria.Lopez@Example.TEST ',
      description: 'Runs the <b>calendar</b>.',
      link: 'http://127.0.0.1:8080/author/maria-lopez/',
      locale: 'es_ES',
      nickname: 'maria',
      slug: 'maria-lopez',
      roles: ['editor'],
      registered_date: '2025-03-09T07:05:04+00:00',
      extra_capabilities: { editor: true, manage_options: true, moderate_comments: false },
      avatar_urls: httpAvatars('maria.lopez@example.test'),
      meta: { persisted_preferences: { core: { fixedToolbar: true }, _modified: '2026-11-20T10:00:00.000Z' } },
    });
    const capabilities = body.capabilities as Record<string, unknown>;
    // The role's capabilities first, then the user's own entries merged on top as array_merge
    // does: a key the role has keeps its place with the user's value, new keys come last.
    expect(capabilities.edit_tribe_events).toBe(true);
    expect(capabilities.moderate_comments).toBe(false);
    expect(Object.keys(capabilities).indexOf('moderate_comments')).toBe(0);
    expect(Object.keys(capabilities).slice(-2)).toEqual(['editor', 'manage_options']);
    expect(capabilities.switch_themes).toBeUndefined();
  });

  it('shows the embed context without meta, and refuses an unknown context', async () => {
    const auth = basicAuth(editor.login, editor.appPassword!);
    const embed = await agent().get(`${CORE}/users/me?context=embed`).set('Authorization', auth);
    expect(Object.keys(embed.body as object)).toEqual(['id', 'name', 'url', 'description', 'link', 'slug', 'avatar_urls', '_links']);
    const wrong = await agent().get(`${CORE}/users/me?context=admin`).set('Authorization', auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): context',
      data: {
        status: 400,
        params: { context: 'context is not one of view, embed, and edit.' },
        details: { context: { code: 'rest_not_in_enum', message: 'context is not one of view, embed, and edit.', data: null } },
      },
    });
  });

  it('follows the site: no avatars when they are off, https Gravatars and plain-permalink links', async () => {
    await setOption(database.db, 'show_avatars', '');
    try {
      const response = await agent().get(`${CORE}/users/me`).set('Authorization', recordedUserAuth('admin'));
      expect(response.body).not.toHaveProperty('avatar_urls');
    } finally {
      await setOption(database.db, 'show_avatars', '1');
    }
    await setOption(database.db, 'permalink_structure', '');
    await setOption(database.db, 'avatar_default', 'identicon');
    try {
      const response = await agent({ PUBLIC_URL: 'https://events.example.org' }).get(`${CORE}/users/me`).set('Authorization', recordedUserAuth('admin'));
      const hash = sha256('admin@example.test');
      expect(response.body.avatar_urls['96']).toBe(`https://secure.gravatar.com/avatar/${hash}?s=96&d=identicon&r=g`);
      expect(response.body.link).toBe('https://events.example.org/?author=1');
      expect(response.body._links.self).toEqual([{ href: 'https://events.example.org/?rest_route=/wp/v2/users/1' }]);
    } finally {
      await setOption(database.db, 'permalink_structure', '/%postname%/');
      await setOption(database.db, 'avatar_default', 'mystery');
    }
  });
});

describe('GET /wp/v2/settings', () => {
  it('needs manage_options: 401 anonymous, 403 for a subscriber, 200 for a user granted it', async () => {
    const anonymous = await agent().get(`${CORE}/settings`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
    const subscriber = await agent().get(`${CORE}/settings`).set('Authorization', recordedUserAuth('subscriber'));
    expect(subscriber.status).toBe(403);
    expect(subscriber.body.code).toBe('rest_forbidden');
    const granted = await agent().get(`${CORE}/settings`).set('Authorization', basicAuth(editor.login, editor.appPassword!));
    expect(granted.status).toBe(200);
  });

  it("lists the reference site's settings, each cast to its type, in registration order", async () => {
    const response = await agent().get(`${CORE}/settings`).set('Authorization', recordedUserAuth('admin'));
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).toBe(
      JSON.stringify({
        title: 'TEC Oracle',
        description: '',
        url: 'http://127.0.0.1:8080',
        email: 'admin@example.test',
        timezone: 'UTC',
        date_format: 'F j, Y',
        time_format: 'g:i a',
        start_of_week: 1,
        // No WPLANG row: the registered default.
        language: 'en_US',
        use_smilies: true,
        default_category: 1,
        default_post_format: '0',
        posts_per_page: 10,
        show_on_front: 'posts',
        page_on_front: 0,
        page_for_posts: 0,
        default_ping_status: 'open',
        default_comment_status: 'open',
        // No site_logo row and no default: null.
        site_logo: null,
        site_icon: 0,
      }),
    );
  });

  it('answers null for a value its schema refuses, and sees options changed behind its back', async () => {
    const client = agent();
    const read = async () => (await client.get(`${CORE}/settings`).set('Authorization', recordedUserAuth('admin'))).body as Record<string, unknown>;
    expect((await read()).title).toBe('TEC Oracle');
    await setOption(database.db, 'blogname', 'Renamed behind its back');
    await setOption(database.db, 'start_of_week', 'monday');
    await setOption(database.db, 'default_ping_status', 'sometimes');
    await setOption(database.db, 'use_smilies', '0');
    await setOption(database.db, 'admin_email', 'not-an-address');
    await setOption(database.db, 'WPLANG', '');
    try {
      expect(await read()).toMatchObject({
        title: 'Renamed behind its back',
        start_of_week: null,
        default_ping_status: null,
        use_smilies: false,
        email: null,
        // A row, even empty, is what get_option() gives.
        language: '',
      });
    } finally {
      await setOption(database.db, 'blogname', 'TEC Oracle');
      await setOption(database.db, 'start_of_week', '1');
      await setOption(database.db, 'default_ping_status', 'open');
      await setOption(database.db, 'use_smilies', '1');
      await setOption(database.db, 'admin_email', 'admin@example.test');
      await database.db.deleteFrom('options').where('option_name', '=', 'WPLANG').execute();
    }
  });
});

describe('the core routes are served with tec/v1 only', () => {
  it('answers rest_no_route when NAMESPACES does not name tec/v1', async () => {
    const config = loadConfig({ DATABASE_URL: database.url });
    const client = supertest(createHandler({ db: database.db, config, clock: fixedClock(NOW) }));
    for (const path of ['users/me', 'settings']) {
      const response = await client.get(`${CORE}/${path}`).set('Authorization', recordedUserAuth('admin'));
      expect(response.status, path).toBe(404);
      expect(response.body.code).toBe('rest_no_route');
    }
  });
});
