import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { collationKey, likeText, positionInList, textEquals } from '../../db/dialect.js';

import type { Database } from '../../db/tables.js';
import { escLike } from '../php/sql-like.js';
import { TERM_COLUMNS, termRowsQuery, type TermRow } from './terms.repository.js';
import { DependencyTag, readOf } from '../../feed/dependencies.js';

/*
 * The SQL of WP_Term_Query as WordPress's REST terms controller runs it: one page query and one
 * count query over `terms` joined to `term_taxonomy` (and `term_relationships` for the terms of
 * one post), whatever the page size.
 */

/** Columns WP_Term_Query::parse_orderby can sort on, under their table names. */
export type TermOrderColumn =
  | 'terms.term_id'
  | 'terms.name'
  | 'terms.slug'
  | 'terms.term_group'
  | 'term_taxonomy.count'
  | 'term_taxonomy.parent'
  | 'term_taxonomy.taxonomy'
  | 'term_taxonomy.term_taxonomy_id'
  | 'term_taxonomy.description'
  | 'term_relationships.term_order';

export type TermOrdering =
  | { by: 'column'; column: TermOrderColumn; direction: 'asc' | 'desc' }
  /** `orderby=include`: `FIELD(t.term_id, ...)`, the order of the include list. */
  | { by: 'field'; termIds: readonly number[]; direction: 'asc' | 'desc' }
  /** `orderby=none`: no ORDER BY at all. */
  | { by: 'none' };

/** The columns above that hold text, ordered by the site's collation. */
const TEXT_ORDER_COLUMNS: ReadonlySet<TermOrderColumn> = new Set(['terms.name', 'terms.slug', 'term_taxonomy.taxonomy', 'term_taxonomy.description']);

/** The WHERE clauses of WP_Term_Query::get_terms, already resolved to values. */
export interface TermFilter {
  taxonomy: string;
  /** `t.term_id IN (...)`. */
  includeIds?: readonly number[];
  /** `t.term_id NOT IN (...)`. */
  excludeIds?: readonly number[];
  /** `t.slug = ...`, the slug already sanitized. */
  slug?: string;
  /** `t.name LIKE %s% OR t.slug LIKE %s%`. */
  search?: string;
  /** `tt.parent = ...`. */
  parent?: number;
  /** Terms of this object only (`tr.object_id = ...`). */
  objectId?: number;
  /**
   * hide_empty: `tt.count > 0`, or one of `alsoKeep` (empty terms of a hierarchical taxonomy that
   * WordPress keeps because a descendant is not empty).
   */
  hideEmpty?: { alsoKeep: readonly number[] };
}

type TermQuery = SelectQueryBuilder<Database, 'terms' | 'term_taxonomy' | 'term_relationships', object>;

function filteredTerms(db: Db, filter: TermFilter): TermQuery {
  let query = db
    .selectFrom('terms')
    .innerJoin('term_taxonomy', 'term_taxonomy.term_id', 'terms.term_id') as unknown as TermQuery;
  if (filter.objectId !== undefined) {
    query = query
      .innerJoin(
        'term_relationships',
        'term_relationships.term_taxonomy_id',
        'term_taxonomy.term_taxonomy_id',
      )
      .where('term_relationships.object_id', '=', filter.objectId) as unknown as TermQuery;
  }
  query = query.where('term_taxonomy.taxonomy', '=', filter.taxonomy);
  if (filter.includeIds) query = query.where('terms.term_id', 'in', nonEmpty(filter.includeIds));
  if (filter.excludeIds) query = query.where('terms.term_id', 'not in', nonEmpty(filter.excludeIds));
  if (filter.slug !== undefined) {
    const slug = filter.slug;
    query = query.where((eb) => textEquals(db, eb.ref('terms.slug'), slug));
  }
  if (filter.parent !== undefined) query = query.where('term_taxonomy.parent', '=', filter.parent);
  const hideEmpty = filter.hideEmpty;
  if (hideEmpty) {
    query = query.where((eb) =>
      hideEmpty.alsoKeep.length > 0
        ? eb.or([eb('term_taxonomy.count', '>', 0), eb('terms.term_id', 'in', [...hideEmpty.alsoKeep])])
        : eb('term_taxonomy.count', '>', 0),
    );
  }
  if (filter.search !== undefined) {
    const like = `%${escLike(filter.search)}%`;
    query = query.where((eb) => eb.or([likeText(db, eb.ref('terms.name'), like), likeText(db, eb.ref('terms.slug'), like)]));
  }
  return query;
}

function nonEmpty(ids: readonly number[]): number[] {
  return ids.length > 0 ? [...ids] : [0];
}

/**
 * One page of terms in the requested order. Rows equal on the sort key come by term ID: the
 * plugin gives no tie-breaker, and without one MySQL may repeat or skip rows across pages.
 */
export async function selectTermsPage(
  db: Db,
  filter: TermFilter,
  ordering: TermOrdering,
  page: { limit: number; offset: number },
): Promise<TermRow[]> {
  let query = filteredTerms(db, filter).select(TERM_COLUMNS);
  if (ordering.by === 'column') {
    query = query.orderBy(TEXT_ORDER_COLUMNS.has(ordering.column) ? collationKey(db, sql.ref(ordering.column)) : sql.ref(ordering.column), ordering.direction);
    if (ordering.column !== 'terms.term_id') query = query.orderBy('terms.term_id', 'asc');
  } else if (ordering.by === 'field') {
    query = query
      .orderBy(positionInList(db, sql.ref('terms.term_id'), nonEmpty(ordering.termIds)), ordering.direction)
      .orderBy('terms.term_id', 'asc');
  }
  return (await readOf(termFilterTags(filter), () => query.limit(page.limit).offset(page.offset).execute())) as TermRow[];
}

/** How many terms match (wp_count_terms with the same filter, never limited). */
export async function countTerms(db: Db, filter: TermFilter): Promise<number> {
  const row = await readOf(termFilterTags(filter), () =>
    filteredTerms(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst(),
  );
  return Number(row?.total ?? 0);
}

/** What a list of terms depends on: the terms, and the post whose terms it lists. */
function termFilterTags(filter: TermFilter): string[] {
  return filter.objectId === undefined ? [DependencyTag.terms] : [DependencyTag.terms, DependencyTag.post(filter.objectId)];
}

/** One term of a taxonomy by ID, or undefined. */
export async function selectTermOfTaxonomy(db: Db, termId: number, taxonomy: string): Promise<TermRow | undefined> {
  return readOf([DependencyTag.terms], () =>
    termRowsQuery(db)
      .where('terms.term_id', '=', termId)
      .where('term_taxonomy.taxonomy', '=', taxonomy)
      .executeTakeFirst(),
  );
}
