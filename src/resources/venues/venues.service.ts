import type { Db } from '../../db/create-db.js';
import type { SiteSettings } from '../../wp/site.js';
import type { SiteUrls } from '../../wp/urls.js';
import type { Viewer } from '../../wp/capabilities.js';
import { loadFeaturedImages, loadPostsWithMeta, type LoadedPost } from '../../wp/linked-posts.js';
import { PostType } from '../../wp/constants.js';
import { isJsonLdVisible, toVenueJsonLd, type JsonLdPost } from '../../wp/json-ld.js';
import type { ImageResource } from '../../wp/images.js';
import { toVenueResource, type VenueResource } from './venues.mapper.js';

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

/** The image URL JSON-LD wants: null without a thumbnail, else the attachment's URL. */
export function jsonLdImageUrl(image: ImageResource | false | undefined, loaded: LoadedPost): string | false | null {
  if (image) return typeof image.url === 'string' ? image.url : false;
  return loaded.meta.has('_thumbnail_id') ? false : null;
}

/**
 * Venue objects for a batch of IDs (the venues of a page of events), a fixed number of queries
 * however many. IDs that are not venues are skipped; the venue's status is not checked, as in
 * the plugin (an event still shows its trashed venue).
 */
export async function getVenueSummaries(
  env: LinkedResourceEnv,
  ids: readonly number[],
): Promise<Map<number, LinkedSummary<VenueResource>>> {
  const loaded = await loadPostsWithMeta(env.db, ids);
  const venues = [...loaded.values()].filter(({ post }) => post.post_type === PostType.venue);
  const images = await loadFeaturedImages(env.db, venues, env.site.siteUrl);
  return new Map(
    venues.map((venue) => {
      const image = images.get(venue.post.ID) ?? false;
      const source: JsonLdPost = { ...venue, imageUrl: jsonLdImageUrl(image, venue) };
      const jsonLd =
        env.single && isJsonLdVisible(venue.post, env.viewer)
          ? toVenueJsonLd(venue.post, venue.meta, { imageUrl: source.imageUrl })
          : undefined;
      const resource = toVenueResource({ post: venue.post, meta: venue.meta, urls: env.urls, image, jsonLd });
      return [venue.post.ID, { resource, source }];
    }),
  );
}
