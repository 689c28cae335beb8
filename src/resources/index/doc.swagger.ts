import type { Translate } from '../../i18n/index.js';
import type { ArgSpec, ArgSpecs } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';

type Spec = ArgSpec<RequestContext>;
type Specs = ArgSpecs<RequestContext>;

/*
 * The plugin's conversion of route arguments into OpenAPI (Endpoints/Base::swaggerize_args and
 * swaggerize_post_args), applied to the very ArgSpecs the dispatcher validates with, so the
 * document cannot describe a parameter differently from how it is checked.
 *
 * Why not @valibot/to-json-schema: request validation here is not valibot. WordPress validates
 * argument by argument with callbacks, reports every bad one in `data.params`, and casts by a
 * JSON-schema `type` only when there is no sanitize callback; ArgSpec mirrors that registration
 * array one to one. The document's shape is also not plain JSON schema: `in`, `style`,
 * `swagger_type` overriding `type`, falsy keys dropped, defaults merged in PHP's key order. So the
 * JSON-schema bits (`type`, `items`) come straight from ArgSpec, and that package is not needed.
 */

/** Any argument type string; the plugin passes `swagger_type` through untouched. */
type SwaggerType = string | false;

/** Endpoints/Base::convert_type: the REST short names to Swagger's. */
function convertType(type: SwaggerType): SwaggerType {
  if (type === 'int') return 'integer';
  if (type === 'bool') return 'boolean';
  return type;
}

/** The type the plugin documents: `swagger_type` when set, else the JSON-schema `type`. */
function documentedType(spec: Spec, fallback: SwaggerType): SwaggerType {
  return convertType(spec.swaggerType ?? spec.type ?? fallback);
}

/** A value PHP's array_filter keeps: not false, null, '', '0', 0 or an empty array. */
function isPhpTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== false && value !== null && value !== undefined && value !== '' && value !== '0' && value !== 0;
}

/** swaggerize_args' `$defaults`; only `in` differs between callers (the rest is dropped or fixed). */
export interface SwaggerizeDefaults {
  in: 'query' | 'body';
}

/**
 * Endpoints/Base::swaggerize_args: each argument as an OpenAPI parameter, keys in the order PHP's
 * array_merge leaves them (`in`, `schema`, `description`, `required`, then `name` and `style`).
 * Falsy keys are filtered out before the merge, so `required: false` and `explode: false` fall
 * back to the defaults or vanish, and an argument without description reads "No description
 * provided". Returns `[]` for no arguments.
 */
export function swaggerizeArgs(
  args: Specs,
  defaults: SwaggerizeDefaults,
  t: Translate,
): Record<string, unknown>[] {
  const base = { in: defaults.in, schema: { type: 'string' }, description: t('No description provided'), required: false };
  return Object.entries(args).map(([name, spec]) => {
    // The converted type, then `swagger_type` copied over it again unconverted, as the plugin does.
    const schema: Record<string, unknown> = { type: spec.swaggerType ?? documentedType(spec, false) };
    if (spec.items !== undefined) schema.items = spec.items;
    const read: Record<string, unknown> = {
      name,
      in: spec.in ?? false,
      description: spec.description === undefined ? false : t(spec.description),
      schema,
      required: spec.required ?? false,
    };
    if (spec.collectionFormat === 'csv') {
      read.style = 'form';
      read.explode = false;
    }
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(read)) {
      if (isPhpTruthy(value)) merged[key] = value;
    }
    return merged;
  });
}

/**
 * Endpoints/Base::swaggerize_post_args: the arguments as the properties of a form body schema,
 * each `{description, type[, items]}`; the type defaults to `string`.
 */
export function swaggerizeBody(contentType: string, args: Specs, t: Translate): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(args)) {
    const property: Record<string, unknown> = { description: t('No description provided') };
    property.type = documentedType(spec, 'string');
    if (spec.description !== undefined) property.description = t(spec.description);
    if (spec.items !== undefined) property.items = spec.items;
    properties[name] = property;
  }
  return { content: { [contentType]: { schema: { type: 'object', properties } } } };
}

/**
 * A WordPress route pattern as an OpenAPI path, the way WP_REST_Server::get_data_for_route
 * rewrites it: `/events/(?P<id>\d+)` becomes `/events/{id}`.
 */
export function toOpenApiPath(pattern: string): string {
  return pattern.replace(/\(\?P<(\w+?)>.*?\)/g, '{$1}');
}
