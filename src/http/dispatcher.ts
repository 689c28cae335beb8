import type Koa from 'koa';
import { UNGATED, type Gate } from '../db/connection-gate.js';
import type { Db } from '../db/create-db.js';
import type { Viewer } from '../wp/auth/capabilities.js';
import { isLoggedIn } from '../wp/auth/capabilities.js';
import type { SiteSettings } from '../wp/site/site.js';
import type { SiteUrls } from '../wp/site/urls.js';
import { AppError, CoreErrors, InProgressError, invalidParams, type InvalidParam, type JsonDecodeError } from './errors.js';
import { castToType, type ArgSpec } from './rest-args.js';
import { routesOnSite, type CompiledRoute, type EndpointDefinition, type RestResponse } from './rest-route.js';
import { createRequestMemo, READ_METHODS, type RequestContext, type RequestRecords, type RequestTotals } from './request-context.js';
import { parsePhpQuery, type PhpValue } from './php-query.js';
import type { RunWrite } from '../wp/write/transaction.js';
import { ContentRenderer } from '../wp/text/content-renderer.js';
import { toContentSite } from '../wp/text/content-site.js';
import type { RenderCache } from '../cache/render-cache.js';
import { EventCountCache } from '../cache/event-count-cache.js';
import { createLookups } from '../wp/lookups/lookups.js';

/** What the dispatcher needs per request besides the Koa context. */
export interface DispatchEnvironment {
  db: Db;
  now: Date;
  site: SiteSettings;
  urls: SiteUrls;
  viewer: Viewer;
  /** The path below the namespace root, e.g. `/events/6`; `/` for the index. */
  routePath: string;
  /** The parsed JSON or form body, or undefined; `jsonError` when the JSON did not parse (and why, when known). */
  body: Record<string, unknown> | undefined;
  jsonError: boolean | JsonDecodeError;
  /** Runs one write as a transaction and reports it after commit (createWriteRunner). */
  write: RunWrite;
  /** How an OPTIONS request describes a route (the namespace index's entry for it). */
  describeRoute?: (route: Route, ctx: RequestContext) => unknown;
  /** The app's cache of rendered texts (see RenderCache); none: every text is rendered. */
  renderCache?: RenderCache;
  /** The app's cache of event list totals; none: a cache for this request alone. */
  eventCounts?: EventCountCache;
  /** The app's gate for lists' statements (RequestContext.listStatements); none: ungated. */
  listStatements?: Gate;
  /** The record cache, for a read whose freshness is known (see RequestContext.records). */
  records?: () => Promise<RequestRecords | undefined>;
  /** The kept event dates, for a read whose freshness is known (see RequestContext.totals). */
  totals?: () => Promise<RequestTotals | undefined>;
}

type Endpoint = EndpointDefinition<RequestContext>;
type Route = CompiledRoute<RequestContext>;

/**
 * WP_REST_Server::dispatch for our namespace: match the route, then the method; reject a bad
 * JSON body; check required parameters, run validate callbacks, then sanitize (type casts);
 * only then ask the permission callback; then run the handler. Once a route matched, the
 * response carries the `Allow` header of the methods this caller may use. (The app has already
 * sent WordPress's `Link` header and settled who the caller is.)
 */
export async function dispatch(koa: Koa.Context, allRoutes: readonly Route[], env: DispatchEnvironment): Promise<void> {
  const routes = routesOnSite(allRoutes, env.site);
  const query = parsePhpQuery(koa.querystring);
  const method = requestMethod(koa, query);
  if (method === 'OPTIONS') return answerOptions(koa, routes, env, query);

  let matched: { route: Route; endpoint: Endpoint; urlParams: Record<string, string> } | undefined;
  for (const route of routes) {
    const match = route.regex.exec(env.routePath);
    if (!match) continue;
    // HEAD is served by GET handlers, as in WordPress.
    const wanted = method === 'HEAD' ? 'GET' : method;
    const endpoint = route.endpoints.find((candidate) => (candidate.methods as string[]).includes(wanted));
    if (!endpoint || endpoint.inProgress) continue;
    matched = { route, endpoint, urlParams: { ...(match.groups ?? {}) } };
    break;
  }
  if (!matched) throw CoreErrors.noRoute();

  const { route, endpoint, urlParams } = matched;
  // WordPress reads a parameter from the JSON body, the form body, the query, the URL, then the
  // defaults, first found winning; GET requests have no body.
  const body = READ_METHODS.has(method) ? {} : (env.body ?? {});
  const supplied: Record<string, unknown> = { ...urlParams, ...query, ...body };
  const context = buildContext(koa, env, method, query, supplied, endpoint);

  try {
    if (env.jsonError && method !== 'GET') throw CoreErrors.invalidJson(env.jsonError === true ? undefined : env.jsonError);
    await validateParams(endpoint, context);
    sanitizeParams(endpoint, context);
    if (endpoint.permission && !(await endpoint.permission(context))) {
      throw CoreErrors.forbidden(isLoggedIn(env.viewer));
    }
    const response = await endpoint.handler(context);
    // WordPress builds the Allow header after the handler ran, so after a write it sees the post
    // as the write left it: ctx.write forgets the request's memo when the write ends, so what
    // the handler read after it (the answer) is that post, and answers the header's checks too,
    // as WordPress's object cache answers them from the answer's reads.
    await setAllowHeader(koa, route, context);
    send(koa, response);
  } catch (error) {
    if (!(error instanceof InProgressError)) await setAllowHeader(koa, route, context).catch(() => undefined);
    throw error;
  }
}

