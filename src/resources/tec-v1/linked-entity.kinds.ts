import type { ArgSpecs } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import { EventMeta, OrganizerMeta, PostType, VenueMeta } from '../../wp/constants.js';
import { organizerBodyArgs, venueBodyArgs } from './post-entity.args.js';

/** What tells venues and organizers apart in tec/v1: their post type, URL, request body and the event meta linking them. */
export interface LinkedEntityKind {
  postType: string;
  plural: 'venues' | 'organizers';
  singular: 'venue' | 'organizer';
  /** Its schema in /docs' components (`Venue`, `Organizer`). */
  component: string;
  bodyArgs: () => ArgSpecs<RequestContext>;
  /** The event meta naming posts of this kind. */
  eventMetaKey: string;
}

export const VENUE_ENTITY_KIND: LinkedEntityKind = {
  postType: PostType.venue,
  plural: 'venues',
  singular: 'venue',
  component: 'Venue',
  bodyArgs: venueBodyArgs,
  eventMetaKey: EventMeta.venueId,
};

export const ORGANIZER_ENTITY_KIND: LinkedEntityKind = {
  postType: PostType.organizer,
  plural: 'organizers',
  singular: 'organizer',
  component: 'Organizer',
  bodyArgs: organizerBodyArgs,
  eventMetaKey: EventMeta.organizerId,
};

export { VenueMeta, OrganizerMeta };
