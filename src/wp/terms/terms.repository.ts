import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { collationKey } from '../../db/dialect.js';
import { DependencyTag, readOf } from '../../feed/dependencies.js';

export interface TermRow {
  term_id: number;
  name: string;
  slug: string;
  term_group: number;
  term_taxonomy_id: number;
  taxonomy: string;
  description: string;
  parent: number;
  count: number;
}

/** The columns of a TermRow, from `terms` joined to `term_taxonomy` (WP_Term's fields). */
export const TERM_COLUMNS = [
  'terms.term_id',
  'terms.name',
  'terms.slug',
  'terms.term_group',
  'term_taxonomy.term_taxonomy_id',
  'term_taxonomy.taxonomy',
  'term_taxonomy.description',
  'term_taxonomy.parent',
  'term_taxonomy.count',
] as const;

/** `terms` joined to `term_taxonomy`, selecting a TermRow: where every plain term query starts. */
export function termRowsQuery(db: Db) {
  return db
    .selectFrom('terms')
    .innerJoin('term_taxonomy', 'term_taxonomy.term_id', 'terms.term_id')
    .select(TERM_COLUMNS);
}

/** Every term of a taxonomy (event categories and tags are small sets). */
export async function selectTermsOfTaxonomy(db: Db, taxonomy: string): Promise<TermRow[]> {
  return readOf([DependencyTag.terms], () => termRowsQuery(db).where('term_taxonomy.taxonomy', '=', taxonomy).execute());
}

/**
 * The terms of the given posts in the given taxonomies, ordered by name as wp_get_post_terms
 * returns them, one query for a whole page of posts.
 */
export async function selectTermsForPosts(
  db: Db,
  postIds: readonly number[],
  taxonomies: readonly string[],
): Promise<(TermRow & { object_id: number })[]> {
  if (postIds.length === 0) return [];
  const tags = [DependencyTag.terms, ...postIds.map(DependencyTag.post)];
  return readOf(tags, () => db
    .selectFrom('term_relationships')
    .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
    .innerJoin('terms', 'terms.term_id', 'term_taxonomy.term_id')
    .select([...TERM_COLUMNS, 'term_relationships.object_id'])
    .where('term_relationships.object_id', 'in', [...new Set(postIds)])
    .where('term_taxonomy.taxonomy', 'in', taxonomies)
    .orderBy(collationKey(db, sql.ref('terms.name')), 'asc')
    .orderBy('terms.term_id', 'asc')
    // A term shared by several posts in a fixed order (each post's own terms are ordered above).
    .orderBy('term_relationships.object_id', 'asc')
    .execute());
}

/**
 * The terms of a taxonomy that an ID, slug or name of the list could name: what term_exists and
 * get_term_by look at, in one query however many terms the site has.
 */
export async function selectTermsNamedBy(
  db: Db,
  taxonomy: string,
  lookup: { ids: readonly number[]; slugs: readonly string[]; names: readonly string[] },
): Promise<TermRow[]> {
  if (lookup.ids.length + lookup.slugs.length + lookup.names.length === 0) return [];
  return readOf([DependencyTag.terms], () => termRowsQuery(db)
    .where('term_taxonomy.taxonomy', '=', taxonomy)
    .where((eb) =>
      eb.or([
        ...(lookup.ids.length > 0 ? [eb('terms.term_id', 'in', [...lookup.ids])] : []),
        ...(lookup.slugs.length > 0 ? [eb('terms.slug', 'in', [...lookup.slugs])] : []),
        ...(lookup.names.length > 0 ? [eb('terms.name', 'in', [...lookup.names])] : []),
      ]),
    )
    .execute());
}

/** The taxonomy of each term that still has one: term_id -> taxonomy (the first, should a term be shared). */
export async function selectTaxonomiesOfTerms(db: Db, termIds: readonly number[]): Promise<Map<number, string>> {
  if (termIds.length === 0) return new Map();
  const rows = await readOf([DependencyTag.terms], () =>
    db.selectFrom('term_taxonomy').select(['term_id', 'taxonomy']).where('term_id', 'in', termIds).orderBy('term_taxonomy_id').execute(),
  );
  const taxonomies = new Map<number, string>();
  for (const row of rows) if (!taxonomies.has(row.term_id)) taxonomies.set(row.term_id, row.taxonomy);
  return taxonomies;
}

/**
 * A TermRow from text columns `c1`..`c9` in TERM_COLUMNS' order, as the one-statement UNION
 * reads (the post bundle, the request's lookups) return it: every value arrives as text.
 */
export function termRowFromTextColumns(row: Partial<Record<`c${number}`, string | number | null>>): TermRow {
  const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));
  return {
    term_id: Number(text(row.c1)),
    name: text(row.c2),
    slug: text(row.c3),
    term_group: Number(text(row.c4)),
    term_taxonomy_id: Number(text(row.c5)),
    taxonomy: text(row.c6),
    description: text(row.c7),
    parent: Number(text(row.c8)),
    count: Number(text(row.c9)),
  };
}

