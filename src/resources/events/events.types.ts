import type { TermRestUrls } from '../../wp/posts/post-rest-fields.js';
import type { DateDetails } from '../../wp/tec/dates.js';
import type { ImageResource } from '../../wp/posts/images.js';
import type { VenueResource } from '../venues/venues.mapper.js';
import type { OrganizerResource } from '../organizers/organizers.mapper.js';

/** A term inside an event (Post_Repository::prepare_term_data): WP_Term's fields, `id` last. */
export interface EventTermResource {
  name: string;
  slug: string;
  term_group: number;
  term_taxonomy_id: number;
  taxonomy: string;
  description: string;
  parent: number;
  count: number;
  filter: 'raw';
  id: number;
  urls: TermRestUrls;
}

export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  values: (string | number)[];
}

/**
 * The event object of Post_Repository::get_event_data, keys in the plugin's order. The flags
 * are null, and text and lists empty, in a password-protected event a reader cannot unlock
 * (Validator::remove_password_protected_content). Dates are null when the meta row is missing.
 */
export interface EventResource {
  id: number;
  global_id: string;
  global_id_lineage: string[];
  author: string;
  status: string;
  date: string;
  date_utc: string;
  modified: string;
  modified_utc: string;
  url: string;
  rest_url: string;
  title: string;
  description: string;
  excerpt: string;
  slug: string;
  image: ImageResource | false;
  all_day: boolean | null;
  start_date: string | null;
  start_date_details: DateDetails;
  end_date: string | null;
  end_date_details: DateDetails;
  utc_start_date: string | null;
  utc_start_date_details: DateDetails;
  utc_end_date: string | null;
  utc_end_date_details: DateDetails;
  timezone: string;
  timezone_abbr: string;
  cost: string;
  cost_details: CostDetails;
  website: string;
  show_map: boolean | null;
  show_map_link: boolean | null;
  hide_from_listings: boolean | null;
  sticky: boolean | null;
  featured: boolean | null;
  categories: EventTermResource[];
  tags: EventTermResource[];
  /** One venue as an object; several (legacy data) or none as a list. */
  venue: VenueResource | VenueResource[];
  organizer: OrganizerResource[];
  /** `[]` when no custom field has a value (PHP's empty array). */
  custom_fields: Record<string, { label: string; value: string }> | [];
  /** Single reads only (the plugin's `single` context). */
  json_ld?: Record<string, unknown>;
  /** With Event Tickets, for administrators, attendee managers and the QR `api_key` only. */
  attendance?: { total_attendees: number | string; checked_in: number | string; not_checked_in: number | string };
  /** With Event Tickets: `false`, or the providers of the event's tickets (an object when PHP left gaps in its keys). */
  ticketed?: false | string[] | Record<string, string> | null;
}
