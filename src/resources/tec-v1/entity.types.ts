import type { EventModel } from '../../wp/tec/event-model.js';

/*
 * The tec/v1 entities as the mappers build them. Every field is optional: the request's context
 * (`view`, `edit`, `embed`) and `_fields` decide which of them an answer holds, and JSON key order
 * is the order the mappers add them in, not the order written here.
 */

/** A part-built field `_fields` kept no part of: PHP's empty array. */
type NoPartKept = [];

export interface TecTitleField {
  /** The edit context only. */
  raw?: string;
  rendered?: string;
}

export interface TecContentField {
  raw?: string;
  rendered?: string;
  protected?: boolean;
  /** The edit context only: 1 when the content holds blocks. */
  block_version?: 0 | 1;
}

export interface TecExcerptField {
  raw?: string;
  rendered?: string;
  protected?: boolean;
}

/** The REST bases under which a post's term IDs are shown (events: tags, then categories). */
export type TaxonomyRestBase = 'tags' | 'tribe_events_cat';

/** WordPress core's wp/v2 fields of a post (WP_REST_Posts_Controller::prepare_item_for_response). */
export type TecPostCoreFields = {
  id?: number;
  /** mysql_to_rfc3339; null for the zero date. */
  date?: string | null;
  date_gmt?: string | null;
  guid?: { rendered: string; raw?: string };
  modified?: string | null;
  modified_gmt?: string | null;
  password?: string;
  slug?: string;
  status?: string;
  type?: string;
  link?: string;
  title?: TecTitleField | NoPartKept;
  content?: TecContentField | NoPartKept;
  excerpt?: TecExcerptField | NoPartKept;
  author?: number;
  featured_media?: number;
  template?: string;
  permalink_template?: string;
  generated_slug?: string;
  class_list?: string[];
  /** Event Tickets' rest_prepare_{post_type} filter: false, or the ticket names it lists. */
  ticketed?: false | string[] | Record<string, string>;
} & { [Base in TaxonomyRestBase]?: number[] };

/** Venue::build_properties (`permalink` shown as core's `link`). */
export interface TecVenueProperties {
  address: string;
  country: string;
  city: string;
  state_province: string;
  state: string;
  province: string;
  zip: string;
  phone: string;
  permalink: string;
  directions_link: string;
  website: string;
}

/** Organizer::build_properties (`permalink` shown as core's `link`). */
export interface TecOrganizerProperties {
  phone: string;
  website: string;
  email: string;
  permalink: string;
}

/** A venue or organizer as tec/v1 shows it, alone or nested in an event. */
export type TecLinkedEntity = TecPostCoreFields & Partial<Omit<TecVenueProperties & TecOrganizerProperties, 'permalink'>>;

/** Event::get_properties_to_add, in the model's order (`permalink` shown as core's `link`). */
export interface TecEventProperties
  extends Pick<
    EventModel,
    'start_date' | 'start_date_utc' | 'end_date' | 'end_date_utc' | 'dates' | 'timezone' | 'duration' | 'multiday' | 'is_past' | 'is_now' | 'all_day' | 'featured'
  > {
  /** Set only when the model is built for a date (a week view); the REST API builds it raw. */
  starts_this_week: null;
  ends_this_week: null;
  this_week_duration: null;
  happens_this_week: null;
  displays_on: [];
  sticky: boolean;
  cost: string;
  /** array_filter's result: a list, or an object where it dropped an empty name before a kept one. */
  organizer_names: string[] | Record<string, string>;
  organizers: (TecLinkedEntity | PasswordMasked<TecLinkedEntity>)[];
  venues: (TecLinkedEntity | PasswordMasked<TecLinkedEntity>)[];
  permalink: string;
  schedule_details: string;
  short_schedule_details: string;
}

/** An event as tec/v1 shows it (Events / Event: get_formatted_entity). */
export type TecEventEntity = TecPostCoreFields & Partial<Omit<TecEventProperties, 'permalink'>>;

/** Ticket_Model's properties, in its order. */
export interface TecTicketProperties {
  description: string;
  on_sale: boolean;
  sale_price: number | null;
  price: number;
  regular_price: number;
  show_description: boolean;
  start_date: string;
  end_date: string;
  sale_price_start_date: string | null;
  sale_price_end_date: string | null;
  event_id: number;
  manage_stock: boolean;
  stock: number;
  sold: number;
  sku: string;
}

/** A Tickets Commerce ticket as tec/v1 shows it. */
export type TecTicketEntity = TecPostCoreFields & Partial<TecTicketProperties>;

/** An entity as it is answered: masked where its post's password is not unlocked. */
export type ShownEntity<Entity> = Entity | PasswordMasked<Entity>;

/**
 * An entity as a reader who has not unlocked its post's password sees it (password-mask.ts): the
 * same keys, strings and numbers kept in kind, anything else null, lists and objects walked.
 */
export type PasswordMasked<T> = { [Key in keyof T]: MaskedValue<T[Key]> };

type MaskedValue<Value> =
  Value extends string ? string
  : Value extends number ? number
  : Value extends readonly (infer Item)[] ? MaskedValue<Item>[]
  : Value extends object ? PasswordMasked<Value>
  : null;
