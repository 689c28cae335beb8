import type { Db } from '../../db/create-db.js';
import { isMissingTable } from '../../db/missing-table.js';
import { NetworkOptionName, OptionName } from '../constants.js';
import { isEmptyParam } from '../php/php-empty.js';
import { asRecord, maybeUnserialize, phpValues } from '../php/php-values.js';
import { selectNetworkOptions } from './network-options.repository.js';
import { selectOptions } from './options.repository.js';

/**
 * Which of TEC's family of plugins the site runs, read from its options: the one place that knows
 * the plugin files, Event Tickets' version and providers, and what says Event Aggregator is in use.
 * The site settings carry it (SiteSettings.plugins); doctor and the start log name the companions
 * the service does not serve from it (companions.ts).
 */

/**
 * The files WordPress lists in `active_plugins` (and, network-activated, as keys of
 * `active_sitewide_plugins`) for each plugin: `folder/main-file.php`. Community Events shipped
 * under two folder names (the older `the-events-calendar-community-events`, and `events-community`).
 */
export const PluginFiles = {
  theEventsCalendar: ['the-events-calendar/the-events-calendar.php'],
  eventsCalendarPro: ['events-calendar-pro/events-calendar-pro.php'],
  eventTickets: ['event-tickets/event-tickets.php'],
  eventTicketsPlus: ['event-tickets-plus/event-tickets-plus.php'],
  filterBar: ['the-events-calendar-filterbar/the-events-calendar-filter-view.php'],
  communityEvents: ['the-events-calendar-community-events/tribe-community-events.php', 'events-community/tribe-community-events.php'],
} as const satisfies Record<string, readonly string[]>;

export type PluginName = keyof typeof PluginFiles;

/** Keys of TEC's options row (`tribe_events_calendar_options`, tribe_get_option) that Event Tickets writes. */
export const EventTicketsOption = {
  /** The version last run on the site (Tribe__Tickets__Main::$latest_version_slug). */
  latestVersion: 'latest_event_tickets_version',
  /** The last update routine run (Tribe__Tickets__Updater::$version_option): the version when `latest` is missing. */
  schemaVersion: 'event-tickets-schema-version',
  /** Tickets Commerce switched on (Tickets\Settings::$tickets_commerce_enabled), read as PHP's `(bool)`. */
  ticketsCommerceEnabled: 'tickets_commerce_enabled',
  /** The post types tickets may be sold for (Tribe__Tickets__Main::post_types). */
  ticketEnabledPostTypes: 'ticket-enabled-post-types',
  /** The QR / app API key: a request whose `api_key` matches it manages attendees (request_has_valid_api_key). */
  qrApiKey: 'tickets-plus-qr-options-api-key',
  /** QR check-in only while the event happens (QR::should_checkin_qr_events_happening_now), read as PHP's `(bool)`. */
  qrCheckInHappeningNow: 'tickets-plus-qr-check-in-events-happening-now',
  /** The order status at which Tickets Commerce decreases stock and generates attendees (Settings::$option_stock_handling). */
  stockHandling: 'tickets-commerce-stock-handling',
  /** Tickets Commerce's currency settings (TEC\Tickets\Commerce\Settings::$option_currency_*). */
  currencyCode: 'tickets-commerce-currency-code',
  currencyPosition: 'tickets-commerce-currency-position',
  currencyDecimalSeparator: 'tickets-commerce-currency-decimal-separator',
  currencyThousandsSeparator: 'tickets-commerce-currency-thousands-separator',
  currencyDecimals: 'tickets-commerce-currency-number-of-decimals',
} as const;

/** Event Aggregator's license key option (Tribe__Events__Aggregator::has_license_key), site and network. */
export const EVENT_AGGREGATOR_LICENSE_OPTION = 'pue_install_key_event_aggregator';

/** The options of TEC's row that decide how Event Tickets writes prices (Tickets Commerce Settings, Tribe Commerce's code). */
export const CURRENCY_OPTION_NAMES: readonly string[] = [
  'tickets-commerce-currency-code',
  'tickets-commerce-currency-decimal-separator',
  'tickets-commerce-currency-thousands-separator',
  'tickets-commerce-currency-number-of-decimals',
  'tickets-commerce-currency-position',
  'ticket-commerce-currency-code',
];

/** Event Tickets' providers, by the slugs its answers use (`ticketed`: `rsvp`, `tc`). */
export type TicketProvider = 'rsvp' | 'tc';

