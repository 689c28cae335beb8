import type Koa from 'koa';
import { JSON_DEPTH_ERROR, JSON_UTF16_ERROR, type JsonDecodeError } from './errors.js';

/**
 * What PHP's json_decode refuses and JavaScript's JSON.parse takes, so WordPress answers such a
 * body with rest_invalid_json and so does this middleware, after the body parser:
 * - a string holding half of a UTF-16 surrogate pair (`"\ud800"`, JSON_ERROR_UTF16), which would
 *   also hand the database text MySQL cannot store as utf8mb4;
 * - arrays and objects nested deeper than json_decode's default depth of 512 (JSON_ERROR_DEPTH),
 *   which would also cost every later walk over the body a deep recursion.
 */
export function refuseLoneSurrogates(): Koa.Middleware {
  return async (ctx, next) => {
    const refused = ctx.request.is('json') ? jsonDecodeRefusal(ctx.request.body) : undefined;
    if (refused) {
      ctx.state.jsonError = refused;
      ctx.request.body = {};
    }
    await next();
  };
}

/** json_decode's default $depth: a scalar is depth 1, each array or object around it one more. */
const MAX_JSON_DEPTH = 512;

/**
 * The json_decode error a parsed JSON value would have given in PHP, if any: too deep first (PHP
 * stops there), else an unpaired surrogate. Walks without recursion, so any depth is safe.
 */
export function jsonDecodeRefusal(value: unknown): JsonDecodeError | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  let surrogate = false;
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop()!;
    if (typeof item === 'string') {
      surrogate ||= LONE_SURROGATE.test(item);
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_JSON_DEPTH + 1) return JSON_DEPTH_ERROR;
    if (Array.isArray(item)) {
      for (const element of item) stack.push({ value: element, depth: depth + 1 });
    } else {
      for (const [key, element] of Object.entries(item)) {
        surrogate ||= LONE_SURROGATE.test(key);
        stack.push({ value: element, depth: depth + 1 });
      }
    }
  }
  return surrogate ? JSON_UTF16_ERROR : undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string or key in a parsed JSON value holds an unpaired surrogate. */
export function holdsLoneSurrogate(value: unknown): boolean {
  return jsonDecodeRefusal(value) === JSON_UTF16_ERROR;
}
