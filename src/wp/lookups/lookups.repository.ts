import { sql, type SelectQueryBuilder } from 'kysely';
import { CompiledShapes } from '../../cache/compiled-shapes.js';
import type { Db } from '../../db/create-db.js';
import { uniformText } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { TERM_COLUMNS, termRowFromTextColumns, type TermRow } from '../terms/terms.repository.js';
import { DependencyTag, readOf } from '../../feed/dependencies.js';

/*
 * The small reads argument validators make (which type is post 12, does the tag `free` exist)
 * in ONE statement for a whole request: each is a branch of a UNION ALL over a common set of
 * text columns (`c1`..`c9`), told apart by `part` (see PostBundle for the same idea on a page's
 * posts). A filtered events list otherwise spends a statement per filter before its page query.
 */

/** The terms of `taxonomy` that one of the IDs, slugs or names could name (term_exists, get_term_by). */
export interface TermsNamedLookup {
  taxonomy: string;
  ids: readonly number[];
  slugs: readonly string[];
  names: readonly string[];
}

/** What one batch reads. */
export interface LookupRequest {
  /** Posts (any type or status) whose post_type is wanted. */
  postIds: readonly number[];
  /** Taxonomies read whole. */
  taxonomies: readonly string[];
  termsNamed: readonly TermsNamedLookup[];
}

export interface LookupResult {
  /** post_type by ID, for the posts that exist. */
  postTypes: Map<number, string>;
  /** Every term of each taxonomy asked for (an empty list when it has none). */
  termsOfTaxonomy: Map<string, TermRow[]>;
  /** The terms found for each entry of `termsNamed`, at the same index. */
  termsNamed: TermRow[][];
}

/** `part` of a row: post types, whole taxonomies, then one part per terms-named entry. */
const POST_TYPE_PART = 0;
const TAXONOMY_PART = 1;
const FIRST_NAMED_PART = 2;
const WIDTH = TERM_COLUMNS.length;

type Row = { part: number } & Record<`c${number}`, string | null>;
type Branch = SelectQueryBuilder<Database, keyof Database, Row>;

/**
 * The lookups of `request` in one statement (none when it asks nothing). Terms come in
 * term_taxonomy_id order, the order MySQL reads a taxonomy off its index.
 */
export async function selectLookups(db: Db, request: LookupRequest): Promise<LookupResult> {
  const parts: LookupRequest = {
    postIds: [...new Set(request.postIds)],
    taxonomies: [...new Set(request.taxonomies)],
    termsNamed: request.termsNamed,
  };
  const result: LookupResult = {
    postTypes: new Map(),
    termsOfTaxonomy: new Map(parts.taxonomies.map((taxonomy) => [taxonomy, []])),
    termsNamed: parts.termsNamed.map(() => []),
  };
  if (parts.postIds.length === 0 && parts.taxonomies.length === 0 && !parts.termsNamed.some(asksSomething)) return result;

  const query = compiledLookups.compile(db, lookupShape(parts), lookupParameters(parts), () => lookupQuery(db, parts));
  // Post types by ID; terms by taxonomy, ID, slug or name (any term change may change those).
  const tags = [...parts.postIds.map(DependencyTag.post), ...(parts.taxonomies.length > 0 || parts.termsNamed.length > 0 ? [DependencyTag.terms] : [])];
  const rows = (await readOf(tags, () => db.executeQuery<Row>(query))).rows;
  const terms = rows
    .filter((row) => Number(row.part) !== POST_TYPE_PART)
    .map((row) => ({ part: Number(row.part), term: termRowFromTextColumns(row) }))
    .sort((a, b) => a.term.term_taxonomy_id - b.term.term_taxonomy_id);
  for (const row of rows) {
    if (Number(row.part) === POST_TYPE_PART) result.postTypes.set(Number(row.c1), row.c2 ?? '');
  }
  for (const { part, term } of terms) {
    if (part === TAXONOMY_PART) result.termsOfTaxonomy.get(term.taxonomy)?.push(term);
    else result.termsNamed[part - FIRST_NAMED_PART]?.push(term);
  }
  return result;
}

const asksSomething = (lookup: TermsNamedLookup) => lookup.ids.length + lookup.slugs.length + lookup.names.length > 0;

/** The statement's SQL by the request's shape (how many values of each kind; see CompiledShapes). */
const compiledLookups = new CompiledShapes();

function lookupShape({ postIds, taxonomies, termsNamed }: LookupRequest): string {
  const named = termsNamed.map((lookup) => `${lookup.ids.length},${lookup.slugs.length},${lookup.names.length}`);
  return [postIds.length, taxonomies.length, ...named].join('|');
}

/** The bound values of lookupQuery(), in the order its branches bind them. */
function lookupParameters({ postIds, taxonomies, termsNamed }: LookupRequest): unknown[] {
  return [
    ...postIds,
    ...taxonomies,
    ...termsNamed.filter(asksSomething).flatMap((lookup) => [lookup.taxonomy, ...lookup.ids, ...lookup.slugs, ...lookup.names]),
  ];
}

/**
 * `c1`..`c9` from the given columns, NULL past them, each in one character set and collation so
 * that the UNION of tables of different collations does not fail on MySQL (as in PostBundle).
 */
function textColumns(db: Db, columns: readonly string[]) {
  return Array.from({ length: WIDTH }, (_, index) => {
    const column = columns[index];
    return (column === undefined ? sql<string | null>`null` : uniformText(db, sql.ref(column))).as(`c${index + 1}`);
  });
}

function lookupQuery(db: Db, { postIds, taxonomies, termsNamed }: LookupRequest) {
  const branches: Branch[] = [];
  const termsPart = (part: number) =>
    db
      .selectFrom('terms')
      .innerJoin('term_taxonomy', 'term_taxonomy.term_id', 'terms.term_id')
      .select([sql.lit(part).as('part'), ...textColumns(db, TERM_COLUMNS)]);
  if (postIds.length > 0) {
    branches.push(
      db
        .selectFrom('posts')
        .select([sql.lit(POST_TYPE_PART).as('part'), ...textColumns(db, ['posts.ID', 'posts.post_type'])])
        .where('posts.ID', 'in', [...postIds]) as unknown as Branch,
    );
  }
  if (taxonomies.length > 0) {
    branches.push(termsPart(TAXONOMY_PART).where('term_taxonomy.taxonomy', 'in', [...taxonomies]) as unknown as Branch);
  }
  termsNamed.forEach((lookup, index) => {
    if (!asksSomething(lookup)) return;
    branches.push(
      termsPart(FIRST_NAMED_PART + index)
        .where('term_taxonomy.taxonomy', '=', lookup.taxonomy)
        .where((eb) =>
          eb.or([
            ...(lookup.ids.length > 0 ? [eb('terms.term_id', 'in', [...lookup.ids])] : []),
            ...(lookup.slugs.length > 0 ? [eb('terms.slug', 'in', [...lookup.slugs])] : []),
            ...(lookup.names.length > 0 ? [eb('terms.name', 'in', [...lookup.names])] : []),
          ]),
        ) as unknown as Branch,
    );
  });
  let query = branches[0]!;
  for (const branch of branches.slice(1)) query = query.unionAll(branch);
  return query;
}

