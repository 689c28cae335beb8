/**
 * TEC's parameter types for the `tec/v1` API (common's REST/TEC/V1/Parameter_Types and the
 * Collections that print them), reduced to what they say in the OpenAPI document: each
 * parameter is declared once as data and printed three ways, as a definition's property, as an
 * operation's query/path parameter and as a response header, with the key order, defaults and
 * made-up examples of the PHP classes (a client diffing documents sees the same bytes).
 */

/** The PHP parameter classes, by what they print. */
export type ParamKind =
  | 'text'
  | 'uri'
  | 'email'
  | 'date-time'
  | 'date'
  | 'number'
  | 'integer'
  | 'positive-integer'
  | 'boolean'
  | 'entity'
  | 'array'
  | 'definition';

/** What an Array_Of_Type holds: a scalar parameter class, or a definition (printed as a `$ref`). */
export type ItemType = { kind: Exclude<ParamKind, 'array' | 'definition' | 'entity'> } | { kind: 'entity' } | { definition: string };

export interface Param {
  kind: ParamKind;
  name: string;
  description?: string;
  /** PHP's constructor default differs by class: an Entity is required unless told, the others are not. */
  required?: boolean;
  default?: unknown;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  /** set_format(): a format of its own for a class that has none (Text as `tel`). */
  format?: string;
  pattern?: string;
  nullable?: boolean;
  readOnly?: boolean;
  /** set_example(); without one each class makes one up (see exampleOf). */
  example?: unknown;
  location?: 'query' | 'path';
  items?: ItemType;
  /** An Entity's properties (a PropertiesCollection). */
  properties?: readonly Param[];
  /** A Definition_Parameter's definition type (`DateDetails`). */
  definition?: string;
}

type Options = Omit<Param, 'kind' | 'name' | 'description'>;

export const text = (name: string, description: string, options: Options = {}): Param => ({ kind: 'text', name, description, ...options });
export const uri = (name: string, description: string, options: Options = {}): Param => ({ kind: 'uri', name, description, ...options });
export const email = (name: string, description: string, options: Options = {}): Param => ({ kind: 'email', name, description, ...options });
export const dateTime = (name: string, description: string, options: Options = {}): Param => ({ kind: 'date-time', name, description, ...options });
export const positiveInteger = (name: string, description: string, options: Options = {}): Param => ({ kind: 'positive-integer', name, description, ...options });
export const boolean = (name: string, description: string, options: Options = {}): Param => ({ kind: 'boolean', name, description, ...options });
export const entity = (name: string, description: string, properties: readonly Param[], options: Options = {}): Param => ({
  kind: 'entity',
  name,
  description,
  properties,
  ...options,
});
export const arrayOf = (name: string, description: string | undefined, items: ItemType, options: Options = {}): Param => ({
  kind: 'array',
  name,
  ...(description === undefined ? {} : { description }),
  items,
  ...options,
});
/** A Definition_Parameter: a property or body that is a whole definition, printed as its `$ref`. */
export const definitionParam = (definition: string, name = ''): Param => ({ kind: 'definition', name, definition });

export const schemaRef = (definition: string): { $ref: string } => ({ $ref: `#/components/schemas/${definition}` });

const STRING_KINDS: ReadonlySet<ParamKind> = new Set(['text', 'uri', 'email', 'date-time', 'date']);
const INTEGER_KINDS: ReadonlySet<ParamKind> = new Set(['integer', 'positive-integer']);

/** get_type(). */
function typeOf(param: Param): string {
  if (STRING_KINDS.has(param.kind)) return 'string';
  if (INTEGER_KINDS.has(param.kind)) return 'integer';
  if (param.kind === 'entity' || param.kind === 'definition') return 'object';
  return param.kind;
}

/** get_format(): the URI, Email and date classes force theirs; the others print what was set. */
function formatOf(param: Param): string | undefined {
  if (param.kind === 'uri' || param.kind === 'email' || param.kind === 'date-time' || param.kind === 'date') return param.kind;
  return param.format;
}

/** get_subitem_format() of each scalar class, as an array's `items`. */
function subitemFormat(kind: ParamKind): Record<string, unknown> {
  if (STRING_KINDS.has(kind) && kind !== 'text') return { type: 'string', format: kind };
  return { type: typeOf({ kind, name: '' }) };
}

/** Array_Of_Type::get_class_of_subtype(): the item an array's example is made from. */
function itemParam(array: Param): Param | undefined {
  const items = array.items;
  if (!items || !('kind' in items)) return undefined;
  if (items.kind === 'boolean' || items.kind === 'entity') return { kind: items.kind, name: 'example' };
  if (STRING_KINDS.has(items.kind)) {
    return { kind: items.kind, name: 'example', enum: array.enum, format: array.format, pattern: array.pattern };
  }
  return { kind: items.kind, name: 'example', minimum: array.minimum, maximum: array.maximum };
}

/**
 * get_example(): the example set, else one each class makes up (an integer halfway between its
 * bounds, a text its first allowed value, an array one made-up item). PHP tests `if ($example)`
 * for texts and numbers, so a falsy example counts as none there; booleans keep `false`.
 */
