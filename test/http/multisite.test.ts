import { readFile } from 'node:fs/promises';
import { createConnection } from 'mysql2/promise';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { basicAuth, insertDefaultRoles, insertEvent, insertUser, setOption } from '../builders/index.js';

/**
 * A multisite sub-site: its posts, terms and options are `wp_2_*` tables, while the network
 * shares `wp_users` and `wp_usermeta`. The user's role on site 2 is in `wp_2_capabilities`, the
 * roles in `wp_2_user_roles`. With TABLE_PREFIX=wp_2_ the service must read users under `wp_`.
 */
const ROOT = '/wp-json/calendar/events/v1';
let database: TestDatabase;
let site: Db;
let draftId: number;
let editorAuth: string;

beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'wp_' });
  const schema = await readFile(new URL('../../fixtures/schema.sql', import.meta.url), 'utf8');
  const options = await readFile(new URL('../../fixtures/seed-options.sql', import.meta.url), 'utf8');
  const connection = await createConnection({ uri: database.url, multipleStatements: true });
  await connection.query(`${schema}\n${options}`.replaceAll('{prefix}', 'wp_2_'));
  // Site 2 has no users tables of its own: drop them so a wrong prefix fails loudly.
  await connection.query('DROP TABLE wp_2_users, wp_2_usermeta');
  await connection.end();

  site = createDb({ databaseUrl: database.url, tablePrefix: 'wp_2_', baseTablePrefix: 'wp_' });
  await insertDefaultRoles(site, 'wp_2_');
  await setOption(site, 'using_application_passwords', '1');
  const editor = await insertUser(site, 'wp_2_', { user_login: 'site2editor', role: 'editor' });
  editorAuth = basicAuth(editor.login, editor.appPassword!);
  await insertEvent(site, { post_title: 'Site 2 published', start_date: '2026-12-01 10:00:00' });
  draftId = (await insertEvent(site, { post_title: 'Site 2 draft', post_status: 'draft', start_date: '2026-12-02 10:00:00' })).id;
});

afterAll(async () => {
  await site?.destroy();
  await database?.drop();
});

describe('a multisite sub-site (TABLE_PREFIX=wp_2_)', () => {
  it('derives the network prefix for users from the sub-site prefix', () => {
    expect(loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: 'wp_2_' }).baseTablePrefix).toBe('wp_');
    expect(loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: 'site_' }).baseTablePrefix).toBe('site_');
    expect(loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: 'wp_2_', BASE_TABLE_PREFIX: 'net_' }).baseTablePrefix).toBe('net_');
  });

  it('signs a network user in with the role they hold on this site', async () => {
    const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: 'wp_2_' });
    const app = createApp({ db: site, config, clock: fixedClock('2026-11-21T12:00:00Z') });
    const agent = supertest(app.callback());

    const anonymous = await agent.get(`${ROOT}/events`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.total).toBe(1);

    const editor = await agent.get(`${ROOT}/events`).set('Authorization', editorAuth);
    expect(editor.status).toBe(200);
    expect(editor.body.total).toBe(2);
    const draft = await agent.get(`${ROOT}/events/${draftId}`).set('Authorization', editorAuth);
    expect(draft.status).toBe(200);
    expect(draft.body.title).toBe('Site 2 draft');
  });
});
