import type { Db } from '../../db/create-db.js';
import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import type { SiteSettings } from '../../wp/site.js';
import { restUrl, type SiteUrls } from '../../wp/urls.js';
import { canReadPost, type PostForCaps, type Viewer } from '../../wp/capabilities.js';
import { loadFeaturedImages, loadPostsWithMeta, type LoadedPost } from '../../wp/linked-posts.js';
import { EventMeta, PostStatus, PostType, VenueMeta, TrashMeta } from '../../wp/constants.js';
import { isJsonLdVisible, toVenueJsonLd, type JsonLdPost } from '../../wp/json-ld.js';
import type { ImageResource } from '../../wp/images.js';
import type { LinkedPostKind } from '../../wp/linked-posts.repository.js';
import {
  archiveLinks,
  findLinkedPostArchivePage,
  resolveArchiveStatuses,
  totalPages,
  type ArchiveLinks,
} from '../../wp/linked-post-archive.js';
import { canAccessPasswordContent } from '../../wp/password-access.js';
import { selectPostBySlug, type PostRow } from '../../wp/posts.repository.js';
import { isTribeTruthy } from '../../wp/truthy.js';
import { firstMeta } from '../../wp/meta.js';
import { toVenueResource, type VenueResource } from './venues.mapper.js';
import type { ListVenuesQuery } from './venues.schemas.js';

export interface LinkedResourceEnv {
  db: Db;
  site: SiteSettings;
  urls: SiteUrls;
  viewer: Viewer;
  /** The plugin's `single` context: JSON-LD is attached. */
  single: boolean;
}

/** A linked post as an event needs it: its REST object and what its JSON-LD is built from. */
export interface LinkedSummary<R> {
  resource: R;
  source: JsonLdPost;
}

export interface LinkedBuildOptions {
  /**
   * Whether the reader may see this password-protected post's fields
   * (can_access_password_content on the venue and organizer endpoints). Inside events a linked
   * post's password is never unlocked, which is the default.
   */
  isUnlocked?: (post: PostRow) => boolean;
}

/** The summary's object as a list of zero or one, for flatMap over IDs that may have none. */
export function resourceOf<R>(summary: LinkedSummary<R> | undefined): R[] {
  return summary ? [summary.resource] : [];
}

/** The image URL JSON-LD wants: null without a thumbnail, else the attachment's URL. */
export function jsonLdImageUrl(image: ImageResource | false | undefined, loaded: LoadedPost): string | false | null {
  if (image) return typeof image.url === 'string' ? image.url : false;
  return loaded.meta.has('_thumbnail_id') ? false : null;
}

/**
 * Whether the JSON-LD builder answers for this post. An unlocked password counts as none: the
 * plugin filters post_password_required() to false while it builds the object.
 */
export function isLinkedJsonLdVisible(post: PostRow, viewer: Viewer, unlocked: boolean): boolean {
  return isJsonLdVisible(unlocked ? { ...post, post_password: '' } : post, viewer);
}

/** The environment linked objects are built in, from a request. */
export function linkedEnvOf(ctx: RequestContext, single: boolean): LinkedResourceEnv {
  return { db: ctx.db, site: ctx.site, urls: ctx.urls, viewer: ctx.viewer, single };
}

/** can_access_password_content for the request's `context` and `password` parameters. */
export function passwordUnlockOf(ctx: RequestContext): (post: PostRow) => boolean {
  return (post) => canAccessPasswordContent(post, ctx.viewer, { context: ctx.params.context, password: ctx.params.password });
}

/**
 * Single_Venue::get's read check: published, or the reader has read_post on it (map_meta_cap
 * with the post's status, author and, once trashed, the status it had).
 */
export function isReadableLinkedPost(viewer: Viewer, { post, meta }: LoadedPost): boolean {
  if (post.post_status === PostStatus.publish) return true;
  const forCaps: PostForCaps = { ...post, trashedFrom: firstMeta(meta, TrashMeta.status) };
  return canReadPost(viewer, forCaps);
}

/** What sets venues apart in the archive queries (Tribe__Events__Venue's duplicate-search fields). */
export const VENUE_KIND: LinkedPostKind = {
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
};

export const VenueErrors = {
  notAccessible: () => new AppError(403, 'venue-not-accessible', 'The requested venue is not accessible'),
  archivePageNotFound: () =>
    new AppError(404, 'venue-archive-page-not-found', 'The requested venue archive page does not exist'),
} as const;

