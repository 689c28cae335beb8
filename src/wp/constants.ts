/** WordPress and TEC storage names, each spelled once. */

export const PostType = {
  event: 'tribe_events',
  venue: 'tribe_venue',
  organizer: 'tribe_organizer',
  post: 'post',
  attachment: 'attachment',
  /** TEC's calendar embeds (registered since TEC 6.11); only their term links name them here. */
  calendarEmbed: 'tec_calendar_embed',
  /** What wp_save_post_revision stores a post's earlier fields as. */
  revision: 'revision',
  /** WP_Embed's cache of oEmbed answers for texts read outside a post (post_name = md5 key). */
  oembedCache: 'oembed_cache',
  page: 'page',
  /** Event Aggregator's import records (Tribe__Events__Aggregator__Records::$post_type), one per import or schedule. */
  aggregatorRecord: 'tribe-ea-record',
} as const;
export type PostTypeName = (typeof PostType)[keyof typeof PostType];

export const Taxonomy = {
  eventCategory: 'tribe_events_cat',
  tag: 'post_tag',
} as const;
export type TaxonomyName = (typeof Taxonomy)[keyof typeof Taxonomy];

/** WordPress's own taxonomies of ordinary posts; TEC's events share `post_tag` with them. */
export const CoreTaxonomy = {
  category: 'category',
  postFormat: 'post_format',
} as const;

/**
 * get_object_taxonomies( post type ) on a TEC site: the taxonomies whose relationship caches
 * clean_object_term_cache drops for an object of that type (calendar embeds register TEC's
 * categories and tags, Calendar_Embeds.php). Types not listed have none.
 */
export const POST_TYPE_TAXONOMIES: Readonly<Record<string, readonly string[]>> = {
  [PostType.post]: [CoreTaxonomy.category, Taxonomy.tag, CoreTaxonomy.postFormat],
  [PostType.event]: [Taxonomy.eventCategory, Taxonomy.tag],
  [PostType.calendarEmbed]: [Taxonomy.eventCategory, Taxonomy.tag],
};

/** Fixed-name entries of TEC's persistent cache group (`tribe-events`) that writes drop. */
export const TecCacheKey = {
  /** The category colours of the events bar; TEC deletes it on every category create, edit and delete. */
  categoryColorsDropdown: 'tec_category_colors_dropdown_categories',
} as const;

/** Meta WordPress core keeps about a post's former names and dates, and a trashed post's own name. */
export const WpPostMeta = {
  /** A published post's earlier slugs (wp_check_for_changed_slugs). */
  oldSlug: '_wp_old_slug',
  /** A published post's earlier publication days, `Y-m-d` (wp_check_for_changed_dates). */
  oldDate: '_wp_old_date',
  /** The slug a trashed post had before `__trashed` was appended; given back when it leaves the trash. */
  desiredSlug: '_wp_desired_post_slug',
  /** The user who last edited the post in wp-admin (written by the editor, read by no answer here). */
  editLast: '_edit_last',
} as const;

/** The post types TEC saves with its own bookkeeping (tracker, `tribe_last_save_post`). */
export const TEC_POST_TYPES: ReadonlySet<string> = new Set([PostType.event, PostType.venue, PostType.organizer]);

/** Meta TEC keeps about its own saves. */
export const TecMeta = {
  /** Tribe__Tracker: when each field of an event, venue or organizer last changed (serialized key => time). */
  modifiedFields: '_tribe_modified_fields',
  /** Ignored_Events: the status an event had when it went to the trash. */
  ignoredPreviousStatus: '_tribe_ignored_event_previous_status',
} as const;

/** `_{Event|Venue|Organizer}Origin`, set once by Main::addPostOrigin on every TEC post WordPress inserts. */
export const OriginMeta: Readonly<Record<string, string>> = {
  tribe_events: '_EventOrigin',
  tribe_venue: '_VenueOrigin',
  tribe_organizer: '_OrganizerOrigin',
};

