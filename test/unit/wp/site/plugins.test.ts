import { describe, expect, it } from 'vitest';
import { phpSerialize } from '../../../../src/wp/php/php-values.js';
import { toSitePlugins, type PluginOptionValues } from '../../../../src/wp/site/plugins.js';

/** The plugin set read from a site's options (the one module the site settings, doctor and the start log use). */

const NONE: PluginOptionValues = { activePlugins: undefined, activeSitewidePlugins: undefined, tecOptions: {}, aggregatorLicense: undefined, networkAggregatorLicense: undefined };
const list = (...files: string[]) => phpSerialize(files);

describe('toSitePlugins', () => {
  it('knows TEC alone: no Event Tickets, no companion', () => {
    const plugins = toSitePlugins({ ...NONE, activePlugins: list('the-events-calendar/the-events-calendar.php') });
    expect(plugins).toMatchObject({
      theEventsCalendar: true,
      eventsCalendarPro: false,
      eventTickets: undefined,
      eventTicketsPlus: false,
      filterBar: false,
      communityEvents: false,
      eventAggregatorLicensed: false,
    });
  });

  it("reads Event Tickets' version and providers from TEC's options row: RSVP always, Tickets Commerce as PHP's (bool) of its option", () => {
    const active = list('event-tickets/event-tickets.php', 'the-events-calendar/the-events-calendar.php');
    const tec = { latest_event_tickets_version: '5.28.5.1', 'event-tickets-schema-version': '5.0', tickets_commerce_enabled: true };
    expect(toSitePlugins({ ...NONE, activePlugins: active, tecOptions: tec }).eventTickets).toMatchObject({ version: '5.28.5.1', providers: ['rsvp', 'tc'] });
    for (const off of [false, '', '0', 0, null]) {
      expect(toSitePlugins({ ...NONE, activePlugins: active, tecOptions: { tickets_commerce_enabled: off } }).eventTickets?.providers, String(off)).toEqual(['rsvp']);
    }
    // `'no'` is a non-empty string: (bool) 'no' is true in PHP, so Tickets Commerce is on.
    expect(toSitePlugins({ ...NONE, activePlugins: active, tecOptions: { tickets_commerce_enabled: 'no' } }).eventTickets?.providers).toEqual(['rsvp', 'tc']);
    expect(toSitePlugins({ ...NONE, activePlugins: active, tecOptions: { 'event-tickets-schema-version': '5.20.0' } }).eventTickets?.version).toBe('5.20.0');
    expect(toSitePlugins({ ...NONE, activePlugins: active }).eventTickets).toMatchObject({ version: undefined, providers: ['rsvp'] });
    // Its options left behind by a deactivated Event Tickets change nothing.
    expect(toSitePlugins({ ...NONE, activePlugins: list('the-events-calendar/the-events-calendar.php'), tecOptions: tec }).eventTickets).toBeUndefined();
  });

  it("reads Event Tickets' ticketed post types, QR key and Tickets Commerce currency settings", () => {
    const active = list('event-tickets/event-tickets.php', 'the-events-calendar/the-events-calendar.php');
    const never = toSitePlugins({ ...NONE, activePlugins: active }).eventTickets!;
    // Never written: Tribe__Tickets__Main::post_types' defaults.
    expect(never.postTypes).toEqual(['tribe_events', 'page']);
    expect(never.qrApiKey).toBe('');
    expect(never.commerceCurrency.code).toBeUndefined();
    const set = toSitePlugins({
      ...NONE,
      activePlugins: active,
      tecOptions: { 'ticket-enabled-post-types': ['post', 'product'], 'tickets-plus-qr-options-api-key': 'k', 'tickets-commerce-currency-code': 'EUR', 'tickets-commerce-currency-position': 'postfix' },
    }).eventTickets!;
    // WooCommerce's product is never ticket-enabled (recursion on save).
    expect(set.postTypes).toEqual(['post']);
    expect(set.qrApiKey).toBe('k');
    expect(set.commerceCurrency).toMatchObject({ code: 'EUR', position: 'postfix' });
    // Written as an empty list: no post type sells tickets.
    expect(toSitePlugins({ ...NONE, activePlugins: active, tecOptions: { 'ticket-enabled-post-types': [] } }).eventTickets!.postTypes).toEqual([]);
  });

  it('takes network-activated plugins (keys of active_sitewide_plugins) as active, and tells where each is on', () => {
    const plugins = toSitePlugins({
      ...NONE,
      activePlugins: list('the-events-calendar/the-events-calendar.php'),
      activeSitewidePlugins: phpSerialize({ 'events-calendar-pro/events-calendar-pro.php': 1700000000, 'event-tickets/event-tickets.php': 1700000001 }),
    });
    expect(plugins.eventsCalendarPro).toBe(true);
    expect(plugins.eventTickets).toBeDefined();
    expect(plugins.siteActivated).toEqual(['the-events-calendar/the-events-calendar.php']);
    expect(plugins.networkActivated).toEqual(['events-calendar-pro/events-calendar-pro.php', 'event-tickets/event-tickets.php']);
    expect(plugins.active).toEqual(['the-events-calendar/the-events-calendar.php', 'events-calendar-pro/events-calendar-pro.php', 'event-tickets/event-tickets.php']);
  });

  it('knows each companion by its plugin file, Community Events under both of its folder names', () => {
    const plugins = toSitePlugins({
      ...NONE,
      activePlugins: list('event-tickets-plus/event-tickets-plus.php', 'the-events-calendar-filterbar/the-events-calendar-filter-view.php', 'events-community/tribe-community-events.php'),
    });
    expect(plugins).toMatchObject({ eventTicketsPlus: true, filterBar: true, communityEvents: true, eventsCalendarPro: false });
    expect(toSitePlugins({ ...NONE, activePlugins: list('the-events-calendar-community-events/tribe-community-events.php') }).communityEvents).toBe(true);
    // Another plugin's file of the same name is not the companion.
    expect(toSitePlugins({ ...NONE, activePlugins: list('my-tickets/event-tickets.php') }).eventTickets).toBeUndefined();
  });

  it("counts Event Aggregator's license key, the site's or the network's, and survives a corrupt option", () => {
    expect(toSitePlugins({ ...NONE, aggregatorLicense: 'abc123' }).eventAggregatorLicensed).toBe(true);
    expect(toSitePlugins({ ...NONE, networkAggregatorLicense: 'abc123' }).eventAggregatorLicensed).toBe(true);
    expect(toSitePlugins({ ...NONE, aggregatorLicense: '' }).eventAggregatorLicensed).toBe(false);
    expect(toSitePlugins({ ...NONE, activePlugins: 'a:1:{i:0;s:99:"broken' }).active).toEqual([]);
  });
});
