import { findPostBySlugOnce, loadPostWithMetaOnce, type RequestContext } from '../../http/request-context.js';
import { canReadPost, type PostForCaps, type Viewer } from '../../wp/auth/capabilities.js';
import { PostStatus, TrashMeta, EventMeta } from '../../wp/constants.js';
import type { ImageResource } from '../../wp/posts/images.js';
import { isJsonLdVisible, type JsonLdPost } from '../../wp/json-ld/index.js';
import { archiveLinks, findLinkedPostArchivePage } from '../../wp/tec/linked-post-archive.js';
import { resolveArchiveStatuses, totalPages } from '../../wp/posts/archive-links.js';
import { featuredImagesOf, loadPostsWithMeta, thumbnailIdOf, type LoadedPost } from '../../wp/tec/linked-posts.js';
import { firstMeta } from '../../wp/posts/meta.js';
import { canAccessPasswordContent } from '../../wp/auth/password-access.js';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { restUrl } from '../../wp/site/urls.js';
import { tecExcerptLength } from '../../wp/tec/excerpt-length.js';
import type {
  LinkedBuildOptions,
  LinkedPostArchiveQuery,
  LinkedPostList,
  LinkedResourceEnv,
  LinkedResourceKind,
  LinkedSummary,
} from './linked-posts.types.js';

/*
 * Venues and organizers are the same thing to the plugin: linked posts whose endpoints
 * (Archive_Venue / Archive_Organizer, Single_Venue / Single_Organizer and their by-slug
 * subclasses) differ only in the post type, the event meta key, the searched meta keys, the REST
 * object, the JSON-LD type and the error codes. This is the one implementation; the venue and
 * organizer services pass their LinkedResourceKind.
 */

/** The summary's object as a list of zero or one, for flatMap over IDs that may have none. */
function resourceOf<R>(summary: LinkedSummary<R> | undefined): R[] {
  return summary ? [summary.resource] : [];
}

/** The image URL JSON-LD wants: null without a thumbnail, else the attachment's URL. */
export function jsonLdImageUrl(image: ImageResource | false | undefined, loaded: LoadedPost): string | false | null {
  if (image) return typeof image.url === 'string' ? image.url : false;
  return loaded.meta.has(EventMeta.thumbnailId) ? false : null;
}

/**
 * Whether the JSON-LD builder answers for this post. An unlocked password counts as none: the
 * plugin filters post_password_required() to false while it builds the object.
 */
function isLinkedJsonLdVisible(post: PostRow, viewer: Viewer, unlocked: boolean): boolean {
  return isJsonLdVisible(unlocked ? { ...post, post_password: '' } : post, viewer);
}

/** The environment linked objects are built in, from a request. */
export function linkedEnvOf(ctx: RequestContext, single: boolean): LinkedResourceEnv {
  return {
    db: ctx.db,
    site: ctx.site,
    urls: ctx.urls,
    viewer: ctx.viewer,
    single,
    content: ctx.content,
    excerptLength: tecExcerptLength(ctx.query),
  };
}

/** can_access_password_content for the request's `context` and `password` parameters. */
function passwordUnlockOf(ctx: RequestContext): (post: PostRow) => boolean {
  return (post) => canAccessPasswordContent(post, ctx.viewer, { context: ctx.params.context, password: ctx.params.password });
}

/**
 * Single_Venue::get's read check: published, or the reader has read_post on it (map_meta_cap
 * with the post's status, author and, once trashed, the status it had).
 */
function isReadableLinkedPost(viewer: Viewer, { post, meta }: LoadedPost): boolean {
  if (post.post_status === PostStatus.publish) return true;
  const forCaps: PostForCaps = { ...post, trashedFrom: firstMeta(meta, TrashMeta.status) };
  return canReadPost(viewer, forCaps);
}

/**
 * The objects of loaded posts of the kind (other posts skipped), images and what their texts
 * render from loaded in one batch. Texts not rendered yet are rendered in the given order.
 */