/** Meta wp_trash_post writes: the status a post had, and when it was trashed. */
export const TrashMeta = {
  status: '_wp_trash_meta_status',
  time: '_wp_trash_meta_time',
} as const;

/** Statuses WordPress registers by default (register_post_status in wp-includes/post.php). */
export const PostStatus = {
  publish: 'publish',
  future: 'future',
  draft: 'draft',
  pending: 'pending',
  private: 'private',
  trash: 'trash',
  autoDraft: 'auto-draft',
  inherit: 'inherit',
} as const;
export type PostStatusName = (typeof PostStatus)[keyof typeof PostStatus];

/** The statuses of personal-data requests, which WordPress registers too (wp-includes/post.php). */
const REQUEST_POST_STATUSES = ['request-pending', 'request-confirmed', 'request-failed', 'request-completed'] as const;

/** Statuses WordPress knows, in registration order; anything else in a `status` filter is invalid. */
export const REGISTERED_POST_STATUSES: readonly string[] = [...Object.values(PostStatus), ...REQUEST_POST_STATUSES];

/** What WP_Query's `post_status=any` covers: every status without exclude_from_search. */
export const ANY_POST_STATUSES: readonly string[] = [
  PostStatus.publish,
  PostStatus.future,
  PostStatus.draft,
  PostStatus.pending,
  PostStatus.private,
];

/** User meta keys; `capabilities` is stored as `{table prefix}capabilities`. */
export const UserMeta = {
  /** Stored as `{table prefix}capabilities`. */
  capabilities: 'capabilities',
  /** Stored as `{table prefix}persisted_preferences`: the block editor's preferences (WordPress 6.1). */
  persistedPreferences: 'persisted_preferences',
  firstName: 'first_name',
  lastName: 'last_name',
  nickname: 'nickname',
  description: 'description',
  /** The user's own language; empty for the site's. */
  locale: 'locale',
  applicationPasswords: '_application_passwords',
  sessionTokens: 'session_tokens',
} as const;

export const EventMeta = {
  startDate: '_EventStartDate',
  endDate: '_EventEndDate',
  startDateUtc: '_EventStartDateUTC',
  endDateUtc: '_EventEndDateUTC',
  duration: '_EventDuration',
  allDay: '_EventAllDay',
  timezone: '_EventTimezone',
  timezoneAbbr: '_EventTimezoneAbbr',
  cost: '_EventCost',
  currencySymbol: '_EventCurrencySymbol',
  currencyCode: '_EventCurrencyCode',
  currencyPosition: '_EventCurrencyPosition',
  url: '_EventURL',
  showMap: '_EventShowMap',
  showMapLink: '_EventShowMapLink',
  hideFromUpcoming: '_EventHideFromUpcoming',
  venueId: '_EventVenueID',
  organizerId: '_EventOrganizerID',
  featured: '_tribe_featured',
  thumbnailId: '_thumbnail_id',
  globalIdLineage: '_tribe_aggregator_global_id_lineage',
  /** Event Status (Tribe\Events\Event_Status\Event_Meta::$key_status): one of EventStatus, or empty. */
  eventStatus: '_tribe_events_status',
} as const;

/** The `_tribe_events_status` values JSON-LD reports; anything else is a scheduled event. */
export const EventStatus = {
  canceled: 'canceled',
  postponed: 'postponed',
} as const;

/** The value TEC stores in `_EventHideFromUpcoming` for an event hidden from listings. */
export const HIDDEN_FROM_LISTINGS = 'yes';

export const VenueMeta = {
  address: '_VenueAddress',
  city: '_VenueCity',
  country: '_VenueCountry',
  province: '_VenueProvince',
  state: '_VenueState',
  zip: '_VenueZip',
  phone: '_VenuePhone',
  url: '_VenueURL',
  stateProvince: '_VenueStateProvince',
  showMap: '_VenueShowMap',
  showMapLink: '_VenueShowMapLink',
  lat: '_VenueLat',
  lng: '_VenueLng',
} as const;

