import { PostType, Taxonomy } from './constants.js';
import type { Lookups } from './lookups/lookups.js';
import type { TermRow } from './terms/terms.repository.js';
import { sanitizeTitle } from './text/slugs.js';
import { isPhpEmpty } from './php/php-empty.js';
import { isPhpNumeric, phpIntval, phpTrim } from './php/php-values.js';
import { listToArray } from './php/lists.js';
import { sanitizeTermName } from './terms/term-fields.js';
import { foldText } from '../db/dialect.js';

/**
 * TEC's request validators (Tribe__Validator__Base, Tribe__Events__Validator__Base), each
 * answering with one lookup whatever the list length; the request's Lookups put the lookups of
 * validators run together into one statement.
 */

/** Validator::is_positive_int: numeric, integral and above zero. */
export function isPositiveInt(value: unknown): boolean {
  if (!isPhpNumeric(value)) return false;
  const n = Number(value);
  // PHP compares `(int) $value == $value`; past the integer range the cast no longer equals the
  // value, so huge numbers are invalid there too (we stop at JavaScript's exact-integer range).
  return Number.isSafeInteger(n) && n > 0;
}

/**
 * Validator::is_string: a non-empty string (PHP's `! empty()` also refuses "0"). A type guard, so
 * a route's parameter it validates is typed a string (ArgValue); false proves nothing of the type.
 */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && !isPhpEmpty(value);
}

/**
 * Validator::is_positive_int_list: list_to_array of the value is not empty and every item is a
 * positive integer (`1,2,` is 1 and 2, so valid).
 */
export function isPositiveIntList(value: unknown): boolean {
  const list = listToArray(value);
  return list.length > 0 && list.every(isPositiveInt);
}

/**
 * list_to_array narrowed to its string and number items, for lists a validator has already
 * checked (term and post ID filters). Nested arrays and booleans, which no validator lets
 * through, are left out.
 */
export function listToTypedArray(value: unknown): (string | number)[] {
  return listToArray(value).filter((item): item is string | number => typeof item === 'string' || typeof item === 'number');
}

/**
 * tribe_is_venue / tribe_is_organizer on each value: numeric, and `get_post((int) $value)` is a
 * post of the type. One query for the whole list; false for an empty list.
 */
export async function arePostIdsOfType(lookups: Lookups, values: readonly unknown[], postType: string): Promise<boolean> {
  if (values.length === 0 || !values.every(isPhpNumeric)) return false;
  const ids = values.map(phpIntval);
  // Past JavaScript's exact-integer range no ID can match (PHP's cast saturates there too).
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return false;
  const types = await lookups.postTypes(ids);
  return ids.every((id) => types.get(id) === postType);
}

/** is_venue_id_list / is_organizer_id_list: every item of a CSV or list names a post of the type. */
export function arePostsOfType(lookups: Lookups, value: unknown, postType: string): Promise<boolean> {
  return arePostIdsOfType(lookups, listToArray(value), postType);
}

/**
 * Validator::is_event_id: `get_post((int) $value)` is a `tribe_events` post. PHP's cast reads
 * `6abc` as 6 and any non-empty array as 1, so those pass or fail here as in the plugin (`6abc`
 * then fails the integer type check, with that check's message).
 */
export async function isEventId(lookups: Lookups, value: unknown): Promise<boolean> {
  if (isPhpEmpty(value)) return false;
  const id = phpIntval(value);
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const types = await lookups.postTypes([id]);
  return types.get(id) === PostType.event;
}

/**
 * term_exists for each item: numbers match term IDs; strings match the sanitized slug, then the
 * name as WP_Term_Query compares it (the `pre_term_name` filters first, so `R&B` finds the stored
 * `R&amp;B`). Validates categories and tags filters. `locale` is the site's (WPLANG):
 * sanitize_title folds accents by it.
 */
