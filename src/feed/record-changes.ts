import type { Db } from '../db/create-db.js';
import { PostType, Taxonomy } from '../wp/constants.js';
import { selectPostTypes } from '../wp/posts/posts.repository.js';
import { selectTaxonomiesOfTerms } from '../wp/terms/terms.repository.js';
import { LEGACY_PAYPAL_ATTENDEES, RSVP, TICKETS_COMMERCE } from '../wp/tickets/providers.js';
import type { DataChange } from './data-change.js';
import type { RecordChange, RecordKind } from './record-change.js';

const KIND_OF_POST_TYPE: Readonly<Record<string, RecordKind>> = {
  [PostType.event]: 'event',
  [PostType.venue]: 'venue',
  [PostType.organizer]: 'organizer',
  // Event Tickets' posts: a ticket made, edited or sold out, an attendee made (a sale, an RSVP) or checked in.
  ...Object.fromEntries([RSVP, TICKETS_COMMERCE].map((provider) => [provider.ticketPostType, 'ticket'])),
  ...Object.fromEntries([RSVP, TICKETS_COMMERCE, LEGACY_PAYPAL_ATTENDEES].map((kind) => [kind.attendeePostType, 'attendee'])),
};
const KIND_OF_TAXONOMY: Readonly<Record<string, RecordKind>> = {
  [Taxonomy.eventCategory]: 'category',
  [Taxonomy.tag]: 'tag',
};

/**
 * The API records a feed change touched, for change notifications: events, venues, organizers,
 * Event Tickets' tickets and attendees among its posts, categories and tags among its terms, each created, updated or deleted. Posts and
 * terms the change names without their type (only meta or relationships were seen) are looked up
 * in one query each. A change that cannot say what changed (`everything`) names no record.
 */
export async function toRecordChanges(db: Db, change: DataChange): Promise<RecordChange[]> {
  if (change.everything) return [];
  const untypedPosts = [...change.posts].filter(([, type]) => type === '').map(([id]) => id);
  const untypedTerms = [...change.terms].filter(([, taxonomy]) => taxonomy === '').map(([id]) => id);
  const [postTypes, taxonomies] = await Promise.all([selectPostTypes(db, untypedPosts), selectTaxonomiesOfTerms(db, untypedTerms)]);
  const record = (kind: RecordKind, id: number, lifecycle: 'created' | 'deleted' | undefined): RecordChange => ({
    kind,
    id,
    change: lifecycle ?? 'updated',
    position: change.position,
    changedAt: change.at,
  });
  const records: RecordChange[] = [];
  for (const [id, type] of change.posts) {
    const kind = KIND_OF_POST_TYPE[type || postTypes.get(id) || ''];
    if (kind) records.push(record(kind, id, change.postLifecycle.get(id)));
  }
  for (const [id, taxonomy] of change.terms) {
    const kind = KIND_OF_TAXONOMY[taxonomy || taxonomies.get(id) || ''];
    if (kind) records.push(record(kind, id, change.termLifecycle.get(id)));
  }
  return records;
}
