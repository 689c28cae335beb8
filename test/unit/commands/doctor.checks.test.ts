import { describe, expect, it } from 'vitest';
import {
  changeFeedCheck,
  companionsCheck,
  customTablesCheck,
  engineCheck,
  charsetCheck,
  exitCodeOf,
  formatCheck,
  languageCheck,
  multisiteCheck,
  objectCacheCheck,
  permalinksCheck,
  prefixCheck,
  serverCheck,
  siteUrlsCheck,
  tecVersionCheck,
  wordpressCheck,
  wordpressRelease,
} from '../../../src/commands/doctor.checks.js';
import { parseDoctorArgs, redactUrl } from '../../../src/commands/doctor.js';
import { parseServerVersion } from '../../../src/db/server-version.js';
import { phpSerialize } from '../../../src/wp/php/php-values.js';
import { companionNotices } from '../../../src/wp/site/companions.js';
import { toSitePlugins } from '../../../src/wp/site/plugins.js';
import { prefixesWithOptions } from '../../../src/db/site-prefixes.js';

describe('prefix', () => {
  it('lists the prefixes that have an options table', () => {
    expect(prefixesWithOptions(['wp_options', 'wp_2_options', 'abc_posts', 'options', 'wp_sitemeta'])).toEqual(['wp_', 'wp_2_']);
  });

  it('is ok with posts and options under the prefix, and fails naming what exists otherwise', () => {
    expect(prefixCheck('wp_', ['wp_posts', 'wp_options']).verdict).toBe('ok');
    const wrong = prefixCheck('wp_', ['site_posts', 'site_options', 'wp_options']);
    expect(wrong).toEqual({
      id: 'prefix',
      verdict: 'fail',
      summary: 'table prefix wp_: wp_posts missing; prefixes found: site_ (site checks skipped)',
      action: 'set TABLE_PREFIX=site_',
    });
    expect(prefixCheck('wp_', []).summary).toContain('no WordPress tables found');
  });
});

describe('server', () => {
  it('reads MariaDB and MySQL versions, MariaDB past the 5.5.5- replication prefix', () => {
    expect(parseServerVersion('10.11.19-MariaDB-0+deb12u1')).toMatchObject({ kind: 'mariadb', major: 10, minor: 11, patch: 19 });
    expect(parseServerVersion('5.5.5-10.6.12-MariaDB')).toMatchObject({ kind: 'mariadb', major: 10, minor: 6 });
    expect(parseServerVersion('8.0.36-28')).toMatchObject({ kind: 'mysql', major: 8, minor: 0, patch: 36 });
    expect(parseServerVersion('banana')).toBeUndefined();
  });

  it('fails below MySQL 8.0 and MariaDB 10.2 (no window functions)', () => {
    const verdict = (text: string) => serverCheck(parseServerVersion(text), text).verdict;
    expect(verdict('10.1.48-MariaDB')).toBe('fail');
    expect(verdict('10.2.0-MariaDB')).toBe('ok');
    expect(verdict('5.7.44')).toBe('fail');
    expect(verdict('8.0.0')).toBe('ok');
    expect(verdict('something')).toBe('warn');
  });
});

describe('tables', () => {
  it('warns of tables that are not InnoDB or not utf8mb4, naming them', () => {
    const tables = [
      { name: 'wp_posts', engine: 'InnoDB', collation: 'utf8mb4_unicode_520_ci' },
      { name: 'wp_options', engine: 'MyISAM', collation: 'latin1_swedish_ci' },
    ];
    expect(engineCheck(tables)).toMatchObject({ verdict: 'warn', summary: 'not InnoDB: wp_options (MyISAM)' });
    expect(charsetCheck(tables)).toMatchObject({ verdict: 'warn', summary: 'not utf8mb4: wp_options (latin1_swedish_ci)' });
    expect(engineCheck(tables.slice(0, 1)).verdict).toBe('ok');
  });
});

