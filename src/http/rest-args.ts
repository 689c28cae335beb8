import { parseList } from '../wp/php/lists.js';
import { isPhpNumeric } from '../wp/php/php-values.js';
import type { InvalidParam } from './errors.js';

/**
 * One route argument as WordPress registers it (`register_rest_route` args). The same
 * definition validates requests, fills defaults, and is shown by the namespace index and /doc,
 * so the documentation cannot drift from the validation.
 */
export interface ArgSpec<Ctx = unknown> {
  description?: string;
  /**
   * JSON-schema type; WordPress type-checks and casts it when no sanitize callback is given.
   * `bool` and `email` are not JSON-schema types: Event Tickets registers them, and WordPress
   * then checks nothing and keeps the value as sent (castToType).
   */
  type?: 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'bool' | 'email';
  format?: string;
  items?: { type: string; enum?: readonly string[] };
  enum?: readonly string[];
  /** JSON-schema bounds and list rules, shown by the index (tec/v1 declares them). */
  minimum?: number;
  maximum?: number;
  pattern?: string;
  uniqueItems?: boolean;
  /** An object argument's properties, shown by the index as registered (Event Tickets' coupons). */
  properties?: Readonly<Record<string, unknown>>;
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
  /**
   * Event Tickets' `swagger_type` given as a whole schema (`{oneOf: [...]}`): its /doc shows
   * that schema in place of `{type, default}` (tickets-v1/docs.swagger.ts).
   */
  swaggerSchema?: Readonly<Record<string, unknown>>;
  /**
   * What the index shows for an argument registered malformed, as it shows it (before
   * `required`): Event Tickets registers the block editor's ticket creation with a list of two
   * argument arrays where the arguments belong, so WordPress reads each array as one argument and
   * keeps only its schema keywords (the `description` argument's whole array, for one).
   */
  shownAs?: Readonly<Record<string, unknown>>;
}

export type ValidationResult = boolean | InvalidParam;

export type ArgSpecs<Ctx = unknown> = Record<string, ArgSpec<Ctx>>;

/**
 * The value the dispatcher leaves in `params` for one argument, read off its spec the way
 * WP_REST_Request treats it: the sanitize callback's result; else the JSON-schema cast of `type`
 * (castToType; `bool` and `email` stay as sent); else what the validate callback proves when it is
 * a type guard (validation runs before the handler, on defaults too); else the value as sent.
 * Needs the spec's literal type: declare the specs `satisfies ArgSpecs<…>`, not `: ArgSpecs<…>`.
 */
export type ArgValue<Spec> =
  Spec extends { sanitize: (...args: never[]) => infer Sanitized } ? Sanitized
  : Spec extends { type: infer Type } ? CastValue<Type>
  : Spec extends { validate: (value: unknown, ...rest: never[]) => value is infer Checked } ? Checked
  : unknown;

type CastValue<Type> =
  Type extends 'integer' | 'number' ? number
  : Type extends 'string' ? string
  : Type extends 'boolean' ? boolean
  : Type extends 'array' ? unknown[]
  : Type extends 'object' ? Record<string, unknown>
  : unknown;

/** Arguments always present once validated: required ones (refused when missing) and defaulted ones. */
type PresentArgs<Args> = { [Name in keyof Args]: Args[Name] extends { required: true } | { default: unknown } ? Name : never }[keyof Args];

/**
 * The parameters a handler receives for the arguments `Args`, typed from the specs that validate
 * them (EndpointDefinition gives them to the handler); arguments neither required nor defaulted
 * may be absent.
 */
export type ArgParams<Args> = { [Name in PresentArgs<Args>]: ArgValue<Args[Name]> } & {
  [Name in Exclude<keyof Args, PresentArgs<Args>>]?: ArgValue<Args[Name]>;
};

/**
 * rest_is_boolean, then rest_sanitize_boolean: true, false, 1, 0 and the strings 'true', 'false',
 * '1', '0' in any case. An empty string is refused (recorded: `featured=` answers "featured is not
 * of type boolean."), although rest_sanitize_boolean alone would read it as false.
 */
export function parseRestBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return undefined;
}

/** rest_validate_value_from_schema's `rest_invalid_type`: "<name> is not of type <type>." with the param in its data. */
export function typeError(name: string, type: string): InvalidParam {
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
      if (typeof value === 'string' && isPhpNumeric(value) && Number.isInteger(Number(value))) {
        return { ok: true, value: Number(value) };
      }
      return { ok: false, error: typeError(name, 'integer') };
    }
    case 'number': {
      if (typeof value === 'number') return { ok: true, value };
      if (typeof value === 'string' && isPhpNumeric(value)) return { ok: true, value: Number(value) };
      return { ok: false, error: typeError(name, 'number') };
    }
    case 'string': {
      if (typeof value === 'string') return { ok: true, value };
      return { ok: false, error: typeError(name, 'string') };
    }
    case 'array': {
      // rest_sanitize_array: a list or map as it is (nested values then fail the item check);
      // only a scalar goes through wp_parse_list.
      const list =
        Array.isArray(value) ? value
        : value !== null && typeof value === 'object' ? Object.values(value)
        : parseList(value);
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
    // A type WordPress does not know: rest_validate_value_from_schema lets it through (with a
    // _doing_it_wrong notice) and rest_sanitize_value_from_schema returns the value as sent.
    case 'bool':
    case 'email':
      return { ok: true, value };
  }
}
