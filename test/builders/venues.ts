import type { Db } from '../../src/db/create-db.js';
import { definedOnly, insertPost, insertPostMeta, type InsertedPost, type PostOverrides } from './posts.js';

/** Venue fields under the REST API's names; the venue's name is `post_title`. */
export interface VenueOverrides extends Omit<PostOverrides, 'post_type'> {
  address?: string;
  city?: string;
  country?: string;
  /** US state (`_VenueState`). */
  state?: string;
  /** Province outside the US (`_VenueProvince`). */
  province?: string;
  /** Defaults to `state`, else `province`, else empty, as TEC fills it. */
  stateprovince?: string;
  zip?: string;
  phone?: string;
  website?: string;
  /** Default true: TEC's venue form starts with both map boxes ticked. */
  show_map?: boolean;
  show_map_link?: boolean;
}

/**
 * Inserts a `tribe_venue` post with TEC's meta rows in TEC's order. Quirks kept from the reference
 * dump: TEC writes the map flags twice (`_EventShowMap*` and `_VenueShowMap*`, `1` or empty) and
 * empty `_Venuepost_date` / `_Venuepost_date_gmt` rows; fields not given get no row at all.
 */
export async function insertVenue(db: Db, overrides: VenueOverrides = {}): Promise<InsertedPost> {
  const {
    address,
    city,
    country,
    state,
    province,
    stateprovince,
    zip,
    phone,
    website,
    show_map = true,
    show_map_link = true,
    ...postOverrides
  } = overrides;

  const { id } = await insertPost(db, {
    post_title: 'Test Venue',
    ...definedOnly(postOverrides),
    post_type: 'tribe_venue',
  });

  const flag = (value: boolean) => (value ? '1' : '');
  const meta: Array<[string, string]> = [
    ['_VenueOrigin', 'events-calendar'],
    ['_EventShowMapLink', flag(show_map_link)],
    ['_EventShowMap', flag(show_map)],
    ['_VenueShowMapLink', flag(show_map_link)],
    ['_VenueShowMap', flag(show_map)],
    ['_Venuepost_date', ''],
    ['_Venuepost_date_gmt', ''],
  ];
  const optional: Array<[string, string | undefined]> = [
    ['_VenueAddress', address],
    ['_VenueCity', city],
    ['_VenueCountry', country],
    ['_VenueState', state],
    ['_VenueProvince', province],
    ['_VenueZip', zip],
    ['_VenuePhone', phone],
    ['_VenueURL', website],
  ];
  for (const [key, value] of optional) if (value !== undefined) meta.push([key, value]);
  meta.push(['_VenueStateProvince', stateprovince ?? state ?? province ?? '']);
  await insertPostMeta(db, id, meta);
  return { id };
}
