import { ConfigError, loadConfig, type Config } from '../config.js';
import { createDb, sqliteFilePath, type Db } from '../db/create-db.js';
import { parseServerVersion } from '../db/server-version.js';
import { NETWORK_TABLES, WORDPRESS_TABLES } from '../db/tables.js';
import { checkBinlogAccess, checkProbeAccess } from '../feed/feed-access.js';
import { selectServerVersion } from '../feed/feed-access.repository.js';
import { CATALOGUES } from '../i18n/index.js';
import { OptionName } from '../wp/constants.js';
import { blogIdFromPrefixes } from '../wp/object-cache/keys.js';
import { asRecord, maybeUnserialize } from '../wp/php/php-values.js';
import { countAggregatorRecords } from '../wp/site/aggregator-records.repository.js';
import { companionNotices } from '../wp/site/companions.js';
import { selectOptions } from '../wp/site/options.repository.js';
import { loadSiteSettings } from '../wp/site/site.js';
import { restRootUrl } from '../wp/site/urls.js';
import { isKnownZoneName } from '../wp/tec/dates.js';
import { OPT_IN_INDEXES, selectOptInIndexes } from '../wp/tec/opt-in-indexes.repository.js';
import {
  applicationPasswordsCheck,
  changeFeedCheck,
  charsetCheck,
  companionsCheck,
  customTablesCheck,
  engineCheck,
  exitCodeOf,
  formatCheck,
  indexesCheck,
  languageCheck,
  multisiteCheck,
  OBJECT_CACHE_PLUGINS,
  objectCacheCheck,
  permalinksCheck,
  prefixCheck,
  saltsCheck,
  serverCheck,
  siteUrlsCheck,
  tecActiveCheck,
  tecVersionCheck,
  timezoneCheck,
  wordpressCheck,
  type DoctorCheck,
} from './doctor.checks.js';
import { countApplicationPasswordUsers, pingDatabase, selectTables } from './doctor.repository.js';

const USAGE = 'usage: npm run doctor -- [DATABASE_URL] [--json]   (DATABASE_URL: mysql://user:password@host:port/database, else taken from the environment)';

export interface DoctorOutput {
  print(line: string): void;
  printError(line: string): void;
}

export interface DoctorReport {
  exitCode: number;
  checks: DoctorCheck[];
}

/**
 * `npm run doctor -- [DATABASE_URL] [--json]`: checks a site database and prints one line a
 * check. The environment supplies everything else (TABLE_PREFIX, WP_* salts, OBJECT_CACHE_URL),
 * parsed by config.ts; DATABASE_URL given as the argument wins over the environment's. Returns
 * the exit code: 0 when every check is ok or warn, 1 when one failed or a setting is malformed (as the
 * service exits on it), 2 for a usage error or a database that cannot be reached (a one-line message,
 * no stack trace).
 */
