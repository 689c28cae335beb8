import { isSerialized, unserialize } from 'php-serialize';

/**
 * WordPress's maybe_unserialize: a serialized PHP value decoded, anything else as it is.
 * A corrupt serialized string decodes to `false`, as PHP's unserialize() returns.
 */
export function maybeUnserialize(value: string): unknown {
  if (!isSerialized(value)) return value;
  try {
    // strict: false lets a class instance through as a plain object instead of throwing.
    return unserialize(value, {}, { strict: false });
  } catch {
    return false;
  }
}

/** A decoded PHP array as a plain record, or an empty one for anything else. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

// PHP's numeric strings allow only space, \t, \n, \r, \v and \f around the number (not
// JavaScript's wider `\s`, which takes in a non-breaking space).
const LEADING_NUMBER = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/;
const NUMERIC_STRING = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/**
 * PHP 8's is_numeric: a finite number, or a string that is one decimal number (optional sign,
 * fraction and exponent) with only PHP's whitespace (space, \t, \n, \r, \v, \f) around it.
 * `" 1e3 "` is numeric; `"0x1A"`, `"1e"`, `""` and a non-breaking space are not.
 */
export function isPhpNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && NUMERIC_STRING.test(value);
}

/** PHP_INT_MAX on 64-bit builds, as near as a JavaScript number gets (2^63). */
const PHP_INT_MAX = 9223372036854775807;

/**
 * PHP's `(int)` of a request value: the leading number of a string (`"6abc"` is 6, `"1e3"` 1000,
 * `"abc"` 0), 1 for a non-empty array or object and 0 for an empty one, booleans as 0 or 1.
 * A string's number past the integer range saturates at PHP_INT_MAX / PHP_INT_MIN, and one past
 * the float range (`"1e400"`, infinite) is 0, as zend_dval_to_lval_cap makes them.
 */
export function phpIntval(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const leading = LEADING_NUMBER.exec(value);
    const number = leading ? Number(leading[0]) : 0;
    if (!Number.isFinite(number)) return 0;
    return Math.max(-PHP_INT_MAX, Math.min(PHP_INT_MAX, Math.trunc(number))) || 0;
  }
  if (value && typeof value === 'object') return Object.keys(value).length > 0 ? 1 : 0;
  return 0;
}

/**
 * PHP's `(float)` (and what `+` makes of an operand): the leading number of a string or 0,
 * booleans as 0 or 1, null as 0, 1 for a non-empty array or object and 0 for an empty one.
 */
export function phpFloatval(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const leading = LEADING_NUMBER.exec(value);
    return leading ? Number(leading[0]) : 0;
  }
  if (value && typeof value === 'object') return Object.keys(value).length > 0 ? 1 : 0;
  return 0;
}

/** PHP trim()'s default characters: space, \t, \n, \r, NUL and vertical tab. */
export const PHP_TRIM_CHARS = ' \t\n\r\0\x0B';