/**
 * The method WordPress dispatches: a POST may carry another one in `?_method=` or the
 * `X-HTTP-Method-Override` header, for clients that can only send GET and POST.
 */
export function requestMethod(koa: Koa.Context, query: Record<string, PhpValue>): string {
  const method = koa.method.toUpperCase();
  if (method !== 'POST') return method;
  const override = typeof query._method === 'string' ? query._method : koa.get('X-HTTP-Method-Override');
  return override ? override.toUpperCase() : method;
}

/**
 * rest_handle_options_request: an OPTIONS request is answered before any validation with the
 * description of the first route whose pattern matches (as the index shows it), or `[]` when
 * none does, plus the Allow header of that route.
 */
async function answerOptions(
  koa: Koa.Context,
  routes: readonly Route[],
  env: DispatchEnvironment,
  query: Record<string, PhpValue>,
): Promise<void> {
  const route = routes.find((candidate) => !candidate.unlisted && candidate.regex.test(env.routePath));
  if (!route || !env.describeRoute) {
    send(koa, { body: [] });
    return;
  }
  const urlParams = { ...(route.regex.exec(env.routePath)?.groups ?? {}) };
  const context = buildContext(koa, env, 'OPTIONS', query, { ...urlParams, ...query }, route.endpoints[0]!);
  await setAllowHeader(koa, route, context);
  send(koa, { body: env.describeRoute(route, context) });
}

/**
 * The request context of a front-end page of the site (the iCal export), which no REST route
 * dispatches: the query string as PHP parses it, no route parameters, nothing validated.
 */
export function frontEndContext(koa: Koa.Context, env: DispatchEnvironment): RequestContext {
  const query = parsePhpQuery(koa.querystring);
  return buildContext(koa, env, requestMethod(koa, query), query, {}, { methods: ['GET'], args: {}, handler: async () => ({ body: '' }) });
}

function buildContext(
  koa: Koa.Context,
  env: DispatchEnvironment,
  method: string,
  query: Record<string, PhpValue>,
  supplied: Record<string, unknown>,
  endpoint: Endpoint,
): RequestContext & { params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  let renderer: ContentRenderer | undefined;
  const memo = createRequestMemo();
  const context = {
    db: env.db,
    now: env.now,
    site: env.site,
    urls: env.urls,
    viewer: env.viewer,
    method,
    params,
    query,
    supplied: (name: string) => Object.prototype.hasOwnProperty.call(supplied, name),
    header: (name: string) => {
      const value = koa.headers[name.toLowerCase()];
      return value === undefined ? undefined : Array.isArray(value) ? value.join(',') : value;
    },
    // One memo per request: the validator, permission checks, handler and Allow header share
    // their reads of the same post, and nothing is kept once the request is answered.
    ...memo,
    lookups: createLookups(env.db, memo.memo),
    eventCounts: env.eventCounts ?? new EventCountCache(),
    listStatements: env.listStatements ?? UNGATED,
    records: env.records,
    totals: env.totals,
    // Made on first use: most requests render no post text (errors, terms, writes refused).
    get content(): ContentRenderer {
      renderer ??= new ContentRenderer(env.db, toContentSite(env.site, env.urls), env.now, env.renderCache);
      return renderer;
    },
    write: async <T>(work: Parameters<RunWrite>[0]): Promise<T> => {
      try {
        return (await env.write(work)) as T;
      } finally {
        context.forgetMemo();
        renderer?.forgetRendered();
      }
    },
  };
  // Defaults first, then what the client sent: WordPress reads defaults last in its param order.
  for (const [name, spec] of Object.entries(endpoint.args)) {
    const fallback = resolveDefault(spec, context);
    if (fallback !== undefined && fallback !== null) params[name] = fallback;
  }
  for (const [name, value] of Object.entries(supplied)) params[name] = value;
  return context;
}

