/**
 * PHP's stripslashes(), which wp_unslash() applies to every string WordPress's write functions
 * are handed (wp_insert_post, add/update_post_meta): `\x` becomes `x`, `\\` becomes `\`, a lone
 * trailing backslash goes. REST requests arrive unslashed, so a backslash a client sends is lost,
 * as on the plugin.
 */
export function wpUnslash(text: string): string {
  return text.replace(/\\(\\|0|[\s\S])?/g, (_match, escaped: string | undefined) => {
    if (escaped === undefined) return '';
    if (escaped === '0') return '\0';
    return escaped;
  });
}

/** wp_unslash of an array: every string in it, at any depth, unslashed; keys and other values kept. */
export function wpUnslashDeep(value: unknown): unknown {
  if (typeof value === 'string') return wpUnslash(value);
  if (Array.isArray(value)) return value.map(wpUnslashDeep);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wpUnslashDeep(item)]));
  return value;
}
