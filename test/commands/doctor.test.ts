import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl, runDoctorCommand } from '../../src/commands/doctor.js';
import type { DoctorCheck } from '../../src/commands/doctor.checks.js';
import { checkBinlogAccess, checkProbeAccess, selectInnodbLsn } from '../../src/feed/feed-access.js';
import { addOptInIndexes, removeOptInIndexes } from '../../src/wp/tec/opt-in-indexes.repository.js';
import { setOption } from '../builders/index.js';
import { createTestDatabase, testServerUrl, type TestDatabase } from '../setup/database.js';

/**
 * `npm run doctor` against real databases: the reference site passes every check; each way a
 * site can be wrong for this service (another prefix, TEC off, custom tables gone) is reported
 * with its verdict and exit code; and the change feed's access checks read the shared server as
 * it is (binlog off, LSN readable).
 */

let reference: TestDatabase;
let otherPrefix: TestDatabase;

beforeAll(async () => {
  [reference, otherPrefix] = await Promise.all([createTestDatabase({ dump: 'reference' }), createTestDatabase({ prefix: 'abc_' })]);
});

afterAll(async () => {
  await Promise.all([reference?.drop(), otherPrefix?.drop()]);
});

const SALTS = {
  WP_AUTH_KEY: 'a',
  WP_AUTH_SALT: 'b',
  WP_LOGGED_IN_KEY: 'c',
  WP_LOGGED_IN_SALT: 'd',
  WP_NONCE_KEY: 'e',
  WP_NONCE_SALT: 'f',
};

interface Run {
  code: number;
  lines: string[];
  errors: string[];
}

async function doctor(argv: string[], env: Record<string, string> = {}): Promise<Run> {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runDoctorCommand(argv, env, { print: (line) => lines.push(line), printError: (line) => errors.push(line) });
  return { code, lines, errors };
}

/** The --json report's checks by id. */
async function doctorJson(url: string, env: Record<string, string> = {}): Promise<{ code: number; checks: Map<string, DoctorCheck> }> {
  const run = await doctor([url, '--json'], env);
  const report = JSON.parse(run.lines.join('\n')) as { exitCode: number; checks: DoctorCheck[] };
  expect(report.exitCode).toBe(run.code);
  return { code: run.code, checks: new Map(report.checks.map((item) => [item.id, item])) };
}

