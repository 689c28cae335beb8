import type { ArgSpec } from '../../http/rest-args.js';
import type { InvalidParam } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { isPhpNumeric, phpIntval, phpFloatval, absint } from '../../wp/php/php-values.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { strtotime } from '../../wp/tec/dates.js';
import { sanitizeTextField } from '../../wp/terms/term-fields.js';
import { isSerialized } from 'php-serialize';

/*
 * TEC's tec/v1 parameter types (tribe-common's REST/TEC/V1/Parameter_Types), as WordPress route
 * arguments. Every one has a validate and a sanitize callback, so WordPress core never type-checks
 * or casts them itself: `per_page=abc` is TEC's "must be a positive integer", `featured=yes` is
 * PHP's `(bool)` cast. The keys of each spec are in the order Parameter::to_array lists them,
 * which is the order the namespace index prints them in.
 */

type Arg = ArgSpec<RequestContext>;
type Validate = NonNullable<Arg['validate']>;

/**
 * A spec as the helpers below return it, typed for ArgParams: the value its sanitize callback
 * hands the handler, and `default` present when the options give one (the handler then always has
 * the parameter). A helper whose options may hold a default says so in an overload over its
 * implementation, which builds a plain ArgSpec: TypeScript cannot follow an `if` into a type.
 */
export type TypedArg<Value, Options = object> = Omit<Arg, 'sanitize'> &
  { sanitize: (value: unknown, ctx: RequestContext) => Value } &
  (Options extends { default: unknown } ? { default: unknown } : unknown);

/** Parameter::to_array's `validate_callback` catching InvalidRestArgumentException: a WP_Error with TEC's code. */
function invalidArgument(name: string, kind: string, message: string, details: string): InvalidParam {
  return { message, detail: { code: `tec_rest_invalid_${kind}_argument`, message, data: { status: 400, argument: name, details } } };
}

/** PHP's `is_numeric($v) && (int) $v == $v && (int) $v > 0` (Positive_Integer's validator). */
function isPositiveIntegerValue(value: unknown): boolean {
  if (typeof value === 'boolean') return false;
  if (!isPhpNumeric(value)) return false;
  const number = Number(value);
  return Number.isFinite(number) && Number.isInteger(number) && number > 0;
}

/** Positive_Integer's validator: the error names the argument (`example` for a list's items). */
function positiveIntegerCheck(name: string) {
  return (value: unknown): true | InvalidParam =>
    isPositiveIntegerValue(value)
      ? true
      : invalidArgument(name, 'positive_integer', `Argument \`{${name}}\` must be a positive integer.`, `The argument \`{${name}}\` is not a positive integer.`);
}

/** Integer's validator: numeric and whole. */
function integerCheck(name: string) {
  return (value: unknown): true | InvalidParam =>
    typeof value !== 'boolean' && isPhpNumeric(value) && Number.isInteger(Number(value))
      ? true
      : invalidArgument(name, 'integer', `Argument \`{${name}}\` must be an integer.`, `The argument \`{${name}}\` is not an integer.`);
}

/** Date_Time's validator: its pattern when it has one, then numeric or a string strtotime() reads. */
function dateTimeCheck(name: string, pattern: string | undefined) {
  return (value: unknown, ctx: RequestContext): true | InvalidParam => {
    const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    if (pattern !== undefined && !new RegExp(pattern).test(text)) {
      return invalidArgument(name, 'date_time', `Argument \`{${name}}\` must match the pattern.`, `The argument \`{${name}}\` does not match the pattern \`${pattern}\`.`);
    }
    const readable = typeof value === 'string' && value !== '' && (strtotime(value, ctx.now) ?? 0) !== 0;
    if (!isPhpNumeric(value) && !readable) {
      return invalidArgument(name, 'date_time', `Argument \`{${name}}\` must be a date-time.`, `We cannot parse the argument \`{${name}}\` as a date-time.`);
    }
    return true;
  };
}

