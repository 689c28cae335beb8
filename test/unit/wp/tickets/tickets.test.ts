import { describe, expect, it } from 'vitest';
import type { EventTicketsSite } from '../../../../src/wp/site/plugins.js';
import type { MetaMap } from '../../../../src/wp/posts/meta.js';
import { toTicket, salePriceString, type TicketRow } from '../../../../src/wp/tickets/ticket.js';
import { hasManageAccess, ticketedFlag, ticketsOfPost, type PostTickets } from '../../../../src/wp/tickets/event-tickets.js';
import { ticketedEventCost } from '../../../../src/wp/tickets/event-cost.js';
import { toTicketOffers } from '../../../../src/wp/tickets/offers.js';
import { RSVP, TICKETS_COMMERCE } from '../../../../src/wp/tickets/providers.js';
import { ANONYMOUS } from '../../../../src/wp/auth/capabilities.js';

/** Event Tickets' rules over a post's tickets, pure (src/wp/tickets/). */

const NOW = new Date('2026-11-28T22:00:00Z');
const CONTEXT = { today: '2026-11-28', now: NOW };
const SITE: EventTicketsSite = {
  version: '5.28.5.1',
  providers: ['rsvp', 'tc'],
  postTypes: ['tribe_events', 'page'],
  qrApiKey: 'key-1',
  qrCheckInHappeningNow: false,
  commerceCurrency: { code: undefined, position: undefined, decimalSeparator: undefined, thousandsSeparator: undefined, decimals: undefined },
  currencyOptions: {},
};
const meta = (entries: Record<string, string>): MetaMap => new Map(Object.entries(entries).map(([key, value]) => [key, [value]]));

function row(id: number, postType: string, menuOrder: number, entries: Record<string, string> = {}): TicketRow {
  return { ID: id, post_type: postType, menu_order: menuOrder, postId: 10, meta: meta({ _price: '0', ...entries }) };
}

const SALE_OBJECT =
  'O:32:"TEC\\Tickets\\Commerce\\Utils\\Value":2:{s:42:"\0Tribe\\Values\\Abstract_Value\0initial_value";s:4:"22.5";s:9:"\0*\0string";s:5:"22.50";}';

describe('toTicket', () => {
  it('a Tickets Commerce ticket sells at its sale price only while the sale runs', () => {
    const sale = { _price: '30', _sale_price_checked: '1', _sale_price: SALE_OBJECT, _sale_price_start_date: '2026-01-01', _sale_price_end_date: '2029-12-31' };
    expect(toTicket(row(1, 'tec_tc_ticket', 0, sale), TICKETS_COMMERCE, { ...CONTEXT, postMeta: new Map() }).price).toBe('22.50');
    const over = { ...sale, _sale_price_end_date: '2025-12-31' };
    expect(toTicket(row(1, 'tec_tc_ticket', 0, over), TICKETS_COMMERCE, { ...CONTEXT, postMeta: new Map() }).price).toBe('30');
    expect(toTicket(row(1, 'tec_tc_ticket', 0, { ...sale, _sale_price_checked: '' }), TICKETS_COMMERCE, { ...CONTEXT, postMeta: new Map() }).price).toBe('30');
  });

  it('reads a stored sale price that is a bare number with two decimals', () => {
    expect(salePriceString('7.5')).toBe('7.50');
  });

  it('counts no stock for unlimited or unmanaged tickets, never below 0, and no more than a shared pool', () => {
    const ctx = { ...CONTEXT, postMeta: meta({ _tribe_ticket_global_stock_level: '3' }) };
    const stock = (entries: Record<string, string>, provider = TICKETS_COMMERCE) => toTicket(row(1, provider.ticketPostType, 0, entries), provider, ctx).stock;
    expect(stock({ _manage_stock: 'no', _tribe_ticket_capacity: '-1' })).toBe(-1);
    expect(stock({ _manage_stock: 'yes', _tribe_ticket_capacity: '-1', _stock: '9' })).toBe(-1);
    expect(stock({ _manage_stock: 'yes', _tribe_ticket_capacity: '10', _stock: '-2' })).toBe(0);
    expect(stock({ _manage_stock: 'yes', _tribe_ticket_capacity: '30', _stock: '29', _global_stock_mode: 'global' })).toBe(3);
    expect(stock({ _manage_stock: 'yes', _tribe_ticket_capacity: '30', _stock: '29', _global_stock_mode: 'own' })).toBe(29);
    // RSVP tickets draw on their own stock whatever the meta says.
    expect(stock({ _manage_stock: 'yes', _tribe_ticket_capacity: '30', _stock: '29', _global_stock_mode: 'global' }, RSVP)).toBe(29);
  });

  it("keeps an RSVP sale window's dates, a Tickets Commerce one's as stored", () => {
    const rsvp = toTicket(row(1, RSVP.ticketPostType, 0, { _ticket_start_date: '2025-01-01 08:00:00', _ticket_end_date: '2025-12-31 20:00:00' }), RSVP, { ...CONTEXT, postMeta: new Map() });
    expect([rsvp.startDate, rsvp.endDate]).toEqual(['2025-01-01', '2025-12-31']);
  });
});