describe('doctor on the reference site', () => {
  it('gives every check its verdict and exits 0', async () => {
    const { code, checks } = await doctorJson(reference.url, SALTS);
    expect(code).toBe(0);
    expect(Object.fromEntries([...checks].map(([id, item]) => [id, item.verdict]))).toEqual({
      prefix: 'ok',
      server: 'ok',
      engine: 'ok',
      charset: 'ok',
      wordpress: 'ok',
      'tec-active': 'ok',
      'tec-version': 'ok',
      'custom-tables': 'ok',
      timezone: 'ok',
      permalinks: 'ok',
      urls: 'ok',
      language: 'ok',
      companions: 'ok',
      'application-passwords': 'ok',
      indexes: 'ok',
      multisite: 'ok',
      salts: 'ok',
      'object-cache': 'ok',
      'change-feed': 'ok',
    });
    expect(checks.get('prefix')?.summary).toContain('wp_posts and wp_options found');
    expect(checks.get('server')?.summary).toMatch(/^MariaDB \d+\.\d+\.\d+/);
    expect(checks.get('charset')?.summary).toBe('utf8mb4 (utf8mb4_unicode_520_ci)');
    expect(checks.get('wordpress')?.summary).toBe('db_version 61833: WordPress 7.0 or later');
    expect(checks.get('tec-version')?.summary).toBe('TEC 6.17.2 (tec_events schema 1.0.1; tec_occurrences schema 1.0.3)');
    expect(checks.get('custom-tables')?.summary).toContain('migration-not-required: event lists read tec_occurrences');
    expect(checks.get('timezone')?.summary).toBe('site zone UTC');
    expect(checks.get('permalinks')?.summary).toBe('pretty permalinks (/%postname%/): REST URLs are http://127.0.0.1:8080/wp-json/...');
    expect(checks.get('urls')?.summary).toBe('home http://127.0.0.1:8080, siteurl http://127.0.0.1:8080');
    expect(checks.get('language')?.summary).toBe('language English (WPLANG empty)');
    expect(checks.get('application-passwords')?.summary).toMatch(/^[1-9]\d* users? ha(ve|s) application passwords/);
    expect(checks.get('multisite')?.summary).toMatch(/^single site/);
    expect(checks.get('change-feed')?.summary).toMatch(/^change feed: probe \(InnoDB LSN from mariadb/);
  });

  it('prints one line a check, verdict first, and a closing line', async () => {
    const run = await doctor([reference.url], SALTS);
    expect(run.code).toBe(0);
    expect(run.errors).toEqual([]);
    expect(run.lines).toHaveLength(20);
    for (const line of run.lines.slice(0, -1)) expect(line).toMatch(/^(ok|warn|fail)\s+[a-z-]+\s+\S/);
    expect(run.lines.at(-1)).toBe('ready to serve');
  });

  it('warns when the service listens elsewhere than the site\'s home, and names PUBLIC_URL', async () => {
    const elsewhere = await doctorJson(reference.url, { ...SALTS, PORT: '9090' });
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.checks.get('urls')).toMatchObject({
      verdict: 'warn',
      summary: 'home http://127.0.0.1:8080, siteurl http://127.0.0.1:8080: links in answers name http://127.0.0.1:8080, but the service listens on http://127.0.0.1:9090',
      action: expect.stringContaining('PUBLIC_URL=http://127.0.0.1:9090 when they come straight to it'),
    });
    const told = await doctorJson(reference.url, { ...SALTS, PORT: '9090', PUBLIC_URL: 'http://127.0.0.1:9090' });
    expect(told.checks.get('urls')?.verdict).toBe('ok');
  });

  it('warns when the salts are missing: cookie + nonce authentication is refused, exit still 0', async () => {
    const { code, checks } = await doctorJson(reference.url);
    expect(code).toBe(0);
    expect(checks.get('salts')).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('cookie + nonce authentication is refused') });
  });

  it('takes DATABASE_URL from the environment when no argument is given, and the argument over the environment', async () => {
    expect((await doctor([], { ...SALTS, DATABASE_URL: reference.url })).code).toBe(0);
    const run = await doctor([reference.url], { ...SALTS, DATABASE_URL: otherPrefix.url });
    expect(run.code).toBe(0);
  });

  it('fails when The Events Calendar is not active, exit 1', async () => {
    const [before] = await reference.db.selectFrom('options').select('option_value').where('option_name', '=', 'active_plugins').execute();
    await setOption(reference.db, 'active_plugins', 'a:1:{i:0;s:19:"akismet/akismet.php";}');
    try {
      const { code, checks } = await doctorJson(reference.url, SALTS);
      expect(code).toBe(1);
      expect(checks.get('tec-active')).toMatchObject({ verdict: 'fail', summary: 'The Events Calendar is not active on this site' });
    } finally {
      await setOption(reference.db, 'active_plugins', before!.option_value);
    }
  });

  it('warns of a persistent object cache when OBJECT_CACHE_URL is not set, and not once it is', async () => {
    const [before] = await reference.db.selectFrom('options').select('option_value').where('option_name', '=', 'active_plugins').execute();
    await setOption(
      reference.db,
      'active_plugins',
      'a:2:{i:0;s:43:"the-events-calendar/the-events-calendar.php";i:1;s:27:"redis-cache/redis-cache.php";}',
    );
    try {
      const without = await doctorJson(reference.url, SALTS);
      expect(without.code).toBe(0);
      expect(without.checks.get('object-cache')).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('redis-cache/redis-cache.php') });
      expect(without.checks.get('object-cache')?.action).toContain('stale');
      const withUrl = await doctorJson(reference.url, { ...SALTS, OBJECT_CACHE_URL: 'redis://127.0.0.1:6379/0' });
      expect(withUrl.checks.get('object-cache')?.verdict).toBe('ok');
      // LiteSpeed Cache's object cache is a switch in its options, not the plugin itself.
      await setOption(reference.db, 'active_plugins', before!.option_value);
      await setOption(reference.db, 'litespeed.conf.object', '1');
      expect((await doctorJson(reference.url, SALTS)).checks.get('object-cache')).toMatchObject({
        verdict: 'warn',
        summary: expect.stringContaining('LiteSpeed object cache on'),
      });
    } finally {
      await setOption(reference.db, 'active_plugins', before!.option_value);
      await reference.db.deleteFrom('options').where('option_name', '=', 'litespeed.conf.object').execute();
    }
  });

  it('reports the opt-in indexes missing, then present once the indexes command added them', async () => {
    const missing = await doctorJson(reference.url, SALTS);
    expect(missing.checks.get('indexes')?.summary).toBe(
      'opt-in indexes present: none; missing: calendar_sidecar_start, calendar_sidecar_start_utc, calendar_sidecar_end, calendar_sidecar_end_utc, calendar_sidecar_meta_value',
    );
    await addOptInIndexes(reference.db);
    try {
      const present = await doctorJson(reference.url, SALTS);
      expect(present.checks.get('indexes')).toEqual({
        id: 'indexes',
        verdict: 'ok',
        summary: 'opt-in indexes present: calendar_sidecar_start, calendar_sidecar_start_utc, calendar_sidecar_end, calendar_sidecar_end_utc, calendar_sidecar_meta_value; missing: none',
      });
    } finally {
      await removeOptInIndexes(reference.db);
    }
  });

  it('names the language and whether its translations ship', async () => {
    await setOption(reference.db, 'WPLANG', 'de_DE');
    try {
      expect((await doctorJson(reference.url, SALTS)).checks.get('language')).toMatchObject({ verdict: 'ok', summary: 'language de_DE: translations shipped' });
      await setOption(reference.db, 'WPLANG', 'nl_NL');
      expect((await doctorJson(reference.url, SALTS)).checks.get('language')?.verdict).toBe('warn');
    } finally {
      await reference.db.deleteFrom('options').where('option_name', '=', 'WPLANG').execute();
    }
  });

  it('tells a multisite network, and TEC network-activated in its sitemeta', async () => {
    await sql`create table ${sql.table('wp_blogs')} (blog_id bigint unsigned not null auto_increment primary key, site_id bigint unsigned not null default 0, domain varchar(200) not null default '', path varchar(100) not null default '')`.execute(reference.db);
    await sql`create table ${sql.table('wp_sitemeta')} (meta_id bigint unsigned not null auto_increment primary key, site_id bigint unsigned not null default 0, meta_key varchar(255) default null, meta_value longtext)`.execute(reference.db);
    const [before] = await reference.db.selectFrom('options').select('option_value').where('option_name', '=', 'active_plugins').execute();
    try {
      await reference.db
        .insertInto('sitemeta')
        .values({ site_id: 1, meta_key: 'active_sitewide_plugins', meta_value: 'a:1:{s:43:"the-events-calendar/the-events-calendar.php";i:1700000000;}' })
        .execute();
      await setOption(reference.db, 'active_plugins', 'a:0:{}');
      const { code, checks } = await doctorJson(reference.url, SALTS);
      expect(code).toBe(0);
      expect(checks.get('multisite')?.summary).toBe('multisite network under wp_ (users and sitemeta there); this is the main site (blog 1)');
      expect(checks.get('tec-active')).toMatchObject({ verdict: 'ok', summary: 'The Events Calendar is network-activated' });
    } finally {
      await setOption(reference.db, 'active_plugins', before!.option_value);
      await sql`drop table ${sql.table('wp_blogs')}, ${sql.table('wp_sitemeta')}`.execute(reference.db);
    }
  });
});

