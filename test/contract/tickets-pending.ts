/**
 * The captures-tickets cases (fixtures/reference-tickets) the service does not answer identically
 * yet, case id -> the class of gap (what a later helper builds to remove it). A listed case still
 * runs and must still differ, so an entry cannot outlive its gap: a fix must remove it from here.
 * Classes are short names; the comment above each says what the class stands for. The counts per
 * class (pendingSummary) name a test of each contract file, and README's "Companion plugins" lists them.
 */

/** organizers tie on post_date: the plugin's order among them is MariaDB's sort heap under LIMIT 5 (as TEC_V1_INTENDED_DEVIATIONS' TIED_ORDER); likely an intended deviation, not a ticket gap */
const TIED_ORDER = 'tied order';

const COMMERCE = 'tribe/tickets/v1 not served: commerce (coupons, fees, gateways)';
/** the rows Event Tickets' hooks write on an event update (one `_EventCost` per ticket price, tickets' `_ticket_end_date` moved with the start, `_tribe_modified_fields`) */
const EVENT_WRITE_ROWS = 'event writes: ticketed fields and rows';
/** an attendee created for a Tickets Commerce ticket: its manual order (the order post, its status transitions and their timestamped markers) is not built, so it answers rest_no_route, writing nothing */
const ATTENDEE_WRITES = 'tribe/tickets/v1 not served: Tickets Commerce attendee writes';

/** The read cases (`mutates: false`) that differ today. */
export const TICKETS_PENDING: Readonly<Record<string, string>> = {
  'tickets-dev.linked.read.organizers.list': TIED_ORDER,
};

/** The write cases (`mutates: true`) that differ today (answer or rows). */
export const TICKETS_WRITES_PENDING: Readonly<Record<string, string>> = {
  'tickets-dev.commerce.coupon-validate-guest': COMMERCE,
  'tickets-dev.commerce.coupons-create-guest': COMMERCE,
  'tickets-dev.events.write.update-ticketed': EVENT_WRITE_ROWS,
  'tickets-dev.events.write.update-ticketed-editor': EVENT_WRITE_ROWS,
  'tickets-dev.events.write.update-moves-dates': EVENT_WRITE_ROWS,
  'tickets-dev.attendees.write.create-tc': ATTENDEE_WRITES,
};

/**
 * The write cases answered differently on purpose, case id -> why: where Event Tickets answers
 * 500 for bad input, the service answers a 4xx in WordPress's shape (docs/tickets-api.md).
 */
export const TICKETS_WRITE_DEVIATIONS: Readonly<Record<string, string>> = {
  'tickets-dev.attendees.write.update-missing':
    "Event Tickets' invalid-attendee-id WP_Error carries no status, so it answers 500 with `data: null`; a missing attendee is a 404 here, same code and message",
};

/** `class: count` of a pending list, largest first, for test names and the README. */
export function pendingSummary(pending: Readonly<Record<string, string>>): string {
  const counts = new Map<string, number>();
  for (const reason of Object.values(pending)) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([reason, count]) => `${reason}: ${count}`)
    .join('; ');
}
