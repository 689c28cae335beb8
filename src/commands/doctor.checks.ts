import { versionAtLeast, type ServerVersion } from '../db/server-version.js';
import type { FeedAccess, ProbeAccess } from '../feed/feed-access.js';
import type { CompanionNotice } from '../wp/site/companions.js';
import { isPluginActive, PluginFiles, type SitePlugins } from '../wp/site/plugins.js';
import { describePrefixProblem, prefixProblem } from '../db/site-prefixes.js';

/**
 * The verdicts of `npm run doctor`, as pure functions of what doctor.ts read from the database
 * and the settings. ok: serves as is; warn: serves, with a cost the operator should know; fail:
 * serving would be wrong (the command exits 1).
 */
export type Verdict = 'ok' | 'warn' | 'fail';

export interface DoctorCheck {
  /** Stable name of the check (`prefix`, `server`, ...), for --json readers. */
  id: string;
  verdict: Verdict;
  /** What was found, on one line. */
  summary: string;
  /** What to do about it; absent when nothing needs doing. */
  action?: string;
}

const check = (id: string, verdict: Verdict, summary: string, action?: string): DoctorCheck =>
  action === undefined ? { id, verdict, summary } : { id, verdict, summary, action };

/** The configured prefix has its posts and options tables; else fail naming the prefixes found. */
export function prefixCheck(prefix: string, tableNames: readonly string[]): DoctorCheck {
  const problem = prefixProblem(prefix, tableNames);
  if (problem === undefined) return check('prefix', 'ok', `table prefix ${prefix}: ${prefix}posts and ${prefix}options found`);
  return check('prefix', 'fail', `table prefix ${prefix}: ${describePrefixProblem(problem)} (site checks skipped)`, problem.action);
}

/** Window functions (the events list's ROW_NUMBER) need MySQL 8.0+ or MariaDB 10.2+. */
export function serverCheck(version: ServerVersion | undefined, text: string): DoctorCheck {
  if (!version) return check('server', 'warn', `database server ${text}: version not recognised`, 'this service is tested on MariaDB 10.11 and needs MySQL 8.0+ or MariaDB 10.2+');
  const name = version.kind === 'mariadb' ? 'MariaDB' : 'MySQL';
  const [major, minor] = version.kind === 'mariadb' ? [10, 2] : [8, 0];
  if (!versionAtLeast(version, major, minor)) {
    return check('server', 'fail', `${name} ${version.major}.${version.minor}.${version.patch}: no window functions`, `upgrade to ${name} ${major}.${minor} or later`);
  }
  return check('server', 'ok', `${name} ${version.major}.${version.minor}.${version.patch} (${text})`);
}

export interface TableInfo {
  name: string;
  engine: string | null;
  collation: string | null;
}

/** The site's own WordPress tables: InnoDB expected (transactions, and the LSN probe sees only InnoDB). */
export function engineCheck(tables: readonly TableInfo[]): DoctorCheck {
  const others = tables.filter((table) => (table.engine ?? '').toLowerCase() !== 'innodb');
  if (others.length === 0) return check('engine', 'ok', `all ${tables.length} site tables are InnoDB`);
  return check(
    'engine',
    'warn',
    `not InnoDB: ${others.map((table) => `${table.name} (${table.engine ?? 'view'})`).join(', ')}`,
    'ALTER TABLE ... ENGINE=InnoDB: writes here are not transactional on other engines, and the probe change feed cannot see them',
  );
}

/** utf8mb4 everywhere, as WordPress 4.2+ converts to; anything else is read through the server's conversion. */
export function charsetCheck(tables: readonly TableInfo[]): DoctorCheck {
  const collations = [...new Set(tables.map((table) => table.collation ?? 'none'))].sort();
  const others = tables.filter((table) => !(table.collation ?? '').startsWith('utf8mb4'));
  if (others.length === 0) return check('charset', 'ok', `utf8mb4 (${collations.join(', ')})`);
  return check(
    'charset',
    'warn',
    `not utf8mb4: ${others.map((table) => `${table.name} (${table.collation ?? 'none'})`).join(', ')}`,
    'this service reads as utf8mb4; characters the tables cannot hold (emoji) were stored by WordPress as entities or lost: convert the tables to utf8mb4',
  );
}

/**
 * `$wp_db_version` of each WordPress release (wp-includes/version.php), from the newest:
 * releases that share a schema share a number. From wordpress.org's "WordPress Versions" table,
 * and version.php of 6.9 and 7.0.
 */
