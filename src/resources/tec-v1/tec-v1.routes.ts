import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { createDocsRoute } from './docs.route.js';

type Route = RouteDefinition<RequestContext>;

export interface TecV1Options {
  /** Whether the X-TEC-EEA acknowledgement is required (the events, venues and organizers routes; never /docs). */
  experimentalGate: boolean;
}

/**
 * TEC 6's `tec/v1` routes in the plugin's registration order. This branch serves the OpenAPI
 * document only; the index and the events, venues and organizers routes come with the read side
 * of issue 23, which registers them here before /docs.
 */
export function createTecV1Routes(_namespace: string, _options: TecV1Options): Route[] {
  return [createDocsRoute()];
}
