import type Koa from 'koa';

/** WP_REST_Server::serve_request's exposed and allowed headers (before plugin filters). */
const EXPOSED_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link';
const ALLOWED_HEADERS = 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type';

/**
 * The CORS headers WordPress sends on REST responses (rest_send_cors_headers): the caller's
 * Origin is echoed with credentials allowed, so browser apps on other origins can call the API
 * as they call WordPress; `Vary: Origin` keeps caches honest.
 */
export function sendCorsHeaders(ctx: Koa.Context): void {
  ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
  const origin = ctx.get('Origin');
  if (origin) {
    ctx.set('Access-Control-Allow-Origin', origin === 'null' ? origin : sanitizeOrigin(origin));
    ctx.set('Access-Control-Allow-Methods', 'OPTIONS, GET, POST, PUT, PATCH, DELETE');
    ctx.set('Access-Control-Allow-Credentials', 'true');
    ctx.vary('Origin');
  }
}

/** Without an Origin, WordPress still varies anonymous GETs on it (a cached answer is shared). */
export function varyAnonymousGet(ctx: Koa.Context, loggedIn: boolean): void {
  if (!ctx.get('Origin') && ctx.method === 'GET' && !loggedIn) ctx.vary('Origin');
}

/** sanitize_url for an Origin: only an http(s) scheme and host survive; anything else is empty. */
function sanitizeOrigin(origin: string): string {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
  } catch {
    return '';
  }
}
