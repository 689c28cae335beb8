import type { Db } from '../../db/create-db.js';
import { DependencyTag } from '../../feed/dependencies.js';
import type { EventTicketsSite } from '../site/plugins.js';
import type { MetaMap } from '../posts/meta.js';
import { formatInZone } from '../tec/dates.js';
import { ticketsOfPost, type PostTickets } from './event-tickets.js';
import { activeProviders, LEGACY_PAYPAL_ATTENDEES, RSVP, TICKETS_COMMERCE } from './providers.js';
import { selectAttendanceOfPosts, selectTicketsOfPosts, type AttendanceCount } from './tickets.repository.js';

/** A post whose tickets are asked for: its row's ID and type, and its meta (already loaded). */
export interface TicketedPost {
  post: { ID: number; post_type: string };
  meta: MetaMap;
}

/**
 * The tickets of a batch of posts, each post's as get_all_event_tickets lists them (see
 * ticketsOfPost), in two statements for the whole batch. `timezone` is the site's: a Tickets
 * Commerce sale runs by the site's date.
 */
export async function loadPostTickets(
  db: Db,
  posts: readonly TicketedPost[],
  site: EventTicketsSite,
  timezone: string,
  now: Date,
): Promise<Map<number, PostTickets>> {
  const rows = await selectTicketsOfPosts(db, posts.map(({ post }) => post.ID), activeProviders(site.providers));
  const today = formatInZone(Math.floor(now.getTime() / 1000), timezone).slice(0, 10);
  return new Map(
    posts.map(({ post, meta }) => {
      const own = rows.filter((row) => row.postId === post.ID);
      return [post.ID, { postType: post.post_type, meta, tickets: ticketsOfPost(own, meta, site, { today, now }) }] as const;
    }),
  );
}

/** The attendee counts of a batch of posts (for `attendance`), one statement. */
export function loadAttendance(db: Db, postIds: readonly number[]): Promise<Map<number, AttendanceCount>> {
  return selectAttendanceOfPosts(db, postIds);
}

/**
 * What a rendering that shows tickets read besides its post: every ticket of the active providers
 * and, with `attendance`, every attendee. A kept rendering carries these tags, so a ticket sold,
 * edited or deleted, or an attendee checked in, drops it.
 */
export function ticketDependencyTags(site: EventTicketsSite, attendance: boolean): string[] {
  const tags = activeProviders(site.providers).map((provider) => DependencyTag.list(provider.ticketPostType));
  if (attendance) {
    for (const kind of [RSVP, TICKETS_COMMERCE, LEGACY_PAYPAL_ATTENDEES]) tags.push(DependencyTag.list(kind.attendeePostType));
  }
  return tags;
}
