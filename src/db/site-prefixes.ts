/**
 * Which WordPress sites a database holds, told by its table names alone: what `npm run doctor`
 * reports for TABLE_PREFIX and what the service logs when the configured prefix names no site.
 */

/** Prefixes that have an options table: every name ending in `options`, that suffix cut off. */
export function prefixesWithOptions(tableNames: readonly string[]): string[] {
  return tableNames
    .filter((name) => name.endsWith('options') && name.length > 'options'.length)
    .map((name) => name.slice(0, -'options'.length))
    .sort();
}

/** The prefixes of the WordPress sites in the database: those with both a posts and an options table (a lone options table is some other program's). */
export function sitePrefixes(tableNames: readonly string[]): string[] {
  const names = new Set(tableNames);
  return prefixesWithOptions(tableNames).filter((candidate) => names.has(`${candidate}posts`));
}

/** A prefix that names no site: the site tables it lacks, the prefixes of the sites there are, and what to do. */
export interface PrefixProblem {
  missing: string[];
  found: string[];
  action: string;
}

/**
 * What is wrong with `prefix` for a database holding `tableNames`: undefined when its posts and
 * options tables are there (every other table follows them on a WordPress site).
 */
export function prefixProblem(prefix: string, tableNames: readonly string[]): PrefixProblem | undefined {
  const names = new Set(tableNames);
  const missing = ['posts', 'options'].map((table) => prefix + table).filter((name) => !names.has(name));
  if (missing.length === 0) return undefined;
  const found = sitePrefixes(tableNames);
  return { missing, found, action: found.length > 0 ? `set TABLE_PREFIX=${found[0]}` : "point DATABASE_URL at the site's database" };
}

/** The problem on one line: `wp_posts and wp_options missing; prefixes found: site_`. */
export function describePrefixProblem(problem: PrefixProblem): string {
  return (
    `${problem.missing.join(' and ')} missing` +
    (problem.found.length > 0 ? `; prefixes found: ${problem.found.join(', ')}` : '; no WordPress tables found in this database')
  );
}
