/**
 * The captures-tickets cases (fixtures/reference-tickets) the service does not answer identically
 * yet, case id -> the class of gap (what a later helper builds to remove it). A listed case still
 * runs and must still differ, so an entry cannot outlive its gap: a fix must remove it from here.
 * Classes are short names; the comment above each says what the class stands for. The counts per
 * class (pendingSummary) name a test of each contract file, and README's "Companion plugins" lists them.
 */

/** organizers tie on post_date: the plugin's order among them is MariaDB's sort heap under LIMIT 5 (as TEC_V1_INTENDED_DEVIATIONS' TIED_ORDER); likely an intended deviation, not a ticket gap */
const TIED_ORDER = 'tied order';
const ATTENDEES = 'tribe/tickets/v1 not served: attendees';

const QR = 'tribe/tickets/v1 not served: QR check-in';
const COMMERCE = 'tribe/tickets/v1 not served: commerce (coupons, fees, gateways)';
/** the tec/v1 index and /docs lack Event Tickets' routes, tag and schemas */
const TEC_V1_INDEX_DOCS = 'tec/v1 index and /docs without tickets';
/** the rows Event Tickets' hooks write on an event update (one `_EventCost` per ticket price, tickets' `_ticket_end_date` moved with the start, `_tribe_modified_fields`) */
const EVENT_WRITE_ROWS = 'event writes: ticketed fields and rows';
/** the block editor's ticket writes (their nonces were made for the recording day: regenerate them to replay) */
const TICKET_WRITES = 'tribe/tickets/v1 not served: ticket writes';
const ATTENDEE_WRITES = 'tribe/tickets/v1 not served: attendee writes';
const TEC_V1_TICKET_WRITES = 'tec/v1 tickets not served: writes';

/** The read cases (`mutates: false`) that differ today. */
export const TICKETS_PENDING: Readonly<Record<string, string>> = {
  'tickets-dev.linked.read.organizers.list': TIED_ORDER,
  'tickets-dev.attendees.read.archive.default-none': ATTENDEES,
  'tickets-dev.attendees.read.archive.default-subscriber': ATTENDEES,
  'tickets-dev.attendees.read.archive.default-editor': ATTENDEES,
  'tickets-dev.attendees.read.archive.default-admin': ATTENDEES,
  'tickets-dev.attendees.read.archive.default-author': ATTENDEES,
  'tickets-dev.attendees.read.archive.all-admin': ATTENDEES,
  'tickets-dev.attendees.read.archive.post-id': ATTENDEES,
  'tickets-dev.attendees.read.archive.post-id-admin': ATTENDEES,
  'tickets-dev.attendees.read.archive.ticket-id': ATTENDEES,
  'tickets-dev.attendees.read.archive.ticket-id-not-ticket': ATTENDEES,
  'tickets-dev.attendees.read.archive.include-post': ATTENDEES,
  'tickets-dev.attendees.read.archive.exclude-post': ATTENDEES,
  'tickets-dev.attendees.read.archive.include-ticket': ATTENDEES,
  'tickets-dev.attendees.read.archive.exclude-ticket': ATTENDEES,
  'tickets-dev.attendees.read.archive.provider-rsvp': ATTENDEES,
  'tickets-dev.attendees.read.archive.provider-tc': ATTENDEES,
  'tickets-dev.attendees.read.archive.provider-bogus': ATTENDEES,
  'tickets-dev.attendees.read.archive.order-status-yes': ATTENDEES,
  'tickets-dev.attendees.read.archive.order-status-no': ATTENDEES,
  'tickets-dev.attendees.read.archive.checkedin-true': ATTENDEES,
  'tickets-dev.attendees.read.archive.checkedin-false': ATTENDEES,
  'tickets-dev.attendees.read.archive.rsvp-going-no': ATTENDEES,
  'tickets-dev.attendees.read.archive.price-min': ATTENDEES,
  'tickets-dev.attendees.read.archive.name': ATTENDEES,
  'tickets-dev.attendees.read.archive.name-guest': ATTENDEES,
  'tickets-dev.attendees.read.archive.email': ATTENDEES,
  'tickets-dev.attendees.read.archive.after': ATTENDEES,
  'tickets-dev.attendees.read.archive.before': ATTENDEES,
  'tickets-dev.attendees.read.archive.include': ATTENDEES,
  'tickets-dev.attendees.read.archive.exclude': ATTENDEES,
  'tickets-dev.attendees.read.archive.pp3': ATTENDEES,
  'tickets-dev.attendees.read.archive.pp3-p2': ATTENDEES,
  'tickets-dev.attendees.read.archive.pp3-beyond': ATTENDEES,
  'tickets-dev.attendees.read.archive.orderby-title': ATTENDEES,
  'tickets-dev.attendees.read.archive.orderby-date-desc': ATTENDEES,
  'tickets-dev.attendees.read.archive.offset': ATTENDEES,
  'tickets-dev.attendees.read.archive.post-status-draft': ATTENDEES,
  'tickets-dev.attendees.read.archive.api-key': ATTENDEES,
  'tickets-dev.tickets.qr.get-checked': QR,
  'tickets-dev.tickets.qr.get-unchecked': QR,
  'tickets-dev.tickets.qr.get-ticket-id': QR,
  'tickets-dev.tickets.qr.get-missing': QR,
  'tickets-dev.tickets.qr.get-admin': QR,
  'tickets-dev.tickets.qr.checkin-missing-args': QR,
  'tickets-dev.tickets.qr.checkin-wrong-key': QR,
  'tickets-dev.tickets.qr.checkin-wrong-code': QR,
  'tickets-dev.tickets.qr.checkin-already': QR,
  'tickets-dev.tecv1.docs.docs': TEC_V1_INDEX_DOCS,
  'tickets-dev.tecv1.docs.docs-admin': TEC_V1_INDEX_DOCS,
};

