import type Koa from 'koa';
import { JSON_UTF16_ERROR } from './errors.js';

/**
 * PHP's json_decode refuses a string holding half of a UTF-16 surrogate pair (`"\ud800"`,
 * JSON_ERROR_UTF16), so WordPress answers such a body with rest_invalid_json; JavaScript's
 * JSON.parse takes it and would hand the database text MySQL cannot store as utf8mb4. This
 * middleware, after the body parser, marks such a JSON body as malformed the same way.
 */
export function refuseLoneSurrogates(): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.request.is('json') && holdsLoneSurrogate(ctx.request.body)) {
      ctx.state.jsonError = JSON_UTF16_ERROR;
      ctx.request.body = {};
    }
    await next();
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string or key in a parsed JSON value holds an unpaired surrogate. */
export function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => LONE_SURROGATE.test(key) || holdsLoneSurrogate(item));
  }
  return false;
}
