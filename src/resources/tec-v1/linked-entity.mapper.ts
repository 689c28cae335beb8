import { PostType } from '../../wp/constants.js';
import { postPermalink } from '../../wp/site/urls.js';
import { organizerDisplayFields, venueDisplayFields, venueMapLink } from '../../wp/tec/linked-post-display.js';
import { postPasswordRequired } from '../../wp/auth/password-access.js';
import type { EntityRecord, EntityView } from './entity-record.js';
import type { PasswordMasked, TecLinkedEntity, TecOrganizerProperties, TecPostCoreFields, TecVenueProperties } from './entity.types.js';
import { LINKED_POST_CORE_FIELDS, toCorePostFields } from './post-entity.mapper.js';
import { hidePasswordProtectedData } from './password-mask.js';

/** Venue::build_properties, in the model's order (`permalink` becomes `link`), each as TEC's template tag escapes it. */
function venueProperties(record: EntityRecord, view: EntityView): TecVenueProperties {
  const fields = venueDisplayFields(record.meta);
  return {
    address: fields.address,
    country: fields.country,
    city: fields.city,
    state_province: fields.stateProvince,
    state: fields.state,
    province: fields.province,
    zip: fields.zip,
    phone: fields.phone,
    permalink: postPermalink(view.urls, record.post, view.viewer),
    directions_link: venueMapLink(fields),
    website: fields.website,
  };
}

/** Organizer::build_properties, each as TEC's template tag escapes it (the e-mail without antispambot). */
function organizerProperties(record: EntityRecord, view: EntityView): TecOrganizerProperties {
  const fields = organizerDisplayFields(record.meta);
  return {
    phone: fields.phone,
    website: fields.website,
    email: fields.email,
    permalink: postPermalink(view.urls, record.post, view.viewer),
  };
}

/**
 * Post_Entity_Endpoint::add_properties_to_model: the model's properties, in their order, after
 * core's fields (a field core showed keeps its place), `permalink` moved into `link` (in place
 * where core showed one, else last).
 */
export function addModelProperties<Properties extends object & { permalink?: string }>(
  core: TecPostCoreFields,
  properties: Properties,
): TecPostCoreFields & Omit<Properties, 'permalink'> {
  const { permalink, ...model } = properties;
  const data = { ...core, ...model };
  if (permalink !== undefined) data.link = permalink;
  return data;
}

/**
 * A venue or organizer as tec/v1 shows it, alone or nested in an event: core's wp/v2 fields for
 * the context, then the model's, masked while the post's password is not unlocked.
 */
export function toTecLinkedEntity(record: EntityRecord, view: EntityView): TecLinkedEntity | PasswordMasked<TecLinkedEntity> {
  const core = toCorePostFields(record, view, LINKED_POST_CORE_FIELDS);
  const properties = record.post.post_type === PostType.venue ? venueProperties(record, view) : organizerProperties(record, view);
  const entity: TecLinkedEntity = addModelProperties(core, properties);
  return postPasswordRequired(record.post) && !view.passwordUnlocked ? hidePasswordProtectedData(entity) : entity;
}
