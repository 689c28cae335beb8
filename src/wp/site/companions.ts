import type { Db } from '../../db/create-db.js';
import { countAggregatorRecords } from './aggregator-records.repository.js';
import { selectSitePlugins, type SitePlugins } from './plugins.js';

/**
 * The plugins of TEC's family whose answers the service does not (or not yet) give, named with
 * what a client sees differ, so a site that runs one never gets a silently different answer:
 * doctor prints one check each, the start log one warning each (docs/companion-plugins.md).
 */

export type CompanionId = 'event-tickets' | 'events-calendar-pro' | 'event-tickets-plus' | 'filter-bar' | 'community-events' | 'event-aggregator';

export interface CompanionNotice {
  id: CompanionId;
  /** One line: the companion, that it is active, and what differs for clients. */
  line: string;
}

/** What the service knows of the site's companions: its plugin set and Event Aggregator's import records. */
export interface CompanionFacts {
  plugins: SitePlugins;
  /** Event Aggregator import records (`tribe-ea-record` posts) on the site. */
  aggregatorRecords: number;
}

/** Every companion active on the site, in a fixed order, each with its line (pure). */
export function companionNotices({ plugins, aggregatorRecords }: CompanionFacts): CompanionNotice[] {
  const notices: CompanionNotice[] = [];
  const tickets = plugins.eventTickets;
  if (tickets) {
    const version = tickets.version === undefined ? '' : ` ${tickets.version}`;
    const providers = tickets.providers.map((provider) => (provider === 'rsvp' ? 'RSVP' : 'Tickets Commerce')).join(', ');
    notices.push({
      id: 'event-tickets',
      line:
        `Event Tickets${version} active (${providers}): served as the plugin answers: events' \`ticketed\`, \`attendance\`, costs and offers, ` +
        "the ticket rows event writes change, tec/v1's tickets, tribe/tickets/v1's tickets, attendees, QR check-in, cart and coupon validation; " +
        'Tickets Commerce checkout (gateway orders, coupons applied or created, fees), Tickets Commerce attendees made through the API, ' +
        "ticket types other than the default and currencies other than the dollar in tribe/tickets/v1 are not served yet: those answers differ from the plugin's",
    });
  }
  if (plugins.eventsCalendarPro) {
    notices.push({
      id: 'events-calendar-pro',
      line: "Events Calendar Pro active: recurring events' occurrences, the geolocation filters and additional fields are not served: those answers differ from the plugin's (venue coordinates are)",
    });
  }
  if (plugins.eventTicketsPlus) {
    notices.push({
      id: 'event-tickets-plus',
      line: "Event Tickets Plus active: its providers (WooCommerce, Easy Digital Downloads), attendee information fields and its additions to Event Tickets' answers are not served: those answers differ from the plugin's",
    });
  }
  if (plugins.filterBar) {
    notices.push({
      id: 'filter-bar',
      line: "Filter Bar active: its filters belong to TEC's calendar views (tribe/views/v2), which the service does not serve; route those to WordPress",
    });
  }
  if (plugins.communityEvents) {
    notices.push({
      id: 'community-events',
      line: 'Community Events active: its submission and editing pages are not served (route them to WordPress); events it creates are served as TEC stores them',
    });
  }
  if (plugins.eventAggregatorLicensed || aggregatorRecords > 0) {
    const signs = [
      ...(plugins.eventAggregatorLicensed ? ['a license key'] : []),
      ...(aggregatorRecords > 0 ? [`${aggregatorRecords} import record${aggregatorRecords === 1 ? '' : 's'}`] : []),
    ];
    notices.push({
      id: 'event-aggregator',
      line: `Event Aggregator in use (${signs.join(', ')}): its tribe/event-aggregator/v1 routes, which its import service calls back, are not served (route them to WordPress); imported events are served as TEC stores them`,
    });
  }
  return notices;
}

/** Reads the facts companionNotices needs. Throws when the database cannot be read. */
export async function selectCompanionFacts(db: Db, network: boolean): Promise<CompanionFacts> {
  const [plugins, aggregatorRecords] = await Promise.all([selectSitePlugins(db, network), countAggregatorRecords(db)]);
  return { plugins, aggregatorRecords };
}