export function exampleOf(param: Param): unknown {
  const set = param.example;
  switch (param.kind) {
    case 'boolean':
      return set ?? true;
    case 'entity':
    case 'definition':
      return set ?? { id: 1, name: 'Example' };
    case 'array': {
      if (set) return set;
      const item = itemParam(param);
      return item ? [exampleOf(item)] : ['string1', 'string2'];
    }
    case 'integer':
    case 'positive-integer':
    case 'number': {
      if (set) return set;
      if (param.minimum || param.maximum) {
        const middle = Math.ceil(((param.minimum ?? 1) + (param.maximum ?? 1)) / 2);
        if (param.kind === 'number') return middle + 0.25;
        return param.kind === 'integer' ? Math.abs(middle) : middle;
      }
      return param.kind === 'integer' ? -126 : param.kind === 'number' ? 126.75 : 126;
    }
    case 'uri':
      return set ?? 'https://example.com';
    case 'email':
      return set ?? 'example@theeventscalendar.com';
    case 'date-time':
      return set ?? '2025-06-05T12:00:00Z';
    case 'date':
      return set ?? '2025-06-05';
    case 'text':
      if (set) return set;
      if (param.enum && param.enum.length > 0) return param.enum[0];
      return 'Example';
  }
}

/**
 * Array_Of_Type::get_items(): the item class's own format or the definition's `$ref`, with the
 * array's pattern and enum moved onto the items (the array itself then prints neither).
 */
function itemsOf(param: Param): Record<string, unknown> | undefined {
  if (param.kind !== 'array' || !param.items) return undefined;
  const items: Record<string, unknown> = 'definition' in param.items ? schemaRef(param.items.definition) : subitemFormat(param.items.kind);
  if (param.pattern !== undefined) items.pattern = param.pattern;
  if (param.enum && param.enum.length > 0) items.enum = param.enum;
  return items;
}

/** is_unique_items(): arrays of scalars are sets; arrays of entities and definitions are not. */
function uniqueItemsOf(param: Param): true | undefined {
  if (param.kind !== 'array' || !param.items) return undefined;
  if ('definition' in param.items || param.items.kind === 'entity') return undefined;
  return true;
}

function defaultOf(param: Param): unknown {
  if (param.default === undefined || param.default === null) return undefined;
  return INTEGER_KINDS.has(param.kind) ? Math.trunc(Number(param.default)) : param.default;
}

function isRequired(param: Param): boolean {
  return param.required ?? param.kind === 'entity';
}

/** Drops the keys PHP's array_filter(..., fn => null !== $value) would. */
function compact(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined && value !== null));
}

/** Parameter::to_array() without its callbacks, keys in the PHP order. */
function toArray(param: Param): Record<string, unknown> {
  if (param.kind === 'definition') return schemaRef(param.definition ?? '');
  const isArray = param.kind === 'array';
  return compact([
    ['description', param.description ?? ''],
    ['nullable', param.nullable],
    ['readOnly', param.readOnly],
    ['type', typeOf(param)],
    ['items', itemsOf(param)],
    ['default', defaultOf(param)],
    ['maximum', param.maximum],
    ['minimum', param.minimum],
    ['format', formatOf(param)],
    ['required', isRequired(param)],
    // An array's pattern went onto its items.
    ['pattern', isArray ? undefined : param.pattern],
    ['explode', isArray ? false : undefined],
    ['uniqueItems', uniqueItemsOf(param)],
    ['properties', param.properties ? renderProperties(param.properties) : undefined],
    ['enum', isArray ? undefined : param.enum],
  ]);
}

/**
 * PropertiesCollection::to_array(): a definition's properties by name, each without the
 * request-only keys, with its example unless it is an entity or an array of entities or
 * definitions (whose made-up examples would say nothing).
 */
export function renderProperties(params: readonly Param[]): Record<string, unknown> {
  const rendered: Record<string, unknown> = {};
  for (const param of params) {
    const { explode: _explode, required: _required, ...property } = toArray(param);
    const hidesExample =
      param.kind === 'entity' || param.kind === 'definition' || (param.kind === 'array' && param.items !== undefined && ('definition' in param.items || param.items.kind === 'entity'));
    const example = hidesExample ? undefined : exampleOf(param);
    rendered[param.name] = example === undefined ? property : { ...property, example };
  }
  return rendered;
}

/** Parameter::OPENAPI_SCHEMA_KEYS: what of to_array() is a JSON schema. */
const OPENAPI_SCHEMA_KEYS: ReadonlySet<string> = new Set([
  'title', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'enum', 'type', 'allOf',
  'oneOf', 'anyOf', 'not', 'items', 'properties', 'additionalProperties', 'format', 'default', 'nullable',
  'readOnly', 'writeOnly', 'deprecated',
]);

/** The JSON schema of a parameter (to_openapi_schema()['schema']). */
export function schemaOf(param: Param): Record<string, unknown> {
  if (param.kind === 'definition') return schemaRef(param.definition ?? '');
  return Object.fromEntries(Object.entries(toArray(param)).filter(([key]) => OPENAPI_SCHEMA_KEYS.has(key)));
}

/** Parameter::to_openapi_schema(): an operation's query or path parameter. */
export function renderParameter(param: Param): Record<string, unknown> {
  if (param.kind === 'definition') return { schema: schemaOf(param) };
  return compact([
    ['name', param.name],
    ['in', param.location ?? 'query'],
    ['description', param.description ?? ''],
    ['required', isRequired(param)],
    ['explode', param.kind === 'array' ? false : undefined],
    ['schema', schemaOf(param)],
    ['example', exampleOf(param)],
  ]);
}

/** HeadersCollection::to_array(): response headers by name, without name, place, example or set-ness. */
export function renderHeaders(params: readonly Param[]): Record<string, unknown> {
  const rendered: Record<string, unknown> = {};
  for (const param of params) {
    const { name: _name, in: _in, example: _example, explode: _explode, schema, ...header } = renderParameter(param);
    const { uniqueItems: _unique, ...headerSchema } = schema as Record<string, unknown>;
    rendered[param.name] = { ...header, schema: headerSchema };
  }
  return rendered;
}
