import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { DependencyTag, readOf } from '../../feed/dependencies.js';
import { PostStatus } from '../constants.js';
import { groupMetaRows } from '../posts/meta.js';
import type { TicketRow } from './ticket.js';
import { LEGACY_PAYPAL_ATTENDEES, RSVP, TICKETS_COMMERCE, TicketMeta, type TicketProviderStorage } from './providers.js';

/**
 * The published tickets of the given posts for the given providers, with the meta a ticket object
 * reads: two statements for any number of posts (the tickets, then their meta), none for none.
 * A ticket is a provider's ticket post whose relation meta names the post (the tickets ORM's
 * `by('event')`, `status = publish`). The answer depends on every ticket post of these providers:
 * a ticket made, edited, sold or deleted behind the service's back reaches it through the
 * providers' list tags.
 */
export async function selectTicketsOfPosts(
  db: Db,
  postIds: readonly number[],
  providers: readonly TicketProviderStorage[],
): Promise<TicketRow[]> {
  if (postIds.length === 0 || providers.length === 0) return [];
  const tags = providers.map((provider) => DependencyTag.list(provider.ticketPostType));
  return readOf(tags, async () => {
    const tickets = await db
      .selectFrom('posts')
      .innerJoin('postmeta as relation', 'relation.post_id', 'posts.ID')
      .select(['posts.ID', 'posts.post_type', 'posts.menu_order', 'relation.meta_value as related'])
      .where('posts.post_status', '=', PostStatus.publish)
      .where('relation.meta_value', 'in', postIds.map(String))
      .where((eb) =>
        eb.or(providers.map((provider) => eb.and([eb('posts.post_type', '=', provider.ticketPostType), eb('relation.meta_key', '=', provider.ticketEventKey)]))),
      )
      .orderBy('posts.menu_order')
      .orderBy('posts.ID')
      .execute();
    if (tickets.length === 0) return [];
    const metaRows = await db
      .selectFrom('postmeta')
      .select(['post_id', 'meta_key', 'meta_value'])
      .where('post_id', 'in', [...new Set(tickets.map((ticket) => Number(ticket.ID)))])
      .where('meta_key', 'in', Object.values(TicketMeta))
      .orderBy('meta_id')
      .execute();
    const meta = groupMetaRows(metaRows.map((row) => ({ ...row, post_id: Number(row.post_id) })));
    return tickets.map((ticket) => ({
      ID: Number(ticket.ID),
      post_type: ticket.post_type,
      menu_order: Number(ticket.menu_order),
      postId: Number(ticket.related),
      meta: meta.get(Number(ticket.ID)) ?? new Map(),
    }));
  });
}

/** What the attendee repository counts for a post: its attendees, and how many checked in. */
export interface AttendanceCount {
  total: number;
  checkedIn: number;
}

/**
 * The attendees of each post (Tribe__Tickets__Tickets::get_event_attendees_count and
 * get_event_checkedin_attendees_count), one statement for all the posts: every provider's
 * attendee posts (the legacy PayPal commerce's too, as the attendee repository still lists it)
 * whose relation meta names the post, in any status but trash and auto-draft (WP_Query's `any`),
 * whether going or not; checked in when a check-in meta is `1`. Posts without attendees are absent.
 */
export async function selectAttendanceOfPosts(db: Db, postIds: readonly number[]): Promise<Map<number, AttendanceCount>> {
  const counted = new Map<number, AttendanceCount>();
  if (postIds.length === 0) return counted;
  const kinds = [RSVP, TICKETS_COMMERCE, LEGACY_PAYPAL_ATTENDEES];
  const tags = kinds.map((kind) => DependencyTag.list(kind.attendeePostType));
  const rows = await readOf(tags, () =>
    db
      .selectFrom('posts')
      .innerJoin('postmeta as relation', 'relation.post_id', 'posts.ID')
      .leftJoin('postmeta as checkin', (join) =>
        join
          .onRef('checkin.post_id', '=', 'posts.ID')
          .on('checkin.meta_key', 'in', kinds.map((kind) => kind.attendeeCheckedInKey))
          .on('checkin.meta_value', '=', '1'),
      )
      .select((eb) => [
        'relation.meta_value as related',
        eb.fn.count<number>(sql`distinct ${sql.ref('posts.ID')}`).as('total'),
        eb.fn.count<number>(sql`distinct ${sql.ref('checkin.post_id')}`).as('checked_in'),
      ])
      .where('posts.post_type', 'in', kinds.map((kind) => kind.attendeePostType))
      .where('posts.post_status', 'not in', [PostStatus.trash, PostStatus.autoDraft])
      .where('relation.meta_key', 'in', kinds.map((kind) => kind.attendeeEventKey))
      .where('relation.meta_value', 'in', postIds.map(String))
      .groupBy('relation.meta_value')
      .execute(),
  );
  for (const row of rows) counted.set(Number(row.related), { total: Number(row.total), checkedIn: Number(row.checked_in) });
  return counted;
}

/** An attendee kind's storage as the attendee repository's `ticket` filter reads it. */
export interface AttendeeTicketStorage {
  attendeePostType: string;
  attendeeTicketKey: string;
}

/**
 * The attendees holding each of the given tickets (the attendee repository's `where('ticket')`:
 * an attendee post of a listed kind whose ticket meta names the ticket), in any status but trash
 * and auto-draft (`any`), by ID ascending (the REST repository's default order). One statement
 * for all the tickets; tickets without attendees are absent.
 */
export async function selectAttendeeIdsOfTickets(
  db: Db,
  ticketIds: readonly number[],
  kinds: readonly AttendeeTicketStorage[],
): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (ticketIds.length === 0 || kinds.length === 0) return found;
  const tags = kinds.map((kind) => DependencyTag.list(kind.attendeePostType));
  const rows = await readOf(tags, () =>
    db
      .selectFrom('posts')
      .innerJoin('postmeta as relation', 'relation.post_id', 'posts.ID')
      .select(['posts.ID', 'relation.meta_value as ticket'])
      .where('posts.post_status', 'not in', [PostStatus.trash, PostStatus.autoDraft])
      .where('relation.meta_value', 'in', ticketIds.map(String))
      .where((eb) =>
        eb.or(kinds.map((kind) => eb.and([eb('posts.post_type', '=', kind.attendeePostType), eb('relation.meta_key', '=', kind.attendeeTicketKey)]))),
      )
      .orderBy('posts.ID')
      .execute(),
  );
  for (const row of rows) {
    const ticket = Number(row.ticket);
    const list = found.get(ticket) ?? [];
    if (!list.includes(Number(row.ID))) list.push(Number(row.ID));
    found.set(ticket, list);
  }
  return found;
}
