import type { RequestContext } from '../../http/request-context.js';
import type { PostTickets } from '../../wp/tickets/event-tickets.js';
import { hasManageAccess } from '../../wp/tickets/event-tickets.js';
import { loadAttendance, loadPostTickets, ticketDependencyTags, type TicketedPost } from '../../wp/tickets/post-tickets.js';
import type { AttendanceCount } from '../../wp/tickets/tickets.repository.js';
import type { EventTicketFields } from './events.mapper.js';

/*
 * Event Tickets' part of TEC's event answers, for the services that render events:
 * on a site running it, a batch of events comes with its tickets and, for a reader who manages
 * attendees, its attendee counts; on any other site nothing is read and nothing changes.
 */

/** The tickets (and, for a manager, the attendees) of a batch of events. */
export interface PreparedTickets {
  tickets: ReadonlyMap<number, PostTickets>;
  manage: boolean;
  attendance: ReadonlyMap<number, AttendanceCount>;
}

/**
 * Whether the request manages attendees (REST\V1\Main::request_has_manage_access, its `api_key`
 * read from the query as tribe_get_request_var does); false on a site without Event Tickets.
 */
export function managesAttendees(ctx: RequestContext): boolean {
  const eventTickets = ctx.site.plugins.eventTickets;
  return eventTickets !== undefined && hasManageAccess(ctx.viewer, ctx.query.api_key, eventTickets);
}

/** Loads the batch's tickets (two statements) and, for a manager, its attendee counts (one more, alongside); undefined without Event Tickets. */
export async function prepareEventTickets(ctx: RequestContext, posts: readonly TicketedPost[]): Promise<PreparedTickets | undefined> {
  const eventTickets = ctx.site.plugins.eventTickets;
  if (!eventTickets || posts.length === 0) return undefined;
  const manage = managesAttendees(ctx);
  const [tickets, attendance] = await Promise.all([
    loadPostTickets(ctx.db, posts, eventTickets, ctx.site.timezone, ctx.now),
    manage ? loadAttendance(ctx.db, posts.map(({ post }) => post.ID)) : Promise.resolve(new Map<number, AttendanceCount>()),
  ]);
  return { tickets, manage, attendance };
}

/** One event's ticket fields out of its batch's (see toEventResource); undefined when none were prepared. */
export function eventTicketFields(prepared: PreparedTickets | undefined, id: number): EventTicketFields | undefined {
  const post = prepared?.tickets.get(id);
  if (!prepared || !post) return undefined;
  return { post, manage: prepared.manage, attendance: prepared.attendance.get(id) };
}

/** What an event rendering with ticket fields depends on beyond its post (ticketDependencyTags); none without Event Tickets. */
export function eventTicketTags(ctx: RequestContext): string[] {
  const eventTickets = ctx.site.plugins.eventTickets;
  return eventTickets ? ticketDependencyTags(eventTickets, managesAttendees(ctx)) : [];
}
