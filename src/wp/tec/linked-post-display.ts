import { OrganizerMeta, VenueMeta } from '../constants.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { maybeUnserialize, phpUrlencode } from '../php/php-values.js';
import { firstMeta, type MetaMap } from '../posts/meta.js';
import { escHtml } from '../text/escaping.js';
import { escUrl } from '../text/kses.js';

/*
 * TEC's template tags for a venue's and an organizer's fields (src/functions/template-tags/venue.php,
 * organizer.php, google-map.php), as its Venue and Organizer models read them for tec/v1 and its
 * JSON-LD reads them: each escaped for display the way its tag escapes it, none texturized.
 */

/** get_post_meta( $id, $key, true ) as a string: the first row, '' when there is none. */
function metaText(meta: MetaMap, key: string): string {
  return firstMeta(meta, key) ?? '';
}

/** A venue's fields as TEC's template tags return them. */
export interface VenueDisplayFields {
  /** tribe_get_address: esc_html. */
  address: string;
  /** tribe_get_country: a serialized `[code, name]` pair gives its last element; esc_html. */
  country: string;
  /** tribe_get_city: esc_html. */
  city: string;
  /** tribe_get_stateprovince: esc_html. */
  stateProvince: string;
  /** tribe_get_state: esc_html. */
  state: string;
  /** tribe_get_province: esc_html. */
  province: string;
  /** tribe_get_zip: esc_html. */
  zip: string;
  /** tribe_get_phone: esc_html. */
  phone: string;
  /** tribe_get_venue_website_url: the stored value, not escaped at all. */
  website: string;
  /**
   * tribe_get_region: `_VenueStateProvince` as stored (not escaped) when PHP finds it non-empty,
   * else the escaped state when the escaped country is "United States", else the escaped province.
   */
  region: string;
}

function venueCountry(meta: MetaMap): string {
  const value = maybeUnserialize(metaText(meta, VenueMeta.country));
  if (Array.isArray(value)) return escHtml(String(value[value.length - 1] ?? ''));
  if (value && typeof value === 'object') {
    const values = Object.values(value);
    return escHtml(String(values[values.length - 1] ?? ''));
  }
  return escHtml(typeof value === 'string' ? value : '');
}

/** A venue's address, phone and website as TEC's template tags return them. */
export function venueDisplayFields(meta: MetaMap): VenueDisplayFields {
  const country = venueCountry(meta);
  const state = escHtml(metaText(meta, VenueMeta.state));
  const province = escHtml(metaText(meta, VenueMeta.province));
  const storedStateProvince = metaText(meta, VenueMeta.stateProvince);
  return {
    address: escHtml(metaText(meta, VenueMeta.address)),
    country,
    city: escHtml(metaText(meta, VenueMeta.city)),
    stateProvince: escHtml(storedStateProvince),
    state,
    province,
    zip: escHtml(metaText(meta, VenueMeta.zip)),
    phone: escHtml(metaText(meta, VenueMeta.phone)),
    website: metaText(meta, VenueMeta.url),
    region: !isPhpEmpty(storedStateProvince) ? storedStateProvince : country === 'United States' ? state : province,
  };
}

/**
 * tribe_get_map_link: a Google Maps search for the address, city, region, zip and country that PHP
 * finds truthy (each as its tag returns it, so already escaped), urlencoded, through esc_url; ''
 * when none is set.
 */
export function venueMapLink(fields: VenueDisplayFields): string {
  const parts = [fields.address, fields.city, fields.region, fields.zip, fields.country];
  const address = parts.filter((part) => !isPhpEmpty(part)).join(' ').trim();
  if (address === '') return '';
  return escUrl(`https://maps.google.com/maps?f=q&amp;source=s_q&amp;hl=en&amp;geocode=&amp;q=${phpUrlencode(address)}`);
}

/** An organizer's fields as TEC's template tags return them. */
export interface OrganizerDisplayFields {
  /** tribe_get_organizer_phone: esc_html. */
  phone: string;
  /** tribe_get_organizer_website_url: esc_url( esc_html( stored ) ). */
  website: string;
  /** tribe_get_organizer_email( $id, false ): esc_html, before any antispambot. */
  email: string;
}

/** An organizer's phone, website and e-mail as TEC's template tags return them. */
export function organizerDisplayFields(meta: MetaMap): OrganizerDisplayFields {
  return {
    phone: escHtml(metaText(meta, OrganizerMeta.phone)),
    website: escUrl(escHtml(metaText(meta, OrganizerMeta.website))),
    email: escHtml(metaText(meta, OrganizerMeta.email)),
  };
}
