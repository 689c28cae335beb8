import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { AuthKeys } from './wp/auth/salts.js';
import { RECORD_KINDS, type RecordChangeKind, type RecordKind } from './feed/record-change.js';
import { RECORD_CHANGE_KINDS } from './feed/notifications/subscriptions.js';
import { blogIdFromPrefixes } from './wp/object-cache/keys.js';
import { API_NAMESPACE, PLUGIN_NAMESPACE, TEC_V1_NAMESPACE, TICKETS_NAMESPACE } from './wp/site/urls.js';
import type { ChangeFeedSetting } from './feed/start-feed.js';
import { MYSQL_URL_FORM, mysqlUrlProblem } from './db/database-url.js';

/** A SQLite file (WordPress Playground's, the SQLite Database Integration plugin's): `sqlite:/path/to/site.sqlite`. */
const SQLITE_URL_PATTERN = /^sqlite:.+$/;
/**
 * The namespaces there are routes for: ours, the plugin's own for a drop-in deployment, TEC 6's
 * newer `tec/v1`, and Event Tickets' `tribe/tickets/v1` (only beside one of TEC's).
 */
const SERVABLE_NAMESPACES: readonly string[] = [API_NAMESPACE, PLUGIN_NAMESPACE, TEC_V1_NAMESPACE, TICKETS_NAMESPACE];

const EnvSchema = v.object({
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed || SQLITE_URL_PATTERN.test(dataset.value)) return;
        const problem = mysqlUrlProblem(dataset.value);
        if (problem === undefined) return;
        addIssue({ message: dataset.value.startsWith('mysql://') ? problem : `DATABASE_URL must look like ${MYSQL_URL_FORM} (or sqlite:/path/to/site.sqlite)` });
      }),
    ),
  ),
  DATABASE_READ_URL: v.optional(
    v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const urls = dataset.value.split(',').map((url) => url.trim());
        const index = urls.findIndex((url) => mysqlUrlProblem(url) !== undefined);
        if (index < 0) return;
        const problem = mysqlUrlProblem(urls[index]!)!;
        const which = urls.length === 1 ? '' : `URL ${index + 1} of ${urls.length} `;
        addIssue({
          message: urls[index]!.startsWith('mysql://')
            ? `${which}${problem}`
            : `DATABASE_READ_URL must be one or more ${MYSQL_URL_FORM}, separated by commas`,
        });
      }),
    ),
  ),
  TABLE_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]+$/, 'TABLE_PREFIX may hold only letters, digits and underscores')),
    'wp_',
  ),
  BASE_TABLE_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]+$/, 'BASE_TABLE_PREFIX may hold only letters, digits and underscores')),
  ),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('HOST must not be empty')), '127.0.0.1'),
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'PORT must be a whole number'),
      v.transform(Number),
      v.minValue(0, 'PORT must be between 0 and 65535'),
      v.maxValue(65535, 'PORT must be between 0 and 65535'),
    ),
    '8080',
  ),
  REST_ROOT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\/[A-Za-z0-9._~\-/]*$/, 'REST_ROOT must be a path such as /wp-json'),
      v.check((path) => path.replace(/\/+$/, '') !== '', 'REST_ROOT must not be the site root'),
    ),
    '/wp-json',
  ),
  PUBLIC_URL: v.optional(
    v.pipe(v.string(), v.url('PUBLIC_URL must be an absolute URL such as https://example.com')),
  ),
  // A typo (tribe/events/v2) would otherwise serve routes no client asks for, and none it does.
  NAMESPACES: v.optional(
    v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const unknown = dataset.value.split(',').map((namespace) => namespace.trim()).filter((namespace) => !SERVABLE_NAMESPACES.includes(namespace));
        if (unknown.length === 0) {
          // The main namespace (the first) is one of TEC's: the REST root, the front page and the
          // service's own reads of its records speak in it.
          if (dataset.value.split(',').every((namespace) => namespace.trim() === TICKETS_NAMESPACE)) {
            addIssue({ message: `${TICKETS_NAMESPACE} is served beside TEC's namespaces: name ${API_NAMESPACE}, ${PLUGIN_NAMESPACE} or ${TEC_V1_NAMESPACE} too` });
          }
          return;
        }
        addIssue({
          message: `${unknown.map((namespace) => `"${namespace}"`).join(', ')} is not served; NAMESPACES may name ${SERVABLE_NAMESPACES.slice(0, -1).join(', ')} and ${SERVABLE_NAMESPACES.at(-1)}, separated by commas`,
        });
      }),
    ),
  ),
  // TEC's `tec_rest_experimental_endpoint` filter: a site that returns false there serves tec/v1
  // without the X-TEC-EEA acknowledgement header.
  TEC_V1_EXPERIMENTAL_GATE: v.optional(v.picklist(['on', 'off'], 'TEC_V1_EXPERIMENTAL_GATE must be on or off'), 'on'),
  CHANGE_FEED: v.optional(v.picklist(['auto', 'binlog', 'probe', 'off'], 'CHANGE_FEED must be one of auto, binlog, probe, off'), 'auto'),
  CACHE_MAX_MB: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'CACHE_MAX_MB must be a whole number of megabytes (0 turns the response cache off)'),
      v.transform(Number),
      v.maxValue(1_000_000, 'CACHE_MAX_MB must be at most 1000000'),
    ),
    '64',
  ),
  WP_AUTH_KEY: v.optional(v.string()),
  WP_AUTH_SALT: v.optional(v.string()),
  WP_LOGGED_IN_KEY: v.optional(v.string()),
  WP_LOGGED_IN_SALT: v.optional(v.string()),
  WP_NONCE_KEY: v.optional(v.string()),
  WP_NONCE_SALT: v.optional(v.string()),
  OBJECT_CACHE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(isRedisUrl, 'OBJECT_CACHE_URL must look like redis://host:port/db (or rediss:// for TLS), db a number'),
    ),
  ),
  OBJECT_CACHE_PREFIX: v.optional(v.string()),
  WEBHOOKS: v.optional(v.pipe(v.string(), v.rawTransform(parseJsonText), webhooksSchema())),
  WEBHOOKS_FILE: v.optional(
    v.pipe(v.string(), v.rawTransform(readTextFile), v.rawTransform(parseJsonText), webhooksSchema()),
  ),
  NATS_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => value.split(',').every((url) => isUrlOf(url.trim(), ['nats:', 'tls:'])),
        'NATS_URL must be one or more nats://host:port (or tls://host:port), separated by commas',
      ),
    ),
  ),
  // JetStream stream names may not hold '.', '*', '>', spaces or path separators.
  NATS_STREAM: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'NATS_STREAM may hold only letters, digits, - and _ (at most 64)')),
    'CALENDAR_CHANGES',
  ),
});

