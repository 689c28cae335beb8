import { isEmptyParam } from './php-empty.js';
import { isPhpNumeric, phpUrldecode } from './php-values.js';

/*
 * The two list readers request values go through: WordPress's wp_parse_list (JSON-schema arrays,
 * `_fields`, wp_parse_id_list) and tribe-common's Tribe__Utils__Array::list_to_array (TEC's CSV
 * arguments). They split differently and must not be swapped.
 */

/** PCRE's `\s` outside UTF mode: space, \t, \n, \v, \f, \r (JavaScript's `\s` takes in more). */
const PCRE_SPACE = '[ \\t\\n\\v\\f\\r]';
const WP_LIST_SEPARATOR = new RegExp(`(?:${PCRE_SPACE}|,)+`);
const TRIBE_LIST_SEPARATOR = new RegExp(`${PCRE_SPACE}*,${PCRE_SPACE}*`);

/** PHP's is_scalar: strings, numbers and booleans (not null, arrays or objects). */
function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** PHP's string conversion of a scalar request value (`true` is "1", `false` and null ""). */
function scalarToString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return value === true ? '1' : '';
}

/**
 * wp_parse_list: an array's (or map's) scalar values, in order; anything else as a string split
 * on runs of commas and whitespace, empty pieces dropped (`"a, b,,c"` gives a, b, c).
 */
export function parseList(value: unknown): (string | number | boolean)[] {
  if (Array.isArray(value)) return value.filter(isScalar);
  if (value !== null && typeof value === 'object') return Object.values(value).filter(isScalar);
  return scalarToString(value).split(WP_LIST_SEPARATOR).filter((piece) => piece !== '');
}

/**
 * Tribe__Utils__Array::list_to_array: [] for a PHP-empty value; an array's (or map's) values, or
 * a string URL-decoded (urldecode, so `%31,2` is 1, 2) and split on commas with the whitespace
 * around them; then empty strings dropped (`1,2,` is 1, 2) and numeric strings made numbers.
 * Other items (nested arrays, booleans inside an array) are kept as they are.
 */
export function listToArray(value: unknown): unknown[] {
  if (isEmptyParam(value)) return [];
  const items =
    Array.isArray(value) ? value
    : value !== null && typeof value === 'object' ? Object.values(value)
    : phpUrldecode(scalarToString(value)).split(TRIBE_LIST_SEPARATOR);
  return items
    .filter((item) => item !== '')
    .map((item) => (typeof item === 'string' && isPhpNumeric(item) ? Number(item) : item));
}

/**
 * Tribe__Utils__Array::to_list: an array (or map) joined with commas as PHP's implode writes its
 * items; anything else, empty values included, as it is.
 */
export function toList(value: unknown): unknown {
  if (isEmptyParam(value) || value === null || typeof value !== 'object') return value;
  return Object.values(value)
    .map((item) => (item !== null && typeof item === 'object' ? 'Array' : scalarToString(item)))
    .join(',');
}
