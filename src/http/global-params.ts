import type Koa from 'koa';
import { requestedFields } from './rest-fields.js';
import { AppError } from './errors.js';
import { parsePhpQuery } from './php-query.js';

/**
 * WordPress's global REST parameters, applied around every REST answer the way
 * WP_REST_Server::serve_request and rest_filter_response_fields apply them:
 * `_fields` keeps only the named fields of a successful answer, `_envelope` wraps the answer
 * in `{body, status, headers}` with status 200, `_jsonp` wraps the JSON in a callback.
 */

/**
 * The headers a WP_REST_Response holds (the handler's and Allow), with WordPress's casing, and
 * whether the handler set them as integers: the archives pass their integer totals to
 * `$response->header()`, and the envelope prints the values as they were set.
 */
const ENVELOPE_HEADERS: readonly [name: string, wpName: string, integer: boolean][] = [
  ['x-tec-total', 'X-TEC-Total', true],
  ['x-tec-totalpages', 'X-TEC-TotalPages', true],
  ['x-wp-total', 'X-WP-Total', true],
  ['x-wp-totalpages', 'X-WP-TotalPages', true],
  ['location', 'Location', false],
  ['allow', 'Allow', false],
];

type FieldTree = { [key: string]: FieldTree | true };

/**
 * `events.id,total` as the nested tree rest_filter_response_fields builds. A sub-field of a parent
 * already named whole ends the walk there (core's `break 2` leaves the loop over the names, not
 * only the one name), so `title,title.rendered,id` keeps `title` alone.
 */
function fieldTree(fields: readonly string[]): FieldTree {
  const tree: FieldTree = {};
  for (const field of fields) {
    const parts = field.split('.');
    let node = tree;
    while (parts.length > 1) {
      const next = parts.shift()!;
      const existing = Object.hasOwn(node, next) ? node[next] : undefined;
      if (existing === true) return tree;
      node[next] = existing ?? {};
      node = node[next] as FieldTree;
    }
    node[parts[0]!] = true;
  }
  return tree;
}

/** _rest_array_intersect_key_recursive: keys of `value` named in `tree`, recursing into objects. */
function intersect(value: unknown, tree: FieldTree): unknown {
  if (value === null || typeof value !== 'object') return value;
  // A list's keys are its indexes: only a numeric name (`venues.0.title`) keeps an item.
  if (Array.isArray(value)) {
    const kept = Object.entries(value)
      .filter(([key]) => Object.hasOwn(tree, key))
      .map(([key, item]): [string, unknown] => [key, tree[key] === true ? item : intersect(item, tree[key] as FieldTree)]);
    // PHP encodes an array with keys 0..n-1 (or none) as a JSON list, anything else as an object.
    return kept.every(([key], index) => key === String(index)) ? kept.map(([, item]) => item) : Object.fromEntries(kept);
  }
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (!Object.hasOwn(tree, key)) continue;
    const wanted = tree[key]!;
    out[key] = wanted === true ? child : intersect(child, wanted);
  }
  // An array left with no keys is PHP's empty array, which json_encode prints as a list.
  return Object.keys(out).length === 0 ? [] : out;
}

/**
 * rest_filter_response_fields: `_fields` read as wp_parse_list reads it (`a,b`, or `_fields[]=a`
 * repeated), each name trimmed; no names leaves the data whole.
 */
function filterFields(data: unknown, rawFields: unknown, objectFields: readonly string[] = [], responseLinks = false): unknown {
  const fields = requestedFields(rawFields);
  if (fields === undefined) return data;
  const tree = fieldTree(fields);
  // A PHP object is not walked: asked for in part, it is kept whole.
  for (const key of objectFields) if (tree[key] !== undefined) tree[key] = true;
  if (Array.isArray(data)) return data.map((item) => intersect(item, tree));
  if (responseLinks && data !== null && typeof data === 'object' && '_links' in data) {
    // response_to_data adds the response's links to what rest_post_dispatch's filter left.
    const { _links: links, ...rest } = data as Record<string, unknown>;
    const kept = intersect(rest, tree);
    return { ...(Array.isArray(kept) ? {} : (kept as object)), _links: links };
  }
  return intersect(data, tree);
}

/**
 * Koa middleware, outside the error handler so that error answers are enveloped too; the inner
 * handlers set a JSON string body.
 */
export function wordpressGlobalParams(): Koa.Middleware {
  return async (ctx, next) => {
    const jsonp = ctx.query._jsonp;
    if (jsonp !== undefined && (typeof jsonp !== 'string' || !/^[\w.]+$/.test(jsonp))) {
      // WordPress answers this before anything else runs, so it is rendered right here.
      const error = new AppError(400, 'rest_callback_invalid', 'Invalid JSONP callback function.');
      ctx.status = error.status;
      ctx.type = 'application/json; charset=UTF-8';
      ctx.body = JSON.stringify(error.toBody());
      return;
    }
    await next();
    // PHP's $_GET: `_fields[]=id&_fields[]=title` is a list, a repeated `_fields=` keeps its last value.
    const fields = parsePhpQuery(ctx.querystring)._fields;
    const envelope = ctx.query._envelope;
    if (fields === undefined && envelope === undefined && jsonp === undefined) return;
    if (typeof ctx.body !== 'string' || !ctx.response.is('json')) return;

    let data: unknown = JSON.parse(ctx.body);
    if (fields !== undefined && ctx.status < 400) {
      const state = ctx.state as { objectFields?: readonly string[]; responseLinks?: boolean };
      data = filterFields(data, fields, state.objectFields, state.responseLinks);
    }
    if (envelope !== undefined) {
      const headers: Record<string, string | number> = {};
      for (const [name, wpName, integer] of ENVELOPE_HEADERS) {
        const value = ctx.response.get(name);
        if (value === undefined || value === '') continue;
        // WP_REST_Response::link_header (tec/v1's pagination) comes after the totals, before
        // Allow; the api.w.org Link every answer carries is sent apart and never shown.
        if (wpName === 'Allow' && (ctx.state as { answerLink?: boolean }).answerLink) headers.Link = ctx.response.get('link');
        headers[wpName] = integer ? Number(value) : String(value);
      }
      data = { body: data, status: ctx.status, headers };
      ctx.status = 200;
      // serve_request sends the envelope's own headers, not the answer's: they live in the body now.
      for (const [name] of ENVELOPE_HEADERS) ctx.remove(name);
      const apiLink = (ctx.state as { apiLink?: string }).apiLink;
      if (apiLink !== undefined) ctx.set('Link', apiLink);
    }
    const json = JSON.stringify(data);
    if (typeof jsonp === 'string') {
      ctx.type = 'application/javascript; charset=UTF-8';
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.body = `/**/${jsonp}(${json})`;
    } else {
      ctx.body = json;
    }
  };
}