export const WORDPRESS_DB_VERSIONS: readonly { dbVersion: number; releases: string }[] = [
  { dbVersion: 61833, releases: '7.0' },
  { dbVersion: 60717, releases: '6.9' },
  { dbVersion: 58975, releases: '6.7–6.8' },
  { dbVersion: 57155, releases: '6.5–6.6' },
  { dbVersion: 56657, releases: '6.4' },
  { dbVersion: 55853, releases: '6.3' },
  { dbVersion: 53496, releases: '6.0–6.2' },
  { dbVersion: 51917, releases: '5.9' },
  { dbVersion: 49752, releases: '5.6–5.8' },
  { dbVersion: 48748, releases: '5.5' },
  { dbVersion: 47018, releases: '5.4' },
  { dbVersion: 45805, releases: '5.3' },
  { dbVersion: 44719, releases: '5.1–5.2' },
  { dbVersion: 43764, releases: '5.0' },
  { dbVersion: 38590, releases: '4.7–4.9' },
];

/** The WordPress release(s) a db_version belongs to, or how it sits between known ones. */
export function wordpressRelease(dbVersion: number): string {
  const exact = WORDPRESS_DB_VERSIONS.find((entry) => entry.dbVersion === dbVersion);
  const newest = WORDPRESS_DB_VERSIONS[0];
  // Releases after the newest we know of may keep its schema.
  if (exact) return exact === newest ? `WordPress ${exact.releases} or later` : `WordPress ${exact.releases}`;
  if (newest && dbVersion > newest.dbVersion) return `newer than WordPress ${newest.releases}`;
  const below = WORDPRESS_DB_VERSIONS.find((entry) => entry.dbVersion < dbVersion);
  return below ? `after WordPress ${below.releases} (a development build?)` : 'older than WordPress 4.7';
}

/** WordPress's schema version; TEC 6 needs WordPress 6.x, so older schemas warn. */
export function wordpressCheck(dbVersion: string | undefined): DoctorCheck {
  if (dbVersion === undefined || !/^\d+$/.test(dbVersion)) {
    return check('wordpress', 'warn', 'no db_version option: not a WordPress database, or never installed', 'run the WordPress installer, or check DATABASE_URL and TABLE_PREFIX');
  }
  const number = Number(dbVersion);
  const release = wordpressRelease(number);
  if (number < 53496) return check('wordpress', 'warn', `db_version ${number}: ${release}`, 'TEC 6 needs WordPress 6.0 or later; update WordPress');
  return check('wordpress', 'ok', `db_version ${number}: ${release}`);
}

/** TEC is active on the site (active_plugins) or for the whole network (active_sitewide_plugins). */
export function tecActiveCheck(plugins: Pick<SitePlugins, 'siteActivated' | 'networkActivated'>): DoctorCheck {
  const [file] = PluginFiles.theEventsCalendar;
  if (isPluginActive(plugins.siteActivated, 'theEventsCalendar')) return check('tec-active', 'ok', `The Events Calendar is active (${file})`);
  if (isPluginActive(plugins.networkActivated, 'theEventsCalendar')) return check('tec-active', 'ok', 'The Events Calendar is network-activated');
  return check(
    'tec-active',
    'fail',
    'The Events Calendar is not active on this site',
    'activate it in WordPress (the API this service serves is its API; with it off, WordPress serves none)',
  );
}

export interface TecVersions {
  /** `latest_ecp_version` of tribe_events_calendar_options: the version last run on the site. */
  latest: string | undefined;
  /** `previous_ecp_versions`: the versions before it ('0' for a fresh install). */
  previous: readonly string[];
  /** `schema-version` of the same option: the last TEC update routine run. */
  schema: string | undefined;
  /** TEC 6's custom tables' own schema versions (`tec_ct1_*_table_schema_version`). */
  eventsTable: string | undefined;
  occurrencesTable: string | undefined;
}

/** The TEC version this service's answers were recorded against (fixtures/reference). */
export const RECORDED_TEC_VERSION = '6.17.2';