/** PHP trim(): strips only the given characters (by default PHP_TRIM_CHARS) from both ends. */
export function phpTrim(text: string, chars: string = PHP_TRIM_CHARS): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text.charAt(start))) start++;
  while (end > start && chars.includes(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}

const NEEDS_URLDECODE = /[%+\uD800-\uDFFF]/;

/**
 * PHP's urldecode: `+` is a space and each `%XX` one byte, the bytes read as UTF-8; a malformed
 * escape (`%zz`, a trailing `%`) stays as it is while the rest is still decoded. Never throws.
 */
export function phpUrldecode(text: string): string {
  // Nothing to decode: the text comes back as it is (a lone surrogate would become U+FFFD below).
  if (!NEEDS_URLDECODE.test(text)) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (char === '+') {
      bytes.push(0x20);
    } else {
      const code = text.codePointAt(i)!;
      // A surrogate pair is one character: encode it whole and skip its second half.
      if (code > 0xffff) i++;
      bytes.push(...Buffer.from(String.fromCodePoint(code), 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Bytes of the UTF-8 text, each outside `keep` written `%XX` (upper-case hex). */
function percentEncode(text: string, keep: RegExp, space: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (keep.test(char)) out += char;
    else if (byte === 0x20) out += space;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * PHP's urlencode: every byte but letters, digits, `-`, `_` and `.` percent-encoded, a space as
 * `+`. Works on the UTF-8 bytes, so a lone surrogate becomes `%EF%BF%BD` instead of throwing as
 * encodeURIComponent does.
 */
export function phpUrlencode(text: string): string {
  return percentEncode(text, /[A-Za-z0-9_.-]/, '+');
}

/** PHP's rawurlencode (RFC 3986): as phpUrlencode, but `~` is kept and a space is `%20`. */
export function phpRawurlencode(text: string): string {
  return percentEncode(text, /[A-Za-z0-9_.~-]/, '%20');
}

// PHP turns a decimal-integer string key into an integer key; serialize() then writes `i:`.
const PHP_INTEGER_KEY = /^(0|-?[1-9]\d{0,18})$/;

/**
 * PHP's serialize() for the values WordPress stores in meta: null, booleans, integers, floats,
 * strings (length in UTF-8 bytes), lists and string-keyed arrays (integer-looking keys written as
 * integers, as PHP arrays hold them). JavaScript objects list integer-like keys first, in
 * ascending order, so a PHP array with integer keys out of order comes back sorted. Throws on
 * anything PHP could not have produced (functions, symbols, undefined).
 */
export function phpSerialize(value: unknown): string {
  if (value === null) return 'N;';
  if (value instanceof PhpFloat) return `d:${value.value};`;
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return `i:${value};`;
    if (Number.isNaN(value)) return 'd:NAN;';
    if (!Number.isFinite(value)) return value > 0 ? 'd:INF;' : 'd:-INF;';
    return `d:${value};`;
  }
  if (typeof value === 'string') return `s:${Buffer.byteLength(value, 'utf8')}:"${value}";`;
  if (Array.isArray(value)) {
    return `a:${value.length}:{${value.map((item, index) => `i:${index};${phpSerialize(item)}`).join('')}}`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const body = entries
      .map(([key, item]) => (PHP_INTEGER_KEY.test(key) ? `i:${key};` : phpSerialize(key)) + phpSerialize(item))
      .join('');
    return `a:${entries.length}:{${body}}`;
  }
  throw new TypeError(`PHP cannot serialize a ${typeof value}`);
}

/**
 * A number PHP holds as a float, which serialize() writes `d:25;` even when it is whole (a JS
 * number that is whole serializes as PHP's int, `i:25;`).
 */
export class PhpFloat {
  constructor(readonly value: number) {}
}

/** A decoded PHP array (JS object or, for a list, JS array), or undefined for any scalar. */
export type PhpArray = Record<string, unknown>;

/** is_array(): php-serialize gives lists as JS arrays and maps as objects; both are PHP arrays. */
export function isPhpArray(value: unknown): value is PhpArray {
  return typeof value === 'object' && value !== null;
}

/** `$array[$key]` of a value that may not be an array (null when it is not, or the key is missing). */
export function phpIndex(value: unknown, key: string): unknown {
  if (!isPhpArray(value)) return null;
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as PhpArray)[key] : null;
}

/** The values of a PHP array in order (PHP's foreach). */
export function phpValues(value: unknown): unknown[] {
  return isPhpArray(value) ? Object.values(value) : [];
}

/** (string) of a scalar as sanitize_text_field casts it: true is '1', false and null '', arrays and objects ''. */
export function phpScalarString(value: unknown): string {
  if (value === true) return '1';
  if (value === undefined || value === null || value === false || isPhpArray(value)) return '';
  return String(value);
}

/** The values of `(array) $value`: an array's values in order, nothing for null, else the value alone. */
export function phpArrayCast(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return isPhpArray(value) ? Object.values(value) : [value];
}

/** absint(): abs( (int) $value ). */
export function absint(value: unknown): number {
  return Math.abs(phpIntval(value));
}
