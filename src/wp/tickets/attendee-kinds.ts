import { PostStatus } from '../constants.js';
import type { TicketProvider } from '../site/plugins.js';

/*
 * Where Event Tickets keeps an attendee of each provider (Tribe__Tickets__Attendee_Repository's
 * key lists, the providers' checkin_key and ATTENDEE_ORDER_KEY), each spelled once. The legacy
 * PayPal provider (Tribe Commerce) is listed because its attendee type stays in the repository's
 * query even where nothing runs it: such an attendee is found but has no provider.
 */

export interface AttendeeKind {
  /** The provider slug Event Tickets' answers use; undefined for Tribe Commerce, which the service never runs. */
  provider: TicketProvider | undefined;
  postType: string;
  /** The post the attendee's ticket is sold for (attendee_to_event_keys). */
  eventKey: string;
  /** The ticket (attendee_to_ticket_keys). */
  ticketKey: string;
  /** attendee_optout_keys. */
  optoutKey: string;
  /** checked_in_keys: the provider's checkin_key; its `_details` row holds the date, source and author. */
  checkedInKey: string;
  fullNameKey: string;
  emailKey: string;
  /** The provider's ATTENDEE_ORDER_KEY (RSVP has none: its order is the attendee itself). */
  orderKey: string | undefined;
  /** The ticket's post type: a provider's get_ticket finds only its own tickets. */
  ticketPostType: string;
  /** The provider's key in the attendee repository's lists (its `provider` filter names these). */
  repositoryKey: string;
  /** holder_name_keys / holder_email_keys (Tribe Commerce's differ from its purchaser keys). */
  holderNameKey: string;
  holderEmailKey: string;
  /** security_code_keys. */
  securityCodeKey: string;
  /** The meta the order_status filter reads; Tickets Commerce's is its order post's status. */
  orderStatusKey: string | undefined;
}

/** Tribe__Tickets__RSVP's attendees. */
export const RSVP_ATTENDEES: AttendeeKind = {
  provider: 'rsvp',
  postType: 'tribe_rsvp_attendees',
  eventKey: '_tribe_rsvp_event',
  ticketKey: '_tribe_rsvp_product',
  optoutKey: '_tribe_rsvp_attendee_optout',
  checkedInKey: '_tribe_rsvp_checkedin',
  fullNameKey: '_tribe_rsvp_full_name',
  emailKey: '_tribe_rsvp_email',
  orderKey: undefined,
  ticketPostType: 'tribe_rsvp_tickets',
  repositoryKey: 'rsvp',
  holderNameKey: '_tribe_rsvp_full_name',
  holderEmailKey: '_tribe_rsvp_email',
  securityCodeKey: '_tribe_rsvp_security_code',
  orderStatusKey: '_tribe_rsvp_status',
};

/** The legacy Tribe Commerce (PayPal) attendees. */
export const TRIBE_COMMERCE_ATTENDEES: AttendeeKind = {
  provider: undefined,
  postType: 'tribe_tpp_attendees',
  eventKey: '_tribe_tpp_event',
  ticketKey: '_tribe_tpp_product',
  optoutKey: '_tribe_tpp_attendee_optout',
  checkedInKey: '_tribe_tpp_checkedin',
  fullNameKey: '_tribe_tpp_full_name',
  emailKey: '_tribe_tpp_email',
  orderKey: '_tribe_tpp_order',
  ticketPostType: 'tribe_tpp_tickets',
  repositoryKey: 'tribe-commerce',
  holderNameKey: '_tribe_tickets_full_name',
  holderEmailKey: '_tribe_tickets_email',
  securityCodeKey: '_tribe_tpp_security_code',
  orderStatusKey: '_tribe_tpp_status',
};

/** Tickets Commerce's attendee meta that no other provider has (TEC\Tickets\Commerce\Attendee's keys). */
export interface CommerceAttendeeKeys {
  /** $price_paid_meta_key and $currency_meta_key: what the attendee's item cost, and its currency code. */
  pricePaidKey: string;
  currencyKey: string;
  /** $status_meta_key: the status of the attendee's order. */
  statusKey: string;
}

