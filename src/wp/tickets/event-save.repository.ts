import type { Db } from '../../db/create-db.js';
import { PostStatus } from '../constants.js';
import type { TicketProviderStorage } from './providers.js';

/**
 * Tickets_Handler::get_tickets_ids: the published tickets of every given provider whose relation
 * meta names the post, whichever provider the post sells through. Its WP_Query passes `order_by`
 * (not a query var), so the order is WP_Query's default, post_date ascending as `order` asks.
 */
export async function selectTicketIdsOfPost(db: Db, postId: number, providers: readonly TicketProviderStorage[]): Promise<number[]> {
  if (providers.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .innerJoin('postmeta as relation', 'relation.post_id', 'posts.ID')
    .select(['posts.ID', 'posts.post_date'])
    .where('posts.post_status', '=', PostStatus.publish)
    .where('relation.meta_value', '=', String(postId))
    .where((eb) =>
      eb.or(providers.map((provider) => eb.and([eb('posts.post_type', '=', provider.ticketPostType), eb('relation.meta_key', '=', provider.ticketEventKey)]))),
    )
    .orderBy('posts.post_date')
    .orderBy('posts.ID')
    .execute();
  return [...new Set(rows.map((row) => Number(row.ID)))];
}
