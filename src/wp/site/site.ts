import type { Db } from '../../db/create-db.js';
import type { Clock } from '../../clock.js';
import { MigrationPhase, OptionName } from '../constants.js';
import { selectOptions } from './options.repository.js';
import { PLUGIN_OPTION_NAMES, pluginOptionValues, selectPluginNetworkOptions, toSitePlugins, type SitePlugins } from './plugins.js';
import { asRecord, maybeUnserialize } from '../php/php-values.js';
import { siteTimezoneString } from '../tec/dates.js';
import { sanitizeTitle } from '../text/slugs.js';
import { isTribeTruthy } from '../tec/truthy.js';
import type { ImageSize } from '../text/content-env.js';

/** The TEC settings (`tribe_events_calendar_options`) the REST API consults, with TEC's defaults. */
export interface TecOptions {
  /** `posts_per_page` in TEC's own options: first choice for the default page size. */
  postsPerPage: string | undefined;
  multiDayCutoff: string;
  timezoneMode: 'event' | 'site';
  defaultCurrencySymbol: string;
  defaultCurrencyCode: string;
  reverseCurrencyPosition: boolean;
  customFields: readonly { name: string; label: string }[];
  restDisabled: boolean;
  /** Rewrite slug of single events (`singleEventSlug`, default `event`), sanitized as a title. */
  singleEventSlug: string;
  /** Rewrite slug of the events archive (`eventsSlug`, default `events`), sanitized as a title. */
  eventsSlug: string;
  /** `showComments`: events support comments (Main::register_post_type adds the support when it is `yes`). */
  showComments: boolean;
  /**
   * Event Tickets' `ticket-enabled-post-types` (Tribe__Tickets__Main::post_types): the post types
   * tickets may be sold for; `tribe_events` and `page` until the option is first written, WooCommerce's
   * and EDD's product types left out.
   */
  ticketEnabledPostTypes: readonly string[];
}

/** Everything about the site a response depends on, read from its options. */
export interface SiteSettings {
  /** The `home` option: the site's identity (global_id) and, by default, the base of every URL. */
  home: string;
  /** The `siteurl` option: where wp-content (and so uploaded images) lives. */
  siteUrl: string;
  permalinkStructure: string;
  /** Tribe__Timezones::wp_timezone_string. */
  timezone: string;
  /** WordPress's `posts_per_page` option, as stored (a string). */
  postsPerPage: string;
  tec: TecOptions;
  /** The site's language (`WPLANG`), empty for English. */
  language: string;
  /** The `tag_base` permalink option (`/topics`), empty for WordPress's default `tag`. */
  tagBase: string;
  /**
   * TEC 6 keeps event dates in `{prefix}tec_occurrences` and queries that table instead of the
   * date meta once its migration is complete (or was not required).
   */
  occurrencesTableActive: boolean;
  /** TEC's family of plugins on the site: Event Tickets (version, providers) and the companions (plugins.ts). */
  plugins: SitePlugins;
  /** Events Calendar Pro is active (`plugins.eventsCalendarPro`): venue coordinates exist. */
  proActive: boolean;
  /** `default_comment_status`: what new posts of a type that supports comments start with. */
  defaultCommentStatus: string;
  /** wp_get_registered_image_subsizes() of a site without theme or plugin sizes, in order. */
  imageSizes: ReadonlyMap<string, ImageSize>;
  /** The `use_smilies` option. */
  useSmilies: boolean;
}

/**
 * The image sizes WordPress registers itself: the three of Settings > Media and medium_large
 * from their options (only the thumbnail crops, from `thumbnail_crop`), then the fixed
 * 1536x1536 and 2048x2048 of WordPress 5.3. Sizes a theme or plugin adds (add_image_size) live
 * in PHP, not in the database, and are not known here; srcset reads the sizes an attachment's
 * metadata lists, whatever registered them.
 */