/** One webhook subscription as WEBHOOKS spells it; an unknown key is refused (a typo would widen the filter). */
function webhooksSchema() {
  return v.array(
    v.strictObject({
      url: v.pipe(
        v.string('url must be a string'),
        v.check((url) => isUrlOf(url, ['http:', 'https:']), 'url must be an absolute http:// or https:// URL'),
      ),
      secret: v.pipe(v.string('secret must be a string'), v.nonEmpty('secret must not be empty')),
      resources: v.optional(
        v.pipe(
          v.array(v.picklist(RECORD_KINDS, `resources may hold only ${RECORD_KINDS.join(', ')}`)),
          v.nonEmpty('resources must not be empty (leave it out for all)'),
        ),
      ),
      changes: v.optional(
        v.pipe(
          v.array(v.picklist(RECORD_CHANGE_KINDS, `changes may hold only ${RECORD_CHANGE_KINDS.join(', ')}`)),
          v.nonEmpty('changes must not be empty (leave it out for all)'),
        ),
      ),
    }),
    'must be a JSON array of subscriptions ({"url", "secret", "resources", "changes"})',
  );
}

function parseJsonText({ dataset, addIssue, NEVER }: v.RawTransformContext<string>): unknown {
  try {
    return JSON.parse(dataset.value) as unknown;
  } catch (error) {
    addIssue({ message: `is not valid JSON (${(error as Error).message})` });
    return NEVER;
  }
}

