import { VenueMeta } from '../constants.js';
import { venueCoordinates } from '../tec/coordinates.js';
import { escHtml } from '../text/formatting.js';
import { firstMeta, type MetaMap } from '../posts/meta.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { maybeUnserialize } from '../php/php-values.js';
import type { PostRow } from '../posts/posts.repository.js';
import { thingJsonLd, type JsonLdObject } from './thing.js';

/** get_post_meta( $id, $key, true ) as a string: the first row, '' when there is none. */
function metaText(meta: MetaMap, key: string): string {
  return firstMeta(meta, key) ?? '';
}

/**
 * tribe_get_country(): `_VenueCountry` may hold a serialized `[code, name]` pair, whose last
 * element is the name.
 */
function venueCountry(meta: MetaMap): string {
  const value = maybeUnserialize(metaText(meta, VenueMeta.country));
  if (Array.isArray(value)) return escHtml(String(value[value.length - 1] ?? ''));
  if (value && typeof value === 'object') {
    const values = Object.values(value);
    return escHtml(String(values[values.length - 1] ?? ''));
  }
  return escHtml(typeof value === 'string' ? value : '');
}

/**
 * tribe_get_region(): `_VenueStateProvince` as stored (not escaped) when set; otherwise the
 * state for United States venues and the province for the rest.
 */
function venueRegion(meta: MetaMap, country: string): string {
  const stateProvince = metaText(meta, VenueMeta.stateProvince);
  if (!isPhpEmpty(stateProvince)) return stateProvince;
  return escHtml(metaText(meta, country === 'United States' ? VenueMeta.state : VenueMeta.province));
}

/**
 * The venue's schema.org `Place` (Tribe__Events__JSON_LD__Venue): name, description, image,
 * url (always '' without Events Calendar Pro), the postal address without its empty parts,
 * `geo` when Events Calendar Pro has geocoded the venue, telephone and sameAs (the venue
 * website). No `@context`: TEC leaves it out both inside an event and in the single-venue answer. Visibility (isJsonLdVisible) is the caller's to check.
 */
export function toVenueJsonLd(
  venue: PostRow,
  meta: MetaMap,
  options: { imageUrl?: string | false | null; proActive?: boolean; excerptLength: number },
): JsonLdObject {
  const data = thingJsonLd(
    'Place',
    { post: venue, meta, imageUrl: options.imageUrl ?? null, excerptLength: options.excerptLength },
    { context: false, url: false },
  );
  const country = venueCountry(meta);
  const address: JsonLdObject = {
    '@type': 'PostalAddress',
    streetAddress: escHtml(metaText(meta, VenueMeta.address)),
    addressLocality: escHtml(metaText(meta, VenueMeta.city)),
    addressRegion: venueRegion(meta, country),
    postalCode: escHtml(metaText(meta, VenueMeta.zip)),
    addressCountry: country,
  };
  data.address = Object.fromEntries(Object.entries(address).filter(([, value]) => !isPhpEmpty(value)));
  const coordinates = venueCoordinates(meta, options.proActive ?? false);
  if (coordinates) data.geo = { '@type': 'GeoCoordinates', latitude: coordinates.lat, longitude: coordinates.lng };
  data.telephone = escHtml(metaText(meta, VenueMeta.phone));
  data.sameAs = metaText(meta, VenueMeta.url);
  return data;
}