/** Text's validator: a pattern, else an enum (strict in_array), else a string that is not serialized PHP. */
/** URI's validator: FILTER_VALIDATE_URL's shape (a scheme, `//` and a host). */
const URL_SHAPE = /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+[^\s]*$/i;
/** Email's validator: is_email's shape (a local part, `@`, a domain with a dot). */
const EMAIL_SHAPE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

function textCheck(name: string, options: { enum?: readonly string[]; pattern?: string; format?: string }): Validate {
  // The URI and Email parameter types (the request bodies' `website` and `email`).
  if (options.format === 'uri') {
    return (value) =>
      typeof value === 'string' && URL_SHAPE.test(value)
        ? true
        : invalidArgument(name, 'uri', `Argument \`{${name}}\` must be a valid URL.`, `The argument \`{${name}}\` is not a valid URL.`);
  }
  if (options.format === 'email') {
    return (value) =>
      typeof value === 'string' && EMAIL_SHAPE.test(value)
        ? true
        : invalidArgument(name, 'email', `Argument \`{${name}}\` must be a valid email address.`, `The argument \`{${name}}\` is not a valid email address.`);
  }
  if (options.pattern !== undefined) {
    const pattern = new RegExp(options.pattern);
    return (value) => {
      if (typeof value !== 'string') {
        return invalidArgument(name, 'string', `Argument \`{${name}}\` must be a string.`, `The argument \`{${name}}\` is not a string.`);
      }
      return pattern.test(value)
        ? true
        : invalidArgument(name, 'string', `Argument \`{${name}}\` must match the pattern.`, `The argument \`{${name}}\` does not match the pattern \`${options.pattern}\`.`);
    };
  }
  const allowed = options.enum;
  if (allowed !== undefined) return (value) => typeof value === 'string' && allowed.includes(value);
  return (value) => typeof value === 'string' && !isSerialized(value);
}

/** Text's sanitizer: sanitize_text_field unless an enum or a pattern already bounds the value. */
function textSanitizer(options: { enum?: readonly string[]; pattern?: string }) {
  const plain = options.enum === undefined && options.pattern === undefined;
  return (value: unknown): string => {
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    return plain ? sanitizeTextField(text) : text;
  };
}

type PositiveIntegerOptions = { default?: number; minimum?: number; maximum?: number };

export function positiveInteger<const Options extends PositiveIntegerOptions = object>(name: string, description: string, options?: Options): TypedArg<number, Options>;
export function positiveInteger(name: string, description: string, options: PositiveIntegerOptions = {}): Arg {
  const spec: Arg = { description, type: 'integer' };
  if (options.default !== undefined) spec.default = options.default;
  if (options.maximum !== undefined) spec.maximum = options.maximum;
  if (options.minimum !== undefined) spec.minimum = options.minimum;
  spec.required = false;
  spec.validate = (value) => positiveIntegerCheck(name)(value);
  spec.sanitize = absint;
  return spec;
}

export function integer(name: string, description: string): TypedArg<number> {
  return { description, type: 'integer', required: false, validate: (value) => integerCheck(name)(value), sanitize: phpIntval };
}

export function dateTime(name: string, description: string, options: { pattern?: string } = {}): TypedArg<string> {
  const spec: Arg = { description, type: 'string', format: 'date-time', required: false };
  if (options.pattern !== undefined) spec.pattern = options.pattern;
  spec.validate = (value, ctx) => dateTimeCheck(name, options.pattern)(value, ctx);
  return { ...spec, sanitize: textSanitizer({ pattern: options.pattern }) };
}

/**
 * Number: PHP's is_float || is_int on the value as it arrives, so only a JSON number passes (a
 * query or form string never does); sanitized with floatval.
 */
export function number(name: string, description: string): TypedArg<number> {
  return {
    description,
    type: 'number',
    required: false,
    validate: (value) =>
      typeof value === 'number' ? true : invalidArgument(name, 'number', `Argument \`{${name}}\` must be a number.`, `The argument \`{${name}}\` is not a number.`),
    sanitize: phpFloatval,
  };
}