/** WEBHOOKS_FILE's content: the file is read once, at start, like the rest of the configuration. */
function readTextFile({ dataset, addIssue, NEVER }: v.RawTransformContext<string>): string {
  try {
    return readFileSync(dataset.value, 'utf8');
  } catch (error) {
    addIssue({ message: `cannot read ${dataset.value} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
    return NEVER;
  }
}

/** An absolute URL with a host and one of these schemes (`https:`). */
function isUrlOf(value: string, protocols: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** redis://[user:password@]host[:port][/db], as ioredis reads it. */
function isRedisUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '' && /^(\/\d*)?$/.test(url.pathname);
}

/** The wp-config.php constants cookie authentication needs, all six or none. */
const AUTH_KEY_SETTINGS = [
  'WP_AUTH_KEY',
  'WP_AUTH_SALT',
  'WP_LOGGED_IN_KEY',
  'WP_LOGGED_IN_SALT',
  'WP_NONCE_KEY',
  'WP_NONCE_SALT',
] as const;

/** Settings parsed once at start; frozen and passed in, never read from process.env elsewhere. */
export interface Config {
  /**
   * The site's database: `mysql://...`, or `sqlite:<file>` for a SQLite WordPress file; undefined
   * (no DATABASE_URL) serves the bundled demo site (src/demo).
   */
  readonly databaseUrl: string | undefined;
  /** Read replicas of the database (DATABASE_READ_URL), for plain reads; empty: the primary serves all. */
  readonly databaseReadUrls: readonly string[];
  readonly tablePrefix: string;
  /**
   * Prefix of the users tables. A multisite network shares `wp_users` / `wp_usermeta` between its
   * sites, so sub-site 2 (`wp_2_`) reads users under `wp_`.
   */
  readonly baseTablePrefix: string;
  readonly host: string;
  readonly port: number;
  /** Path of the REST root, without a trailing slash (WordPress's `/wp-json`). */
  readonly restRoot: string;
  /** Overrides the site's `home` option as the base of every URL in responses. */
  readonly publicUrl: string | undefined;
  /**
   * The namespaces the routes are served under, first the main one: `calendar/events/v1` alone by
   * default; `tribe/events/v1` too takes over the plugin's own URLs (every URL in an answer names
   * the namespace the request came in under). `tribe/tickets/v1`, when named, comes after TEC's.
   */
  readonly namespaces: readonly string[];
  /**
   * Whether tec/v1's routes (but its index and /docs) refuse requests without TEC's X-TEC-EEA
   * acknowledgement header, as the plugin does unless its `tec_rest_experimental_endpoint` filter says false.
   */
  readonly tecV1ExperimentalGate: boolean;
  /** How changes made outside this service are noticed (see src/feed/start-feed.ts and docs/change-feed.md). */
  readonly changeFeed: ChangeFeedSetting;
  /** The response cache's budget in bytes; 0: no response cache. */
  readonly cacheMaxBytes: number;
  /**
   * The site's keys and salts (wp-config.php's AUTH_*, LOGGED_IN_*, NONCE_*), which logged-in
   * cookies and REST nonces are checked with; undefined turns cookie authentication off.
   */
  readonly authKeys: AuthKeys | undefined;
  /**
   * The site's persistent object cache (Redis Object Cache), whose entries each write deletes
   * after commit; undefined when the site runs without one.
   */
  readonly objectCache: ObjectCacheConfig | undefined;
  /** Webhook subscriptions to record changes (WEBHOOKS or WEBHOOKS_FILE); empty: none. */
  readonly webhooks: readonly WebhookSubscription[];
  /** Where changes are published (NATS JetStream); undefined: notifications go from memory, best effort. */
  readonly nats: NatsConfig | undefined;
}

export interface WebhookSubscription {
  /** Where each notification is POSTed. */
  readonly url: string;
  /** The HMAC-SHA256 key of X-Calendar-Signature. */
  readonly secret: string;
  /** Which kinds of record it is told about; all when the setting leaves it out. */
  readonly resources: readonly RecordKind[];
  /** Which changes it is told about; all when the setting leaves it out. */
  readonly changes: readonly RecordChangeKind[];
}

export interface NatsConfig {
  /** NATS_URL, split at commas: the servers nats.js tries. */
  readonly servers: readonly string[];
  /** NATS_STREAM: the JetStream stream the changes go into (created or updated at start). */
  readonly stream: string;
}

export interface ObjectCacheConfig {
  /** redis://host:port/db of the database WP_REDIS_DATABASE names. */
  readonly url: string;
  /** WP_REDIS_PREFIX (or WP_CACHE_KEY_SALT), prepended to every key as is; '' when the site sets none. */
  readonly prefix: string;
}

export class ConfigError extends Error {}

/** One problem on one line (what an operator reads first); several, one a line below a heading. */
function invalidConfiguration(lines: readonly string[]): ConfigError {
  return new ConfigError(lines.length === 1 ? `Invalid configuration: ${lines[0]}` : `Invalid configuration:\n  ${lines.join('\n  ')}`);
}

/** A sub-site prefix (`wp_2_`) without its site number (`wp_`); any other prefix as it is. */
export function networkBasePrefix(tablePrefix: string): string {
  return /^(.+_)\d+_$/.exec(tablePrefix)?.[1] ?? tablePrefix;
}

/** Parses the environment; throws ConfigError naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const picked = Object.fromEntries(
    Object.keys(EnvSchema.entries)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const result = v.safeParse(EnvSchema, picked);
  if (!result.success) {
    const lines = result.issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
    throw invalidConfiguration(lines);
  }
  const out = result.output;
  if (out.DATABASE_READ_URL !== undefined && (out.DATABASE_URL === undefined || !out.DATABASE_URL.startsWith('mysql://'))) {
    throw invalidConfiguration(['DATABASE_READ_URL: read replicas are MySQL/MariaDB servers of a mysql:// DATABASE_URL, not of a SQLite file or the demo']);
  }
  const givenKeys = AUTH_KEY_SETTINGS.filter((key) => out[key] !== undefined);
  if (givenKeys.length > 0 && givenKeys.length < AUTH_KEY_SETTINGS.length) {
    const missing = AUTH_KEY_SETTINGS.filter((key) => out[key] === undefined);
    throw invalidConfiguration([`${missing.join(', ')}: cookie authentication needs all six WP_*_KEY / WP_*_SALT settings, or none`]);
  }
  const baseTablePrefix = out.BASE_TABLE_PREFIX ?? networkBasePrefix(out.TABLE_PREFIX);
  if (out.WEBHOOKS !== undefined && out.WEBHOOKS_FILE !== undefined) {
    throw invalidConfiguration(['WEBHOOKS: is set, and so is WEBHOOKS_FILE; give one of them']);
  }
  if (out.OBJECT_CACHE_URL === undefined && out.OBJECT_CACHE_PREFIX !== undefined) {
    throw invalidConfiguration(['OBJECT_CACHE_PREFIX: is set, but OBJECT_CACHE_URL is not; give both, or neither to run without the object cache']);
  }
  // On a network the site groups' keys carry the blog id, read off the sub-site's prefix.
  if (out.OBJECT_CACHE_URL !== undefined && baseTablePrefix !== out.TABLE_PREFIX && blogIdFromPrefixes(out.TABLE_PREFIX, baseTablePrefix) === undefined) {
    throw invalidConfiguration([
      `OBJECT_CACHE_URL: the blog id of TABLE_PREFIX "${out.TABLE_PREFIX}" cannot be told under BASE_TABLE_PREFIX "${baseTablePrefix}" (expected ${baseTablePrefix}<id>_)`,
    ]);
  }
  return Object.freeze({
    databaseUrl: out.DATABASE_URL,
    databaseReadUrls: out.DATABASE_READ_URL === undefined ? [] : out.DATABASE_READ_URL.split(',').map((url) => url.trim()),
    tablePrefix: out.TABLE_PREFIX,
    baseTablePrefix,
    host: out.HOST,
    port: out.PORT,
    restRoot: out.REST_ROOT.replace(/\/+$/, ''),
    publicUrl: out.PUBLIC_URL?.replace(/\/+$/, ''),
    namespaces: Object.freeze(out.NAMESPACES === undefined ? [API_NAMESPACE] : namespaceList(out.NAMESPACES)),
    tecV1ExperimentalGate: out.TEC_V1_EXPERIMENTAL_GATE === 'on',
    changeFeed: out.CHANGE_FEED,
    cacheMaxBytes: out.CACHE_MAX_MB * 1024 * 1024,
    authKeys:
      out.WP_AUTH_KEY !== undefined &&
      out.WP_AUTH_SALT !== undefined &&
      out.WP_LOGGED_IN_KEY !== undefined &&
      out.WP_LOGGED_IN_SALT !== undefined &&
      out.WP_NONCE_KEY !== undefined &&
      out.WP_NONCE_SALT !== undefined
        ? Object.freeze({
            auth: Object.freeze({ key: out.WP_AUTH_KEY, salt: out.WP_AUTH_SALT }),
            logged_in: Object.freeze({ key: out.WP_LOGGED_IN_KEY, salt: out.WP_LOGGED_IN_SALT }),
            nonce: Object.freeze({ key: out.WP_NONCE_KEY, salt: out.WP_NONCE_SALT }),
          })
        : undefined,
    objectCache:
      out.OBJECT_CACHE_URL !== undefined
        ? Object.freeze({ url: out.OBJECT_CACHE_URL, prefix: out.OBJECT_CACHE_PREFIX ?? '' })
        : undefined,
    webhooks: Object.freeze(
      (out.WEBHOOKS ?? out.WEBHOOKS_FILE ?? []).map((subscription) =>
        Object.freeze({
          url: subscription.url,
          secret: subscription.secret,
          resources: Object.freeze([...new Set(subscription.resources ?? RECORD_KINDS)]),
          changes: Object.freeze([...new Set(subscription.changes ?? RECORD_CHANGE_KINDS)]),
        }),
      ),
    ),
    nats:
      out.NATS_URL !== undefined
        ? Object.freeze({ servers: Object.freeze(out.NATS_URL.split(',').map((url) => url.trim())), stream: out.NATS_STREAM })
        : undefined,
  });
}

/** `WEBHOOKS[0].url` for an issue inside a setting's value; the setting's name alone otherwise. */
function issuePath(path: v.BaseIssue<unknown>['path']): string {
  if (path === undefined || path.length === 0) return 'environment';
  return path
    .map((item, index) => (typeof item.key === 'number' ? `[${item.key}]` : index === 0 ? String(item.key) : `.${String(item.key)}`))
    .join('');
}

/** pino's levels, and `silent` for none. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const LogEnvSchema = v.object({
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  NODE_ENV: v.optional(v.string()),
});

/** How main.ts sets up the request log (kept apart from Config, which the app itself reads). */
export interface LogSettings {
  readonly level: LogLevel;
  /** One readable line per record (pino-pretty) instead of JSON: NODE_ENV=development. */
  readonly pretty: boolean;
}

/** Reads LOG_LEVEL (default info) and NODE_ENV; throws ConfigError on an unknown level. */
export function loadLogSettings(env: Record<string, string | undefined>): LogSettings {
  const picked = Object.fromEntries(
    Object.keys(LogEnvSchema.entries)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const result = v.safeParse(LogEnvSchema, picked);
  if (!result.success) {
    throw invalidConfiguration(result.issues.map((issue) => `${String(issue.path?.[0]?.key ?? 'environment')}: ${issue.message}`));
  }
  return Object.freeze({ level: result.output.LOG_LEVEL, pretty: result.output.NODE_ENV === 'development' });
}

/** NAMESPACES as a list without repeats, in the order given but Event Tickets' after TEC's (the first is the main one). */
function namespaceList(value: string): string[] {
  const named = [...new Set(value.split(',').map((namespace) => namespace.trim()))];
  return [...named.filter((namespace) => namespace !== TICKETS_NAMESPACE), ...named.filter((namespace) => namespace === TICKETS_NAMESPACE)];
}

/** One setting as `--help` shows it. */
export interface SettingDescription {
  readonly name: string;
  /** The schema's default value; undefined for a setting that has none, whose `unset` says what its absence does. */
  readonly defaultValue: string | undefined;
  readonly unset: string | undefined;
  readonly meaning: string;
}

/** A setting's one line of meaning; `unset` for a setting the schema gives no default, saying what its absence does. */
interface SettingHelp {
  readonly meaning: string;
  readonly unset?: string;
}

const WP_KEY_UNSET = 'cookie authentication off';

/**
 * The meaning of every setting the schemas read, keyed by their own keys, so that a setting added
 * to a schema without a line here (or a line for one that is gone) fails the type check.
 */
const SETTING_HELP: { readonly [Name in keyof typeof EnvSchema.entries | keyof typeof LogEnvSchema.entries]: SettingHelp } = {
  DATABASE_URL: {
    meaning: 'the WordPress database: mysql://user:password@host:port/database (reserved characters percent-encoded, # as %23) or sqlite:/path/to/site.sqlite',
    unset: 'the bundled demo site',
  },
  DATABASE_READ_URL: { meaning: 'read replicas for plain reads: mysql:// URLs, comma-separated', unset: 'the primary serves all' },
  TABLE_PREFIX: { meaning: "$table_prefix from wp-config.php (wp_2_, wp_3_, ... for a multisite sub-site)" },
  BASE_TABLE_PREFIX: { meaning: 'multisite sub-sites: prefix of the network-wide users, usermeta and sitemeta tables', unset: 'TABLE_PREFIX without its site number' },
  HOST: { meaning: 'the address to listen on (0.0.0.0 for all)' },
  PORT: { meaning: 'the port to listen on (0: one the system picks)' },
  REST_ROOT: { meaning: 'path of the REST root: routes live under {REST_ROOT}/calendar/events/v1' },
  PUBLIC_URL: { meaning: 'base of every URL in answers: the address clients reach the service at', unset: "the site's home option, as WordPress does" },
  NAMESPACES: {
    meaning: "namespaces served, comma-separated: calendar/events/v1, tribe/events/v1 (the plugin's own URLs), tec/v1 (TEC 6's newer API)",
    unset: 'calendar/events/v1',
  },
  TEC_V1_EXPERIMENTAL_GATE: { meaning: "off serves tec/v1 without TEC's X-TEC-EEA acknowledgement header" },
  CHANGE_FEED: { meaning: 'how changes made outside the service are noticed: auto (binlog if allowed, else probe), binlog, probe or off' },
  CACHE_MAX_MB: { meaning: 'megabytes the response and record caches and the event dates kept for totals may hold together; 0 turns them off' },
  WP_AUTH_KEY: { meaning: 'AUTH_KEY from wp-config.php (the six WP_* keys and salts turn on cookie authentication: all or none)', unset: WP_KEY_UNSET },
  WP_AUTH_SALT: { meaning: 'AUTH_SALT from wp-config.php', unset: WP_KEY_UNSET },
  WP_LOGGED_IN_KEY: { meaning: 'LOGGED_IN_KEY from wp-config.php', unset: WP_KEY_UNSET },
  WP_LOGGED_IN_SALT: { meaning: 'LOGGED_IN_SALT from wp-config.php', unset: WP_KEY_UNSET },
  WP_NONCE_KEY: { meaning: 'NONCE_KEY from wp-config.php', unset: WP_KEY_UNSET },
  WP_NONCE_SALT: { meaning: 'NONCE_SALT from wp-config.php', unset: WP_KEY_UNSET },
  OBJECT_CACHE_URL: { meaning: "redis://host:port/db of the site's Redis Object Cache, whose entries each write drops", unset: 'no object cache' },
  OBJECT_CACHE_PREFIX: { meaning: "the site's WP_REDIS_PREFIX (or WP_CACHE_KEY_SALT), exactly as in wp-config.php", unset: 'none' },
  WEBHOOKS: { meaning: 'change notifications: a JSON array of {"url","secret","resources"?,"changes"?}', unset: 'none' },
  WEBHOOKS_FILE: { meaning: 'a file holding that JSON array (instead of WEBHOOKS)', unset: 'none' },
  NATS_URL: { meaning: 'NATS servers (nats://host:port, comma-separated) whose JetStream carries the notifications', unset: 'notifications go from memory, best effort' },
  NATS_STREAM: { meaning: 'the JetStream stream the notifications go into' },
  LOG_LEVEL: { meaning: `the lowest level logged: ${LOG_LEVELS.join(', ')}` },
  NODE_ENV: { meaning: 'development: one readable line per log record instead of JSON', unset: 'JSON log lines' },
};

/** Every setting the service reads, in the schemas' order, with its default and meaning (`--help`). */
export function describeSettings(): SettingDescription[] {
  const schemas: Record<string, v.GenericSchema> = { ...EnvSchema.entries, ...LogEnvSchema.entries };
  return Object.entries(schemas).map(([name, schema]) => {
    const help = SETTING_HELP[name as keyof typeof SETTING_HELP];
    const fallback = v.getDefault(schema) as unknown;
    return { name, defaultValue: fallback === undefined ? undefined : String(fallback), unset: help.unset, meaning: help.meaning };
  });
}
