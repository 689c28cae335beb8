/**
 * The captures-tickets cases (fixtures/reference-tickets) the service does not answer identically
 * yet, case id -> the class of gap (what a later helper builds to remove it). A listed case still
 * runs and must still differ, so an entry cannot outlive its gap: a fix must remove it from here.
 * Classes are short names; the comment above each says what the class stands for. The counts per
 * class (pendingSummary) name a test of each contract file, and README's "Companion plugins" lists them.
 */

/** organizers tie on post_date: the plugin's order among them is MariaDB's sort heap under LIMIT 5 (as TEC_V1_INTENDED_DEVIATIONS' TIED_ORDER); likely an intended deviation, not a ticket gap */
const TIED_ORDER = 'tied order';
const TICKETS = 'tribe/tickets/v1 not served: tickets';
const ATTENDEES = 'tribe/tickets/v1 not served: attendees';
/** GET /tickets/{id} is served to readers without manage access; these parts answer rest_no_route (in progress) */
const TICKET_GUEST_ATTENDEES = 'tribe/tickets/v1 ticket: attendees a post lists (shortcode, block)';
const TICKET_MANAGERS = 'tribe/tickets/v1 ticket: managers\' fields (capacity totals, attendees, check-in, fees)';
const TICKET_EDITORS = 'tribe/tickets/v1 ticket: the block editor\'s fields';
/** Event Tickets builds a ticket answer from an attendee's ID (find_matching_event takes attendees) */
const TICKET_FROM_ATTENDEE = 'tribe/tickets/v1 ticket: an attendee read as a ticket';

const QR = 'tribe/tickets/v1 not served: QR check-in';
/** the tec/v1 index and /docs lack Event Tickets' routes, tag and schemas */
const TEC_V1_INDEX_DOCS = 'tec/v1 index and /docs without tickets';
/** the block editor's ticket writes (their nonces were made for the recording day: regenerate them to replay) */
const TICKET_WRITES = 'tribe/tickets/v1 not served: ticket writes';
const ATTENDEE_WRITES = 'tribe/tickets/v1 not served: attendee writes';
const TEC_V1_TICKET_WRITES = 'tec/v1 tickets not served: writes';