describe('WordPress release from db_version', () => {
  it('names the release or releases of a known schema, and places unknown numbers', () => {
    expect(wordpressRelease(57155)).toBe('WordPress 6.5–6.6');
    expect(wordpressRelease(60717)).toBe('WordPress 6.9');
    expect(wordpressRelease(61833)).toBe('WordPress 7.0 or later');
    expect(wordpressRelease(70000)).toBe('newer than WordPress 7.0');
    expect(wordpressRelease(59000)).toBe('after WordPress 6.7–6.8 (a development build?)');
    expect(wordpressRelease(30000)).toBe('older than WordPress 4.7');
  });

  it('warns below WordPress 6.0 and without a db_version', () => {
    expect(wordpressCheck('53496').verdict).toBe('ok');
    expect(wordpressCheck('51917')).toMatchObject({ verdict: 'warn', summary: 'db_version 51917: WordPress 5.9' });
    expect(wordpressCheck(undefined).verdict).toBe('warn');
  });
});

describe('TEC version', () => {
  it('prints the version with its custom tables and earlier versions, and warns before TEC 6 or without one', () => {
    expect(
      tecVersionCheck({ latest: '6.17.2', previous: ['0', '6.15.0'], schema: '6.17.2', eventsTable: '1.0.1', occurrencesTable: '1.0.3' }).summary,
    ).toBe('TEC 6.17.2 (tec_events schema 1.0.1; tec_occurrences schema 1.0.3; before: 6.15.0)');
    expect(tecVersionCheck({ latest: '5.16.4', previous: [], schema: undefined, eventsTable: undefined, occurrencesTable: undefined }).verdict).toBe('warn');
    expect(tecVersionCheck({ latest: undefined, previous: [], schema: undefined, eventsTable: undefined, occurrencesTable: undefined }).verdict).toBe('warn');
  });
});

describe('custom tables', () => {
  it('says which storage event lists read, and fails when the options point at missing tables', () => {
    expect(customTablesCheck({ tablesPresent: true, phase: 'migration-complete', occurrencesActive: true }).summary).toContain('read tec_occurrences');
    expect(customTablesCheck({ tablesPresent: false, phase: 'migration-complete', occurrencesActive: true }).verdict).toBe('fail');
    expect(customTablesCheck({ tablesPresent: true, phase: 'migration-prompt', occurrencesActive: false }).summary).toContain('meta mode');
    expect(customTablesCheck({ tablesPresent: true, phase: 'migration-in-progress', occurrencesActive: false }).verdict).toBe('warn');
  });
});

describe('permalinks', () => {
  it('tells pretty, PATHINFO and plain permalinks and their REST URL form', () => {
    expect(permalinksCheck('/%postname%/', 'https://e.test/wp-json/').summary).toMatch(/^pretty permalinks/);
    expect(permalinksCheck('/index.php/%postname%/', 'https://e.test/index.php/wp-json/').summary).toMatch(/^PATHINFO permalinks.*index\.php\/wp-json/);
    expect(permalinksCheck('', 'https://e.test/?rest_route=/').summary).toBe('plain permalinks: REST URLs are https://e.test/?rest_route=/...');
  });
});

describe('language, multisite, object cache', () => {
  it('knows which languages ship translations', () => {
    expect(languageCheck('', ['de_DE']).verdict).toBe('ok');
    expect(languageCheck('de_DE', ['de_DE']).verdict).toBe('ok');
    expect(languageCheck('ja', ['de_DE']).verdict).toBe('warn');
  });

  it('tells a sub-site of a network, and fails without the users table', () => {
    const state = { networkPrefixes: ['wp_'], tablePrefix: 'wp_3_', baseTablePrefix: 'wp_', blogId: 3, usersTable: true };
    expect(multisiteCheck(state).summary).toBe('multisite network under wp_ (users and sitemeta there); this is blog 3');
    expect(multisiteCheck({ ...state, usersTable: false }).verdict).toBe('fail');
    expect(multisiteCheck({ ...state, networkPrefixes: [] }).verdict).toBe('warn');
  });

  it('warns of object cache hints only while OBJECT_CACHE_URL is unset', () => {
    expect(objectCacheCheck(false, ['redis-cache/redis-cache.php']).verdict).toBe('warn');
    expect(objectCacheCheck(true, ['redis-cache/redis-cache.php']).verdict).toBe('ok');
    expect(objectCacheCheck(false, []).verdict).toBe('ok');
  });
});