/** The venue objects of loaded posts (non-venues skipped), images loaded in one batch. */
async function buildVenues(
  env: LinkedResourceEnv,
  loaded: readonly LoadedPost[],
  options: LinkedBuildOptions,
): Promise<Map<number, LinkedSummary<VenueResource>>> {
  const venues = loaded.filter(({ post }) => post.post_type === PostType.venue);
  const images = await loadFeaturedImages(env.db, venues, env.site.siteUrl);
  return new Map(
    venues.map((venue) => {
      const image = images.get(venue.post.ID) ?? false;
      const passwordUnlocked = options.isUnlocked?.(venue.post) ?? false;
      const source: JsonLdPost = { ...venue, imageUrl: jsonLdImageUrl(image, venue) };
      const jsonLd =
        env.single && isLinkedJsonLdVisible(venue.post, env.viewer, passwordUnlocked)
          ? toVenueJsonLd(venue.post, venue.meta, { imageUrl: source.imageUrl })
          : undefined;
      const resource = toVenueResource({ ...venue, urls: env.urls, viewer: env.viewer, image, jsonLd, passwordUnlocked });
      return [venue.post.ID, { resource, source }];
    }),
  );
}

/**
 * Venue objects for a batch of IDs (the venues of a page of events, or of a venue archive page),
 * a fixed number of queries however many. IDs that are not venues are skipped; the venue's status
 * is not checked, as in the plugin (an event still shows its trashed venue).
 */
export async function getVenueSummaries(
  env: LinkedResourceEnv,
  ids: readonly number[],
  options: LinkedBuildOptions = {},
): Promise<Map<number, LinkedSummary<VenueResource>>> {
  const loaded = await loadPostsWithMeta(env.db, ids);
  return buildVenues(env, [...loaded.values()], options);
}

export interface VenueList extends ArchiveLinks {
  venues: VenueResource[];
  total: number;
  total_pages: number;
}

/**
 * GET /venues as Archive_Venue::get answers it: the page's venues (protected ones blanked unless
 * the request unlocks them), rest_url and its neighbours, the totals. Throws the plugin's 404 for
 * an empty page past the first.
 */
export async function listVenues(ctx: RequestContext, query: ListVenuesQuery): Promise<VenueList> {
  const { statuses, urlValue } = resolveArchiveStatuses(ctx.viewer, PostType.venue, query.status);
  const { ids, total } = await findLinkedPostArchivePage(
    ctx.db,
    VENUE_KIND,
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
  if (ids.length === 0 && query.page > 1) throw VenueErrors.archivePageNotFound();

  const summaries = await getVenueSummaries(linkedEnvOf(ctx, false), ids, { isUnlocked: passwordUnlockOf(ctx) });
  const links = archiveLinks(
    restUrl(ctx.urls, 'venues/'),
    { page: query.page, per_page: query.per_page, event: query.event, has_events: query.has_events, status: urlValue },
    total,
  );
  return {
    venues: ids.flatMap((id) => resourceOf(summaries.get(id))),
    ...links,
    total,
    total_pages: totalPages(total, query.per_page),
  };
}

/**
 * GET /venues/{id}: the venue in the `single` context (with JSON-LD). Throws 403
 * `venue-not-accessible` when it is not published and the reader may not read it. A password
 * does not refuse the read: without access the protected fields are blanked.
 */
export async function getVenue(ctx: RequestContext, id: number): Promise<VenueResource> {
  const loaded = (await loadPostsWithMeta(ctx.db, [id])).get(id);
  // The route validated the ID; a venue deleted since then reads like an inaccessible one.
  if (!loaded || loaded.post.post_type !== PostType.venue) throw VenueErrors.notAccessible();
  if (!isReadableLinkedPost(ctx.viewer, loaded)) throw VenueErrors.notAccessible();
  const venues = await buildVenues(linkedEnvOf(ctx, true), [loaded], { isUnlocked: passwordUnlockOf(ctx) });
  return venues.get(id)!.resource;
}

/** The ID of the venue a slug names (get_page_by_path), or undefined. */
export async function findVenueIdBySlug(ctx: RequestContext, slug: string): Promise<number | undefined> {
  return (await selectPostBySlug(ctx.db, slug, PostType.venue))?.ID;
}
