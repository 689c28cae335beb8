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

/**
 * PHP's `(int)` of a request value: the leading number of a string (`"6abc"` is 6, `"abc"` 0),
 * 1 for a non-empty array or object and 0 for an empty one, booleans as 0 or 1.
 */
export function phpIntval(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const leading = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(value);
    return leading ? Math.trunc(Number(leading[0])) || 0 : 0;
  }
  if (value && typeof value === 'object') return Object.keys(value).length > 0 ? 1 : 0;
  return 0;
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
