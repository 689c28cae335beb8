import { createHmac, randomBytes } from 'node:crypto';

/*
 * wp_salt() and wp_hash() for the schemes the sidecar checks. The keys and salts are the
 * `*_KEY` / `*_SALT` constants of the site's wp-config.php, given to the sidecar as configuration.
 */

export type SaltScheme = 'auth' | 'logged_in' | 'nonce';

export interface KeyAndSalt {
  readonly key: string;
  readonly salt: string;
}

/** The site's keys and salts per scheme, as configured. */
export type AuthKeys = Readonly<Record<SaltScheme, KeyAndSalt>>;

/** The value wp-config-sample.php ships; wp_salt() never uses it. */
export const PLACEHOLDER_PHRASE = 'put your unique phrase here';

/**
 * The database options wp_salt() falls back to (`auth_key`, `logged_in_salt`, ...) for a constant
 * it refuses: empty, the sample placeholder, or a value given to two constants.
 */
export function fallbackOptionName(scheme: SaltScheme, type: keyof KeyAndSalt): string {
  return `${scheme}_${type}`;
}

/**
 * The configured values wp_salt() would refuse, as `scheme_type` option names. WordPress counts a
 * value as duplicated when two of its key/salt constants share it (it also looks at SECURE_AUTH_*
 * and SECRET_*, which the sidecar is not given).
 */
export function refusedSalts(keys: AuthKeys): string[] {
  const all = Object.values(keys).flatMap((pair) => [pair.key, pair.salt]);
  const refused: string[] = [];
  for (const [scheme, pair] of Object.entries(keys) as [SaltScheme, KeyAndSalt][]) {
    for (const type of ['key', 'salt'] as const) {
      const value = pair[type];
      const duplicated = all.filter((other) => other === value).length > 1;
      if (value === '' || value === PLACEHOLDER_PHRASE || duplicated) refused.push(fallbackOptionName(scheme, type));
    }
  }
  return refused;
}

/**
 * The keys wp_salt() would use: the configured ones, except that each refused value is replaced
 * by its database option (`options` maps option name to value). Without that option WordPress
 * would generate and store a random value, which no existing cookie or nonce can match; a random
 * value of our own has the same effect (and an empty key never makes a forgeable HMAC).
 */
export function resolveAuthKeys(keys: AuthKeys, options: ReadonlyMap<string, string>): AuthKeys {
  const refused = new Set(refusedSalts(keys));
  const pick = (scheme: SaltScheme, type: keyof KeyAndSalt): string => {
    const name = fallbackOptionName(scheme, type);
    if (!refused.has(name)) return keys[scheme][type];
    return options.get(name) || randomBytes(48).toString('base64');
  };
  const pair = (scheme: SaltScheme): KeyAndSalt => ({ key: pick(scheme, 'key'), salt: pick(scheme, 'salt') });
  return { auth: pair('auth'), logged_in: pair('logged_in'), nonce: pair('nonce') };
}

/** wp_hash( $data, $scheme ): hex HMAC-MD5 of the data keyed with the scheme's key . salt. */
export function wpHash(keys: AuthKeys, data: string, scheme: SaltScheme): string {
  const { key, salt } = keys[scheme];
  return createHmac('md5', key + salt).update(data, 'utf8').digest('hex');
}
