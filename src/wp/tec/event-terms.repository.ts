import type { Db } from '../../db/create-db.js';
import { textEquals } from '../../db/dialect.js';
import { termRowsQuery, type TermRow } from '../terms/terms.repository.js';

/**
 * term_exists($name, $taxonomy) for a name or slug: the term whose slug is the sanitized value,
 * else the one whose name is the value, as WordPress looks them up (slug first).
 */
export async function selectTermBySlugOrName(db: Db, taxonomy: string, slug: string, name: string): Promise<TermRow | undefined> {
  const bySlug = slug === ''
    ? undefined
    : await termRowsQuery(db).where('term_taxonomy.taxonomy', '=', taxonomy).where((eb) => textEquals(db, eb.ref('terms.slug'), slug)).orderBy('terms.term_id').executeTakeFirst();
  if (bySlug) return bySlug;
  return termRowsQuery(db).where('term_taxonomy.taxonomy', '=', taxonomy).where((eb) => textEquals(db, eb.ref('terms.name'), name)).orderBy('terms.term_id').executeTakeFirst();
}