function registeredImageSizes(option: (name: string) => string): Map<string, ImageSize> {
  const int = (name: string) => Math.max(0, Number.parseInt(option(name), 10) || 0);
  return new Map<string, ImageSize>([
    ['thumbnail', { width: int(OptionName.thumbnailSizeW), height: int(OptionName.thumbnailSizeH), crop: !['', '0'].includes(option(OptionName.thumbnailCrop)) }],
    ['medium', { width: int(OptionName.mediumSizeW), height: int(OptionName.mediumSizeH), crop: false }],
    ['medium_large', { width: int(OptionName.mediumLargeSizeW), height: int(OptionName.mediumLargeSizeH), crop: false }],
    ['large', { width: int(OptionName.largeSizeW), height: int(OptionName.largeSizeH), crop: false }],
    ['1536x1536', { width: 1536, height: 1536, crop: false }],
    ['2048x2048', { width: 2048, height: 2048, crop: false }],
  ]);
}

/** The migration phases after which TEC 6 reads event dates from `{prefix}tec_occurrences`. */
const OCCURRENCES_ACTIVE_PHASES: readonly string[] = [MigrationPhase.complete, MigrationPhase.notRequired];

const DEFAULT_TICKET_POST_TYPES: readonly string[] = ['tribe_events', 'page'];
/** Never ticketable, whatever the option says: the stores' products would sell themselves. */
const PRODUCT_POST_TYPES: ReadonlySet<string> = new Set(['product', 'download']);

function ticketEnabledPostTypes(raw: Record<string, unknown>): readonly string[] {
  if (!Object.prototype.hasOwnProperty.call(raw, 'ticket-enabled-post-types')) return DEFAULT_TICKET_POST_TYPES;
  const value = raw['ticket-enabled-post-types'];
  // PHP's `(array)` cast: a scalar becomes a one-item list, null an empty one.
  const list = value === null || value === undefined ? [] : typeof value === 'object' ? Object.values(value) : [value];
  return list.filter((type): type is string => typeof type === 'string' && !PRODUCT_POST_TYPES.has(type));
}