export function findTerm(terms: readonly TermRow[], item: string | number, locale = ''): TermRow | undefined {
  if (typeof item === 'number') return terms.find((term) => term.term_id === item);
  const trimmed = phpTrim(item);
  if (trimmed === '') return undefined;
  const slug = sanitizeTitle(trimmed, locale);
  const name = sanitizeTermName(trimmed);
  return terms.find((term) => sameText(term.slug, slug)) ?? terms.find((term) => sameText(term.name, name));
}

/** Slugs and names compare as their utf8mb4_unicode_ci columns compare them: without case or accents. */
function sameText(stored: string, wanted: string): boolean {
  return foldText(stored) === foldText(wanted);
}

export async function areTermsOfTaxonomy(lookups: Lookups, value: unknown, taxonomy: string, locale = ''): Promise<boolean> {
  // list_to_array skips empty items, so `7,` names term 7 alone.
  const items = listToArray(value);
  if (items.length === 0) return false;
  // Nested arrays (`categories[][]=1`) are no term PHP's term_exists() could find.
  if (!items.every((item): item is string | number => typeof item === 'string' || typeof item === 'number')) return false;
  const terms = await lookUpTermsNamedByItems(lookups, taxonomy, items, locale);
  return items.every((item) => findTerm(terms, item, locale) !== undefined);
}

/**
 * Taxonomies whose terms are read whole when a list of them is checked: the events list needs the
 * event category tree for include_children anyway, and sites have few categories. Others (tags
 * may run to thousands) are read only as far as the list names them.
 */
const TAXONOMIES_READ_WHOLE: ReadonlySet<string> = new Set([Taxonomy.eventCategory]);

/**
 * The candidate terms for a list of IDs, slugs and names (see findTerm, resolveTermIds): the
 * whole taxonomy for TAXONOMIES_READ_WHOLE, else the terms an item could name. The narrower read
 * holds every term findTerm and resolveTermIds match (names compared by MySQL's case-insensitive
 * collation), so they answer the same from either.
 */
export function lookUpTermsNamedByItems(
  lookups: Lookups,
  taxonomy: string,
  items: readonly (string | number)[],
  locale = '',
): Promise<TermRow[]> {
  if (TAXONOMIES_READ_WHOLE.has(taxonomy)) return lookups.termsOfTaxonomy(taxonomy);
  // Numbers name IDs (term_exists); any item, as `(int)`, may name one too (parse_terms_query).
  const ids = [...new Set(items.map(phpIntval).filter((id) => Number.isSafeInteger(id) && id > 0))];
  const texts = items.map((item) => phpTrim(String(item))).filter((text) => text !== '');
  return lookups.termsNamedBy(taxonomy, {
    ids,
    slugs: texts.map((text) => sanitizeTitle(text, locale)),
    names: texts.map(sanitizeTermName),
  });
}

/**
 * Archive_Event::parse_terms_query: each item is looked up with get_term_by('slug') (the item
 * sanitized; so `4` finds a tag whose slug is "4" before the term with ID 4), else
 * get_term_by('id') of the item cast to int (`12`, and also `8 Workshops`, name term 8). Never
 * by name: a term the validator let through by its name alone (`Music` when the slug is
 * `musique`) finds nothing here, and PHP's null ID for it matches no term, so it is dropped;
 * a list of only such terms lists no events. Returns term IDs.
 */
export function resolveTermIds(terms: readonly TermRow[], items: readonly (string | number)[], locale = ''): number[] {
  return items
    .map((item) => {
      const slug = sanitizeTitle(String(item), locale);
      const id = phpIntval(item);
      return (slug === '' ? undefined : terms.find((term) => sameText(term.slug, slug))) ?? (id > 0 ? terms.find((term) => term.term_id === id) : undefined);
    })
    .filter((term): term is TermRow => term !== undefined)
    .map((term) => term.term_id);
}

/** The given terms and all their descendants (WordPress's include_children). */
export function withDescendants(terms: readonly TermRow[], ids: readonly number[]): number[] {
  const result = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const term of terms) {
      if (result.has(term.parent) && !result.has(term.term_id)) {
        result.add(term.term_id);
        grew = true;
      }
    }
  }
  return [...result];
}