/** The read cases (`mutates: false`) that differ today. */
export const TICKETS_PENDING: Readonly<Record<string, string>> = {
  'tickets-dev.linked.read.organizers.list': TIED_ORDER,
  'tickets-dev.tickets.read.archive.default-none': TICKETS,
  'tickets-dev.tickets.read.archive.default-subscriber': TICKETS,
  'tickets-dev.tickets.read.archive.default-editor': TICKETS,
  'tickets-dev.tickets.read.archive.default-admin': TICKETS,
  'tickets-dev.tickets.read.archive.default-author': TICKETS,
  'tickets-dev.tickets.read.archive.all-none': TICKETS,
  'tickets-dev.tickets.read.archive.all-admin': TICKETS,
  'tickets-dev.tickets.read.archive.pp2-p1': TICKETS,
  'tickets-dev.tickets.read.archive.pp2-p2': TICKETS,
  'tickets-dev.tickets.read.archive.pp2-last': TICKETS,
  'tickets-dev.tickets.read.archive.pp2-beyond': TICKETS,
  'tickets-dev.tickets.read.archive.pp0': TICKETS,
  'tickets-dev.tickets.read.archive.pp101': TICKETS,
  'tickets-dev.tickets.read.archive.page0': TICKETS,
  'tickets-dev.tickets.read.archive.pp2-admin-last': TICKETS,
  'tickets-dev.tickets.read.archive.search': TICKETS,
  'tickets-dev.tickets.read.archive.search-none': TICKETS,
  'tickets-dev.tickets.read.archive.include-post': TICKETS,
  'tickets-dev.tickets.read.archive.include-post-csv': TICKETS,
  'tickets-dev.tickets.read.archive.include-post-array': TICKETS,
  'tickets-dev.tickets.read.archive.include-post-not-ticketed': TICKETS,
  'tickets-dev.tickets.read.archive.include-post-bad': TICKETS,
  'tickets-dev.tickets.read.archive.exclude-post': TICKETS,
  'tickets-dev.tickets.read.archive.is-available-true': TICKETS,
  'tickets-dev.tickets.read.archive.is-available-false': TICKETS,
  'tickets-dev.tickets.read.archive.provider-rsvp': TICKETS,
  'tickets-dev.tickets.read.archive.provider-tc': TICKETS,
  'tickets-dev.tickets.read.archive.provider-tribe-commerce': TICKETS,
  'tickets-dev.tickets.read.archive.provider-both': TICKETS,
  'tickets-dev.tickets.read.archive.provider-bogus': TICKETS,
  'tickets-dev.tickets.read.archive.after': TICKETS,
  'tickets-dev.tickets.read.archive.before': TICKETS,
  'tickets-dev.tickets.read.archive.after-bad': TICKETS,
  'tickets-dev.tickets.read.archive.include': TICKETS,
  'tickets-dev.tickets.read.archive.include-bad': TICKETS,
  'tickets-dev.tickets.read.archive.exclude': TICKETS,
  'tickets-dev.tickets.read.archive.available-from': TICKETS,
  'tickets-dev.tickets.read.archive.available-until': TICKETS,
  'tickets-dev.tickets.read.archive.post-status-draft': TICKETS,
  'tickets-dev.tickets.read.archive.status-any': TICKETS,
  'tickets-dev.tickets.read.archive.status-trash': TICKETS,
  'tickets-dev.tickets.read.archive.attendee-info': TICKETS,
  'tickets-dev.tickets.read.archive.currency-usd': TICKETS,
  'tickets-dev.tickets.read.archive.currency-eur': TICKETS,
  'tickets-dev.tickets.read.archive.order-desc': TICKETS,
  'tickets-dev.tickets.read.archive.orderby-title': TICKETS,
  'tickets-dev.tickets.read.archive.orderby-slug-desc': TICKETS,
  'tickets-dev.tickets.read.archive.offset': TICKETS,
  'tickets-dev.tickets.read.archive.attendees-between': TICKETS,
  'tickets-dev.tickets.read.archive.capacity-between': TICKETS,
  'tickets-dev.tickets.read.archive.checkedin-between': TICKETS,
  'tickets-dev.tickets.read.archive.attendees-between-admin': TICKETS,
  'tickets-dev.tickets.read.archive.capacity-between-admin': TICKETS,
  'tickets-dev.tickets.read.archive.checkedin-admin': TICKETS,
  'tickets-dev.tickets.read.archive.status-trash-admin': TICKETS,
  'tickets-dev.tickets.read.archive.post-status-admin': TICKETS,
  'tickets-dev.tickets.read.archive.api-key': TICKETS,
  'tickets-dev.tickets.read.archive.editor-include-post-draft': TICKETS,
  'tickets-dev.tickets.read.single.2001-none': TICKET_GUEST_ATTENDEES,
  'tickets-dev.tickets.read.single.2002-none': TICKET_GUEST_ATTENDEES,
  'tickets-dev.tickets.read.single.2001-admin': TICKET_MANAGERS,
  'tickets-dev.tickets.read.single.2002-admin': TICKET_MANAGERS,
  'tickets-dev.tickets.read.single.2004-admin': TICKET_MANAGERS,
  'tickets-dev.tickets.read.single.2005-admin': TICKET_MANAGERS,
  'tickets-dev.tickets.read.single.2007-admin': TICKET_MANAGERS,
  'tickets-dev.tickets.read.single.2008-admin': TICKET_MANAGERS,
  'tickets-dev.tickets.read.single.2010-admin': TICKET_MANAGERS,
  'tickets-dev.tickets.read.single.2011-admin': TICKET_MANAGERS,
  'tickets-dev.tickets.read.single.2017-admin': TICKET_MANAGERS,
  'tickets-dev.tickets.read.single.2001-subscriber': TICKET_GUEST_ATTENDEES,
  'tickets-dev.tickets.read.single.2001-editor': TICKET_EDITORS,
  'tickets-dev.tickets.read.single.2001-author': TICKET_GUEST_ATTENDEES,
  'tickets-dev.tickets.read.single.2002-subscriber': TICKET_GUEST_ATTENDEES,
  'tickets-dev.tickets.read.single.2002-editor': TICKET_EDITORS,
  'tickets-dev.tickets.read.single.2002-author': TICKET_GUEST_ATTENDEES,
  'tickets-dev.tickets.read.single.pw-editor': TICKET_EDITORS,
  'tickets-dev.tickets.read.single.api-key': TICKET_MANAGERS,
  'tickets-dev.tickets.read.single.draft-editor': TICKET_EDITORS,
  'tickets-dev.tickets.errors.single.attendee-id': TICKET_FROM_ATTENDEE,
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
