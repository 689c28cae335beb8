import { describe, expect, it } from 'vitest';
import { commerceStockHandling, statusFlags } from '../../../../src/wp/tickets/commerce-order-status.js';

describe("Tickets Commerce's order status flags", () => {
  it('the stock-handling status gains generate_attendees (before send_email, else last) and decrease_stock (last)', () => {
    expect(statusFlags('pending', 'pending')).toEqual(['backfill_purchaser', 'count_attendee', 'count_incomplete', 'count_sales', 'generate_attendees', 'decrease_stock']);
    const completed = statusFlags('completed', 'completed');
    expect(completed.indexOf('generate_attendees')).toBe(completed.indexOf('send_email') - 1);
    expect(completed.at(-1)).toBe('decrease_stock');
    expect(statusFlags('completed', 'pending')).not.toContain('generate_attendees');
  });

  it("reads the stock-handling option as get_inventory_decrease_status: pending unless it names another status; one this service never walks to is undefined", () => {
    expect(commerceStockHandling(undefined)).toBe('pending');
    expect(commerceStockHandling('banana')).toBe('pending');
    expect(commerceStockHandling('completed')).toBe('completed');
    expect(commerceStockHandling('approved')).toBeUndefined();
  });
});
