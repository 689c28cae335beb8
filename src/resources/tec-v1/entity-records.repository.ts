import type { RequestContext } from '../../http/request-context.js';
import { loadPostBundleOnce } from '../../http/request-context.js';
import { EventMeta, Taxonomy } from '../../wp/constants.js';
import { allMeta } from '../../wp/posts/meta.js';
import { selectPostBundle, type PostBundle, type PostBundleRequest } from '../../wp/posts/post-bundle.repository.js';
import { eventLinkPaths, thumbnailIdOf, type LoadedPost } from '../../wp/tec/linked-posts.js';
import type { EntityRecord, EventRecord } from './entity-record.js';
import { tecExcerptLength } from '../../wp/tec/excerpt-length.js';

/*
 * The records tec/v1 entities render from, loaded in batches: one statement brings the posts,
 * their meta, their terms and the venues and organizers their meta names (with those posts' meta);
 * the texts are then rendered through the request's the_content chain, in the order TEC renders
 * them (each event, then its organizers, then its venues), each with its post as the global post
 * (core's prepare_item_for_response sets it for every entity TEC formats).
 */

const EVENT_TAXONOMIES = [Taxonomy.tag, Taxonomy.eventCategory];

/** What the bundle of a batch of events holds besides their posts: their terms, their linked posts and featured images. */
export function eventBundleParts(ids: readonly number[]): Omit<PostBundleRequest, 'ids'> {
  return { termsOf: { objectIds: ids, taxonomies: EVENT_TAXONOMIES }, byMetaOf: eventLinkPaths(ids) };
}

/** What the bundle of a batch of venues or organizers holds besides their posts: their featured images. */
export function linkedBundleParts(ids: readonly number[]): Omit<PostBundleRequest, 'ids'> {
  return { byMetaOf: [{ postIds: ids, steps: [[EventMeta.thumbnailId]] }] };
}

/** The posts of `ids` (in that order) as records, with their texts rendered; missing IDs are left out. */
async function toRecords(ctx: RequestContext, bundle: PostBundle, ids: readonly number[], linked: (loaded: LoadedPost) => LoadedPost[]): Promise<{ loaded: LoadedPost; linked: LoadedPost[] }[]> {
  const posts = ids.flatMap((id) => bundle.posts.get(id) ?? []).map((loaded) => ({ loaded, linked: linked(loaded) }));
  const inOrder = posts.flatMap(({ loaded, linked: others }) => [loaded.post, ...others.map((other) => other.post)]);
  const thumbnails = posts.flatMap(({ loaded, linked: others }) => [loaded, ...others].flatMap((post) => thumbnailIdOf(post) ?? []));
  ctx.content.asGlobalPost();
  ctx.content.adopt(bundle, { postIds: [...bundle.posts.keys()], oembedKeys: [] });
  await ctx.content.prepare(inOrder, thumbnails);
  ctx.content.renderInOrder(inOrder);
  return posts;
}

function recordOf(ctx: RequestContext, bundle: PostBundle, loaded: LoadedPost): EntityRecord {
  return withTexts(ctx, { post: loaded.post, meta: loaded.meta, terms: bundle.terms.filter((term) => term.object_id === loaded.post.ID) });
}

/** A post's rows with its texts as this request renders them (rendered already, or now). */
export function withTexts(ctx: RequestContext, rows: Omit<EntityRecord, 'texts'>): EntityRecord {
  return { ...rows, texts: { content: ctx.content.theContent(rows.post), excerpt: ctx.content.theGeneratedExcerpt(rows.post, tecExcerptLength(ctx.query)) } };
}

/** The linked posts an event's meta names under `key`, in meta order, that exist. */
export function linkedBy(bundle: PostBundle, loaded: LoadedPost, key: string): LoadedPost[] {
  return allMeta(loaded.meta, key).flatMap((id) => bundle.posts.get(Number(id)) ?? []);
}

/** Event records for these IDs, in order. */
export async function loadEventRecords(ctx: RequestContext, ids: readonly number[], single = false): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  const also = eventBundleParts(ids);
  const bundle = single && ids.length === 1 ? await loadPostBundleOnce(ctx, ids[0]!, also) : await selectPostBundle(ctx.db, { ids, ...also });
  const organizersOf = (loaded: LoadedPost) => linkedBy(bundle, loaded, EventMeta.organizerId);
  const venuesOf = (loaded: LoadedPost) => linkedBy(bundle, loaded, EventMeta.venueId);
  const posts = await toRecords(ctx, bundle, ids, (loaded) => [...organizersOf(loaded), ...venuesOf(loaded)]);
  return posts.map(({ loaded }) => ({
    ...recordOf(ctx, bundle, loaded),
    organizers: organizersOf(loaded).map((organizer) => recordOf(ctx, bundle, organizer)),
    venues: venuesOf(loaded).map((venue) => recordOf(ctx, bundle, venue)),
  }));
}

/** Venue or organizer records for these IDs, in order. */
export async function loadLinkedRecords(ctx: RequestContext, ids: readonly number[], single = false): Promise<EntityRecord[]> {
  if (ids.length === 0) return [];
  const also = linkedBundleParts(ids);
  const bundle = single && ids.length === 1 ? await loadPostBundleOnce(ctx, ids[0]!, also) : await selectPostBundle(ctx.db, { ids, ...also });
  const posts = await toRecords(ctx, bundle, ids, () => []);
  return posts.map(({ loaded }) => recordOf(ctx, bundle, loaded));
}
