import type { Database as WasmDatabase } from 'node-sqlite3-wasm';
import { OptionName } from '../wp/constants.js';
import { phpSerialize } from '../wp/php/php-values.js';
import { EventTicketsOption, PluginFiles } from '../wp/site/plugins.js';
import { RSVP_ATTENDEES, RSVP_STATUS_KEY, TC_ATTENDEES } from '../wp/tickets/attendee-kinds.js';
import { RSVP, TICKETS_COMMERCE, TicketMeta } from '../wp/tickets/providers.js';

/*
 * Event Tickets on the demo site: the plugin active with Tickets Commerce on (US dollars), and a
 * few events selling an RSVP and a paid ticket with some attendees, stored as Event Tickets
 * 5.28.5.1 stores them (the rows of the recorded ticketed site, fixtures/reference-tickets), so a
 * newcomer sees ticketed answers: events' `ticketed`, `cost` and JSON-LD offers, `tec/v1` tickets
 * and `tribe/tickets/v1`. Their sale windows run from a month before the demo's day to three years after.
 */

/** The demo's ticketed events (the recorded ticketed site sold for the same three). */
export const DEMO_TICKETED_EVENTS: readonly number[] = [37, 102, 129];

const EVENT_TICKETS_VERSION = '5.28.5.1';

interface DemoTicket {
  title: string;
  price: string;
  capacity: number;
  attendees: readonly string[];
}

/** Per event: the free RSVP, then the paid ticket, and who holds one of each. */
const TICKETS_OF_EVENT: readonly { rsvp: DemoTicket; paid: DemoTicket }[] = [
  { rsvp: { title: 'Free RSVP', price: '0', capacity: 50, attendees: ['Ada Going', 'Ben Going'] }, paid: { title: 'Standard Admission', price: '25', capacity: 100, attendees: ['Eve Buyer'] } },
  { rsvp: { title: 'Guest List', price: '0', capacity: 20, attendees: ['Cy Guest'] }, paid: { title: 'Early Bird', price: '15', capacity: 40, attendees: ['Dee Early', 'Flo Early'] } },
  { rsvp: { title: 'RSVP', price: '0', capacity: 30, attendees: [] }, paid: { title: 'VIP', price: '45', capacity: 10, attendees: ['Gus Vip'] } },
];

type Row = Record<string, string | number>;

/** `Y-m-d H:i:s` of `date`, UTC (the demo site's zone). */
function wallTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Switches Event Tickets on in the demo's options and adds the tickets and attendees. `now` is
 * the demo's day: posts are dated a day before it, sales open a month before it.
 */