export interface EventTicketsSite {
  /** `latest_event_tickets_version` (else its schema version); undefined when neither was written. */
  version: string | undefined;
  /**
   * The providers a ticket can be sold with: RSVP always (it is part of Event Tickets), Tickets
   * Commerce when its option is on. A `TEC_TICKETS_COMMERCE` constant or environment variable of
   * the PHP side overrides the option there (tec_tickets_commerce_is_enabled); the service cannot see it.
   */
  providers: readonly TicketProvider[];
  /**
   * The post types tickets may be sold for: the option as stored, `tribe_events` and `page` when
   * it was never written, never WooCommerce's `product` nor EDD's `download`.
   */
  postTypes: readonly string[];
  /** The QR / app API key; empty when none is set or PHP's empty() holds ('0'): no request then gets managers' answers by key. */
  qrApiKey: string;
  /** QR check-ins refused outside the event's dates (not served: such a site's check-ins answer in progress). */
  qrCheckInHappeningNow: boolean;
  /** Tickets Commerce's stock-handling order status, as stored; undefined when not set (Pending's then). */
  stockHandling?: string;
  /**
   * The stored currency options (TEC's options row, as stored, undefined when not written):
   * Tickets Commerce's (`tickets-commerce-currency-*`) and the legacy Tribe Commerce code RSVP prices use.
   */
  currencyOptions: Readonly<Record<string, unknown>>;
  /** Tickets Commerce's currency settings, each as stored (undefined when not set). */
  commerceCurrency: CommerceCurrencySettings;
}

export interface CommerceCurrencySettings {
  code: string | undefined;
  position: string | undefined;
  decimalSeparator: string | undefined;
  thousandsSeparator: string | undefined;
  decimals: string | undefined;
}

export interface SitePlugins {
  /** Every plugin file active on the site or network-wide, site's first, each once. */
  active: readonly string[];
  /** The plugin files of the site's own `active_plugins`. */
  siteActivated: readonly string[];
  /** The plugin files active network-wide (`active_sitewide_plugins`), which the site's own list may lack. */
  networkActivated: readonly string[];
  theEventsCalendar: boolean;
  eventsCalendarPro: boolean;
  /** Event Tickets when it is active, else undefined: on such a site nothing about tickets changes. */
  eventTickets: EventTicketsSite | undefined;
  eventTicketsPlus: boolean;
  filterBar: boolean;
  communityEvents: boolean;
  /** An Event Aggregator license key is stored (site or network option): TEC's import service is set up. */
  eventAggregatorLicensed: boolean;
}

/** The option values the plugin set is read from, raw as stored. */
export interface PluginOptionValues {
  /** `active_plugins`: a serialized list of plugin files. */
  activePlugins: string | undefined;
  /** `active_sitewide_plugins` (network option): a serialized map of plugin file -> activation time. */
  activeSitewidePlugins: string | undefined;
  /** `tribe_events_calendar_options`, decoded. */
  tecOptions: Record<string, unknown>;
  /** `pue_install_key_event_aggregator`, of the site and of the network. */
  aggregatorLicense: string | undefined;
  networkAggregatorLicense: string | undefined;
}

/** The site options the plugin set reads (beside TEC's options row, which the site settings read anyway). */
export const PLUGIN_OPTION_NAMES: readonly string[] = [OptionName.activePlugins, EVENT_AGGREGATOR_LICENSE_OPTION];
const PLUGIN_NETWORK_OPTION_NAMES: readonly string[] = [NetworkOptionName.activeSitewidePlugins, EVENT_AGGREGATOR_LICENSE_OPTION];

/** The plugin set of the given option values (pure). */
export function toSitePlugins(values: PluginOptionValues): SitePlugins {
  const sitePlugins = phpValues(maybeUnserialize(values.activePlugins ?? '')).filter((file): file is string => typeof file === 'string');
  // is_plugin_active_for_network: the plugin file is a key of the network's map.
  const networkPlugins = Object.keys(asRecord(maybeUnserialize(values.activeSitewidePlugins ?? '')));
  const active = [...new Set([...sitePlugins, ...networkPlugins])];
  const isActive = (name: PluginName) => isPluginActive(active, name);
  return {
    active,
    siteActivated: sitePlugins,
    networkActivated: networkPlugins,
    theEventsCalendar: isActive('theEventsCalendar'),
    eventsCalendarPro: isActive('eventsCalendarPro'),
    eventTickets: isActive('eventTickets') ? toEventTicketsSite(values.tecOptions) : undefined,
    eventTicketsPlus: isActive('eventTicketsPlus'),
    filterBar: isActive('filterBar'),
    communityEvents: isActive('communityEvents'),
    eventAggregatorLicensed: !isEmptyParam(values.aggregatorLicense ?? '') || !isEmptyParam(values.networkAggregatorLicense ?? ''),
  };
}

