/**
 * The captures-tickets cases (fixtures/reference-tickets) the service does not answer identically
 * yet, case id -> the class of gap (what a later helper builds to remove it). A listed case still
 * runs and must still differ, so an entry cannot outlive its gap: a fix must remove it from here.
 * Classes are short names; the comment above each says what the class stands for. The counts per
 * class (pendingSummary) name a test of each contract file, and README's "Companion plugins" lists them.
 */

/** The read cases (`mutates: false`) that differ today. */
export const TICKETS_PENDING: Readonly<Record<string, string>> = {};

/**
 * The read cases answered differently on purpose, case id -> why (docs/tickets-api.md).
 * Organizers 29-33 share one post_date: the plugin's order among them (33, 29, 30, 31) is MariaDB's
 * sort heap under LIMIT 5, with no tie-breaker in WP_Query's ORDER BY (as TEC_V1_INTENDED_DEVIATIONS'
 * TIED_ORDER); the service breaks the tie by ID, so pages never overlap.
 */
export const TICKETS_READ_DEVIATIONS: Readonly<Record<string, string>> = {
  // Event Tickets divides by per_page unchecked: a PHP fatal (500, HTML). The service refuses it 400 rest_invalid_param.
  'tickets-dev.tickets.read.archive.pp0': 'per_page=0: 400 rest_invalid_param, not a PHP fatal',
  'tickets-dev.linked.read.organizers.list':
    "posts tie on post_date: the plugin's order among them is MariaDB's sort heap (no tie-breaker in WP_Query's ORDER BY); the service breaks ties by ID",
};

/** The write cases (`mutates: true`) that differ today (answer or rows). */
export const TICKETS_WRITES_PENDING: Readonly<Record<string, string>> = {};

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
