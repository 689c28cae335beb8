/**
 * How the Redis Object Cache drop-in (redis-cache 2.6.3, `build_key`) names an entry:
 * `<salt><P>:<group>:<key>` (object-cache.md §1). `salt` is WP_REDIS_PREFIX (or WP_CACHE_KEY_SALT),
 * prepended as is; `P` is the table prefix on a single site, and on a multisite network the blog id
 * for site groups and nothing for global groups.
 */

/** What the key of every entry of one site starts with. */
export interface Keyspace {
  /** WP_REDIS_PREFIX, trimmed as PHP's trim() does; '' when the site sets none. */
  readonly salt: string;
  /** `P` of site groups (`wp`, or the blog id `2` on a multisite sub-site). */
  readonly blogPrefix: string;
  /** `P` of global groups (`wp`, or '' on a multisite network). */
  readonly globalPrefix: string;
}

/**
 * The groups the drop-in and WordPress declare global (wp_cache_add_global_groups): on a network
 * they are shared by every site, so their keys carry no blog id.
 */
export const GLOBAL_GROUPS: ReadonlySet<string> = new Set([
  // The drop-in's own list.
  'blog-details',
  'blog-id-cache',
  'blog-lookup',
  'global-posts',
  'networks',
  'rss',
  'sites',
  'site-details',
  'site-lookup',
  'site-options',
  'site-transient',
  'users',
  'useremail',
  'userlogins',
  'usermeta',
  'user_meta',
  'userslugs',
  'redis-cache',
  // What WordPress adds in wp_start_object_cache.
  'blog_meta',
  'image_editor',
  'network-queries',
  'site-queries',
  'theme_files',
  'translation_files',
  'user-queries',
]);

export interface KeyspaceSettings {
  /** OBJECT_CACHE_PREFIX: the site's WP_REDIS_PREFIX / WP_CACHE_KEY_SALT. */
  readonly prefix: string;
  readonly tablePrefix: string;
  /** The network's prefix on a multisite sub-site; equal to tablePrefix on a single site. */
  readonly baseTablePrefix: string;
}

/** PHP's trim() with its default characters: space, tab, newline, carriage return, NUL, vertical tab. */
function phpTrim(text: string): string {
  return text.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
}

/** `trim( $prefix, '_-:$' )`, as build_key trims the table prefix or blog id. */
function trimPrefixPart(text: string): string {
  return text.replace(/^[_\-:$]+|[_\-:$]+$/g, '');
}

/**
 * The blog id of a multisite sub-site from its table prefix (`wp_2_` under `wp_` is blog 2);
 * undefined when the prefixes do not have that shape.
 */
export function blogIdFromPrefixes(tablePrefix: string, baseTablePrefix: string): number | undefined {
  if (!tablePrefix.startsWith(baseTablePrefix)) return undefined;
  const match = /^(\d+)_$/.exec(tablePrefix.slice(baseTablePrefix.length));
  return match ? Number(match[1]) : undefined;
}

/**
 * The keyspace of the site the sidecar serves. A table prefix different from the network's base
 * prefix means a multisite sub-site (as config.ts and authentication read it): site groups then
 * carry the blog id and global groups an empty `P`. Throws when such a prefix names no blog id.
 */
export function keyspaceFor({ prefix, tablePrefix, baseTablePrefix }: KeyspaceSettings): Keyspace {
  const salt = phpTrim(prefix);
  if (tablePrefix === baseTablePrefix) {
    const siteP = trimPrefixPart(tablePrefix);
    return { salt, blogPrefix: siteP, globalPrefix: siteP };
  }
  const blogId = blogIdFromPrefixes(tablePrefix, baseTablePrefix);
  if (blogId === undefined) {
    throw new Error(`Cannot tell the blog id of table prefix "${tablePrefix}" under the network prefix "${baseTablePrefix}"`);
  }
  return { salt, blogPrefix: String(blogId), globalPrefix: '' };
}

/** The drop-in's sanitize_key_part: a `:` inside a group or key would read as a separator. */
function sanitizeKeyPart(part: string): string {
  return part.replaceAll(':', '-');
}

/** The Redis key of WordPress's `wp_cache_*( key, group )` on this site. */
export function cacheKey(keyspace: Keyspace, group: string, key: string | number): string {
  const safeGroup = sanitizeKeyPart(group === '' ? 'default' : group);
  const p = GLOBAL_GROUPS.has(safeGroup) ? keyspace.globalPrefix : keyspace.blogPrefix;
  return `${keyspace.salt}${p}:${safeGroup}:${sanitizeKeyPart(String(key))}`;
}
