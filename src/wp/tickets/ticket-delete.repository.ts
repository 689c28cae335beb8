import type { Db } from '../../db/create-db.js';
import type { TicketProviderStorage } from './providers.js';

/*
 * The SQL of a ticket's deletion: which attendees hold the ticket, to be told its name before it goes.
 */

/**
 * The provider's attendees of `ticketId` (any status), oldest first; with `postId`, only those of
 * that post as well (Tickets Commerce's get_attendees_by_id( $event_id ), filtered on the ticket).
 */
export async function selectAttendeeIdsOfTicket(db: Db, provider: TicketProviderStorage, ticketId: number, postId?: number): Promise<number[]> {
  let query = db
    .selectFrom('posts as a')
    .innerJoin('postmeta as t', (join) => join.onRef('t.post_id', '=', 'a.ID').on('t.meta_key', '=', provider.attendeeTicketKey).on('t.meta_value', '=', String(ticketId)))
    .select('a.ID')
    .distinct()
    .where('a.post_type', '=', provider.attendeePostType);
  if (postId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('postmeta as e')
          .select('e.meta_id')
          .whereRef('e.post_id', '=', 'a.ID')
          .where('e.meta_key', '=', provider.attendeeEventKey)
          .where('e.meta_value', '=', String(postId)),
      ),
    );
  }
  const rows = await query.orderBy('a.ID', 'asc').execute();
  return rows.map((row) => row.ID);
}
