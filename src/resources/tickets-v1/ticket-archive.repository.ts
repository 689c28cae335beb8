import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/create-db.js';
import type { Database } from '../../db/tables.js';
import { castSigned, castUnsigned } from '../../db/dialect.js';
import { DependencyTag, readOf } from '../../feed/dependencies.js';
import { PostStatus } from '../../wp/constants.js';
import type { PostSearch } from '../../wp/posts/search.js';
import { postSearchCondition } from '../../wp/posts/search-condition.js';
import { LEGACY_PAYPAL_TICKETS, RSVP, TICKETS_COMMERCE, TicketMeta } from '../../wp/tickets/providers.js';
import { ATTENDEE_KINDS } from '../../wp/tickets/attendee-kinds.js';

/*
 * The WP_Query behind tribe/tickets/v1's ticket archive (tribe_tickets('restv1'): Event Tickets'
 * Ticket_Repository decorated by the REST one): every provider's ticket type, each filter of
 * Ticket_Archive::get as the repository turns it into SQL, then its order.
 */

/** Ticket_Repository::ticket_types and ticket_to_event_keys, by the provider names `provider` takes. */
export const ARCHIVE_TICKET_KINDS = [
  { name: 'rsvp', postType: RSVP.ticketPostType, eventKey: RSVP.ticketEventKey },
  { name: 'tribe-commerce', postType: LEGACY_PAYPAL_TICKETS.ticketPostType, eventKey: LEGACY_PAYPAL_TICKETS.ticketEventKey },
  { name: 'tickets-commerce', postType: TICKETS_COMMERCE.ticketPostType, eventKey: TICKETS_COMMERCE.ticketEventKey },
] as const;

const EVENT_KEYS = ARCHIVE_TICKET_KINDS.map((kind) => kind.eventKey);
const ATTENDEE_TICKET_KEYS = ATTENDEE_KINDS.map((kind) => kind.ticketKey);
const CHECKED_IN_KEYS = ATTENDEE_KINDS.map((kind) => kind.checkedInKey);

export interface TicketArchiveFilter {
  /**
   * The post types a ticket's relation may name (Event Tickets' ticket-enabled types): every filter
   * reads whether the post it names exists, and may read its status.
   */
  relatedPostTypes: readonly string[];
  /** post_status IN (...); undefined: any but trash and auto-draft. */
  statuses?: readonly string[];
  /** The post the ticket is for must be in one of these statuses (where_meta_related_by); undefined: any. */
  eventStatuses?: readonly string[];
  /** `event` (meta_in on the relation keys); without it the ticket must relate to some existing post. */
  eventIds?: readonly number[];
  /** `event_not_in` (meta_not_in): some relation key names a post not listed. */
  excludedEventIds?: readonly number[];
  search?: PostSearch;
  include?: readonly number[];
  exclude?: readonly number[];
  /** post_date bounds, inclusive, as `Y-m-d H:i:s`. */
  after?: string;
  before?: string;
  /** is_available: the capacity row above `0` (true) or equal to it (false), compared as text. */
  available?: boolean;
  /** `provider` (meta_exists): the relation keys of the providers named. */
  providerKeys?: readonly string[];
  /** available_from / available_until: the sale start (end) row at or after (before) this, or no row. */
  startFrom?: string;
  endUntil?: string;
  attendeesBetween?: readonly [number, number];
  checkedInBetween?: readonly [number, number];
  capacityBetween?: readonly [number, number];
}

/** The order: the REST repository's default (ID, then title, ascending), or one column descending. */
export type TicketArchiveSort = 'default' | 'post_title' | 'post_date';

type PostsExpressions = ExpressionBuilder<Database, 'posts'>;

/** A meta row of the ticket with one of `keys` whose value meets `value` (WP's meta queries). */
function hasMeta(eb: PostsExpressions, keys: readonly string[], value?: (meta: ExpressionBuilder<Database, 'posts' | 'postmeta'>) => Expression<SqlBool>) {
  let query = eb
    .selectFrom('postmeta')
    .select(sql`1`.as('one'))
    .whereRef('postmeta.post_id', '=', 'posts.ID')
    .where('postmeta.meta_key', 'in', keys.length > 0 ? [...keys] : ['']);
  if (value) query = query.where(value);
  return eb.exists(query);
}

/** The ticket's relation meta names an existing post other than itself, in one of `statuses` when given. */
function relatesTo(db: Db, eb: PostsExpressions, statuses: readonly string[] | undefined) {
  return eb.exists(
    eb
      .selectFrom('postmeta as relation')
      .innerJoin('posts as related', (join) => join.on((inner) => inner(inner.ref('related.ID'), '=', castUnsigned(db, inner.ref('relation.meta_value')))))
      .select(sql`1`.as('one'))
      .whereRef('relation.post_id', '=', 'posts.ID')
      .whereRef('related.ID', '!=', 'posts.ID')
      .where('relation.meta_key', 'in', EVENT_KEYS)
      .$if(statuses !== undefined, (query) => query.where('related.post_status', 'in', statuses!.length > 0 ? [...statuses!] : [''])),
  );
}

