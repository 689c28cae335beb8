import type { Db } from '../db/create-db.js';
import { PostType } from './constants.js';
import { isNumeric, isPositiveInt, listToArray } from '../http/rest-args.js';
import { selectPostTypes } from './posts.repository.js';
import { selectTermsNamedBy, type TermRow } from './terms.repository.js';
import { sanitizeTitle } from './slugs.js';
import { isPhpEmpty } from './php-empty.js';
import { phpIntval } from './php-values.js';

/**
 * TEC's request validators (Tribe__Validator__Base, Tribe__Events__Validator__Base), each
 * answering with one query whatever the list length.
 */

/** Tribe__Utils__Array::list_to_array also turns numeric strings into numbers. */
export function listToTypedArray(value: unknown): (string | number)[] {
  return listToArray(typeof value === 'string' ? safeUrlDecode(value) : value).map((item) =>
    typeof item === 'string' && isNumeric(item) ? Number(item) : (item as string | number),
  );
}

function safeUrlDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/**
 * tribe_is_venue / tribe_is_organizer on each value: numeric, and `get_post((int) $value)` is a
 * post of the type. One query for the whole list; false for an empty list.
 */
export async function arePostIdsOfType(db: Db, values: readonly unknown[], postType: string): Promise<boolean> {
  if (values.length === 0 || !values.every(isNumeric)) return false;
  const ids = values.map((value) => Math.trunc(Number(value)));
  // Past JavaScript's exact-integer range no ID can match (PHP's cast saturates there too).
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return false;
  const types = await selectPostTypes(db, ids);
  return ids.every((id) => types.get(id) === postType);
}

/** is_venue_id_list / is_organizer_id_list: every item of a CSV or list names a post of the type. */
export function arePostsOfType(db: Db, value: unknown, postType: string): Promise<boolean> {
  return arePostIdsOfType(db, listToTypedArray(value).filter((item) => item !== ''), postType);
}

/**
 * Validator::is_event_id: `get_post((int) $value)` is a `tribe_events` post. PHP's cast reads
 * `6abc` as 6 and any non-empty array as 1, so those pass or fail here as in the plugin (`6abc`
 * then fails the integer type check, with that check's message).
 */
export async function isEventId(db: Db, value: unknown): Promise<boolean> {
  if (isPhpEmpty(value)) return false;
  const id = phpIntval(value);
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const types = await selectPostTypes(db, [id]);
  return types.get(id) === PostType.event;
}

/**
 * term_exists for each item: numbers match term IDs; strings match the sanitized slug, then the
 * name. Validates categories and tags filters.
 */
export function findTerm(terms: readonly TermRow[], item: string | number): TermRow | undefined {
  if (typeof item === 'number') return terms.find((term) => term.term_id === item);
  const trimmed = item.trim();
  if (trimmed === '') return undefined;
  const slug = sanitizeTitle(trimmed);
  // Names compare as MySQL's case-insensitive collation compares them.
  return terms.find((term) => term.slug === slug) ?? terms.find((term) => term.name.toLowerCase() === trimmed.toLowerCase());
}

export async function areTermsOfTaxonomy(db: Db, value: unknown, taxonomy: string): Promise<boolean> {
  // list_to_array skips empty items, so `7,` names term 7 alone.
  const items = listToTypedArray(value).filter((item) => item !== '');
  if (items.length === 0) return false;
  // Nested arrays (`categories[][]=1`) are no term PHP's term_exists() could find.
  if (!items.every((item) => typeof item === 'string' || typeof item === 'number')) return false;
  const terms = await selectTermsNamedByItems(db, taxonomy, items as (string | number)[]);
  return items.every((item) => findTerm(terms, item) !== undefined);
}

/** The candidate terms for a list of IDs, slugs and names (one query; see findTerm, resolveTermIds). */
export function selectTermsNamedByItems(db: Db, taxonomy: string, items: readonly (string | number)[]): Promise<TermRow[]> {
  const ids = items.filter((item): item is number => typeof item === 'number' && Number.isSafeInteger(item));
  const texts = items.map((item) => String(item).trim()).filter((text) => text !== '');
  return selectTermsNamedBy(db, taxonomy, { ids, slugs: texts.map(sanitizeTitle), names: texts });
}

/**
 * Archive_Event::parse_terms_query: each item looked up by slug first (so `4` finds a tag whose
 * slug is "4" before the term with ID 4), then by ID, then by name; returns term IDs.
 */
export function resolveTermIds(terms: readonly TermRow[], items: readonly (string | number)[]): number[] {
  return items
    .map((item) => {
      const slug = sanitizeTitle(String(item));
      return (
        terms.find((term) => term.slug === slug) ??
        (typeof item === 'number' ? terms.find((term) => term.term_id === item) : undefined) ??
        terms.find((term) => term.name === String(item).trim())
      );
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

export { isPositiveInt };