/** The write cases (`mutates: true`) that differ today (answer or rows). */
export const TICKETS_WRITES_PENDING: Readonly<Record<string, string>> = {
  'tickets-dev.tickets.qr.checkin-ok': QR,
  'tickets-dev.tickets.qr.checkin-not-going': QR,
  'tickets-dev.commerce.coupon-validate-guest': COMMERCE,
  'tickets-dev.commerce.coupons-create-guest': COMMERCE,
  'tickets-dev.events.write.update-ticketed': EVENT_WRITE_ROWS,
  'tickets-dev.events.write.update-ticketed-editor': EVENT_WRITE_ROWS,
  'tickets-dev.events.write.update-moves-dates': EVENT_WRITE_ROWS,
  'tickets-dev.tickets.write.create-rsvp': TICKET_WRITES,
  'tickets-dev.tickets.write.create-tc': TICKET_WRITES,
  'tickets-dev.tickets.write.create-tc-bad-price': TICKET_WRITES,
  'tickets-dev.tickets.write.create-bad-nonce': TICKET_WRITES,
  'tickets-dev.tickets.write.create-guest': TICKET_WRITES,
  'tickets-dev.tickets.write.create-json': TICKET_WRITES,
  'tickets-dev.tickets.write.create-bogus-provider': TICKET_WRITES,
  'tickets-dev.tickets.write.update': TICKET_WRITES,
  'tickets-dev.tickets.write.update-missing-nonce': TICKET_WRITES,
  'tickets-dev.tickets.write.update-bad-nonce': TICKET_WRITES,
  'tickets-dev.tickets.write.delete': TICKET_WRITES,
  'tickets-dev.tickets.write.delete-no-body': TICKET_WRITES,
  'tickets-dev.tickets.write.delete-missing': TICKET_WRITES,
  'tickets-dev.tickets.write.delete-guest': TICKET_WRITES,
  'tickets-dev.attendees.write.create-guest': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.create-editor': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.create-rsvp': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.create-tc': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.create-bad-status': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.create-bad-email': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.create-not-ticket': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.checkin': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.checkin-already': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.checkout': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.update-missing': ATTENDEE_WRITES,
  'tickets-dev.attendees.write.update-status': ATTENDEE_WRITES,
  'tickets-dev.tecv1.tickets.write.create-contributor': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.create-author': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.create-editor': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.create-admin': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.create-no-event': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.create-post-event': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.create-missing-event': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.create-sale': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.create-page': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.create-status-draft': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.update-editor': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.update-admin': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.update-move-event': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.update-rsvp': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.update-sale': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.delete-admin': TEC_V1_TICKET_WRITES,
  'tickets-dev.tecv1.tickets.write.delete-force': TEC_V1_TICKET_WRITES,
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
