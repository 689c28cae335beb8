import { describe, expect, it } from 'vitest';
import type { PostRow } from '../../../../src/wp/posts/posts.repository.js';
import { toTicketBody, withEditorFields, type TicketSource } from '../../../../src/resources/tickets-v1/ticket.mapper.js';

/** get_ticket_data's managers' counts and the block editor's fields, from hand-made rows (Event Tickets 5.28.5.1). */

const post = {
  ID: 7,
  post_author: 1,
  post_date: '2026-01-02 03:04:05',
  post_date_gmt: '2026-01-02 03:04:05',
  post_modified: '2026-01-02 03:04:05',
  post_modified_gmt: '2026-01-02 03:04:05',
  post_status: 'publish',
  post_title: 'Door',
  post_excerpt: 'At the door.',
} as unknown as PostRow;

function source(provider: 'rsvp' | 'tc', meta: Record<string, string>, attendees: unknown[], manager?: { pending: number }): TicketSource {
  return {
    post,
    meta: new Map(Object.entries(meta).map(([key, value]) => [key, [value]])),
    provider,
    parent: { ID: 3, meta: new Map() },
    globalId: 'g',
    lineage: ['g'],
    currency: { symbol: '$', position: 'prefix', decimalPoint: '.', thousandsSep: ',', decimals: 2 },
    siteZone: 'UTC',
    now: new Date('2026-06-01T00:00:00Z'),
    restUrl: 'http://x/wp-json/tribe/tickets/v1/tickets/7',
    attendees,
    ...(manager ? { manager } : {}),
  };
}

describe('toTicketBody for a manager', () => {
  const rsvp = { _manage_stock: 'yes', _tribe_ticket_capacity: '10', _stock: '7', total_sales: '3', _ticket_start_date: '2026-01-01 08:30:00' };

  it('adds the capacity totals, RSVP going counts and check-in percentages (rounded up) after the attendees', () => {
    const attendees = [
      { rsvp_going: true, checked_in: true },
      { rsvp_going: true, checked_in: false },
      { rsvp_going: false, checked_in: false },
    ];
    const body = toTicketBody(source('rsvp', rsvp, attendees, { pending: 0 }));
    expect(body.capacity_details).toEqual({ available_percentage: 70, available: 7, max: 10, sold: 3, pending: 0, global_stock_mode: 'own' });
    expect(body.rsvp).toEqual({ rsvp_going: 2, rsvp_not_going: 1 });
    expect(body.checkin).toEqual({ checked_in: 1, unchecked_in: 2, checked_in_percentage: 34, unchecked_in_percentage: 66 });
    const keys = Object.keys(body);
    expect(keys.slice(keys.indexOf('attendees'))).toEqual(['attendees', 'rsvp', 'checkin', 'rest_url']);
  });

  it('gives no RSVP counts for Tickets Commerce, and 100% checked in without attendees', () => {
    const body = toTicketBody(source('tc', { _price: '5', _manage_stock: 'no' }, [], { pending: 2 }));
    expect(body).not.toHaveProperty('rsvp');
    expect(body.checkin).toEqual({ checked_in: 0, unchecked_in: 0, checked_in_percentage: 100, unchecked_in_percentage: 0 });
    expect(body.capacity_details).toEqual({ available_percentage: 100, available: -1, max: 0, sold: 0, pending: 2, global_stock_mode: '' });
  });

  it('leaves a reader without manage access the two capacity details and no counts', () => {
    const body = toTicketBody(source('rsvp', rsvp, []));
    expect(body.capacity_details).toEqual({ available_percentage: 70, available: 7 });
    expect(body).not.toHaveProperty('checkin');
  });

  it('writes `default` for a ticket with no stored type', () => {
    expect(toTicketBody(source('rsvp', rsvp, [])).type).toBe('default');
  });
});

describe('withEditorFields', () => {
  it('RSVP: no SKU (null), the sale times of the stored date-times, totals from the stock and sales rows', () => {
    const s = source('rsvp', { _manage_stock: 'yes', _tribe_ticket_capacity: '10', _stock: '7', total_sales: '3', _ticket_start_date: '2026-01-01 08:30:00' }, []);
    const body = withEditorFields(s, toTicketBody(s));
    expect(body).toMatchObject({ capacity_type: 'own', sku: null, available_from_start_time: '08:30:00', available_from_end_time: null, totals: { stock: 7, sold: 3, pending: 0 } });
  });

  it('Tickets Commerce: `unlimited` for unlimited stock or no stock mode, its SKU and time rows as stored', () => {
    const s = source('tc', { _price: '5', _manage_stock: 'no', _sku: 'S-1', _ticket_start_time: '10:00:00', _global_stock_mode: 'own' }, []);
    const body = withEditorFields(s, toTicketBody(s));
    expect(body).toMatchObject({ capacity_type: 'unlimited', sku: 'S-1', available_from_start_time: '10:00:00', available_from_end_time: '' });
    const capped = source('tc', { _price: '5', _manage_stock: 'yes', _tribe_ticket_capacity: '4', _stock: '4', _global_stock_mode: 'capped' }, []);
    expect(withEditorFields(capped, toTicketBody(capped)).capacity_type).toBe('capped');
  });
});
