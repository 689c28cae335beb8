/**
 * The captures-ical cases (fixtures/reference-ical) not answered identically yet, case id -> the
 * class of gap. A listed case still runs and must still differ, so a fix removes it from here.
 */

/** a password-protected event keeps its venue in TEC's export (the list's JSON blanks it) */
const PROTECTED_VENUE = 'protected event: venue';
/** the Tokyo event whose end the export reads elsewhere than `_EventEndDate` */
const EVENT_END = 'event end';
/** ties in the past list's order (start, then?) */
const PAST_ORDER = 'past list order';
/** venue-less events take the region of the archive's global post (the main query's first post) */
const ARCHIVE_REGION = 'archive global post region';
/** paged term archives */
const TERM_PAGES = 'term archive pages';
/** `event_ids` naming a post that is no event (the global post, a venue) */
const EVENT_IDS_POSTS = 'event_ids: posts other than events';
/** a numeric tag slug */
const NUMERIC_TAG = 'numeric tag slug';
/** a child event on its own page */
const CHILD_EVENT = 'child event';

export const ICAL_PENDING: Readonly<Record<string, string>> = {
  'ical-dev.single.members-only-dinner': PROTECTED_VENUE,
  'ical-dev.single.workshop-part-2': CHILD_EVENT,
  'ical-dev.single-status.private-pinned': PROTECTED_VENUE,
  'ical-dev.single-status.future-status': PROTECTED_VENUE,
  'ical-dev.single-status.draft-by-id': PROTECTED_VENUE,
  'ical-dev.list.date-2026-10-01': EVENT_END,
  'ical-dev.list.date-2027-06-01': PROTECTED_VENUE,
  'ical-dev.list.date-before-earliest': EVENT_END,
  'ical-dev.list.date-digits': EVENT_END,
  'ical-dev.list.past-pinned': PAST_ORDER,
  'ical-dev.month.2026-10': EVENT_END,
  'ical-dev.month.eventdate-param': PROTECTED_VENUE,
  'ical-dev.category.list-food-drink': ARCHIVE_REGION,
  'ical-dev.category.page-2': ARCHIVE_REGION,
  'ical-dev.category.paged-param': ARCHIVE_REGION,
  'ical-dev.category.page-3': ARCHIVE_REGION,
  'ical-dev.category.list-page-2': TERM_PAGES,
  'ical-dev.tag.numeric-slug': NUMERIC_TAG,
  'ical-dev.event-ids.mixed': PROTECTED_VENUE,
  'ical-dev.event-ids.venue-id': EVENT_IDS_POSTS,
  'ical-dev.event-ids.abc': EVENT_IDS_POSTS,
  'ical-dev.auth.admin-private-pinned': PROTECTED_VENUE,
  'ical-dev.auth.admin-month': PROTECTED_VENUE,
  'ical-dev.auth.editor-list': PROTECTED_VENUE,
  'ical-dev.auth.wrong-password': PROTECTED_VENUE,
};