describe('ticketsOfPost and ticketedFlag', () => {
  const rows = [row(3, 'tribe_rsvp_tickets', 0), row(2, 'tec_tc_ticket', 1), row(1, 'tec_tc_ticket', 0)];

  it("lists Tickets Commerce's tickets before RSVP's, each by menu order", () => {
    expect(ticketsOfPost(rows, new Map(), SITE, CONTEXT).map((ticket) => ticket.id)).toEqual([1, 2, 3]);
  });

  it("hides a provider's tickets on a post whose ticket provider is another (RSVP's never)", () => {
    const rsvpPost = meta({ _tribe_default_ticket_provider: 'Tribe__Tickets__RSVP' });
    expect(ticketsOfPost(rows, rsvpPost, SITE, CONTEXT).map((ticket) => ticket.id)).toEqual([3]);
    // A site without Tickets Commerce reads only RSVP.
    expect(ticketsOfPost(rows, new Map(), { ...SITE, providers: ['rsvp'] }, CONTEXT).map((ticket) => ticket.id)).toEqual([3]);
  });

  it('flags providers as array_unique leaves them: a gap makes an object', () => {
    const post: PostTickets = { postType: 'tribe_events', meta: new Map(), tickets: ticketsOfPost(rows, new Map(), SITE, CONTEXT) };
    expect(ticketedFlag(post, SITE)).toEqual({ 0: 'tc', 2: 'rsvp' });
    expect(ticketedFlag({ ...post, tickets: post.tickets.slice(1) }, SITE)).toEqual(['tc', 'rsvp']);
    expect(ticketedFlag({ ...post, tickets: [] }, SITE)).toBe(false);
    expect(ticketedFlag({ ...post, postType: 'post' }, SITE)).toBe(false);
  });
});

describe('hasManageAccess', () => {
  it('takes administrators, attendee managers and the QR key, nothing else', () => {
    const viewer = (...caps: string[]) => ({ userId: 2, capabilities: new Set(caps) });
    expect(hasManageAccess(viewer('edit_users'), undefined, SITE)).toBe(true);
    expect(hasManageAccess(viewer('tribe_manage_attendees'), undefined, SITE)).toBe(true);
    expect(hasManageAccess(viewer('edit_others_posts'), undefined, SITE)).toBe(false);
    expect(hasManageAccess(ANONYMOUS, 'key-1', SITE)).toBe(true);
    expect(hasManageAccess(ANONYMOUS, 'key-2', SITE)).toBe(false);
    expect(hasManageAccess(ANONYMOUS, '', { ...SITE, qrApiKey: '' })).toBe(false);
  });
});