/** Tickets Commerce's attendees. */
export const TC_ATTENDEES: AttendeeKind & CommerceAttendeeKeys = {
  provider: 'tc',
  postType: 'tec_tc_attendee',
  eventKey: '_tec_tickets_commerce_event',
  ticketKey: '_tec_tickets_commerce_ticket',
  optoutKey: '_tec_tickets_commerce_optout',
  checkedInKey: '_tec_tickets_commerce_checked_in',
  fullNameKey: '_tec_tickets_commerce_full_name',
  emailKey: '_tec_tickets_commerce_email',
  orderKey: '_tec_tickets_commerce_order',
  ticketPostType: 'tec_tc_ticket',
  repositoryKey: 'tec-tc',
  holderNameKey: '_tec_tickets_commerce_full_name',
  holderEmailKey: '_tec_tickets_commerce_email',
  securityCodeKey: '_tec_tickets_commerce_security_code',
  orderStatusKey: undefined,
  pricePaidKey: '_tec_tickets_commerce_price_paid',
  currencyKey: '_tec_tickets_commerce_currency',
  statusKey: '_tec_tickets_commerce_status',
};

export const ATTENDEE_KINDS: readonly AttendeeKind[] = [RSVP_ATTENDEES, TRIBE_COMMERCE_ATTENDEES, TC_ATTENDEES];

/** Tribe__Tickets__Tickets::ATTENDEE_USER_ID: the user an attendee belongs to, every provider's. */
export const ATTENDEE_USER_ID_KEY = '_tribe_tickets_attendee_user_id';

/** Tribe__Tickets__RSVP::ATTENDEE_RSVP_KEY: `yes` (going) or `no`. */
export const RSVP_STATUS_KEY = '_tribe_rsvp_status';

/** The post meta that hides a post's attendee list from the public (`_tribe_hide_attendees_list`). */
export const HIDE_ATTENDEES_LIST_KEY = '_tribe_hide_attendees_list';

/** Tickets Commerce's order post type: an attendee's `post_parent`. */
export const TC_ORDER_POST_TYPE = 'tec_tc_order';

/** The kind of an attendee post, by its type. */
export function attendeeKindOf(postType: string): AttendeeKind | undefined {
  return ATTENDEE_KINDS.find((kind) => kind.postType === postType);
}

/** The attendee meta the price filters compare (the repository's `price` entry). */
export const PAID_PRICE_KEY = '_paid_price';

/** Attendee Registration's answers (Event Tickets Plus): the `has_attendee_meta` filter. */
export const ATTENDEE_META_KEY = '_tribe_tickets_meta';

/** Tribe__Tickets__Attendee_Repository::$public_order_statuses (RSVP, legacy PayPal, WooCommerce, EDD). */
export const PUBLIC_ORDER_STATUSES: readonly string[] = ['yes', 'completed', 'wc-completed', 'publish', 'complete'];

/** init_order_statuses without the legacy PayPal, WooCommerce or EDD: RSVP's `yes` and `no`, `no` the private one. */
export const PRIVATE_ORDER_STATUSES: readonly string[] = ['no'];

/** Tickets Commerce's order statuses by slug (Status_Handler::get_by_slug; Trashed's slug is WordPress's own `trash`). */
const TC_ORDER_STATUS_SLUGS: readonly string[] = [
  'action-req', 'approved', 'completed', 'created', 'denied', 'not-completed', 'pending', 'refunded', 'reversed', 'undefined', 'voided',
];

/**
 * The post status of a Tickets Commerce order in the given status (get_by_slug()->get_wp_slug()):
 * `tec-tc-<slug>`; any slug it does not know is Unsupported's (`tec-tc-unknown`).
 */
export function tcOrderPostStatus(slug: string): string {
  if (slug === 'trash') return 'trash';
  return TC_ORDER_STATUS_SLUGS.includes(slug) ? `tec-tc-${slug}` : 'tec-tc-unknown';
}

/**
 * The statuses the attendee repository's `post_status => any` leaves out (registered with
 * exclude_from_search); Tickets Commerce's and RSVP's own statuses stay in.
 */
export const ATTENDEE_STATUSES_NOT_ANY: readonly string[] = [PostStatus.trash, PostStatus.autoDraft];