describe('change feed mode', () => {
  it('picks binlog, else probe, else warns of none', () => {
    const noBinlog = { available: false, reasons: ['log_bin is OFF'] };
    expect(changeFeedCheck({ available: true, reasons: [] }, { available: true, reasons: [], source: 'mariadb' }).summary).toMatch(/^change feed: binlog/);
    const probe = changeFeedCheck(noBinlog, { available: true, reasons: [], source: 'mariadb' });
    expect(probe).toMatchObject({ verdict: 'ok', action: 'for the exact binlog mode: log_bin is OFF' });
    expect(changeFeedCheck(noBinlog, { available: false, reasons: ['no LSN'], source: undefined }).verdict).toBe('warn');
  });

  it('warns that the probe cannot see writes to tables of other engines', () => {
    const probe = changeFeedCheck({ available: false, reasons: ['log_bin is OFF'] }, { available: true, reasons: [], source: 'mariadb' }, ['wp_postmeta']);
    expect(probe).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('blind to writes to wp_postmeta') });
  });
});

describe('exit code and lines', () => {
  it('exits 1 on any fail, 0 on ok and warn', () => {
    expect(exitCodeOf([{ id: 'a', verdict: 'ok', summary: '' }, { id: 'b', verdict: 'warn', summary: '' }])).toBe(0);
    expect(exitCodeOf([{ id: 'a', verdict: 'fail', summary: '' }])).toBe(1);
  });

  it('prints verdict, name, finding and action on one line', () => {
    expect(formatCheck({ id: 'salts', verdict: 'warn', summary: 'not set', action: 'set them' })).toBe(`warn  ${'salts'.padEnd(21)}  not set → set them`);
  });
});

describe('arguments', () => {
  it('takes one URL and --json in any order, and refuses anything else', () => {
    expect(parseDoctorArgs(['--json', 'mysql://h/d'])).toEqual({ url: 'mysql://h/d', json: true });
    expect(parseDoctorArgs([])).toEqual({ url: undefined, json: false });
    expect(parseDoctorArgs(['-v'])).toEqual({ error: 'unknown option -v' });
    expect(parseDoctorArgs(['mysql://h/d', '--help'])).toEqual({ help: true });
    expect(parseDoctorArgs(['mysql://a:pw@h/d', 'mysql://h/e'])).toEqual({ error: 'one DATABASE_URL only (got mysql://a:***@h/d and mysql://h/e)' });
  });

  it('hides the password of a URL', () => {
    expect(redactUrl('mysql://user:p%40ss@db.example:3306/wp')).toBe('mysql://user:***@db.example:3306/wp');
    expect(redactUrl('mysql://root@127.0.0.1/wp')).toBe('mysql://root@127.0.0.1/wp');
  });
});

describe('siteUrlsCheck', () => {
  const HOME = 'https://events.example.com';
  const LOCAL = { host: '127.0.0.1', port: 8080 };

  it('warns when home is not where the service listens, pointing at PUBLIC_URL both ways', () => {
    expect(siteUrlsCheck(HOME, HOME, undefined, LOCAL)).toEqual({
      id: 'urls',
      verdict: 'warn',
      summary: `home ${HOME}, siteurl ${HOME}: links in answers name ${HOME}, but the service listens on http://127.0.0.1:8080`,
      action:
        `set PUBLIC_URL to the address clients reach the service at: PUBLIC_URL=http://127.0.0.1:8080 when they come straight to it, PUBLIC_URL=${HOME} when a proxy serves it on the site's own address`,
    });
    expect(siteUrlsCheck('http://127.0.0.1:8081', HOME, undefined, LOCAL).verdict).toBe('warn');
    expect(siteUrlsCheck('https://127.0.0.1:8080', HOME, undefined, LOCAL).verdict).toBe('warn');
  });

  it('is ok when home is the service\'s own address, or PUBLIC_URL says which to print', () => {
    expect(siteUrlsCheck('http://127.0.0.1:8080', HOME, undefined, LOCAL)).toMatchObject({ verdict: 'ok', summary: `home http://127.0.0.1:8080, siteurl ${HOME}` });
    expect(siteUrlsCheck('http://localhost:8080/', HOME, undefined, LOCAL).verdict).toBe('ok');
    expect(siteUrlsCheck('http://calendar.lan', HOME, undefined, { host: '0.0.0.0', port: 80 }).verdict).toBe('ok');
    expect(siteUrlsCheck(HOME, HOME, HOME, LOCAL)).toMatchObject({ verdict: 'ok', summary: `home ${HOME}, siteurl ${HOME}, PUBLIC_URL ${HOME} in answers` });
  });
});