/** by_related_to_between: tickets that between `min` and `max` posts name through the keys (and, checked in, with a `1` check-in row). */
function relatedCountBetween(db: Db, eb: PostsExpressions, [min, max]: readonly [number, number], checkedIn: boolean) {
  let query = eb
    .selectFrom('postmeta as pm1')
    .select(castUnsigned(db, sql.ref('pm1.meta_value')).as('ticket'))
    .where('pm1.meta_key', 'in', ATTENDEE_TICKET_KEYS);
  if (checkedIn) {
    query = query.innerJoin('postmeta as pm2', 'pm2.post_id', 'pm1.post_id').where('pm2.meta_key', 'in', CHECKED_IN_KEYS).where('pm2.meta_value', '=', '1');
  }
  const counted = query.groupBy('pm1.meta_value').having(sql`count(distinct ${sql.ref('pm1.post_id')})`, '>=', min).having(sql`count(distinct ${sql.ref('pm1.post_id')})`, '<=', max);
  return eb('posts.ID', 'in', counted);
}

function filtered(db: Db, filter: TicketArchiveFilter) {
  return db
    .selectFrom('posts')
    .where('posts.post_type', 'in', ARCHIVE_TICKET_KINDS.map((kind) => kind.postType))
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (filter.statuses === undefined) conditions.push(eb('posts.post_status', 'not in', [PostStatus.trash, PostStatus.autoDraft]));
      else conditions.push(eb('posts.post_status', 'in', filter.statuses.length > 0 ? [...filter.statuses] : ['']));
      if (filter.eventIds !== undefined) {
        const ids = filter.eventIds.map(String);
        conditions.push(hasMeta(eb, EVENT_KEYS, (meta) => meta('postmeta.meta_value', 'in', ids.length > 0 ? ids : [''])));
      } else conditions.push(relatesTo(db, eb, undefined));
      if (filter.eventStatuses !== undefined) conditions.push(relatesTo(db, eb, filter.eventStatuses));
      if (filter.excludedEventIds !== undefined && filter.excludedEventIds.length > 0) {
        const ids = filter.excludedEventIds.map(String);
        conditions.push(hasMeta(eb, EVENT_KEYS, (meta) => meta('postmeta.meta_value', 'not in', ids)));
      }
      if (filter.search !== undefined) conditions.push(postSearchCondition(db, eb, filter.search));
      if (filter.include !== undefined) conditions.push(eb('posts.ID', 'in', filter.include.length > 0 ? [...filter.include] : [0]));
      if (filter.exclude !== undefined && filter.exclude.length > 0) conditions.push(eb('posts.ID', 'not in', [...filter.exclude]));
      if (filter.after !== undefined) conditions.push(eb('posts.post_date', '>=', filter.after));
      if (filter.before !== undefined) conditions.push(eb('posts.post_date', '<=', filter.before));
      if (filter.available !== undefined) {
        const available = filter.available;
        conditions.push(hasMeta(eb, [TicketMeta.capacity], (meta) => meta('postmeta.meta_value', available ? '>' : '=', '0')));
      }
      if (filter.providerKeys !== undefined) conditions.push(hasMeta(eb, filter.providerKeys));
      const windowBound = (key: string, operator: '>=' | '<=', value: string) =>
        eb.or([eb.not(hasMeta(eb, [key])), hasMeta(eb, [key], (meta) => meta('postmeta.meta_value', operator, value))]);
      if (filter.startFrom !== undefined) conditions.push(windowBound(TicketMeta.startDate, '>=', filter.startFrom));
      if (filter.endUntil !== undefined) conditions.push(windowBound(TicketMeta.endDate, '<=', filter.endUntil));
      if (filter.attendeesBetween !== undefined) conditions.push(relatedCountBetween(db, eb, filter.attendeesBetween, false));
      if (filter.checkedInBetween !== undefined) conditions.push(relatedCountBetween(db, eb, filter.checkedInBetween, true));
      const capacity = filter.capacityBetween;
      if (capacity !== undefined) {
        conditions.push(
          hasMeta(eb, [TicketMeta.capacity], (meta) => meta.between(castSigned(db, meta.ref('postmeta.meta_value')), capacity[0], capacity[1])),
        );
      }
      return eb.and(conditions);
    });
}

/**
 * What an archive answer depends on: every ticket and attendee post type (counts read attendees),
 * the tickets' texts (a search, the order by title), and the posts tickets are for (their
 * existence and status).
 */
function archiveTags(filter: TicketArchiveFilter): string[] {
  return [
    ...ARCHIVE_TICKET_KINDS.flatMap((kind) => [DependencyTag.list(kind.postType), DependencyTag.listText(kind.postType)]),
    ...ATTENDEE_KINDS.map((kind) => DependencyTag.list(kind.postType)),
    ...filter.relatedPostTypes.map(DependencyTag.list),
  ];
}

/** found_posts: how many tickets the filter finds. */
export async function countArchiveTickets(db: Db, filter: TicketArchiveFilter): Promise<number> {
  return readOf(archiveTags(filter), async () => {
    const row = await filtered(db, filter).select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
    return Number(row?.total ?? 0);
  });
}

/**
 * One page of ticket IDs in the archive's order. WP_Query adds no tie-breaker to a single column;
 * ties come by ID in the same direction here, so pages never overlap.
 */
export async function selectArchiveTicketIds(db: Db, filter: TicketArchiveFilter, sort: TicketArchiveSort, page: { limit: number; offset: number }): Promise<number[]> {
  return readOf(archiveTags(filter), async () => {
    let query = filtered(db, filter).select('posts.ID');
    query = sort === 'default' ? query.orderBy('posts.ID', 'asc').orderBy('posts.post_title', 'asc') : query.orderBy(sql.ref(`posts.${sort}`), 'desc').orderBy('posts.ID', 'desc');
    const rows = await query.limit(page.limit).offset(page.offset).execute();
    return rows.map((row) => Number(row.ID));
  });
}
