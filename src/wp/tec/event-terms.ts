import { isPhpNumeric, phpIntval, phpTrim } from '../php/php-values.js';
import { selectTermOfTaxonomy } from '../terms/terms-controller.repository.js';
import { selectTermsNamedBy } from '../terms/terms.repository.js';
import { insertTerm, setObjectTerms } from '../terms/term-writes.js';
import type { TermTaxonomyRef } from '../terms/term-writes.repository.js';
import { sanitizeTitle } from '../text/slugs.js';
import type { WriteScope } from '../write/transaction.js';
import { selectTermBySlugOrName } from './event-terms.repository.js';

/**
 * An event's categories and tags from the REST `categories` / `tags` values, as the plugin
 * saves them: Tribe__Terms::translate_terms_to_ids, then wp_insert_post's `tax_input`
 * (wp_set_post_terms, wp_set_object_terms).
 *
 * One quirk is reproduced on purpose. translate_terms_to_ids returns the IDs of terms found by
 * name or slug as strings (term_exists gives strings); wp_set_post_terms then reads the values of
 * a non-hierarchical taxonomy such as `post_tag` as term *names*, so an existing tag named in the
 * request (`evening`, ID 15) makes a new tag named `15`, unless a tag of that name or slug exists
 * (tag 6 of the reference site is named `4`). IDs given as numbers, and terms just created, are
 * integers and stay IDs. Categories are hierarchical: every value is read as an ID.
 */

/**
 * One value translate_terms_to_ids hands on: a term ID (integer) or an ID as a string, with the
 * term's row in the taxonomy as the lookup read it (or as created), so that reading it by ID
 * again costs no statement.
 */
type TranslatedTerm = { id: number; asString: boolean; row?: TermTaxonomyRef };

/** The request value as a list, as translate_terms_to_ids reads it (a string is comma-separated). */
export function termValuesOf(value: unknown): unknown[] {
  if (typeof value === 'string') return value.split(/\s*,\s*/);
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null) return Object.values(value);
  return value === null || value === undefined ? [] : [value];
}

function termText(value: unknown): string {
  if (value === true) return '1';
  if (value === false || value === null || value === undefined) return '';
  return typeof value === 'object' ? '' : String(value);
}

/** translate_terms_to_ids: existing terms by ID, name or slug; names not found are created. */
export async function translateTermsToIds(scope: WriteScope, value: unknown, taxonomy: string, locale: string): Promise<TranslatedTerm[]> {
  const result: TranslatedTerm[] = [];
  for (const raw of termValuesOf(value)) {
    const text = termText(raw);
    if (phpTrim(text) === '') continue;
    if (isPhpNumeric(raw)) {
      const term = await selectTermOfTaxonomy(scope.trx, Math.abs(phpIntval(raw)), taxonomy);
      if (term) result.push({ id: term.term_id, asString: false, row: term });
      continue;
    }
    const found = await selectTermBySlugOrName(scope.trx, taxonomy, sanitizeTitle(text, locale), phpTrim(text));
    if (found) {
      result.push({ id: found.term_id, asString: true, row: found });
      continue;
    }
    try {
      const created = await insertTerm(scope, taxonomy, text);
      result.push({ id: created.term_id, asString: false, row: createdRef(created, taxonomy) });
    } catch {
      // wp_insert_term's WP_Error is skipped.
    }
  }
  // array_unique keeps the first of equal values (an int and its string compare equal).
  const seen = new Set<number>();
  return result.filter((term) => (seen.has(term.id) ? false : (seen.add(term.id), true)));
}

/** What setEventTerms writes: the post's terms of one taxonomy, and how to read the values. */
export interface SetEventTermsOptions {
  readonly postId: number;
  readonly postType: string;
  readonly taxonomy: string;
  /** translateTermsToIds' values, or IDs (`asString: false`). */
  readonly terms: readonly TranslatedTerm[];
  /** Whether every value is read as an ID (categories); otherwise string values are names. */
  readonly hierarchical: boolean;
  /** The site's language, for sanitize_title of names. */
  readonly locale: string;
}

/**
 * tax_input for one taxonomy: the object's terms become these (an empty list clears them).
 * `hierarchical` taxonomies take every value as an ID; the others read string values as names,
 * looked up by slug or name and created when missing. Returns whether the object's terms of the
 * taxonomy changed.
 */
export async function setEventTerms(scope: WriteScope, options: SetEventTermsOptions): Promise<boolean> {
  const { postId, postType, taxonomy, terms, hierarchical, locale } = options;
  const termTaxonomyIds: number[] = [];
  // The rows this write read or made, by term taxonomy ID, for wp_set_object_terms' check.
  const known: TermTaxonomyRef[] = [];
  // The values read as IDs are looked up in one query (those whose row the lookup brought need
  // none); names may create terms, so they go in turn.
  const readAsId = (term: TranslatedTerm) => hierarchical || !term.asString;
  const byId = new Map<number, TermTaxonomyRef>();
  for (const term of terms) if (term.row?.taxonomy === taxonomy && term.row.term_id === term.id) byId.set(term.id, term.row);
  const idsToFind = terms.filter((term) => term.id !== 0 && readAsId(term) && !byId.has(term.id)).map((term) => term.id);
  for (const row of await selectTermsNamedBy(scope.trx, taxonomy, { ids: idsToFind, slugs: [], names: [] })) byId.set(row.term_id, row);
  for (const term of terms) {
    if (term.id === 0) continue;
    if (readAsId(term)) {
      const row = byId.get(term.id);
      if (row) termTaxonomyIds.push(row.term_taxonomy_id);
      if (row) known.push(row);
      continue;
    }
    const name = String(term.id);
    const found = await selectTermBySlugOrName(scope.trx, taxonomy, sanitizeTitle(name, locale), name);
    if (found) {
      termTaxonomyIds.push(found.term_taxonomy_id);
      known.push(found);
      continue;
    }
    try {
      const created = createdRef(await insertTerm(scope, taxonomy, name), taxonomy);
      termTaxonomyIds.push(created.term_taxonomy_id);
      known.push(created);
    } catch {
      // wp_set_object_terms returns the WP_Error of wp_insert_term; the post is saved without it.
    }
  }
  return (await setObjectTerms(scope, postId, postType, taxonomy, termTaxonomyIds, false, known)).changed;
}

/** The row of a term wp_insert_term just made: no objects yet. */
function createdRef(created: { term_id: number; term_taxonomy_id: number }, taxonomy: string): TermTaxonomyRef {
  return { term_id: created.term_id, term_taxonomy_id: created.term_taxonomy_id, taxonomy, count: 0 };
}