describe('doctor on a database whose tables carry another prefix', () => {
  it('fails naming the prefix found, skips the site checks, exit 1', async () => {
    const { code, checks } = await doctorJson(otherPrefix.url, SALTS);
    expect(code).toBe(1);
    expect(checks.get('prefix')).toEqual({
      id: 'prefix',
      verdict: 'fail',
      summary: 'table prefix wp_: wp_posts and wp_options missing; prefixes found: abc_ (site checks skipped)',
      action: 'set TABLE_PREFIX=abc_',
    });
    expect(checks.has('tec-active')).toBe(false);
    expect(checks.get('change-feed')?.verdict).toBe('ok');
  });

  it('passes the prefix check with TABLE_PREFIX set, and then fails on TEC not being active (no active_plugins)', async () => {
    const { code, checks } = await doctorJson(otherPrefix.url, { ...SALTS, TABLE_PREFIX: 'abc_' });
    expect(checks.get('prefix')?.verdict).toBe('ok');
    expect(checks.get('tec-active')?.verdict).toBe('fail');
    expect(checks.get('tec-version')?.verdict).toBe('warn');
    expect(code).toBe(1);
  });
});

describe('doctor when the custom tables are gone', () => {
  let site: TestDatabase;
  beforeAll(async () => {
    site = await createTestDatabase({ dump: 'reference' });
  });
  afterAll(async () => {
    await site?.drop();
  });

  it('fails while the options still say migrated, then says meta mode once the options are gone too', async () => {
    await sql`drop table ${sql.table('wp_tec_occurrences')}, ${sql.table('wp_tec_events')}`.execute(site.db);
    const stale = await doctorJson(site.url, SALTS);
    expect(stale.code).toBe(1);
    expect(stale.checks.get('custom-tables')).toMatchObject({ verdict: 'fail', summary: expect.stringContaining('event lists would fail') });
    expect(stale.checks.get('indexes')?.summary).toBe('opt-in indexes: not applicable (no tec_occurrences table)');

    await site.db
      .deleteFrom('options')
      .where('option_name', 'in', ['tec_ct1_migration_state', 'tec_ct1_occurrences_table_schema_version', 'tec_ct1_events_table_schema_version'])
      .execute();
    const meta = await doctorJson(site.url, SALTS);
    expect(meta.code).toBe(0);
    expect(meta.checks.get('custom-tables')).toEqual({
      id: 'custom-tables',
      verdict: 'ok',
      summary: 'no TEC 6 custom tables, no migration state: event lists read the date meta (meta mode)',
    });
  });
});