/** Date: as Date_Time (its pattern, then a date strtotime reads), shown with the `date` format. */
export function date(name: string, description: string, options: { pattern?: string } = {}): TypedArg<string> {
  return { ...dateTime(name, description, options), format: 'date' };
}

type TextOptions = { default?: string; enum?: readonly string[]; format?: string; pattern?: string };

/**
 * Text: a string, sanitized (see textSanitizer). With an enum the validate callback admits only
 * its members, which the sanitizer leaves as they are, so the handler's value is one of them.
 */
export function text<const Options extends TextOptions = object>(
  name: string,
  description: string,
  options?: Options,
): TypedArg<Options extends { enum: readonly (infer Member)[] } ? Member : string, Options>;
export function text(name: string, description: string, options: TextOptions = {}): Arg {
  const spec: Arg = { description, type: 'string' };
  if (options.default !== undefined) spec.default = options.default;
  if (options.format !== undefined) spec.format = options.format;
  spec.required = false;
  if (options.pattern !== undefined) spec.pattern = options.pattern;
  if (options.enum !== undefined) spec.enum = options.enum;
  spec.validate = textCheck(name, options);
  spec.sanitize = textSanitizer(options);
  return spec;
}

/** Boolean: anything is accepted, and PHP's `(bool)` cast read it (`"false"` is true, `""` and `"0"` false). */
export function boolean<const Options extends { default?: boolean } = object>(description: string, options?: Options): TypedArg<boolean, Options>;
export function boolean(description: string, options: { default?: boolean } = {}): Arg {
  const spec: Arg = { description, type: 'boolean' };
  if (options.default !== undefined) spec.default = options.default;
  spec.required = false;
  spec.validate = () => true;
  spec.sanitize = (value) => (Array.isArray(value) ? value.length > 0 : !isPhpEmpty(value));
  return spec;
}

/**
 * Array_Of_Type: a string holding a comma, or a list, else "Invalid parameter."; each item then
 * checked by its type's validator (whose error names the argument `example`, as TEC builds the
 * item type without a name). `validate` replaces that check (venues and organizers exist, statuses allowed).
 */
type ArrayOptions = { enum?: readonly string[]; default?: readonly string[]; validate?: Validate };

export function arrayOf<const Items extends 'positive-integer' | 'string', const Options extends ArrayOptions = object>(
  description: string,
  items: Items,
  options?: Options,
): TypedArg<Items extends 'positive-integer' ? number[] : string[], Options>;
export function arrayOf(description: string, items: 'positive-integer' | 'string', options: ArrayOptions = {}): Arg {
  const spec: Arg = { description, type: 'array', items: items === 'positive-integer' ? { type: 'integer' } : { type: 'string' } };
  if (options.enum !== undefined) spec.items = { ...spec.items!, enum: options.enum };
  if (options.default !== undefined) spec.default = [...options.default];
  spec.required = false;
  spec.uniqueItems = true;
  const itemCheck = items === 'positive-integer' ? positiveIntegerCheck('example') : textCheck('example', { enum: options.enum });
  spec.validate =
    options.validate ??
    (async (value, ctx) => {
      const list = listOf(value);
      if (list === undefined) return false;
      for (const item of list) {
        const result = await itemCheck(item, ctx);
        if (result !== true) return result;
      }
      return true;
    });
  const itemSanitize: (value: unknown) => unknown = items === 'positive-integer' ? absint : textSanitizer({ enum: options.enum });
  spec.sanitize = (value) => {
    const list = typeof value === 'string' && value.includes(',') ? value.split(',') : Array.isArray(value) ? value : value !== null && typeof value === 'object' ? Object.values(value) : [value];
    return list.map((item) => itemSanitize(item));
  };
  return spec;
}

/** Array_Of_Type's first test: `(is_string && strstr(',')) || is_array`, exploded at commas. Undefined when it fails. */
export function listOf(value: unknown): unknown[] | undefined {
  if (typeof value === 'string') return value.includes(',') ? value.split(',') : undefined;
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') return Object.values(value);
  return undefined;
}