export async function runDoctorCommand(argv: readonly string[], env: Record<string, string | undefined>, out: DoctorOutput): Promise<number> {
  const args = parseDoctorArgs(argv);
  if ('help' in args) {
    out.print(USAGE);
    return 0;
  }
  if ('error' in args) {
    out.printError(`${args.error}\n${USAGE}`);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig(args.url === undefined ? env : { ...env, DATABASE_URL: args.url });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // The message says what is wrong and how to write it; the usage would bury that line. Exit 1
    // as the service does on the same setting: a supervisor's script treats both alike.
    out.printError(error.message);
    return 1;
  }
  if (config.databaseUrl === undefined) {
    out.printError(`doctor checks a site's database: give its URL (the bundled demo needs no checking)\n${USAGE}`);
    return 2;
  }
  if (sqliteFilePath(config.databaseUrl) !== undefined) {
    // Its checks read MySQL's catalogue, grants and server version: none applies to a SQLite file.
    out.printError('doctor checks MySQL/MariaDB sites; it is not applicable to a SQLite file');
    return 2;
  }
  const databaseUrl = config.databaseUrl;
  let db: Db;
  try {
    db = createDb({ databaseUrl, tablePrefix: config.tablePrefix, baseTablePrefix: config.baseTablePrefix, connectionLimit: 2, acquireTimeoutMs: 5_000 });
  } catch (error) {
    // mysql2 refuses some of the URL's options (an unknown `?ssl=` profile) as it makes the pool.
    out.printError(`Invalid configuration: DATABASE_URL: ${(error as Error).message}`);
    return 1;
  }
  try {
    try {
      await pingDatabase(db);
    } catch (error) {
      out.printError(`cannot reach the database at ${redactUrl(databaseUrl)}: ${describeError(error)}`);
      return 2;
    }
    let report: DoctorReport;
    try {
      report = await inspectSite(db, config);
    } catch (error) {
      // The connection went away half way, or the user may not even list the tables.
      out.printError(`could not inspect the database at ${redactUrl(databaseUrl)}: ${describeError(error)}`);
      return 2;
    }
    if (args.json) {
      out.print(JSON.stringify(report, null, 2));
    } else {
      for (const item of report.checks) out.print(formatCheck(item));
      const fails = report.checks.filter((item) => item.verdict === 'fail').length;
      const warns = report.checks.filter((item) => item.verdict === 'warn').length;
      out.print(fails > 0 ? `${fails} check(s) failed: serving this site would be wrong` : `ready to serve${warns > 0 ? ` (${warns} warning(s))` : ''}`);
    }
    return report.exitCode;
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

/** `[URL] [--json]`, in any order, or `--help`; anything else is a usage error. */
export function parseDoctorArgs(
  argv: readonly string[],
): { url: string | undefined; json: boolean } | { error: string } | { help: true } {
  let url: string | undefined;
  let json = false;
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--json') json = true;
    else if (arg.startsWith('-')) return { error: `unknown option ${arg}` };
    else if (url !== undefined) return { error: `one DATABASE_URL only (got ${redactUrl(url)} and ${redactUrl(arg)})` };
    else url = arg;
  }
  return { url, json };
}

/** The URL with its password replaced, fit for a message. */
export function redactUrl(url: string): string {
  return url.replace(/^(\w+:\/\/[^:/@]+:)[^@]*@/, '$1***@');
}

/** mysql2's code and message (ECONNREFUSED, ER_ACCESS_DENIED_ERROR, ER_BAD_DB_ERROR), on one line. */
function describeError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = (message ?? String(error)).split('\n')[0] ?? '';
  return code && !text.includes(code) ? `${code} ${text}`.trim() : text || 'no answer';
}