describe('companions', () => {
  const plugins = (files: string[], tecOptions: Record<string, unknown> = {}, aggregatorLicense?: string) =>
    toSitePlugins({ activePlugins: phpSerialize(files), activeSitewidePlugins: undefined, tecOptions, aggregatorLicense, networkAggregatorLicense: undefined });

  it('is one ok check when no companion runs', () => {
    expect(companionsCheck(companionNotices({ plugins: plugins(['the-events-calendar/the-events-calendar.php']), aggregatorRecords: 0 }))).toEqual([
      {
        id: 'companions',
        verdict: 'ok',
        summary: 'no companion plugin the service does not serve (Event Tickets, Events Calendar Pro, Event Tickets Plus, Filter Bar, Community Events, Event Aggregator)',
      },
    ]);
  });

  it('warns once per active companion, saying what differs for clients', () => {
    const all = plugins(
      [
        'the-events-calendar/the-events-calendar.php',
        'event-tickets/event-tickets.php',
        'events-calendar-pro/events-calendar-pro.php',
        'event-tickets-plus/event-tickets-plus.php',
        'the-events-calendar-filterbar/the-events-calendar-filter-view.php',
        'the-events-calendar-community-events/tribe-community-events.php',
      ],
      { latest_event_tickets_version: '5.28.5.1', tickets_commerce_enabled: true },
      'key',
    );
    const checks = companionsCheck(companionNotices({ plugins: all, aggregatorRecords: 3 }));
    expect(checks.map((item) => [item.id, item.verdict])).toEqual([
      ['companion-event-tickets', 'warn'],
      ['companion-events-calendar-pro', 'warn'],
      ['companion-event-tickets-plus', 'warn'],
      ['companion-filter-bar', 'warn'],
      ['companion-community-events', 'warn'],
      ['companion-event-aggregator', 'warn'],
    ]);
    expect(checks[0]?.summary).toMatch(/^Event Tickets 5\.28\.5\.1 active \(RSVP, Tickets Commerce\): served as the plugin answers: events' `ticketed`, `attendance`, costs and offers, .*tribe\/tickets\/v1's tickets, attendees, QR check-in, cart and coupon validation; Tickets Commerce checkout .*are not served yet: those answers differ from the plugin's$/);
    expect(checks[1]?.summary).toBe(
      "Events Calendar Pro active: recurring events' occurrences, the geolocation filters and additional fields are not served: those answers differ from the plugin's (venue coordinates are)",
    );
    expect(checks[5]?.summary).toMatch(/^Event Aggregator in use \(a license key, 3 import records\): its tribe\/event-aggregator\/v1 routes/);
    expect(checks.every((item) => item.action?.includes('docs/companion-plugins.md'))).toBe(true);
  });

  it("names Event Tickets' providers as the site has them, and Event Aggregator by its records alone", () => {
    const [tickets] = companionNotices({ plugins: plugins(['event-tickets/event-tickets.php']), aggregatorRecords: 0 });
    expect(tickets?.line).toMatch(/^Event Tickets active \(RSVP\): /);
    const [aggregator] = companionNotices({ plugins: plugins([]), aggregatorRecords: 1 });
    expect(aggregator?.line).toMatch(/^Event Aggregator in use \(1 import record\): /);
  });
});
