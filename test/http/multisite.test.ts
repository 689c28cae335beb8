import { readFile } from 'node:fs/promises';
import { createConnection } from 'mysql2/promise';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { isMultisiteNetwork } from '../../src/http/authenticate.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { basicAuth, insertDefaultRoles, insertEvent, insertUser, setOption } from '../builders/index.js';

/**
 * A multisite sub-site: its posts, terms and options are `wp_2_*` tables, while the network
 * shares `wp_users`, `wp_usermeta` and `wp_sitemeta`. The user's role on site 2 is in
 * `wp_2_capabilities`, the roles in `wp_2_user_roles`; whether application passwords are in use
 * is a network option, in `wp_sitemeta` only. With TABLE_PREFIX=wp_2_ the service must read
 * users and network options under `wp_`.
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
  await connection.query(NETWORK_OPTIONS_TABLE);
  await connection.end();

  site = createDb({ databaseUrl: database.url, tablePrefix: 'wp_2_', baseTablePrefix: 'wp_' });
  await insertDefaultRoles(site, 'wp_2_');
  // WordPress keeps the flag as a network option (update_network_option on the main network):
  // in wp_sitemeta, not in any site's options table.
  await site.deleteFrom('options').where('option_name', '=', IN_USE_FLAG).execute();
  await setNetworkOption(MAIN_NETWORK, IN_USE_FLAG, '1');
  const editor = await insertUser(site, 'wp_2_', { user_login: 'site2editor', role: 'editor' });
  editorAuth = basicAuth(editor.login, editor.appPassword!);
  await insertEvent(site, { post_title: 'Site 2 published', start_date: '2026-12-01 10:00:00' });
  draftId = (await insertEvent(site, { post_title: 'Site 2 draft', post_status: 'draft', start_date: '2026-12-02 10:00:00' })).id;
});

// populate_network()'s table, as wp-admin/includes/schema.php creates it.
const NETWORK_OPTIONS_TABLE = `CREATE TABLE wp_sitemeta (
  meta_id bigint(20) unsigned NOT NULL auto_increment,
  site_id bigint(20) unsigned NOT NULL default '0',
  meta_key varchar(255) default NULL,
  meta_value longtext,
  PRIMARY KEY (meta_id),
  KEY meta_key (meta_key(191)),
  KEY site_id (site_id)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`;
const IN_USE_FLAG = 'using_application_passwords';
const MAIN_NETWORK = 1;

async function setNetworkOption(networkId: number, key: string, value: string): Promise<void> {
  await site.insertInto('sitemeta').values({ site_id: networkId, meta_key: key, meta_value: value }).execute();
}

function agentOnSite2() {
  const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: 'wp_2_' });
  return supertest(createHandler({ db: site, config, clock: fixedClock('2026-11-21T12:00:00Z') }));
}

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

  it('counts as a multisite network only when the site prefix differs from the base prefix', () => {
    expect(isMultisiteNetwork(loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: 'wp_2_' }))).toBe(true);
    expect(isMultisiteNetwork(loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: 'wp_' }))).toBe(false);
    expect(isMultisiteNetwork(loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: 'shop_', BASE_TABLE_PREFIX: 'net_' }))).toBe(true);
  });

  it('signs a network user in with the role they hold on this site', async () => {
    const agent = agentOnSite2();

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

  it('reads using_application_passwords from the network (wp_sitemeta), not the site options', async () => {
    const agent = agentOnSite2();
    const seenBy = async () => (await agent.get(`${ROOT}/events`).set('Authorization', editorAuth)).body.total as number;
    try {
      // Only the site's options table says "in use": WordPress ignores it on a network, so the
      // Basic credentials are not checked and the request is anonymous.
      await site.deleteFrom('sitemeta').where('meta_key', '=', IN_USE_FLAG).execute();
      await setOption(site, IN_USE_FLAG, '1');
      expect(await seenBy()).toBe(1);
      // Another network's flag does not count either (get_main_network_id() is network 1).
      await setNetworkOption(2, IN_USE_FLAG, '1');
      expect(await seenBy()).toBe(1);
    } finally {
      await site.deleteFrom('options').where('option_name', '=', IN_USE_FLAG).execute();
      await site.deleteFrom('sitemeta').where('meta_key', '=', IN_USE_FLAG).execute();
      await setNetworkOption(MAIN_NETWORK, IN_USE_FLAG, '1');
    }
    expect(await seenBy()).toBe(2);
  });
});

describe("a sub-site's plugin set", () => {
  it("counts the network's plugins (active_sitewide_plugins in wp_sitemeta) with the site's own, and reads it again after clear()", async () => {
    const { createSiteSettingsCache } = await import('../../src/wp/site/site.js');
    const settings = createSiteSettingsCache(site, fixedClock('2026-11-21T12:00:00Z'), undefined, true);
    expect((await settings()).plugins.eventTickets).toBeUndefined();
    await setNetworkOption(MAIN_NETWORK, 'active_sitewide_plugins', 'a:1:{s:31:"event-tickets/event-tickets.php";i:1700000000;}');
    try {
      settings.clear();
      const { plugins } = await settings();
      expect(plugins.eventTickets).toMatchObject({ version: undefined, providers: ['rsvp'] });
      expect(plugins.networkActivated).toEqual(['event-tickets/event-tickets.php']);
      // A single site's settings never look at the network table.
      settings.clear();
      expect((await createSiteSettingsCache(site, fixedClock('2026-11-21T12:00:00Z'))()).plugins.eventTickets).toBeUndefined();
    } finally {
      await site.deleteFrom('sitemeta').where('meta_key', '=', 'active_sitewide_plugins').execute();
    }
  });
});