describe('doctor on a site with a table of another engine', () => {
  let site: TestDatabase;
  beforeAll(async () => {
    site = await createTestDatabase({ dump: 'reference' });
    await sql`alter table ${sql.table('wp_termmeta')} engine = MyISAM`.execute(site.db);
  });
  afterAll(async () => {
    await site?.drop();
  });

  it('warns of the table, and that the probe change feed cannot see writes to it, exit 0', async () => {
    const { code, checks } = await doctorJson(site.url, SALTS);
    expect(code).toBe(0);
    expect(checks.get('engine')).toMatchObject({ verdict: 'warn', summary: 'not InnoDB: wp_termmeta (MyISAM)' });
    expect(checks.get('change-feed')).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('blind to writes to wp_termmeta') });
  });
});

describe('doctor usage errors and an unreachable database', () => {
  it('exits 2 with one clear line for a server nobody listens on', async () => {
    const run = await doctor(['mysql://someone:secret@127.0.0.1:1/wordpress']);
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([]);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toBe('cannot reach the database at mysql://someone:***@127.0.0.1:1/wordpress: connect ECONNREFUSED 127.0.0.1:1');
  });

  it('exits 2 for a database that does not exist', async () => {
    const url = `${testServerUrl()}/cs_no_such_database`;
    const run = await doctor([url]);
    expect(run.code).toBe(2);
    expect(run.errors).toEqual([`cannot reach the database at ${redactUrl(url)}: ER_BAD_DB_ERROR Unknown database 'cs_no_such_database'`]);
  });

  it('exits 2 saying it does not apply to a SQLite file', async () => {
    const run = await doctor(['sqlite:/srv/site/.ht.sqlite']);
    expect(run.code).toBe(2);
    expect(run.errors).toEqual(['doctor checks MySQL/MariaDB sites; it is not applicable to a SQLite file']);
  });

  it('exits 2 with the usage for no URL at all or an unknown option', async () => {
    for (const argv of [[], ['--verbose']]) {
      const run = await doctor(argv);
      expect(run.code).toBe(2);
      expect(run.errors.join('\n')).toContain('usage: npm run doctor -- [DATABASE_URL] [--json]');
    }
  });

  it('exits 1 (as the service does) with one line saying what is wrong with a malformed URL and how to write it, never its password', async () => {
    for (const [url, problem] of [
      ['postgres://x/y', /^Invalid configuration: DATABASE_URL: DATABASE_URL must look like mysql:\/\/user:password@host:port\/database/],
      ['mysql://root:pw#Secret@127.0.0.1:3306/wordpress', /^Invalid configuration: DATABASE_URL: holds a "#".*# as %23/],
      ['mysql://root:Secret@127.0.0.1:99999/wordpress', /^Invalid configuration: DATABASE_URL: its port is above 65535/],
      ['mysql://root:Secret%ZZ@127.0.0.1:3306/wordpress', /^Invalid configuration: DATABASE_URL: its password holds a "%"/],
      ['mysql://root:Secret@127.0.0.1:3306/wordpress?ssl=NoSuchProfile', /^Invalid configuration: DATABASE_URL: Unknown SSL profile 'NoSuchProfile'$/],
    ] as const) {
      const run = await doctor([url]);
      expect(run.code, url).toBe(1);
      expect(run.lines, url).toEqual([]);
      expect(run.errors, url).toHaveLength(1);
      expect(run.errors[0], url).toMatch(problem);
      expect(run.errors[0], url).not.toContain('Secret');
    }
  });
});

describe('change feed access on the shared server', () => {
  it('finds the binlog not available, saying why (log_bin is OFF there)', async () => {
    const access = await checkBinlogAccess(reference.db);
    expect(access.available).toBe(false);
    expect(access.reasons).toContain('log_bin is OFF: start the server with --log-bin and a --server-id');
  });

  it('reads the LSN on MariaDB, and sees it move after a committed write', async () => {
    const probe = await checkProbeAccess(reference.db);
    expect(probe).toEqual({ available: true, reasons: [], source: 'mariadb' });
    const before = await selectInnodbLsn(reference.db, 'mariadb');
    expect(typeof before).toBe('bigint');
    await setOption(reference.db, 'doctor_lsn_probe', String(Date.now()));
    const after = await selectInnodbLsn(reference.db, 'mariadb');
    expect(after! > before!).toBe(true);
    // Without a source: SHOW GLOBAL STATUS for both servers' names.
    expect(await selectInnodbLsn(reference.db)).toBeGreaterThanOrEqual(after!);
    await reference.db.deleteFrom('options').where('option_name', '=', 'doctor_lsn_probe').execute();
  });

  it('answers undefined, not an error, for a source this server does not have', async () => {
    expect(await selectInnodbLsn(reference.db, 'mysql-status')).toBeUndefined();
  });
});
