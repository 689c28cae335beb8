import type { ArgParams, ArgSpecs } from './rest-args.js';
import type { SiteSettings } from '../wp/site/site.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** WordPress's EDITABLE methods constant, in its order. */
export const EDITABLE: HttpMethod[] = ['POST', 'PUT', 'PATCH'];

/** What a handler returns; the dispatcher adds the WordPress headers and encodes the body. */
export interface RestResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Send `body` (a string) as it is, with this Content-Type, instead of as JSON (the iCal feed). */
  contentType?: string;
  /**
   * Keys of the answer (of each item, for a list) whose value PHP holds as an object, not an
   * array: `_fields` keeps them whole (`dates.start` keeps all of `dates`), as
   * rest_filter_response_fields walks arrays only.
   */
  objectFields?: readonly string[];
  /**
   * The body's `_links` are the WP_REST_Response's own links (add_link, as the namespace and root
   * indexes set them), which WP_REST_Server::response_to_data adds to the data after `_fields` has
   * filtered it: they stay, last, whatever `_fields` names.
   */
  responseLinks?: boolean;
}

/** What a handler receives: the context with its parameters typed from the endpoint's `Args` (ArgParams). */
export type HandlerContext<Ctx, Args> = Ctx & { readonly params: ArgParams<Args> };

export interface EndpointDefinition<Ctx, Args extends ArgSpecs<Ctx> = ArgSpecs<Ctx>> {
  methods: HttpMethod[];
  args: Args;
  /** WordPress's permission_callback; endpoints without one are public. */
  permission?: (ctx: Ctx) => boolean | Promise<boolean>;
  /**
   * Runs after the dispatcher validated and sanitized the parameters against `args`, so it sees
   * them typed from those specs (ArgParams; `endpoint()` infers them). Method syntax on purpose:
   * an endpoint with its own `Args` is then one of the route's endpoints without a cast.
   */
  handler(ctx: HandlerContext<Ctx, Args>): Promise<RestResponse>;
  /**
   * Registered by the plugin and declared here (the index, /doc and the Allow header show it),
   * but not served yet: the dispatcher passes it by, so a request for it is answered
   * rest_no_route, as WordPress answers a route it does not know, never a guess.
   */
  inProgress?: true;
}

/**
 * An endpoint whose handler gets its parameters typed from its own `args` (see ArgParams), as one
 * of a route's endpoints.
 */
export function endpoint<Ctx, Args extends ArgSpecs<Ctx>>(definition: EndpointDefinition<Ctx, Args>): EndpointDefinition<Ctx> {
  return definition;
}

/**
 * A route as register_rest_route knows it: a path pattern in WordPress's regex syntax
 * (`/events/(?P<id>\d+)`), relative to the namespace, and its endpoints in registration order
 * (that order is the order of the `Allow` header and of the namespace index).
 */
export interface RouteDefinition<Ctx> {
  pattern: string;
  endpoints: EndpointDefinition<Ctx>[];
  /**
   * A route of ours the plugin does not have (the iCal feed): served, but described by no OPTIONS
   * answer, as the plugin answers `[]` there. (The indexes and /doc list only the namespace's
   * registered routes, which such a route is not among.)
   */
  unlisted?: boolean;
  /**
   * register_rest_route's `schema` callback: shown by an OPTIONS answer (WordPress's `help`
   * context), never by the indexes.
   */
  schema?: (ctx: Ctx) => unknown;
  /**
   * Whether the site registers the route at all (a companion plugin's route, such as Event
   * Tickets' tec/v1 tickets): where it does not, no request finds it and no index or OPTIONS
   * answer lists it. Always registered when not given.
   */
  available?: (site: SiteSettings) => boolean;
  /**
   * `false` for a route whose GET answers the response cache must never keep: a GET that writes
   * (Event Tickets' QR check-in, the gateways' returns) or reads what no cache key holds (the
   * visitor's cart). Kept, as every route's, when not given.
   */
  answersKept?: false;
}

/** The routes a site registers, in order: the settings decide the companion plugins' routes. */
export function routesOnSite<Route extends { available?: (site: SiteSettings) => boolean }>(routes: readonly Route[], site: SiteSettings): Route[] {
  return routes.filter((route) => route.available === undefined || route.available(site));
}

export interface CompiledRoute<Ctx> extends RouteDefinition<Ctx> {
  regex: RegExp;
}

/** `(?P<id>\d+)` is PCRE's spelling of a named group; JavaScript writes `(?<id>\d+)`. */
export function compileRoute<Ctx>(route: RouteDefinition<Ctx>): CompiledRoute<Ctx> {
  const source = route.pattern.replace(/\(\?P</g, '(?<');
  return { ...route, regex: new RegExp(`^${source}$`, 'i') };
}
