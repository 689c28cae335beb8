/**
 * wpdb::esc_like: the text with `\`, `%` and `_` each escaped by a backslash, so a LIKE pattern
 * built around it (`%${escLike(search)}%`) matches them literally. MySQL's default LIKE escape
 * character is the backslash, which is what WordPress relies on. Never throws.
 */
export function escLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