/** Whether one of the plugin's files is in `files` (a list of active plugin files). */
export function isPluginActive(files: readonly string[], name: PluginName): boolean {
  return PluginFiles[name].some((file) => files.includes(file));
}

function toEventTicketsSite(tecOptions: Record<string, unknown>): EventTicketsSite {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const scalar = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
  const postTypes = Object.hasOwn(tecOptions, EventTicketsOption.ticketEnabledPostTypes)
    ? phpValues(tecOptions[EventTicketsOption.ticketEnabledPostTypes]).filter((type): type is string => typeof type === 'string')
    : ['tribe_events', 'page'];
  return {
    postTypes: postTypes.filter((type) => type !== 'product' && type !== 'download'),
    qrApiKey: isEmptyParam(tecOptions[EventTicketsOption.qrApiKey] ?? '') ? '' : String(tecOptions[EventTicketsOption.qrApiKey]),
    qrCheckInHappeningNow: !isEmptyParam(tecOptions[EventTicketsOption.qrCheckInHappeningNow] ?? false),
    stockHandling: scalar(tecOptions[EventTicketsOption.stockHandling]),
    commerceCurrency: {
      code: scalar(tecOptions[EventTicketsOption.currencyCode]),
      position: scalar(tecOptions[EventTicketsOption.currencyPosition]),
      decimalSeparator: scalar(tecOptions[EventTicketsOption.currencyDecimalSeparator]),
      thousandsSeparator: scalar(tecOptions[EventTicketsOption.currencyThousandsSeparator]),
      decimals: scalar(tecOptions[EventTicketsOption.currencyDecimals]),
    },
    version: text(tecOptions[EventTicketsOption.latestVersion]) ?? text(tecOptions[EventTicketsOption.schemaVersion]),
    // `(bool) tribe_get_option( 'tickets_commerce_enabled', false )`: PHP's empty() is its negation.
    providers: isEmptyParam(tecOptions[EventTicketsOption.ticketsCommerceEnabled] ?? false) ? ['rsvp'] : ['rsvp', 'tc'],
    currencyOptions: Object.fromEntries(Object.entries(tecOptions).filter(([name]) => CURRENCY_OPTION_NAMES.includes(name))),
  };
}

/**
 * Reads the plugin set: the site's options and, on a multisite network (`network`), the network's
 * `sitemeta` rows. Throws when the database cannot be read.
 */
export async function selectSitePlugins(db: Db, network: boolean): Promise<SitePlugins> {
  const [options, networkOptions] = await Promise.all([
    selectOptions(db, [...PLUGIN_OPTION_NAMES, OptionName.tecOptions]),
    selectPluginNetworkOptions(db, network),
  ]);
  return toSitePlugins(pluginOptionValues(options, networkOptions, asRecord(maybeUnserialize(options.get(OptionName.tecOptions) ?? ''))));
}

/**
 * The network options the plugin set reads; none on a single site, nor where the network's
 * `{base}sitemeta` is missing (a sub-site's tables copied out of their network): every answer reads
 * the site settings, and a plugin list is no reason to refuse them all.
 */
export async function selectPluginNetworkOptions(db: Db, network: boolean): Promise<Map<string, string>> {
  if (!network) return new Map();
  try {
    // WordPress's main (and, here, only) network: wp-config's SITE_ID_CURRENT_SITE defaults to 1.
    return await selectNetworkOptions(db, 1, PLUGIN_NETWORK_OPTION_NAMES);
  } catch (error) {
    if (isMissingTable(error)) return new Map();
    throw error;
  }
}

/** The raw values toSitePlugins takes, from the site's options (PLUGIN_OPTION_NAMES) and the network's. */
export function pluginOptionValues(options: ReadonlyMap<string, string>, networkOptions: ReadonlyMap<string, string>, tecOptions: Record<string, unknown>): PluginOptionValues {
  return {
    activePlugins: options.get(OptionName.activePlugins),
    activeSitewidePlugins: networkOptions.get(NetworkOptionName.activeSitewidePlugins),
    tecOptions,
    aggregatorLicense: options.get(EVENT_AGGREGATOR_LICENSE_OPTION),
    networkAggregatorLicense: networkOptions.get(EVENT_AGGREGATOR_LICENSE_OPTION),
  };
}
