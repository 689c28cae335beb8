import { loadFeaturedImages, loadPostsWithMeta } from '../../wp/linked-posts.js';
import { PostType } from '../../wp/constants.js';
import { isJsonLdVisible, toOrganizerJsonLd, type JsonLdPost } from '../../wp/json-ld.js';
import { jsonLdImageUrl, type LinkedResourceEnv, type LinkedSummary } from '../venues/venues.service.js';
import { toOrganizerResource, type OrganizerResource } from './organizers.mapper.js';

/**
 * Organizer objects for a batch of IDs, a fixed number of queries however many. IDs whose
 * posts are gone or are not organizers are skipped, as the plugin skips them.
 */
export async function getOrganizerSummaries(
  env: LinkedResourceEnv,
  ids: readonly number[],
): Promise<Map<number, LinkedSummary<OrganizerResource>>> {
  const loaded = await loadPostsWithMeta(env.db, ids);
  const organizers = [...loaded.values()].filter(({ post }) => post.post_type === PostType.organizer);
  const images = await loadFeaturedImages(env.db, organizers, env.site.siteUrl);
  return new Map(
    organizers.map((organizer) => {
      const image = images.get(organizer.post.ID) ?? false;
      const source: JsonLdPost = { ...organizer, imageUrl: jsonLdImageUrl(image, organizer) };
      const jsonLd =
        env.single && isJsonLdVisible(organizer.post, env.viewer)
          ? toOrganizerJsonLd(organizer.post, organizer.meta, { imageUrl: source.imageUrl })
          : undefined;
      const resource = toOrganizerResource({ post: organizer.post, meta: organizer.meta, urls: env.urls, image, jsonLd });
      return [organizer.post.ID, { resource, source }];
    }),
  );
}
