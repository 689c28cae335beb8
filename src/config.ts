import * as v from 'valibot';

const DATABASE_URL_PATTERN = /^mysql:\/\/[^/]+\/[^/?]+(\?.*)?$/;

const EnvSchema = v.object({
  DATABASE_URL: v.pipe(
    v.string('DATABASE_URL is required (mysql://user:password@host:port/database)'),
    v.regex(DATABASE_URL_PATTERN, 'DATABASE_URL must look like mysql://user:password@host:port/database'),
  ),
  TABLE_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]+$/, 'TABLE_PREFIX may hold only letters, digits and underscores')),
    'wp_',
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
});

/** Settings parsed once at start; frozen and passed in, never read from process.env elsewhere. */
export interface Config {
  readonly databaseUrl: string;
  readonly tablePrefix: string;
  readonly host: string;
  readonly port: number;
  /** Path of the REST root, without a trailing slash (WordPress's `/wp-json`). */
  readonly restRoot: string;
  /** Overrides the site's `home` option as the base of every URL in responses. */
  readonly publicUrl: string | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const picked = Object.fromEntries(
    Object.keys(EnvSchema.entries)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  // valibot's own wording for a missing key ("Invalid key: Expected ...") helps nobody here.
  if (picked.DATABASE_URL === undefined) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: DATABASE_URL is required (mysql://user:password@host:port/database)');
  }
  const result = v.safeParse(EnvSchema, picked);
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = issue.path?.[0]?.key ?? 'environment';
      return `${String(key)}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const out = result.output;
  return Object.freeze({
    databaseUrl: out.DATABASE_URL,
    tablePrefix: out.TABLE_PREFIX,
    host: out.HOST,
    port: out.PORT,
    restRoot: out.REST_ROOT.replace(/\/+$/, ''),
    publicUrl: out.PUBLIC_URL?.replace(/\/+$/, ''),
  });
}
