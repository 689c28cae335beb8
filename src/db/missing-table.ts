/**
 * MySQL's "table doesn't exist" (1146), or SQLite's "no such table": for the tables a site may
 * lack (a network's sitemeta on a copied sub-site, a plugin's own tables from before it made them).
 */
export function isMissingTable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ER_NO_SUCH_TABLE' || (typeof message === 'string' && message.startsWith('no such table'));
}