function resolveDefault(spec: ArgSpec<RequestContext>, context: RequestContext): unknown {
  return typeof spec.default === 'function'
    ? (spec.default as (ctx: RequestContext) => unknown)(context)
    : spec.default;
}

/**
 * WP_REST_Request::has_valid_params: required arguments, then each validate callback in arg order.
 * The callbacks only read, so they are started together, in arg order, in one turn: their lookups
 * then share one statement (RequestContext.lookups). Their answers are read in arg order, so the
 * error names the same parameters in the same order as WordPress's loop, and a callback that
 * fails makes the request fail as the first failing one would have.
 */
async function validateParams(endpoint: Endpoint, context: RequestContext): Promise<void> {
  const missing = Object.entries(endpoint.args)
    .filter(([name, spec]) => spec.required && (context.params[name] === undefined || context.params[name] === null))
    .map(([name]) => name);
  if (missing.length > 0) throw CoreErrors.missingParams(missing);

  const checks = Object.entries(endpoint.args).flatMap(([name, spec]) => {
    const { validate } = spec;
    const value = context.params[name];
    if (!validate || value === undefined || value === null) return [];
    // An async wrapper, so a callback that throws at once rejects in its turn instead of
    // stopping the ones after it from starting.
    return [{ name, result: (async () => validate(value, context))() }];
  });
  const outcomes = await Promise.allSettled(checks.map((check) => check.result));
  const invalid = new Map<string, InvalidParam>();
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.status === 'rejected') throw outcome.reason;
    const { name } = checks[index]!;
    if (outcome.value === false) invalid.set(name, { message: 'Invalid parameter.' });
    else if (typeof outcome.value === 'object') invalid.set(name, outcome.value);
  }
  if (invalid.size > 0) throw invalidParams(invalid);
}

/**
 * WP_REST_Request::sanitize_params: the sanitize callback, or for typed arguments without one the
 * JSON-schema type check and cast (rest_parse_request_arg). Defaults are sanitized too.
 */
function sanitizeParams(endpoint: Endpoint, context: RequestContext): void {
  const invalid = new Map<string, InvalidParam>();
  const params = context.params as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    const spec = endpoint.args[name];
    if (!spec || value === undefined || value === null) continue;
    if (spec.sanitize) {
      params[name] = spec.sanitize(value, context);
    } else if (spec.type) {
      const cast = castToType(name, spec.type, value, spec.items);
      if (cast.ok) params[name] = cast.value;
      else invalid.set(name, cast.error);
    }
  }
  if (invalid.size > 0) throw invalidParams(invalid);
}

/** rest_send_allow_header: the route's methods whose permission callback lets this caller in. */
async function setAllowHeader(koa: Koa.Context, route: Route, context: RequestContext): Promise<void> {
  const allowed: string[] = [];
  for (const endpoint of route.endpoints) {
    // A permission callback's WP_Error (a thrown error here) counts as not allowed.
    const permitted = endpoint.permission ? await Promise.resolve(endpoint.permission(context)).catch(() => false) : true;
    if (permitted) allowed.push(...endpoint.methods);
  }
  // PHP sends no header for an empty value: a route nobody may use here has no Allow.
  if (allowed.length === 0) koa.remove('Allow');
  else koa.set('Allow', allowed.join(', '));
}

function send(koa: Koa.Context, response: RestResponse): void {
  koa.status = response.status ?? 200;
  // The envelope (global-params.ts) shows a Link header only when the answer set one of its own.
  // The api.w.org Link the app sent is kept aside, for an envelope to send it again.
  if (response.headers?.Link !== undefined) Object.assign(koa.state as object, { answerLink: true, apiLink: koa.response.get('Link') });
  for (const [name, value] of Object.entries(response.headers ?? {})) koa.set(name, value);
  if (response.objectFields !== undefined) (koa.state as { objectFields?: readonly string[] }).objectFields = response.objectFields;
  if (response.responseLinks) (koa.state as { responseLinks?: boolean }).responseLinks = true;
  if (response.contentType !== undefined) {
    koa.type = response.contentType;
    koa.body = String(response.body);
    return;
  }
  koa.type = 'application/json; charset=UTF-8';
  koa.body = JSON.stringify(response.body);
}

export { AppError };
