import type { EventTicketsSite } from '../site/plugins.js';
import { firstMeta, type MetaMap } from '../posts/meta.js';
import type { Viewer } from '../auth/capabilities.js';
import { userCan } from '../auth/capabilities.js';
import { activeProviders, DEFAULT_PROVIDER_META, defaultProviderOf, RSVP } from './providers.js';
import { toTicket, type Ticket, type TicketContext, type TicketRow } from './ticket.js';
import type { AttendanceCount } from './tickets.repository.js';

/**
 * What Event Tickets adds to TEC's answers about a post, from its tickets: the rules of
 * get_all_event_tickets, the REST `ticketed` flag and `attendance` (its hand in the cost: event-cost.ts).
 * Pure: the tickets and attendee counts come from tickets.repository.ts.
 */

/** A post's tickets with what else the rules read of it. */
export interface PostTickets {
  postType: string;
  meta: MetaMap;
  /** get_all_event_tickets: by provider in modules() order, each provider's by menu order. */
  tickets: readonly Ticket[];
}

/**
 * Tribe__Tickets__Tickets::get_all_event_tickets for one post: every active provider's published
 * tickets of the post, in modules() order; a provider other than RSVP shows its tickets only on a
 * post whose ticket provider it is (Tribe__Tickets__Tickets::get_tickets), RSVP on every post.
 * `rows` are the ticket rows of this post (any order).
 */
export function ticketsOfPost(
  rows: readonly TicketRow[],
  postMeta: MetaMap,
  site: EventTicketsSite,
  context: Omit<TicketContext, 'postMeta'>,
): Ticket[] {
  const active = activeProviders(site.providers);
  const postProvider = defaultProviderOf(firstMeta(postMeta, DEFAULT_PROVIDER_META), active);
  return active.flatMap((provider) => {
    if (provider !== RSVP && provider !== postProvider) return [];
    return rows
      .filter((row) => row.post_type === provider.ticketPostType)
      .sort((a, b) => a.menu_order - b.menu_order || a.ID - b.ID)
      .map((row) => toTicket(row, provider, { ...context, postMeta }));
  });
}

/**
 * Flags::flag_ticketed_event: `false` for a post of a type tickets are not sold for, or without
 * tickets; else its tickets' provider slugs once each, as PHP's array_unique leaves them: keys
 * kept, so the list prints as an object when a later duplicate left a gap (`{"0":"tc","2":"rsvp"}`).
 */
export function ticketedFlag(post: PostTickets, site: EventTicketsSite): false | string[] | Record<string, string> {
  if (!site.postTypes.includes(post.postType) || post.tickets.length === 0) return false;
  const kept: [number, string][] = [];
  post.tickets.forEach((ticket, index) => {
    if (!kept.some(([, slug]) => slug === ticket.provider.slug)) kept.push([index, ticket.provider.slug]);
  });
  const contiguous = kept.every(([index], position) => index === position);
  return contiguous ? kept.map(([, slug]) => slug) : Object.fromEntries(kept.map(([index, slug]) => [String(index), slug]));
}

/** The `attendance` object (rest_event_data_add_attendance). */
export function toAttendance(count: AttendanceCount | undefined): { total_attendees: number; checked_in: number; not_checked_in: number } {
  const total = count?.total ?? 0;
  const checkedIn = count?.checkedIn ?? 0;
  return { total_attendees: total, checked_in: checkedIn, not_checked_in: total - checkedIn };
}

/**
 * REST\V1\Main::request_has_manage_access: administrators (`edit_users`), attendee managers
 * (`tribe_manage_attendees`), and requests whose `api_key` is the site's QR key. They get
 * `attendance`, and the events list keeps the events hidden from listings.
 */
export function hasManageAccess(viewer: Viewer, apiKey: unknown, site: EventTicketsSite): boolean {
  if (userCan(viewer, 'edit_users') || userCan(viewer, 'tribe_manage_attendees')) return true;
  return site.qrApiKey !== '' && typeof apiKey === 'string' && apiKey !== '' && apiKey === site.qrApiKey;
}