export function tecVersionCheck(versions: TecVersions): DoctorCheck {
  const tables = [
    versions.eventsTable ? `tec_events schema ${versions.eventsTable}` : undefined,
    versions.occurrencesTable ? `tec_occurrences schema ${versions.occurrencesTable}` : undefined,
  ].filter(Boolean);
  const extra = [
    versions.schema && versions.schema !== versions.latest ? `update routine ${versions.schema}` : undefined,
    ...tables,
    versions.previous.filter((version) => version !== '0').length > 0 ? `before: ${versions.previous.filter((version) => version !== '0').join(', ')}` : undefined,
  ].filter(Boolean);
  const suffix = extra.length > 0 ? ` (${extra.join('; ')})` : '';
  if (versions.latest === undefined) {
    return check('tec-version', 'warn', `TEC version unknown: no latest_ecp_version in tribe_events_calendar_options${suffix}`, 'open the WordPress admin once with TEC active so it records its version and settings');
  }
  if (Number.parseInt(versions.latest, 10) < 6) {
    return check('tec-version', 'warn', `TEC ${versions.latest}${suffix}`, `answers follow TEC ${RECORDED_TEC_VERSION}; TEC ${versions.latest} differs in places: update TEC`);
  }
  return check('tec-version', 'ok', `TEC ${versions.latest}${suffix}`);
}

export interface CustomTablesState {
  /** Both tec_events and tec_occurrences exist. */
  tablesPresent: boolean;
  /** The `phase` of tec_ct1_migration_state, '' when there is none. */
  phase: string;
  /** What the service will do (site.ts occurrencesTableActive): read tec_occurrences. */
  occurrencesActive: boolean;
}

/** Which storage event lists read, and whether that storage is there. */
export function customTablesCheck(state: CustomTablesState): DoctorCheck {
  const phase = state.phase === '' ? 'no migration state' : `migration phase ${state.phase}`;
  if (state.occurrencesActive && !state.tablesPresent) {
    return check(
      'custom-tables',
      'fail',
      `${phase}, but tec_events / tec_occurrences are missing: event lists would fail`,
      'restore the tables, or delete the tec_ct1_* options so TEC (and this service) read the date meta',
    );
  }
  if (state.occurrencesActive) return check('custom-tables', 'ok', `TEC 6 custom tables present, ${phase}: event lists read tec_occurrences`);
  if (state.phase.includes('in-progress')) {
    return check('custom-tables', 'warn', `${phase}: event lists read the date meta until it completes`, 'let TEC finish its migration (Events > Settings), then run doctor again');
  }
  return check(
    'custom-tables',
    'ok',
    `${state.tablesPresent ? 'TEC 6 custom tables present' : 'no TEC 6 custom tables'}, ${phase}: event lists read the date meta (meta mode)`,
  );
}

/** The site's zone as TEC reads it: a zone name, or a fixed `UTC+N` from gmt_offset. */
export function timezoneCheck(timezoneString: string, zone: string, isKnownZone: boolean): DoctorCheck {
  if (timezoneString === '') return check('timezone', 'ok', `site zone ${zone} (gmt_offset: a fixed offset, no daylight saving)`);
  if (!isKnownZone) return check('timezone', 'warn', `site zone ${zone}: not a zone name this runtime knows`, 'pick a city in Settings > General, or update Node\'s time zone data');
  return check('timezone', 'ok', `site zone ${zone}`);
}