/** Runs every check against a reachable database. A check that throws reports a fail instead of ending the run. */
export async function inspectSite(db: Db, config: Config): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [];
  const run = async (id: string, body: () => Promise<DoctorCheck | DoctorCheck[]>) => {
    try {
      const result = await body();
      checks.push(...(Array.isArray(result) ? result : [result]));
    } catch (error) {
      checks.push({ id, verdict: 'fail', summary: `could not check: ${describeError(error)}` });
    }
  };

  const tables = await selectTables(db);
  const names = tables.map((table) => table.name);
  const present = new Set(names);
  const prefix = prefixCheck(config.tablePrefix, names);
  checks.push(prefix);
  await run('server', async () => {
    const text = await selectServerVersion(db);
    return serverCheck(parseServerVersion(text), text);
  });

  const siteTableNames = [...WORDPRESS_TABLES].map((table) => (NETWORK_TABLES.has(table) ? config.baseTablePrefix : config.tablePrefix) + table);
  const siteTables = tables.filter((table) => siteTableNames.includes(table.name));
  let objectCacheHints: string[] = [];

  // Without the site's posts and options tables nothing else about the site can be read.
  if (prefix.verdict !== 'fail') {
    checks.push(engineCheck(siteTables), charsetCheck(siteTables));
    const networkPrefixes = names.filter((name) => name.endsWith('sitemeta')).map((name) => name.slice(0, -'sitemeta'.length));
    const isNetwork = networkPrefixes.includes(config.baseTablePrefix);
    await run('wordpress', async () => {
      const settings = await loadSiteSettings(db, isNetwork);
      const options = await selectOptions(db, [
        OptionName.dbVersion,
        OptionName.litespeedObjectCache,
        OptionName.ct1EventsSchemaVersion,
        OptionName.tecOptions,
        OptionName.ct1MigrationState,
        OptionName.ct1OccurrencesSchemaVersion,
        OptionName.timezoneString,
      ]);
      const { plugins } = settings;
      const tec = asRecord(maybeUnserialize(options.get(OptionName.tecOptions) ?? ''));
      const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
      const timezoneString = options.get(OptionName.timezoneString) ?? '';
      const base = config.publicUrl ?? settings.home;

      objectCacheHints = [
        ...plugins.active.filter((plugin) => OBJECT_CACHE_PLUGINS.includes(plugin)),
        ...(options.get(OptionName.litespeedObjectCache) === '1' ? ['LiteSpeed object cache on (litespeed.conf.object)'] : []),
      ];
      return [
        wordpressCheck(options.get(OptionName.dbVersion)),
        tecActiveCheck(plugins),
        tecVersionCheck({
          latest: text(tec.latest_ecp_version),
          previous: phpListValues(tec.previous_ecp_versions),
          schema: text(tec['schema-version']),
          eventsTable: options.get(OptionName.ct1EventsSchemaVersion),
          occurrencesTable: options.get(OptionName.ct1OccurrencesSchemaVersion),
        }),
        customTablesCheck({
          tablesPresent: present.has(`${config.tablePrefix}tec_events`) && present.has(`${config.tablePrefix}tec_occurrences`),
          phase: String(asRecord(maybeUnserialize(options.get(OptionName.ct1MigrationState) ?? '')).phase ?? ''),
          occurrencesActive: settings.occurrencesTableActive,
        }),
        timezoneCheck(timezoneString, settings.timezone, timezoneString === '' || isKnownZoneName(settings.timezone)),
        permalinksCheck(settings.permalinkStructure, restRootUrl(base, config.restRoot, settings.permalinkStructure)),
        siteUrlsCheck(settings.home, settings.siteUrl, config.publicUrl, { host: config.host, port: config.port }),
        languageCheck(settings.language, Object.keys(CATALOGUES)),
        ...companionsCheck(companionNotices({ plugins, aggregatorRecords: await countAggregatorRecords(db) })),
      ];
    });
    await run('application-passwords', async () =>
      applicationPasswordsCheck(present.has(`${config.baseTablePrefix}usermeta`) ? await countApplicationPasswordUsers(db) : 0),
    );
    await run('indexes', async () => {
      const hasOccurrences = present.has(`${config.tablePrefix}tec_occurrences`);
      const indexNames = hasOccurrences ? await selectOptInIndexes(db) : new Set<string>();
      return indexesCheck(hasOccurrences, OPT_IN_INDEXES.map((index) => ({ name: index.name, present: indexNames.has(index.name) })));
    });
    checks.push(
      multisiteCheck({
        networkPrefixes: names.filter((name) => name.endsWith('blogs')).map((name) => name.slice(0, -'blogs'.length)).filter((candidate) => networkPrefixes.includes(candidate)),
        tablePrefix: config.tablePrefix,
        baseTablePrefix: config.baseTablePrefix,
        blogId: config.tablePrefix === config.baseTablePrefix ? 1 : blogIdFromPrefixes(config.tablePrefix, config.baseTablePrefix),
        usersTable: present.has(`${config.baseTablePrefix}users`),
      }),
    );
  }
  checks.push(saltsCheck(config.authKeys !== undefined), objectCacheCheck(config.objectCache !== undefined, objectCacheHints));
  const nonInnodb = siteTables.filter((table) => (table.engine ?? '').toLowerCase() !== 'innodb').map((table) => table.name);
  await run('change-feed', async () => changeFeedCheck(await checkBinlogAccess(db), await checkProbeAccess(db), nonInnodb));
  return { exitCode: exitCodeOf(checks), checks };
}

/** The values of a decoded PHP array (list or map) that are strings; nothing for anything else. */
function phpListValues(value: unknown): string[] {
  const values = Array.isArray(value) ? value : Object.values(asRecord(value));
  return values.filter((item): item is string => typeof item === 'string');
}
