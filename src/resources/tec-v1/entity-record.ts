import type { PostRow } from '../../wp/posts/posts.repository.js';
import type { MetaMap } from '../../wp/posts/meta.js';
import type { TermRow } from '../../wp/terms/terms.repository.js';
import type { Viewer } from '../../wp/auth/capabilities.js';
import type { SiteUrls } from '../../wp/site/urls.js';
import type { SiteSettings } from '../../wp/site/site.js';
import type { PostTickets } from '../../wp/tickets/event-tickets.js';

/**
 * What one tec/v1 entity is rendered from: the post, all its meta, its terms (get_the_terms
 * order: by name) and its texts as the_content / the_excerpt render them (untrimmed). Everything
 * an entity shows comes from here and from the EntityView, so rendering is a pure function.
 */
export interface EntityRecord {
  post: PostRow;
  meta: MetaMap;
  terms: readonly TermRow[];
  texts: { content: string; excerpt: string };
}

/** An event's record with the records of its venues and organizers, in `_EventVenueID` / `_EventOrganizerID` order. */
export interface EventRecord extends EntityRecord {
  venues: readonly EntityRecord[];
  organizers: readonly EntityRecord[];
  /** On a site running Event Tickets, the event's tickets (read per request, never kept with the rows). */
  tickets?: PostTickets;
}

/** Who reads, in which context, on which site and when: everything besides the record. */
export interface EntityView {
  /** The request's `context` (`view`, `edit`, `embed`, or anything: an unknown one shows no core field). */
  context: string;
  viewer: Viewer;
  urls: SiteUrls;
  site: SiteSettings;
  now: Date;
  /**
   * Read_Entity_Response let this reader past the post's password (the right `password`, or the
   * edit context for someone who may edit it): TEC masks nothing and core renders the content.
   * Lists never unlock.
   */
  passwordUnlocked: boolean;
  /**
   * The request's `_fields` (wp_parse_list, trimmed), undefined when it names none. Core's
   * controller builds only these of each entity's own fields, nested venues and organizers too.
   */
  fields?: readonly string[];
}