export function addDemoTickets(database: WasmDatabase, prefix: string, now: Date): void {
  const posted = wallTime(new Date(now.getTime() - 86_400_000));
  const saleStart = new Date(now.getTime() - 30 * 86_400_000);
  const saleEnd = new Date(now.getTime() + 3 * 365 * 86_400_000);
  activateEventTickets(database, prefix);
  const home = (database.get(`select option_value from ${prefix}options where option_name = ?`, [OptionName.home]) as Row | null)?.option_value;
  const host = URL.canParse(String(home)) ? new URL(String(home)).hostname : 'localhost';

  const insertPost = (postType: string, title: string, parent = 0): number => {
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    database.run(
      `insert into ${prefix}posts (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, comment_status, ping_status,
         post_password, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_parent, guid, menu_order, post_type, post_mime_type, comment_count)
       values (1, ?, ?, '', ?, '', 'publish', 'closed', 'closed', '', ?, '', '', ?, ?, '', ?, '', 0, ?, '', 0)`,
      [posted, posted, title, slug, posted, posted, parent, postType],
    );
    const id = Number((database.get('select last_insert_rowid() as id') as Row).id);
    database.run(`update ${prefix}posts set guid = ? where ID = ?`, [`http://127.0.0.1:8080/?post_type=${postType}&#038;p=${id}`, id]);
    return id;
  };
  // Tribe__Tickets__Global_ID: `{site host}?type={provider or attendee}&id={ID}`, with its lineage.
  const addMeta = (postId: number, meta: Readonly<Record<string, string>>, globalType: string): void => {
    const globalId = `${host}?type=${globalType}&id=${postId}`;
    const rows = { ...meta, _tribe_global_id: globalId, _tribe_global_id_lineage: phpSerialize([globalId]) };
    for (const [key, value] of Object.entries(rows)) {
      database.run(`insert into ${prefix}postmeta (post_id, meta_key, meta_value) values (?, ?, ?)`, [postId, key, value]);
    }
  };
  const code = (id: number) => `demo${String(id).padStart(6, '0')}`;

  DEMO_TICKETED_EVENTS.forEach((eventId, index) => {
    const { rsvp, paid } = TICKETS_OF_EVENT[index]!;
    const rsvpId = insertPost(RSVP.ticketPostType, rsvp.title);
    addMeta(rsvpId, {
      [RSVP.ticketEventKey]: String(eventId),
      _tribe_ticket_show_description: 'yes',
      [TicketMeta.price]: rsvp.price,
      [TicketMeta.manageStock]: 'yes',
      [TicketMeta.stock]: String(rsvp.capacity - rsvp.attendees.length),
      [TicketMeta.capacity]: String(rsvp.capacity),
      _tribe_ticket_show_not_going: '1',
      [TicketMeta.startDate]: wallTime(saleStart),
      [TicketMeta.endDate]: wallTime(saleEnd),
      _tribe_ticket_version: EVENT_TICKETS_VERSION,
      _type: 'default',
      total_sales: String(rsvp.attendees.length),
    }, RSVP.slug);
    const paidId = insertPost(TICKETS_COMMERCE.ticketPostType, paid.title);
    addMeta(paidId, {
      _type: 'default',
      [TICKETS_COMMERCE.ticketEventKey]: String(eventId),
      _tribe_ticket_show_description: 'yes',
      [TicketMeta.price]: paid.price,
      [TicketMeta.manageStock]: 'yes',
      [TicketMeta.stock]: String(paid.capacity - paid.attendees.length),
      [TicketMeta.capacity]: String(paid.capacity),
      [TicketMeta.startDate]: wallTime(saleStart).slice(0, 10),
      _ticket_start_time: '00:00:00',
      [TicketMeta.endDate]: wallTime(saleEnd).slice(0, 10),
      _ticket_end_time: '23:59:00',
      _sku: `DEMO-${eventId}`,
      [TicketMeta.globalStockMode]: 'own',
      _stock_status: 'instock',
      _backorders: 'no',
      _tribe_ticket_version: EVENT_TICKETS_VERSION,
      total_sales: String(paid.attendees.length),
      '_tec_tc_ticket_status_count:completed': String(paid.attendees.length),
    }, TICKETS_COMMERCE.slug);
    for (const name of rsvp.attendees) {
      const id = insertPost(RSVP.attendeePostType, name);
      addMeta(id, {
        [RSVP_ATTENDEES.fullNameKey]: name,
        [RSVP_ATTENDEES.emailKey]: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
        [RSVP.attendeeTicketKey]: String(rsvpId),
        [RSVP.attendeeEventKey]: String(eventId),
        _tribe_rsvp_order: code(id),
        [RSVP_STATUS_KEY]: 'yes',
        [RSVP_ATTENDEES.optoutKey]: '0',
        attendee_source: 'admin',
        [RSVP_ATTENDEES.securityCodeKey]: code(id),
      }, 'attendee');
    }
    for (const name of paid.attendees) {
      const id = insertPost(TICKETS_COMMERCE.attendeePostType, name);
      addMeta(id, {
        [TICKETS_COMMERCE.attendeeTicketKey]: String(paidId),
        [TICKETS_COMMERCE.attendeeEventKey]: String(eventId),
        [TC_ATTENDEES.securityCodeKey]: code(id),
        [TC_ATTENDEES.optoutKey]: '',
        [TC_ATTENDEES.pricePaidKey]: paid.price,
        [TC_ATTENDEES.currencyKey]: 'USD',
        [TC_ATTENDEES.emailKey]: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
        [TC_ATTENDEES.fullNameKey]: name,
      }, 'attendee');
    }
  });
}

/**
 * Adds Event Tickets to `active_plugins` and its settings to TEC's options row (Tickets Commerce
 * on, its version, US dollars), each serialized array extended in place so every other setting
 * keeps its bytes.
 */
function activateEventTickets(database: WasmDatabase, prefix: string): void {
  const option = (name: string) => (database.get(`select option_value from ${prefix}options where option_name = ?`, [name]) as Row | null)?.option_value;
  const set = (name: string, value: string) => database.run(`update ${prefix}options set option_value = ? where option_name = ?`, [value, name]);
  const plugins = String(option(OptionName.activePlugins) ?? 'a:0:{}');
  const pluginCount = Number(/^a:(\d+):/.exec(plugins)?.[1] ?? 0);
  set(OptionName.activePlugins, appendEntries(plugins, [[pluginCount, PluginFiles.eventTickets[0]!]]));
  const tecOptions = String(option(OptionName.tecOptions) ?? 'a:0:{}');
  set(
    OptionName.tecOptions,
    appendEntries(tecOptions, [
      [EventTicketsOption.ticketsCommerceEnabled, true],
      [EventTicketsOption.latestVersion, EVENT_TICKETS_VERSION],
      [EventTicketsOption.currencyCode, 'USD'],
    ]),
  );
}

/** A serialized PHP array with entries added at its end (`a:2:{...}` becomes `a:3:{...}`). */
function appendEntries(serialized: string, entries: readonly [string | number, unknown][]): string {
  const match = /^a:(\d+):\{([\s\S]*)\}$/.exec(serialized);
  if (!match) throw new Error('The demo options are not serialized PHP arrays');
  const added = entries.map(([key, value]) => phpSerialize(key) + phpSerialize(value)).join('');
  return `a:${Number(match[1]) + entries.length}:{${match[2]}${added}}`;
}
