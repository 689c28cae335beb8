import type { ArgSpec, ArgSpecs } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';

/** A value PHP's array_filter keeps: not false, null, '', '0', 0 or an empty array. */
function isPhpTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== false && value !== null && value !== undefined && value !== '' && value !== '0' && value !== 0;
}

/** An argument's default as registered for this request (`per_page`'s is the site's option). */
function defaultFor(spec: ArgSpec<RequestContext>, ctx: RequestContext): unknown {
  return typeof spec.default === 'function' ? (spec.default as (context: RequestContext) => unknown)(ctx) : spec.default;
}

/** Endpoints/Base::convert_type: the REST short names to Swagger's. */
function convertType(type: string | false): string | false {
  if (type === 'int') return 'integer';
  if (type === 'bool') return 'boolean';
  return type;
}

/**
 * Event Tickets' Endpoints/Base::swaggerize_args (not TEC's: the schema carries `default`, the
 * name comes last, a whole `swagger_type` schema stands in for the type). Keys in the order PHP's
 * array_merge leaves them: the defaults' `in`, `schema`, `description`, `required` and `items`,
 * then `name` (and `collectionFormat`); falsy read values fall back to the defaults. The default
 * `items` is dropped from the shared defaults by the first argument whose schema has a type other
 * than `array`, and stays dropped for every argument after it (the PHP loop unsets it in place),
 * which is why an argument with a `oneOf` schema shows it only when it comes first.
 */
export function swaggerizeTicketsArgs(args: ArgSpecs<RequestContext>, location: string, ctx: RequestContext): Record<string, unknown>[] {
  const defaults: Record<string, unknown> = {
    in: location,
    schema: { type: 'string', default: '' },
    description: 'No description provided',
    required: false,
    items: { type: 'integer' },
  };
  return Object.entries(args).map(([name, spec]) => {
    const schema: Record<string, unknown> =
      spec.swaggerSchema !== undefined
        ? { ...spec.swaggerSchema }
        : { type: convertType(spec.swaggerType ?? spec.type ?? false), default: defaultFor(spec, ctx) ?? false };
    const read: Record<string, unknown> = {
      name,
      description: spec.description ?? false,
      in: spec.in ?? false,
      collectionFormat: spec.collectionFormat ?? false,
      schema,
      items: spec.items ?? false,
      required: spec.required ?? false,
    };
    if (schema.type !== undefined && schema.type !== 'array') delete defaults.items;
    const merged: Record<string, unknown> = { ...defaults };
    for (const [key, value] of Object.entries(read)) {
      if (isPhpTruthy(value)) merged[key] = value;
    }
    return merged;
  });
}
