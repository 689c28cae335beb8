import type { Generated } from 'kysely';

/**
 * WordPress tables under their unprefixed names. The prefix (`wp_`, `wp_2_`, ...) is applied by
 * the table-prefix plugin, so no query ever spells it.
 *
 * Driver choices made once in createDb and mirrored here: DATETIME columns arrive as strings
 * (`dateStrings: true`; WordPress stores `0000-00-00 00:00:00`, which no JS Date can hold) and
 * BIGINT columns as JS numbers (`supportBigNumbers` with `bigNumberStrings: false`: post and term IDs
 * stay far below 2^53).
 */
export interface PostsTable {
  ID: Generated<number>;
  post_author: number;
  post_date: string;
  post_date_gmt: string;
  post_content: string;
  post_title: string;
  post_excerpt: string;
  post_status: string;
  comment_status: string;
  ping_status: string;
  post_password: string;
  post_name: string;
  to_ping: string;
  pinged: string;
  post_modified: string;
  post_modified_gmt: string;
  post_content_filtered: string;
  post_parent: number;
  guid: string;
  menu_order: number;
  post_type: string;
  post_mime_type: string;
  comment_count: number;
}

export interface PostmetaTable {
  meta_id: Generated<number>;
  post_id: number;
  meta_key: string | null;
  meta_value: string | null;
}

export interface TermsTable {
  term_id: Generated<number>;
  name: string;
  slug: string;
  term_group: number;
}

export interface TermTaxonomyTable {
  term_taxonomy_id: Generated<number>;
  term_id: number;
  taxonomy: string;
  description: string;
  parent: number;
  count: number;
}

export interface TermRelationshipsTable {
  object_id: number;
  term_taxonomy_id: number;
  term_order: number;
}

export interface TermmetaTable {
  meta_id: Generated<number>;
  term_id: number;
  meta_key: string | null;
  meta_value: string | null;
}

export interface OptionsTable {
  option_id: Generated<number>;
  option_name: string;
  option_value: string;
  autoload: string;
}

export interface UsersTable {
  ID: Generated<number>;
  user_login: string;
  user_pass: string;
  user_nicename: string;
  user_email: string;
  user_url: string;
  user_registered: string;
  user_activation_key: string;
  user_status: number;
  display_name: string;
}

export interface UsermetaTable {
  umeta_id: Generated<number>;
  user_id: number;
  meta_key: string | null;
  meta_value: string | null;
}

/**
 * A multisite network's options (get_site_option / get_network_option), one row per network
 * (`site_id`) and key. Single sites have no such table: their network options are plain options.
 */
export interface SitemetaTable {
  meta_id: Generated<number>;
  site_id: number;
  meta_key: string | null;
  meta_value: string | null;
}

/** TEC 6 custom tables ("CT1"); present only on sites that migrated. */
export interface TecEventsTable {
  event_id: Generated<number>;
  post_id: number;
  start_date: string;
  end_date: string | null;
  timezone: string;
  start_date_utc: string;
  end_date_utc: string | null;
  duration: number | null;
  updated_at: string;
  hash: string;
}

export interface TecOccurrencesTable {
  occurrence_id: Generated<number>;
  event_id: number;
  post_id: number;
  start_date: string;
  start_date_utc: string;
  end_date: string;
  end_date_utc: string;
  duration: number | null;
  hash: string;
  updated_at: string;
}

/**
 * Event Tickets' order modifiers (Tickets Commerce's coupons and fees, 5.18+), one row each; the
 * columns the service reads.
 */
export interface TecOrderModifiersTable {
  id: Generated<number>;
  modifier_type: string;
  sub_type: string;
  raw_amount: string;
  slug: string;
  display_name: string;
  status: string;
  /** UTC `Y-m-d H:i:s` (a TIMESTAMP column), NULL when the modifier has no such bound. */
  start_time: string | null;
  end_time: string | null;
}

/** Tickets Commerce's order modifier meta (a coupon's `coupons_available` limit, `coupons_uses` count). */
export interface TecOrderModifiersMetaTable {
  id: Generated<number>;
  order_modifier_id: number;
  meta_key: string;
  meta_value: string;
  priority: number;
}

export interface Database {
  posts: PostsTable;
  postmeta: PostmetaTable;
  terms: TermsTable;
  term_taxonomy: TermTaxonomyTable;
  term_relationships: TermRelationshipsTable;
  termmeta: TermmetaTable;
  options: OptionsTable;
  users: UsersTable;
  usermeta: UsermetaTable;
  sitemeta: SitemetaTable;
  tec_events: TecEventsTable;
  tec_occurrences: TecOccurrencesTable;
  tec_order_modifiers: TecOrderModifiersTable;
  tec_order_modifiers_meta: TecOrderModifiersMetaTable;
}

/** The unprefixed names above, for the prefix plugin. */
export const WORDPRESS_TABLES: ReadonlySet<string> = new Set<keyof Database>([
  'posts',
  'postmeta',
  'terms',
  'term_taxonomy',
  'term_relationships',
  'termmeta',
  'options',
  'users',
  'usermeta',
  'sitemeta',
  'tec_events',
  'tec_occurrences',
  'tec_order_modifiers',
  'tec_order_modifiers_meta',
]);

/**
 * Tables a multisite network shares between its sites: they keep the network's base prefix
 * (`wp_users`, `wp_sitemeta`) while every other table of sub-site 2 is `wp_2_...`.
 */
export const NETWORK_TABLES: ReadonlySet<string> = new Set<keyof Database>(['users', 'usermeta', 'sitemeta']);
