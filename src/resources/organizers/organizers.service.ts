import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { loadFeaturedImages, loadPostsWithMeta, type LoadedPost } from '../../wp/linked-posts.js';
import { EventMeta, OrganizerMeta, PostType } from '../../wp/constants.js';
import { toOrganizerJsonLd, type JsonLdPost } from '../../wp/json-ld.js';
import type { LinkedPostKind } from '../../wp/linked-posts.repository.js';
import {
  archiveLinks,
  findLinkedPostArchivePage,
  resolveArchiveStatuses,
  totalPages,
  type ArchiveLinks,
} from '../../wp/linked-post-archive.js';
import { selectPostBySlug } from '../../wp/posts.repository.js';
import { restUrl } from '../../wp/urls.js';
import { isTribeTruthy } from '../../wp/truthy.js';
import {
  isLinkedJsonLdVisible,
  isReadableLinkedPost,
  jsonLdImageUrl,
  linkedEnvOf,
  passwordUnlockOf,
  resourceOf,
  type LinkedBuildOptions,
  type LinkedResourceEnv,
  type LinkedSummary,
} from '../venues/venues.service.js';
import { toOrganizerResource, type OrganizerResource } from './organizers.mapper.js';
import type { ListOrganizersQuery } from './organizers.schemas.js';

/** What sets organizers apart in the archive queries (Tribe__Events__Organizer's duplicate-search fields). */
export const ORGANIZER_KIND: LinkedPostKind = {
  postType: PostType.organizer,
  eventMetaKey: EventMeta.organizerId,
  searchMetaKeys: [OrganizerMeta.phone, OrganizerMeta.email, OrganizerMeta.website],
};

export const OrganizerErrors = {
  notAccessible: () => new AppError(403, 'organizer-not-accessible', 'The requested organizer is not accessible'),
  archivePageNotFound: () =>
    new AppError(404, 'organizer-archive-page-not-found', 'The requested organizer archive page does not exist'),
} as const;

/** The organizer objects of loaded posts (non-organizers skipped), images loaded in one batch. */
async function buildOrganizers(
  env: LinkedResourceEnv,
  loaded: readonly LoadedPost[],
  options: LinkedBuildOptions,
): Promise<Map<number, LinkedSummary<OrganizerResource>>> {
  const organizers = loaded.filter(({ post }) => post.post_type === PostType.organizer);
  const images = await loadFeaturedImages(env.db, organizers, env.site.siteUrl);
  return new Map(
    organizers.map((organizer) => {
      const image = images.get(organizer.post.ID) ?? false;
      const passwordUnlocked = options.isUnlocked?.(organizer.post) ?? false;
      const source: JsonLdPost = { ...organizer, imageUrl: jsonLdImageUrl(image, organizer) };
      const jsonLd =
        env.single && isLinkedJsonLdVisible(organizer.post, env.viewer, passwordUnlocked)
          ? toOrganizerJsonLd(organizer.post, organizer.meta, { imageUrl: source.imageUrl })
          : undefined;
      const resource = toOrganizerResource({ ...organizer, urls: env.urls, viewer: env.viewer, image, jsonLd, passwordUnlocked });
      return [organizer.post.ID, { resource, source }];
    }),
  );
}

/**
 * Organizer objects for a batch of IDs, a fixed number of queries however many. IDs whose
 * posts are gone or are not organizers are skipped, as the plugin skips them.
 */
export async function getOrganizerSummaries(
  env: LinkedResourceEnv,
  ids: readonly number[],
  options: LinkedBuildOptions = {},
): Promise<Map<number, LinkedSummary<OrganizerResource>>> {
  const loaded = await loadPostsWithMeta(env.db, ids);
  return buildOrganizers(env, [...loaded.values()], options);
}

export interface OrganizerList extends ArchiveLinks {
  organizers: OrganizerResource[];
  total: number;
  total_pages: number;
}

/**
 * GET /organizers as Archive_Organizer::get answers it (the venue archive's rules with the
 * organizer's fields and meta key). Throws the plugin's 404 for an empty page past the first.
 */
export async function listOrganizers(ctx: RequestContext, query: ListOrganizersQuery): Promise<OrganizerList> {
  const { statuses, urlValue } = resolveArchiveStatuses(ctx.viewer, PostType.organizer, query.status);
  const { ids, total } = await findLinkedPostArchivePage(
    ctx.db,
    ORGANIZER_KIND,
    {
      statuses,
      search: query.search,
      eventId: query.event,
      hasEvents: query.has_events,
      onlyWithUpcoming: isTribeTruthy(query.only_with_upcoming),
      page: query.page,
      perPage: query.per_page,
    },
    ctx,
  );
  if (ids.length === 0 && query.page > 1) throw OrganizerErrors.archivePageNotFound();

  const summaries = await getOrganizerSummaries(linkedEnvOf(ctx, false), ids, { isUnlocked: passwordUnlockOf(ctx) });
  const links = archiveLinks(
    restUrl(ctx.urls, 'organizers/'),
    { page: query.page, per_page: query.per_page, event: query.event, has_events: query.has_events, status: urlValue },
    total,
  );
  return {
    organizers: ids.flatMap((id) => resourceOf(summaries.get(id))),
    ...links,
    total,
    total_pages: totalPages(total, query.per_page),
  };
}

/**
 * GET /organizers/{id}: the organizer in the `single` context (with JSON-LD). Throws 403
 * `organizer-not-accessible` when it is not published and the reader may not read it.
 *
 * The plugin asks for the venue type's read_post capability here (`read_tribe_venue`); WordPress
 * maps that meta capability back to read_post on the post it names, so the organizer's own
 * status, author and capabilities decide, as below.
 */
export async function getOrganizer(ctx: RequestContext, id: number): Promise<OrganizerResource> {
  const loaded = (await loadPostsWithMeta(ctx.db, [id])).get(id);
  if (!loaded || loaded.post.post_type !== PostType.organizer) throw OrganizerErrors.notAccessible();
  if (!isReadableLinkedPost(ctx.viewer, loaded)) throw OrganizerErrors.notAccessible();
  const organizers = await buildOrganizers(linkedEnvOf(ctx, true), [loaded], { isUnlocked: passwordUnlockOf(ctx) });
  return organizers.get(id)!.resource;
}

/** The ID of the organizer a slug names (get_page_by_path), or undefined. */
export async function findOrganizerIdBySlug(ctx: RequestContext, slug: string): Promise<number | undefined> {
  return (await selectPostBySlug(ctx.db, slug, PostType.organizer))?.ID;
}
