import { venueCoordinates } from '../tec/coordinates.js';
import { venueDisplayFields } from '../tec/linked-post-display.js';
import type { MetaMap } from '../posts/meta.js';
import { isPhpEmpty } from '../php/php-empty.js';
import type { PostRow } from '../posts/posts.repository.js';
import { thingJsonLd, type JsonLdObject } from './thing.js';

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
  const fields = venueDisplayFields(meta);
  const address: JsonLdObject = {
    '@type': 'PostalAddress',
    streetAddress: fields.address,
    addressLocality: fields.city,
    addressRegion: fields.region,
    postalCode: fields.zip,
    addressCountry: fields.country,
  };
  data.address = Object.fromEntries(Object.entries(address).filter(([, value]) => !isPhpEmpty(value)));
  const coordinates = venueCoordinates(meta, options.proActive ?? false);
  if (coordinates) data.geo = { '@type': 'GeoCoordinates', latitude: coordinates.lat, longitude: coordinates.lng };
  data.telephone = fields.phone;
  data.sameAs = fields.website;
  return data;
}