/** Which REST URL form the site uses, from its permalink structure. */
export function permalinksCheck(permalinkStructure: string, restRoot: string): DoctorCheck {
  if (permalinkStructure === '') {
    return check('permalinks', 'ok', `plain permalinks: REST URLs are ${restRoot}...`, 'route /?rest_route=/calendar/events/v1 to this service (or turn on pretty permalinks)');
  }
  const kind = /^\/*index.php/.test(permalinkStructure) ? 'PATHINFO' : 'pretty';
  return check('permalinks', 'ok', `${kind} permalinks (${permalinkStructure}): REST URLs are ${restRoot}...`);
}

/** Where the service listens (HOST, PORT), which clients reach unless a proxy stands in front. */
export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

/**
 * home and siteurl: the base of every URL in answers (PUBLIC_URL overrides home). A service
 * reached at another address than `home` (a newcomer's `npm start` on a copy of a live site)
 * answers with links to the live site; PUBLIC_URL says which address to print.
 */
export function siteUrlsCheck(home: string, siteUrl: string, publicUrl: string | undefined, listen: ListenAddress): DoctorCheck {
  if (home === '' || siteUrl === '') {
    return check('urls', 'fail', `home "${home}", siteurl "${siteUrl}": links in answers would be broken`, 'set both in Settings > General (or wp option update)');
  }
  const found = `home ${home}, siteurl ${siteUrl}`;
  if (publicUrl !== undefined) return check('urls', 'ok', `${found}, PUBLIC_URL ${publicUrl} in answers`);
  if (isListenAddress(home, listen)) return check('urls', 'ok', found);
  const listenedAt = `http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${listen.port}`;
  return check(
    'urls',
    'warn',
    `${found}: links in answers name ${home}, but the service listens on ${listenedAt}`,
    `set PUBLIC_URL to the address clients reach the service at: PUBLIC_URL=${listenedAt} when they come straight to it, PUBLIC_URL=${home} when a proxy serves it on the site's own address`,
  );
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** Whether `home` is the service's own address: same port over http, and the same host (loopback names alike; any host when listening on all). */
function isListenAddress(home: string, listen: ListenAddress): boolean {
  let url: URL;
  try {
    url = new URL(home);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || Number(url.port || 80) !== listen.port) return false;
  if (WILDCARD_HOSTS.has(listen.host) || url.hostname === listen.host) return true;
  return LOOPBACK_HOSTS.has(url.hostname) && LOOPBACK_HOSTS.has(listen.host);
}

/** WPLANG and whether we ship its translations (src/i18n). */
export function languageCheck(language: string, shipped: readonly string[]): DoctorCheck {
  if (language === '' || language === 'en_US') return check('language', 'ok', 'language English (WPLANG empty)');
  if (shipped.includes(language)) return check('language', 'ok', `language ${language}: translations shipped`);
  return check(
    'language',
    'warn',
    `language ${language}: no translations shipped here (have ${shipped.join(', ')})`,
    'messages the plugin translates come out in English: add a catalogue in src/i18n',
  );
}

/**
 * The companions of TEC the service does not serve (wp/site/companions.ts): one warn each, since
 * the service still serves but some of its answers differ from the plugin's there; one ok when none runs.
 */
export function companionsCheck(notices: readonly CompanionNotice[]): DoctorCheck[] {
  if (notices.length === 0) {
    return [check('companions', 'ok', 'no companion plugin the service does not serve (Event Tickets, Events Calendar Pro, Event Tickets Plus, Filter Bar, Community Events, Event Aggregator)')];
  }
  return notices.map((notice) =>
    check(`companion-${notice.id}`, 'warn', notice.line, 'send the routes it changes to WordPress, or accept the listed differences (docs/companion-plugins.md)'),
  );
}

export function applicationPasswordsCheck(users: number): DoctorCheck {
  if (users === 0) return check('application-passwords', 'ok', 'no user has application passwords: Basic auth will be refused');
  return check('application-passwords', 'ok', `${users} user${users === 1 ? ' has' : 's have'} application passwords: Basic auth with them works`);
}

export function saltsCheck(configured: boolean): DoctorCheck {
  if (configured) return check('salts', 'ok', 'all six WP_* keys and salts set: cookie + nonce authentication on');
  return check(
    'salts',
    'warn',
    'WP_* keys and salts not set: cookie + nonce authentication is refused',
    'copy AUTH_KEY, AUTH_SALT, LOGGED_IN_KEY, LOGGED_IN_SALT, NONCE_KEY, NONCE_SALT from wp-config.php into WP_AUTH_KEY ... WP_NONCE_SALT',
  );
}

/** The opt-in indexes of `npm run indexes`, present or missing; optional either way. */
export function indexesCheck(occurrencesTable: boolean, indexes: readonly { name: string; present: boolean }[]): DoctorCheck {
  if (!occurrencesTable) return check('indexes', 'ok', 'opt-in indexes: not applicable (no tec_occurrences table)');
  const present = indexes.filter((index) => index.present).map((index) => index.name);
  const missing = indexes.filter((index) => !index.present).map((index) => index.name);
  const summary = `opt-in indexes present: ${present.join(', ') || 'none'}; missing: ${missing.join(', ') || 'none'}`;
  return missing.length === 0 ? check('indexes', 'ok', summary) : check('indexes', 'ok', summary, 'optional, for large sites: npm run indexes -- add');
}

export interface MultisiteState {
  /** Prefixes that have a `blogs` table (a network's base prefix). */
  networkPrefixes: readonly string[];
  tablePrefix: string;
  baseTablePrefix: string;
  /** The site's blog id on the network, when its prefix says (`wp_2_` → 2; the base prefix → 1). */
  blogId: number | undefined;
  /** {base}users exists. */
  usersTable: boolean;
}

export function multisiteCheck(state: MultisiteState): DoctorCheck {
  if (!state.usersTable) {
    return check('multisite', 'fail', `no ${state.baseTablePrefix}users table: authors and authentication cannot be read`, 'set BASE_TABLE_PREFIX to the network\'s prefix');
  }
  if (!state.networkPrefixes.includes(state.baseTablePrefix)) {
    if (state.tablePrefix !== state.baseTablePrefix) {
      return check(
        'multisite',
        'warn',
        `users read under ${state.baseTablePrefix}, but no ${state.baseTablePrefix}blogs table: not a network`,
        'on a single site leave BASE_TABLE_PREFIX unset',
      );
    }
    return check('multisite', 'ok', 'single site (no blogs / sitemeta table under this prefix)');
  }
  const site = state.blogId === undefined ? `prefix ${state.tablePrefix}` : state.blogId === 1 ? 'the main site (blog 1)' : `blog ${state.blogId}`;
  return check('multisite', 'ok', `multisite network under ${state.baseTablePrefix} (users and sitemeta there); this is ${site}`);
}

/**
 * Plugins whose being active means a persistent object cache (their drop-in,
 * wp-content/object-cache.php, lives in files this command cannot see). Plugins for which the
 * object cache is one switch among many (LiteSpeed Cache, W3 Total Cache) are not listed: for
 * LiteSpeed the switch is an option (doctor.ts reads it), W3 Total Cache keeps it in a file.
 * Redis Object Cache writes no option of its own, so its plugin row is the only sign of it.
 */
export const OBJECT_CACHE_PLUGINS: readonly string[] = [
  'redis-cache/redis-cache.php',
  'object-cache-pro/object-cache-pro.php',
  'wp-redis/wp-redis.php',
  'docket-cache/docket-cache.php',
  'sqlite-object-cache/sqlite-object-cache.php',
];

/**
 * OBJECT_CACHE_URL against signs that WordPress keeps a persistent object cache: writes through
 * this service that do not delete its entries leave WordPress answering old data.
 */
export function objectCacheCheck(configured: boolean, hints: readonly string[]): DoctorCheck {
  if (configured) {
    return check('object-cache', 'ok', `OBJECT_CACHE_URL set: writes delete the site's Redis Object Cache entries${hints.length > 0 ? ` (seen: ${hints.join(', ')})` : ''}`);
  }
  if (hints.length > 0) {
    return check(
      'object-cache',
      'warn',
      `the site seems to use a persistent object cache (${hints.join(', ')}) and OBJECT_CACHE_URL is not set`,
      'writes through this service would leave WordPress\'s cache stale: set OBJECT_CACHE_URL (and OBJECT_CACHE_PREFIX) to its Redis',
    );
  }
  return check('object-cache', 'ok', 'no persistent object cache seen (a drop-in in wp-content is not visible from the database)');
}

/** The change feed mode `CHANGE_FEED=auto` would pick, and what it would take to do better. */
export function changeFeedCheck(binlog: FeedAccess, probe: ProbeAccess, nonInnodbTables: readonly string[] = []): DoctorCheck {
  if (binlog.available) {
    const notes = binlog.reasons.length > 0 ? `; ${binlog.reasons.join('; ')}` : '';
    return check('change-feed', 'ok', `change feed: binlog (exact, no statement per cached answer)${notes}`);
  }
  const why = binlog.reasons.join('; ');
  // The LSN moves only with InnoDB's redo log: writes to tables of other engines go unseen.
  if (probe.available && nonInnodbTables.length > 0) {
    return check(
      'change-feed',
      'warn',
      `change feed: probe (InnoDB LSN from ${probe.source}), blind to writes to ${nonInnodbTables.join(', ')} (not InnoDB); binlog not possible`,
      `convert those tables to InnoDB, or for the exact binlog mode: ${why}`,
    );
  }
  if (probe.available) {
    return check(
      'change-feed',
      'ok',
      `change feed: probe (InnoDB LSN from ${probe.source}, one statement per cached answer); binlog not possible`,
      `for the exact binlog mode: ${why}`,
    );
  }
  return check(
    'change-feed',
    'warn',
    `change feed: none (binlog: ${why}; probe: ${probe.reasons.join('; ')})`,
    'answers cannot be cached safely: fix one of the above, or run with CHANGE_FEED=off',
  );
}

/** 1 when a check failed (serving would be wrong), else 0. */
export function exitCodeOf(checks: readonly DoctorCheck[]): number {
  return checks.some((item) => item.verdict === 'fail') ? 1 : 0;
}

/** One line a check: verdict, name, what was found, and what to do. */
export function formatCheck(item: DoctorCheck): string {
  const line = `${item.verdict.padEnd(4)}  ${item.id.padEnd(21)}  ${item.summary}`;
  return item.action === undefined ? line : `${line} → ${item.action}`;
}