describe('ticketedEventCost', () => {
  const tec = { defaultCurrencySymbol: '$', reverseCurrencyPosition: false };
  const post = (tickets: PostTickets['tickets'], entries: Record<string, string> = {}): PostTickets => ({ postType: 'tribe_events', meta: meta(entries), tickets });
  const tc = ticketsOfPost([row(1, 'tec_tc_ticket', 0, { _price: '40' })], new Map(), SITE, CONTEXT);
  const rsvp = ticketsOfPost([row(3, 'tribe_rsvp_tickets', 0)], new Map(), SITE, CONTEXT);

  it("writes a ticketed post's numeric costs in the first ticket's currency, with Tickets Commerce's symbol", () => {
    expect(ticketedEventCost({ costRows: ['5 - 25'] }, post(tc), SITE, tec)).toBe('&#x24;5.00 – &#x24;25.00');
    expect(ticketedEventCost({ costRows: ['5 - 25'], currencySymbol: '€', currencyPosition: 'suffix' }, post(tc), SITE, tec)).toBe('&#x24;5.00 – &#x24;25.00');
  });

  it("gives a post without tickets the provider's symbol only where it stores none, and TEC's numbers", () => {
    expect(ticketedEventCost({ costRows: ['25'] }, post([]), SITE, tec)).toBe('&#x24;25');
    expect(ticketedEventCost({ costRows: ['25'], currencySymbol: '€' }, post([]), SITE, tec)).toBe('€25');
    // Where RSVP is the only provider, its symbol is TEC's own.
    expect(ticketedEventCost({ costRows: ['25'] }, post([]), { ...SITE, providers: ['rsvp'] }, tec)).toBe('$25');
  });

  it('says Free for a post with an RSVP and no cost, nothing for one with only paid tickets', () => {
    expect(ticketedEventCost({ costRows: [] }, post(rsvp), SITE, tec)).toBe('Free');
    expect(ticketedEventCost({ costRows: [] }, post(tc), SITE, tec)).toBe('');
  });

  it("follows Tickets Commerce's currency settings (code, position)", () => {
    const euro = { ...SITE, commerceCurrency: { ...SITE.commerceCurrency, code: 'EUR', position: 'postfix' } };
    expect(ticketedEventCost({ costRows: ['1000'] }, post(tc), euro, tec)).toBe('1.000,00&#8364;');
  });
});

describe('toTicketOffers', () => {
  it('one offer per ticket: availability by what is left, the sale window at midnight UTC', () => {
    const tickets = ticketsOfPost(
      [
        row(1, 'tec_tc_ticket', 0, { _price: '40', _manage_stock: 'yes', _tribe_ticket_capacity: '1', _stock: '0', _ticket_start_date: '2026-01-01', _ticket_end_date: '2029-12-31' }),
        row(2, 'tec_tc_ticket', 1, { _price: '12.5', _manage_stock: 'yes', _tribe_ticket_capacity: '10', _stock: '5' }),
        row(3, 'tribe_rsvp_tickets', 0, { _manage_stock: 'no', _tribe_ticket_capacity: '-1' }),
      ],
      new Map(),
      SITE,
      CONTEXT,
    );
    const offers = toTicketOffers(tickets, 'https://example.test/event/x/', SITE, NOW);
    expect(offers.map((offer) => [offer.price, offer.availability])).toEqual([['40', 'SoldOut'], ['12.5', 'LimitedAvailability'], ['0', 'InStock']]);
    expect(offers[0]).toEqual({
      '@type': 'Offer',
      url: 'https://example.test/event/x/',
      price: '40',
      category: 'primary',
      availability: 'SoldOut',
      priceCurrency: 'USD',
      validFrom: '2026-01-01T00:00:00+00:00',
      validThrough: '2029-12-31T00:00:00+00:00',
    });
    expect(offers[1]).not.toHaveProperty('validFrom');
  });
});
