import { firstMeta } from '../../wp/posts/meta.js';
import { venueCoordinates } from '../../wp/tec/coordinates.js';
import { globalIdFields, postAuthorAndDates } from '../../wp/posts/post-rest-fields.js';
import { postPasswordRequired } from '../../wp/auth/password-access.js';
import { VenueMeta } from '../../wp/constants.js';
import { phpArrayFilter } from '../../wp/php/php-empty.js';
import { theTitle } from '../../wp/text/the-title.js';
import { postPermalink } from '../../wp/site/urls.js';
import { removePasswordProtectedContent } from '../../wp/posts/password-protection.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import type { LinkedPostMapperInput } from '../linked-posts/linked-posts.types.js';

export type VenueResource = Record<string, unknown>;

/**
 * Post_Repository::get_venue_data for one venue: the fields in the plugin's order, every empty
 * one dropped (array_filter), then the map flags and global IDs appended (the lineage adds the
 * aggregator's `_tribe_aggregator_global_id_lineage` rows); a venue with a password shows its
 * protected fields blanked unless `passwordUnlocked`.
 */
export function toVenueResource(input: LinkedPostMapperInput): VenueResource {
  const { post, meta, urls, viewer, image, jsonLd, passwordUnlocked = false, proActive = false } = input;
  const field = (key: string) => firstMeta(meta, key) ?? '';
  const base: Record<string, unknown> = {
    id: post.ID,
    ...postAuthorAndDates(post),
    url: postPermalink(urls, post, viewer),
    venue: theTitle(post.post_title),
    description: input.content.description(post),
    excerpt: input.content.excerpt(post),
    slug: post.post_name,
    image,
    address: field(VenueMeta.address),
    city: field(VenueMeta.city),
    country: field(VenueMeta.country),
    province: field(VenueMeta.province),
    state: field(VenueMeta.state),
    zip: field(VenueMeta.zip),
    phone: field(VenueMeta.phone),
    website: field(VenueMeta.url),
    stateprovince: field(VenueMeta.stateProvince),
  };
  const coordinates = venueCoordinates(meta, proActive);
  if (coordinates) {
    base.geo_lat = coordinates.lat;
    base.geo_lng = coordinates.lng;
  }
  if (jsonLd) base.json_ld = jsonLd;
  const showMap = firstMeta(meta, VenueMeta.showMap);
  const showMapLink = firstMeta(meta, VenueMeta.showMapLink);
  const venue: VenueResource = {
    ...phpArrayFilter(base),
    show_map: showMap === undefined ? true : isTribeTruthy(showMap),
    show_map_link: showMapLink === undefined ? true : isTribeTruthy(showMapLink),
    ...globalIdFields(urls, post.ID, meta),
  };
  return postPasswordRequired(post) && !passwordUnlocked ? removePasswordProtectedContent(venue) : venue;
}
