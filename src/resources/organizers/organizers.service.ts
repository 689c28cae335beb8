import { AppError } from '../../http/errors.js';
import type { LoadedPost } from '../../wp/tec/linked-posts.js';
import type { RequestContext } from '../../http/request-context.js';
import { EventMeta, OrganizerMeta, PostType } from '../../wp/constants.js';
import { toOrganizerJsonLd } from '../../wp/json-ld/index.js';
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
import { toOrganizerResource, type OrganizerResource } from './organizers.mapper.js';
import type { ListOrganizersQuery } from './organizers.schemas.js';

export const OrganizerErrors = {
  notAccessible: () => new AppError(403, 'organizer-not-accessible', 'The requested organizer is not accessible'),
  archivePageNotFound: () =>
    new AppError(404, 'organizer-archive-page-not-found', 'The requested organizer archive page does not exist'),
} as const;

/** tribe/events/v1's organizer kind for the shared linked-post code: what sets organizers apart (Tribe__Events__Organizer's duplicate-search fields, Person JSON-LD). */
export const ORGANIZER_RESOURCE_KIND: LinkedResourceKind<OrganizerResource> = {
  postType: PostType.organizer,
  eventMetaKey: EventMeta.organizerId,
  searchMetaKeys: [OrganizerMeta.phone, OrganizerMeta.email, OrganizerMeta.website],
  restBase: 'organizers',
  toResource: toOrganizerResource,
  toJsonLd: toOrganizerJsonLd,
  errors: OrganizerErrors,
};

/**
 * Organizer objects of posts the caller loaded (posts of other types skipped): an event page loads its
 * venues and organizers together and renders their texts in the plugin's order first.
 */
export function buildOrganizerSummaries(
  env: LinkedResourceEnv,
  loaded: readonly LoadedPost[],
): Promise<Map<number, LinkedSummary<OrganizerResource>>> {
  return buildLinkedSummaries(ORGANIZER_RESOURCE_KIND, env, loaded);
}


export interface OrganizerList extends Omit<LinkedPostList<OrganizerResource>, 'items'> {
  organizers: OrganizerResource[];
}

/**
 * GET /organizers as Archive_Organizer::get answers it (the venue archive's rules with the
 * organizer's fields and meta key). Throws the plugin's 404 for an empty page past the first.
 */
export async function listOrganizers(ctx: RequestContext, query: ListOrganizersQuery): Promise<OrganizerList> {
  const { items, ...page } = await listLinkedPosts(ctx, ORGANIZER_RESOURCE_KIND, query);
  return { organizers: items, ...page };
}

/**
 * GET /organizers/{id}: the organizer in the `single` context (with JSON-LD). Throws 403
 * `organizer-not-accessible` when it is not published and the reader may not read it.
 *
 * The plugin asks for the venue type's read_post capability here (`read_tribe_venue`); WordPress
 * maps that meta capability back to read_post on the post it names, so the organizer's own
 * status, author and capabilities decide, as the shared read check does.
 */
export function getOrganizer(ctx: RequestContext, id: number): Promise<OrganizerResource> {
  return getLinkedPost(ctx, ORGANIZER_RESOURCE_KIND, id);
}

/** The ID of the organizer a slug names (get_page_by_path), or undefined. */
export function findOrganizerIdBySlug(ctx: RequestContext, slug: string): Promise<number | undefined> {
  return findLinkedPostIdBySlug(ctx, ORGANIZER_RESOURCE_KIND, slug);
}

/** The organizer as the write endpoints answer with it (default context, no JSON-LD). */
export function getOrganizerWritten(ctx: RequestContext, id: number): Promise<OrganizerResource> {
  return getWrittenLinkedPost(ctx, ORGANIZER_RESOURCE_KIND, id);
}
