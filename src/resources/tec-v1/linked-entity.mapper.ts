import { OrganizerMeta, PostType, VenueMeta } from '../../wp/constants.js';
import { firstMeta, type MetaMap } from '../../wp/posts/meta.js';
import { postPermalink } from '../../wp/site/urls.js';
import { escUrl } from '../../wp/text/kses.js';
import { phpUrlencode } from '../../wp/php/php-values.js';
import { postPasswordRequired } from '../../wp/auth/password-access.js';
import type { EntityRecord, EntityView } from './entity-record.js';
import { LINKED_POST_CORE_FIELDS, toCorePostFields } from './post-entity.mapper.js';
import { hidePasswordProtectedData } from './password-mask.js';

/** tribe_get_region: the stored state/province, else the state for the United States and the province elsewhere. */
function region(meta: MetaMap): string {
  const stateProvince = firstMeta(meta, VenueMeta.stateProvince) ?? '';
  if (stateProvince !== '') return stateProvince;
  const country = firstMeta(meta, VenueMeta.country) ?? '';
  return (country === 'United States' || country === 'US' ? firstMeta(meta, VenueMeta.state) : firstMeta(meta, VenueMeta.province)) ?? '';
}

/** tribe_get_map_link: a Google Maps search for the address parts that are set, through esc_url. */
function directionsLink(meta: MetaMap): string {
  const parts = [firstMeta(meta, VenueMeta.address), firstMeta(meta, VenueMeta.city), region(meta), firstMeta(meta, VenueMeta.zip), firstMeta(meta, VenueMeta.country)];
  const address = parts.filter((part): part is string => part !== undefined && part !== '' && part !== '0').join(' ').trim();
  if (address === '') return '';
  return escUrl(`https://maps.google.com/maps?f=q&amp;source=s_q&amp;hl=en&amp;geocode=&amp;q=${phpUrlencode(address)}`);
}

/** Venue::get_properties_to_add, in the model's order (`permalink` becomes `link`). */
function venueProperties(record: EntityRecord, view: EntityView): [string, unknown][] {
  const field = (key: string) => firstMeta(record.meta, key) ?? '';
  return [
    ['address', field(VenueMeta.address)],
    ['country', field(VenueMeta.country)],
    ['city', field(VenueMeta.city)],
    ['state_province', field(VenueMeta.stateProvince)],
    ['state', field(VenueMeta.state)],
    ['province', field(VenueMeta.province)],
    ['zip', field(VenueMeta.zip)],
    ['phone', field(VenueMeta.phone)],
    ['permalink', postPermalink(view.urls, record.post, view.viewer)],
    ['directions_link', directionsLink(record.meta)],
    ['website', field(VenueMeta.url)],
  ];
}

/** Organizer::get_properties_to_add. */
function organizerProperties(record: EntityRecord, view: EntityView): [string, unknown][] {
  const field = (key: string) => firstMeta(record.meta, key) ?? '';
  return [
    ['phone', field(OrganizerMeta.phone)],
    ['permalink', postPermalink(view.urls, record.post, view.viewer)],
    ['website', field(OrganizerMeta.website)],
    ['email', field(OrganizerMeta.email)],
  ];
}

/**
 * Post_Entity_Endpoint::add_properties_to_model: the model's properties after core's fields,
 * `permalink` moved into `link` (in place where core showed one, else last).
 */
export function addModelProperties(core: Record<string, unknown>, properties: readonly [string, unknown][]): Record<string, unknown> {
  const data: Record<string, unknown> = { ...core };
  let permalink: unknown;
  for (const [key, value] of properties) {
    if (key === 'permalink') permalink = value;
    else data[key] = value;
  }
  if (permalink !== undefined) data.link = permalink;
  return data;
}

/**
 * A venue or organizer as tec/v1 shows it, alone or nested in an event: core's wp/v2 fields for
 * the context, then the model's, masked while the post's password is not unlocked.
 */
export function toTecLinkedEntity(record: EntityRecord, view: EntityView): Record<string, unknown> {
  const core = toCorePostFields(record, view, LINKED_POST_CORE_FIELDS);
  const properties = record.post.post_type === PostType.venue ? venueProperties(record, view) : organizerProperties(record, view);
  const entity = addModelProperties(core, properties);
  return postPasswordRequired(record.post) && !view.passwordUnlocked ? hidePasswordProtectedData(entity) : entity;
}
