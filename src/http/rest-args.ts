import type { InvalidParam } from './errors.js';

/**
 * One route argument as WordPress registers it (`register_rest_route` args). The same
 * definition validates requests, fills defaults, and is shown by the namespace index and /doc,
 * so the documentation cannot drift from the validation.
 */
export interface ArgSpec<Ctx = unknown> {
  description?: string;
  /** JSON-schema type; WordPress type-checks and casts it when no sanitize callback is given. */
  type?: 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object';
  format?: string;
  items?: { type: string };
  enum?: readonly string[];
  required?: boolean;
  /** A value, or a function of the request context (dates from the clock, per_page from options). */
  default?: unknown | ((ctx: Ctx) => unknown);
  /** WordPress's validate_callback: true, false ("Invalid parameter.") or a detailed error. */
  validate?: (value: unknown, ctx: Ctx) => ValidationResult | Promise<ValidationResult>;
  /** WordPress's sanitize_callback; replaces the default type cast. */
  sanitize?: (value: unknown, ctx: Ctx) => unknown;
  /** Shown in /doc only (TEC's swagger_type and collectionFormat). */
  swaggerType?: string;
  collectionFormat?: 'csv';
  in?: 'query' | 'path' | 'body';
}

export type ValidationResult = boolean | InvalidParam;

export type ArgSpecs<Ctx = unknown> = Record<string, ArgSpec<Ctx>>;

/** rest_sanitize_boolean's accepted spellings. */
export function parseRestBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0' || lower === '') return false;
  return undefined;
}

/** wp_parse_list: a list, or a string split on commas and spaces. */
export function parseList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((part) => part !== '');
  if (value && typeof value === 'object') return Object.values(value);
  return value === undefined || value === null ? [] : [value];
}

/** Tribe__Utils__Array::list_to_array: arrays as they are, strings split on commas and trimmed. */
export function listToArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') return Object.values(value);
  if (typeof value === 'number') return [value];
  if (typeof value !== 'string' || value === '') return [];
  return value.split(',').map((part) => part.trim());
}

const NUMERIC_STRING = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

function typeError(name: string, type: string): InvalidParam {
  const message = `${name} is not of type ${type}.`;
  return { message, detail: { code: 'rest_invalid_type', message, data: { param: name } } };
}

/**
 * rest_parse_request_arg: the JSON-schema type check and cast WordPress applies to an argument
 * with a `type` and no sanitize callback. Returns the cast value or the error WordPress reports.
 */
export function castToType(
  name: string,
  type: NonNullable<ArgSpec['type']>,
  value: unknown,
  items?: { type: string },
): { ok: true; value: unknown } | { ok: false; error: InvalidParam } {
  switch (type) {
    case 'boolean': {
      const parsed = parseRestBoolean(value);
      return parsed === undefined ? { ok: false, error: typeError(name, 'boolean') } : { ok: true, value: parsed };
    }
    case 'integer': {
      if (typeof value === 'number' && Number.isInteger(value)) return { ok: true, value };
      // rest_is_integer: numeric and equal to its rounded value, so `1e3` and `12.0` pass.
      if (typeof value === 'string' && NUMERIC_STRING.test(value) && Number.isInteger(Number(value))) {
        return { ok: true, value: Number(value) };
      }
      return { ok: false, error: typeError(name, 'integer') };
    }
    case 'number': {
      if (typeof value === 'number') return { ok: true, value };
      if (typeof value === 'string' && NUMERIC_STRING.test(value)) return { ok: true, value: Number(value) };
      return { ok: false, error: typeError(name, 'number') };
    }
    case 'string': {
      if (typeof value === 'string') return { ok: true, value };
      return { ok: false, error: typeError(name, 'string') };
    }
    case 'array': {
      const list = parseList(value);
      if (!items) return { ok: true, value: list };
      const cast: unknown[] = [];
      for (const [index, item] of list.entries()) {
        const result = castToType(`${name}[${index}]`, items.type as NonNullable<ArgSpec['type']>, item);
        if (!result.ok) return result;
        cast.push(result.value);
      }
      return { ok: true, value: cast };
    }
    case 'object': {
      if (value && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value };
      if (value === '') return { ok: true, value: {} };
      return { ok: false, error: typeError(name, 'object') };
    }
  }
}

/** Validator::is_positive_int: numeric, integral and above zero. */
export function isPositiveInt(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !NUMERIC_STRING.test(text)) return false;
  const n = Number(text);
  // PHP compares `(int) $value == $value`; past the integer range the cast no longer equals the
  // value, so huge numbers are invalid there too (we stop at JavaScript's exact-integer range).
  return Number.isSafeInteger(n) && n > 0;
}

/** Validator::is_string: a non-empty string (PHP's `! empty()` also refuses "0"). */
export function isNonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value !== '' && value !== '0';
}

/** Validator::is_positive_int_list: every item of a CSV or list is a positive integer. */
export function isPositiveIntList(value: unknown): boolean {
  const list = listToArray(value);
  return list.length > 0 && list.every(isPositiveInt);
}

/** PHP is_numeric for request values. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && NUMERIC_STRING.test(value);
}
