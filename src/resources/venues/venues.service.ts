import { AppError } from '../../http/errors.js';
import type { LoadedPost } from '../../wp/tec/linked-posts.js';
import type { RequestContext } from '../../http/request-context.js';
import { EventMeta, PostType, VenueMeta } from '../../wp/constants.js';
import { toVenueJsonLd } from '../../wp/json-ld/index.js';
import {
  findLinkedPostIdBySlug,
  getLinkedPost,
  getWrittenLinkedPost,
  buildLinkedSummaries,
  listLinkedPosts,
} from '../linked-posts/linked-posts.service.js';
import type {
  LinkedPostList,
  LinkedResourceEnv,
  LinkedResourceKind,
  LinkedSummary,
} from '../linked-posts/linked-posts.types.js';
import { toVenueResource, type VenueResource } from './venues.mapper.js';
import type { ListVenuesQuery } from './venues.schemas.js';

// The events service builds its linked objects with these; they stay reachable through this service.
export { jsonLdImageUrl, linkedEnvOf } from '../linked-posts/linked-posts.service.js';
export type { LinkedResourceEnv } from '../linked-posts/linked-posts.types.js';

export const VenueErrors = {
  notAccessible: () => new AppError(403, 'venue-not-accessible', 'The requested venue is not accessible'),
  archivePageNotFound: () =>
    new AppError(404, 'venue-archive-page-not-found', 'The requested venue archive page does not exist'),
} as const;

/** tribe/events/v1's venue kind for the shared linked-post code: what sets venues apart (Tribe__Events__Venue's duplicate-search fields, Place JSON-LD). */
export const VENUE_RESOURCE_KIND: LinkedResourceKind<VenueResource> = {
  postType: PostType.venue,
  eventMetaKey: EventMeta.venueId,
  searchMetaKeys: [
    VenueMeta.address,
    VenueMeta.city,
    VenueMeta.province,
    VenueMeta.state,
    VenueMeta.stateProvince,
    VenueMeta.zip,
    VenueMeta.phone,
  ],
  restBase: 'venues',
  toResource: toVenueResource,
  toJsonLd: toVenueJsonLd,
  errors: VenueErrors,
};

/**
 * Venue objects of posts the caller loaded (posts of other types skipped): an event page loads its
 * venues and organizers together and renders their texts in the plugin's order first.
 */
export function buildVenueSummaries(
  env: LinkedResourceEnv,
  loaded: readonly LoadedPost[],
): Promise<Map<number, LinkedSummary<VenueResource>>> {
  return buildLinkedSummaries(VENUE_RESOURCE_KIND, env, loaded);
}


export interface VenueList extends Omit<LinkedPostList<VenueResource>, 'items'> {
  venues: VenueResource[];
}

/**
 * GET /venues as Archive_Venue::get answers it: the page's venues (protected ones blanked unless
 * the request unlocks them), rest_url and its neighbours, the totals. Throws the plugin's 404 for
 * an empty page past the first.
 */
export async function listVenues(ctx: RequestContext, query: ListVenuesQuery): Promise<VenueList> {
  const { items, ...page } = await listLinkedPosts(ctx, VENUE_RESOURCE_KIND, query);
  return { venues: items, ...page };
}

/**
 * GET /venues/{id}: the venue in the `single` context (with JSON-LD). Throws 403
 * `venue-not-accessible` when it is not published and the reader may not read it. A password
 * does not refuse the read: without access the protected fields are blanked.
 */
export function getVenue(ctx: RequestContext, id: number): Promise<VenueResource> {
  return getLinkedPost(ctx, VENUE_RESOURCE_KIND, id);
}

/** The ID of the venue a slug names (get_page_by_path), or undefined. */
export function findVenueIdBySlug(ctx: RequestContext, slug: string): Promise<number | undefined> {
  return findLinkedPostIdBySlug(ctx, VENUE_RESOURCE_KIND, slug);
}

/** The venue as the write endpoints answer with it (default context, no JSON-LD). */
export function getVenueWritten(ctx: RequestContext, id: number): Promise<VenueResource> {
  return getWrittenLinkedPost(ctx, VENUE_RESOURCE_KIND, id);
}