export const OrganizerMeta = {
  phone: '_OrganizerPhone',
  website: '_OrganizerWebsite',
  email: '_OrganizerEmail',
} as const;

/** Rows of the site's options table that the API reads. */
export const OptionName = {
  home: 'home',
  siteurl: 'siteurl',
  permalinkStructure: 'permalink_structure',
  timezoneString: 'timezone_string',
  gmtOffset: 'gmt_offset',
  postsPerPage: 'posts_per_page',
  tecOptions: 'tribe_events_calendar_options',
  /** WP-Cron's schedule (a PHP-serialized array of events by time). */
  cron: 'cron',
  /** `open` or `closed`: the comment status new posts of types with comment support get. */
  defaultCommentStatus: 'default_comment_status',
  /** TEC's "something was saved" stamp, a microtime float; its caches are keyed on it. */
  lastSavePost: 'tribe_last_save_post',
  /** Stored as `{table prefix}user_roles` (`wp_user_roles`, `wp_2_user_roles` on a sub-site). */
  userRoles: 'user_roles',
  /** Set once any application password was created; until then WordPress ignores Basic auth. */
  usingApplicationPasswords: 'using_application_passwords',
  language: 'WPLANG',
  blogname: 'blogname',
  blogdescription: 'blogdescription',
  /** The tag permalink base (Settings > Permalinks), stored with a leading slash; empty for `tag`. */
  tagBase: 'tag_base',
  /** The plugins WordPress loads on this site (a PHP-serialized list of plugin files). */
  activePlugins: 'active_plugins',
  /** Image size options (Settings > Media): `{name}_size_w`, `{name}_size_h`, `thumbnail_crop`. */
  thumbnailSizeW: 'thumbnail_size_w',
  thumbnailSizeH: 'thumbnail_size_h',
  thumbnailCrop: 'thumbnail_crop',
  mediumSizeW: 'medium_size_w',
  mediumSizeH: 'medium_size_h',
  mediumLargeSizeW: 'medium_large_size_w',
  mediumLargeSizeH: 'medium_large_size_h',
  largeSizeW: 'large_size_w',
  largeSizeH: 'large_size_h',
  /** `1` when text smilies become emoji (convert_smilies). */
  useSmilies: 'use_smilies',
  /** TEC 6's custom-tables migration state (phase `migration-complete` / `migration-not-required`). */
  ct1MigrationState: 'tec_ct1_migration_state',
  /** Written when TEC 6 created `{prefix}tec_occurrences`. */
  ct1OccurrencesSchemaVersion: 'tec_ct1_occurrences_table_schema_version',
  /** Written when TEC 6 created `{prefix}tec_events`. */
  ct1EventsSchemaVersion: 'tec_ct1_events_table_schema_version',
  /** WordPress's database schema number (wp-includes/version.php `$wp_db_version`). */
  dbVersion: 'db_version',
  /** LiteSpeed Cache's "Object Cache" switch (its settings are `litespeed.conf.*` options). */
  litespeedObjectCache: 'litespeed.conf.object',
  /** Settings > Discussion > Avatars: whether avatars show at all, the default image and the rating. */
  showAvatars: 'show_avatars',
  avatarDefault: 'avatar_default',
  avatarRating: 'avatar_rating',
} as const;

/** Network options (`{base}sitemeta`) read here. */
export const NetworkOptionName = {
  /** Plugins active for the whole network: plugin file -> activation time. */
  activeSitewidePlugins: 'active_sitewide_plugins',
} as const;

/** Phases of `tec_ct1_migration_state` (TEC\Events\Custom_Tables\V1\Migration\State::PHASE_*). */
export const MigrationPhase = {
  complete: 'migration-complete',
  notRequired: 'migration-not-required',
} as const;