export async function buildLinkedSummaries<R>(
  kind: LinkedResourceKind<R>,
  env: LinkedResourceEnv,
  loaded: readonly LoadedPost[],
  options: LinkedBuildOptions = {},
): Promise<Map<number, LinkedSummary<R>>> {
  const ofKind = loaded.filter(({ post }) => post.post_type === kind.postType);
  // Featured images load with what the texts render from, in the same statements.
  const thumbnails = ofKind.flatMap((linked) => thumbnailIdOf(linked) ?? []);
  await env.content.prepare(ofKind.map(({ post }) => post), thumbnails);
  const images = featuredImagesOf(ofKind, (id) => env.content.loadedPost(id), env.site.siteUrl);
  env.content.renderInOrder(ofKind.map(({ post }) => post));
  return new Map(
    ofKind.map((linked) => {
      const image = images.get(linked.post.ID) ?? false;
      const passwordUnlocked = options.isUnlocked?.(linked.post) ?? false;
      const source: JsonLdPost = { ...linked, imageUrl: jsonLdImageUrl(image, linked), excerptLength: env.excerptLength };
      const jsonLd =
        env.single && isLinkedJsonLdVisible(linked.post, env.viewer, passwordUnlocked)
          ? kind.toJsonLd(linked.post, linked.meta, {
              imageUrl: source.imageUrl,
              proActive: env.site.proActive,
              excerptLength: env.excerptLength,
            })
          : undefined;
      const resource = kind.toResource({
        ...linked,
        urls: env.urls,
        viewer: env.viewer,
        image,
        jsonLd,
        passwordUnlocked,
        proActive: env.site.proActive,
        content: env.content,
      });
      return [linked.post.ID, { resource, source }];
    }),
  );
}

/**
 * The objects of a batch of IDs, a fixed number of queries however many. IDs whose posts are
 * gone or are not of the kind are skipped; the post's status is not checked, as in the plugin
 * (an event still shows its trashed venue).
 */
export async function getLinkedSummaries<R>(
  kind: LinkedResourceKind<R>,
  env: LinkedResourceEnv,
  ids: readonly number[],
  options: LinkedBuildOptions = {},
): Promise<Map<number, LinkedSummary<R>>> {
  const loaded = await loadPostsWithMeta(env.db, ids);
  return buildLinkedSummaries(kind, env, [...loaded.values()], options);
}

/**
 * Archive_Venue::get and Archive_Organizer::get: the page's objects (protected ones blanked
 * unless the request unlocks them), rest_url and its neighbours, the totals. Throws the kind's
 * 404 for an empty page past the first.
 */
export async function listLinkedPosts<R>(
  ctx: RequestContext,
  kind: LinkedResourceKind<R>,
  query: LinkedPostArchiveQuery,
): Promise<LinkedPostList<R>> {
  const { statuses, urlValue } = resolveArchiveStatuses(ctx.viewer, kind.postType, query.status);
  const { ids, total } = await findLinkedPostArchivePage(
    ctx.db,
    kind,
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
  if (ids.length === 0 && query.page > 1) throw kind.errors.archivePageNotFound();

  const summaries = await getLinkedSummaries(kind, linkedEnvOf(ctx, false), ids, { isUnlocked: passwordUnlockOf(ctx) });
  const links = archiveLinks(
    restUrl(ctx.urls, `${kind.restBase}/`),
    { page: query.page, per_page: query.per_page, event: query.event, has_events: query.has_events, status: urlValue },
    total,
  );
  return {
    items: ids.flatMap((id) => resourceOf(summaries.get(id))),
    ...links,
    total,
    total_pages: totalPages(total, query.per_page),
  };
}

/**
 * Single_Venue::get and Single_Organizer::get: the object in the `single` context (with JSON-LD).
 * Throws the kind's 403 when it is not published and the reader may not read it. A password does
 * not refuse the read: without access the protected fields are blanked.
 */
export async function getLinkedPost<R>(ctx: RequestContext, kind: LinkedResourceKind<R>, id: number): Promise<R> {
  // Through the request memo: the edit and delete permission checks of the Allow header read the
  // same post.
  const loaded = await loadPostWithMetaOnce(ctx, id);
  // The route validated the ID; a post deleted since then reads like an inaccessible one.
  if (!loaded || loaded.post.post_type !== kind.postType) throw kind.errors.notAccessible();
  if (!isReadableLinkedPost(ctx.viewer, loaded)) throw kind.errors.notAccessible();
  const built = await buildLinkedSummaries(kind, linkedEnvOf(ctx, true), [loaded], { isUnlocked: passwordUnlockOf(ctx) });
  return built.get(id)!.resource;
}

/**
 * The ID of the post of the kind a slug names (get_page_by_path), or undefined. Read once per
 * request, and the post found is remembered for the by-ID read the by-slug handler hands over to.
 */
export async function findLinkedPostIdBySlug<R>(
  ctx: RequestContext,
  kind: LinkedResourceKind<R>,
  slug: string,
): Promise<number | undefined> {
  return (await findPostBySlugOnce(ctx, slug, kind.postType))?.ID;
}

/**
 * Post_Repository::get_venue_data / get_organizer_data in the default context, as the write
 * endpoints answer with it: the object without JSON-LD, whatever the post's status (a trashed or
 * draft one included), no password unlocked.
 */
export async function getWrittenLinkedPost<R>(ctx: RequestContext, kind: LinkedResourceKind<R>, id: number): Promise<R> {
  const built = await getLinkedSummaries(kind, linkedEnvOf(ctx, false), [id]);
  const summary = built.get(id);
  if (!summary) throw kind.errors.notAccessible();
  return summary.resource;
}
