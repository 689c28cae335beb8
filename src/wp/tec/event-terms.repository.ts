import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { textEquals } from '../../db/dialect.js';
import { termRowsQuery, type TermRow } from '../terms/terms.repository.js';

/**
 * term_exists($name, $taxonomy) for a name or slug: the term whose slug is the sanitized value,
 * else the one whose name is the value, as WordPress looks them up (slug first, lowest ID first).
 * One statement: the database says which rows matched by slug (its collation decides, as in
 * WordPress's queries), and the choice is made here, without an ORDER BY over rows holding the
 * description's text (see selectPostWithMetaForUpdate on sorted LONGTEXT).
 */
export async function selectTermBySlugOrName(db: Db, taxonomy: string, slug: string, name: string): Promise<TermRow | undefined> {
  const rows = await termRowsQuery(db)
    .select((eb) => (slug === '' ? sql<number>`0` : sql<number>`${textEquals(db, eb.ref('terms.slug'), slug)}`).as('slug_match'))
    .where('term_taxonomy.taxonomy', '=', taxonomy)
    .where((eb) => (slug === '' ? textEquals(db, eb.ref('terms.name'), name) : eb.or([textEquals(db, eb.ref('terms.slug'), slug), textEquals(db, eb.ref('terms.name'), name)])))
    .execute();
  const lowestId = (matches: typeof rows) => matches.reduce<(typeof rows)[number] | undefined>((first, row) => (first === undefined || row.term_id < first.term_id ? row : first), undefined);
  const found = lowestId(rows.filter((row) => Number(row.slug_match) === 1)) ?? lowestId(rows);
  if (!found) return undefined;
  const { slug_match: _match, ...term } = found;
  return term;
}