function toTecOptions(raw: Record<string, unknown>, locale: string): TecOptions {
  const text = (key: string, fallback: string): string => {
    const value = raw[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
  };
  const customFields = Object.values(asRecord(raw['custom-fields']))
    .map(asRecord)
    .filter((field) => typeof field.name === 'string')
    .map((field) => ({ name: String(field.name), label: typeof field.label === 'string' ? field.label : '' }));
  const perPage = raw.posts_per_page;
  return {
    postsPerPage: perPage !== undefined && perPage !== '' && perPage !== null ? String(perPage) : undefined,
    multiDayCutoff: text('multiDayCutoff', '00:00'),
    timezoneMode: raw.tribe_events_timezone_mode === 'site' ? 'site' : 'event',
    defaultCurrencySymbol: text('defaultCurrencySymbol', '$'),
    defaultCurrencyCode: text('defaultCurrencyCode', 'USD'),
    reverseCurrencyPosition: isTribeTruthy(raw.reverseCurrencyPosition),
    customFields,
    restDisabled: isTribeTruthy(raw['rest-v1-disabled']),
    // Main::getRewriteSlugSingular sanitizes it as a title, like the archive slug.
    singleEventSlug: sanitizeTitle(text('singleEventSlug', 'event'), locale) || 'event',
    eventsSlug: sanitizeTitle(text('eventsSlug', 'events'), locale),
    // `get_option( 'showComments', 'no' ) == 'yes'`: PHP's loose comparison also takes true.
    showComments: raw.showComments === 'yes' || raw.showComments === true,
    ticketEnabledPostTypes: ticketEnabledPostTypes(raw),
  };
}

const SITE_OPTION_NAMES = [
  OptionName.home,
  OptionName.siteurl,
  OptionName.permalinkStructure,
  OptionName.timezoneString,
  OptionName.gmtOffset,
  OptionName.postsPerPage,
  OptionName.tecOptions,
  OptionName.language,
  OptionName.tagBase,
  OptionName.ct1MigrationState,
  OptionName.ct1OccurrencesSchemaVersion,
  ...PLUGIN_OPTION_NAMES,
  OptionName.defaultCommentStatus,
  OptionName.thumbnailSizeW,
  OptionName.thumbnailSizeH,
  OptionName.thumbnailCrop,
  OptionName.mediumSizeW,
  OptionName.mediumSizeH,
  OptionName.mediumLargeSizeW,
  OptionName.mediumLargeSizeH,
  OptionName.largeSizeW,
  OptionName.largeSizeH,
  OptionName.useSmilies,
];

/**
 * Reads the site settings in one query (two on a multisite sub-site, `network`: the network's
 * plugins and options live in `{base}sitemeta`).
 */
export async function loadSiteSettings(db: Db, network = false): Promise<SiteSettings> {
  const [options, networkOptions] = await Promise.all([selectOptions(db, SITE_OPTION_NAMES), selectPluginNetworkOptions(db, network)]);
  const get = (name: string) => options.get(name) ?? '';
  const tecOptions = asRecord(maybeUnserialize(get(OptionName.tecOptions)));
  const plugins = toSitePlugins(pluginOptionValues(options, networkOptions, tecOptions));
  return {
    home: get(OptionName.home).replace(/\/+$/, ''),
    siteUrl: get(OptionName.siteurl).replace(/\/+$/, ''),
    permalinkStructure: get(OptionName.permalinkStructure),
    timezone: siteTimezoneString(get(OptionName.timezoneString), get(OptionName.gmtOffset)),
    postsPerPage: options.get(OptionName.postsPerPage) ?? '10',
    tec: toTecOptions(tecOptions, get(OptionName.language)),
    language: get(OptionName.language),
    tagBase: get(OptionName.tagBase),
    defaultCommentStatus: get(OptionName.defaultCommentStatus),
    imageSizes: registeredImageSizes(get),
    // A site installed by WordPress has `1`; only an explicit '' or '0' turns smilies off.
    useSmilies: !['', '0'].includes(options.get(OptionName.useSmilies) ?? '1'),
    plugins,
    proActive: plugins.eventsCalendarPro,
    occurrencesTableActive:
      options.has(OptionName.ct1OccurrencesSchemaVersion) &&
      OCCURRENCES_ACTIVE_PHASES.includes(
        String(asRecord(maybeUnserialize(get(OptionName.ct1MigrationState))).phase ?? ''),
      ),
  };
}

/** The site settings, read at most once per `ttlMs`; `clear()` drops them so the next call reads again. */
export interface SiteSettingsCache {
  (): Promise<SiteSettings>;
  /** The settings when a read of them has finished and is still fresh, without waiting; else undefined. */
  settled(): SiteSettings | undefined;
  clear(): void;
}

/**
 * Site settings cached briefly: every request needs them, and WordPress admins expect a change
 * in Settings to show within seconds, not at the next restart. Where the change feed follows
 * the database, it clears them on a change, so a changed option reaches the very next answer.
 */
export function createSiteSettingsCache(db: Db, clock: Clock, ttlMs = 5000, network = false): SiteSettingsCache {
  let cached: { at: number; value: Promise<SiteSettings>; settled?: SiteSettings } | undefined;
  const isFresh = (entry: { at: number }, now: number) => now - entry.at < ttlMs && now >= entry.at;
  const read = () => {
    const now = clock.now().getTime();
    if (!cached || !isFresh(cached, now)) {
      const value = loadSiteSettings(db, network);
      const entry: { at: number; value: Promise<SiteSettings>; settled?: SiteSettings } = { at: now, value };
      cached = entry;
      value.then(
        (settings) => (entry.settled = settings),
        // A failed read must not be served from the cache.
        () => {
          if (cached === entry) cached = undefined;
        },
      );
    }
    return cached.value;
  };
  return Object.assign(read, {
    settled: () => (cached !== undefined && isFresh(cached, clock.now().getTime()) ? cached.settled : undefined),
    clear: () => {
      cached = undefined;
    },
  });
}
