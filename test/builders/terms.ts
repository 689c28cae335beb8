import type { Db } from '../../src/db/create-db.js';
import { sanitizeTitle } from './posts.js';

export interface TermInput {
  /** `tribe_events_cat`, `post_tag`, `category`, ... */
  taxonomy: string;
  /** The name as typed; stored HTML-escaped as WordPress stores it (`Food & Drink` -> `Food &amp; Drink`). */
  name: string;
  /** Defaults to the name sanitized as WordPress does (`food-drink`). */
  slug?: string;
  /** Parent term_id (not term_taxonomy_id), 0 for none. */
  parent?: number;
  description?: string;
}

export interface InsertedTerm {
  term_id: number;
  term_taxonomy_id: number;
}

/**
 * Inserts a `terms` row and its `term_taxonomy` row (count 0) as wp_insert_term does. The name
 * and description pass through WordPress's filters, which escape `&` (and `<`, `>` in names)
 * without double-encoding existing entities: that is why the reference holds `Food &amp; Drink`.
 */
export async function insertTerm(db: Db, input: TermInput): Promise<InsertedTerm> {
  const term = await db
    .insertInto('terms')
    .values({
      name: escapeLikeWordPress(input.name, true),
      slug: input.slug ?? sanitizeTitle(input.name),
      term_group: 0,
    })
    .executeTakeFirstOrThrow();
  const termId = Number(term.insertId);
  const taxonomy = await db
    .insertInto('term_taxonomy')
    .values({
      term_id: termId,
      taxonomy: input.taxonomy,
      description: escapeLikeWordPress(input.description ?? '', false),
      parent: input.parent ?? 0,
      count: 0,
    })
    .executeTakeFirstOrThrow();
  return { term_id: termId, term_taxonomy_id: Number(taxonomy.insertId) };
}

/**
 * Links a post to terms (term_order 0, existing links kept) and recounts those terms, since
 * WordPress keeps `term_taxonomy.count` = the number of *published* posts carrying the term.
 */
export async function attachTerms(db: Db, postId: number, termTaxonomyIds: readonly number[]): Promise<void> {
  if (termTaxonomyIds.length === 0) return;
  await db
    .insertInto('term_relationships')
    .ignore()
    .values(termTaxonomyIds.map((id) => ({ object_id: postId, term_taxonomy_id: id, term_order: 0 })))
    .execute();
  await recountTerms(db, termTaxonomyIds);
}

/** Recomputes `term_taxonomy.count` (published posts only), e.g. after a test changes a post's status. */
export async function recountTerms(db: Db, termTaxonomyIds: readonly number[]): Promise<void> {
  for (const id of new Set(termTaxonomyIds)) {
    const { published } = await db
      .selectFrom('term_relationships')
      .innerJoin('posts', 'posts.ID', 'term_relationships.object_id')
      .select((eb) => eb.fn.countAll<number>().as('published'))
      .where('term_relationships.term_taxonomy_id', '=', id)
      .where('posts.post_status', '=', 'publish')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('term_taxonomy')
      .set({ count: Number(published) })
      .where('term_taxonomy_id', '=', id)
      .execute();
  }
}

function escapeLikeWordPress(text: string, escapeAngles: boolean): string {
  const ampersands = text.replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;');
  return escapeAngles ? ampersands.replaceAll('<', '&lt;').replaceAll('>', '&gt;') : ampersands;
}
