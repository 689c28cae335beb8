import { InProgressError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { loadPostMetaOnce, loadPostOnce, preloadPostsWithMetaOnce } from '../../http/request-context.js';
import { canReadPost } from '../../wp/auth/capabilities.js';
import { PostStatus } from '../../wp/constants.js';
import { firstMeta, type MetaMap } from '../../wp/posts/meta.js';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import type { TicketProvider } from '../../wp/site/plugins.js';
import { AppError } from '../../wp/wp-error.js';
import { isTicketablePost } from '../tec-v1/tickets.records.js';
import { TicketKinds } from './ticket-kinds.js';
import { attendeeKindOf } from '../../wp/tickets/attendee-kinds.js';
import { RSVP, TICKETS_COMMERCE } from '../../wp/tickets/providers.js';

/** A ticket the reader may read: its post and meta, its provider, and the post it is sold for with that post's meta. */
export interface ReadableTicket {
  post: PostRow;
  meta: MetaMap;
  provider: TicketProvider;
  parent: { post: PostRow; meta: MetaMap };
}

/** Tickets_Handler::is_ticket_readable's refusals: code and message alike, as Event Tickets writes them. */
const notFound = () => new AppError(404, 'ticket-not-found', 'ticket-not-found');
const notAccessible = () => new AppError(401, 'ticket-not-accessible', 'ticket-not-accessible');

/**
 * The meta keys through which find_matching_event takes a post that is no ticket for one: the
 * attendees' relation keys (Tribe__Tickets__Tickets::$attendee_event_key), read when the ticket key is unset.
 */
const ATTENDEE_EVENT_KEYS: Readonly<Record<TicketProvider, string>> = { rsvp: RSVP.attendeeEventKey, tc: TICKETS_COMMERCE.attendeeEventKey };

/** The active provider whose ticket post type this is (tribe_tickets_get_ticket_provider). */
function providerOf(ctx: RequestContext, post: PostRow): TicketProvider | undefined {
  const active = ctx.site.plugins.eventTickets?.providers ?? [];
  return active.find((provider) => TicketKinds[provider].postType === post.post_type);
}

/**
 * Data_API::get_ticket_provider also maps the providers' attendee post types to their provider:
 * Event Tickets then builds a ticket object from the attendee post itself.
 */
function attendeeProviderOf(ctx: RequestContext, post: PostRow): TicketProvider | undefined {
  const provider = attendeeKindOf(post.post_type)?.provider;
  const active = ctx.site.plugins.eventTickets?.providers ?? [];
  return provider !== undefined && active.includes(provider) ? provider : undefined;
}

/** 'publish' or read_post, the test is_ticket_readable puts to the ticket and to its post. */
function readable(ctx: RequestContext, post: PostRow): boolean {
  return post.post_status === PostStatus.publish || canReadPost(ctx.viewer, post);
}

/**
 * Tickets_Handler::is_ticket_readable, then the provider's lookup of the ticket: 404 when no post
 * has the ID; 401 when the reader may not read it, when find_matching_event finds no post it is
 * sold for (an event's own ID, a page), or when that post is not readable. A post of another type
 * that an active provider's relation meta ties to a ticketable post (an attendee) passes those
 * checks and gets a ticket answer built from it: an attendee of an active provider is answered so
 * (attendeeProviderOf); any other such post (an order) leaves the route in progress there (rest_no_route).
 */
export async function readableTicket(ctx: RequestContext, id: number): Promise<ReadableTicket> {
  const post = await loadPostOnce(ctx, id);
  if (post === undefined) throw notFound();
  if (!readable(ctx, post)) throw notAccessible();
  const meta = await loadPostMetaOnce(ctx, id);
  const provider = providerOf(ctx, post) ?? attendeeProviderOf(ctx, post);
  if (provider === undefined) {
    const active = ctx.site.plugins.eventTickets?.providers ?? [];
    const related = active.some((kind) => [TicketKinds[kind].eventMetaKey, ATTENDEE_EVENT_KEYS[kind]].some((key) => (firstMeta(meta, key) ?? '') !== ''));
    if (related) throw new InProgressError();
    throw notAccessible();
  }
  const parentPost = await eventForTicket(ctx, meta, provider);
  if (parentPost === undefined) throw notAccessible();
  if (!readable(ctx, parentPost)) throw notAccessible();
  return { post, meta, provider, parent: { post: parentPost, meta: await loadPostMetaOnce(ctx, parentPost.ID) } };
}

/**
 * get_event_for_ticket: the post the ticket's relation meta names (else, for an attendee read as
 * a ticket, the attendee's), when it exists and tickets may be sold for it.
 */
/** The ID of the post a ticket is sold for, as its provider's meta names it; undefined when none is stored. */
function ticketEventId(meta: MetaMap, provider: TicketProvider): number | undefined {
  const value = firstMeta(meta, TicketKinds[provider].eventMetaKey) || (firstMeta(meta, ATTENDEE_EVENT_KEYS[provider]) ?? '');
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

async function eventForTicket(ctx: RequestContext, meta: MetaMap, provider: TicketProvider): Promise<PostRow | undefined> {
  const parentId = ticketEventId(meta, provider);
  const parentPost = parentId === undefined ? undefined : await loadPostOnce(ctx, parentId);
  return parentPost !== undefined && isTicketablePost(ctx.site, parentPost) ? parentPost : undefined;
}

/**
 * The posts a page of tickets is sold for, with their meta, read in one statement before the
 * tickets are built (eventForTicket then finds each in the request's memo instead of one read a ticket).
 */
export async function preloadTicketEvents(ctx: RequestContext, ticketIds: readonly number[]): Promise<void> {
  const eventIds = new Set<number>();
  for (const id of ticketIds) {
    const post = await loadPostOnce(ctx, id);
    const provider = post === undefined ? undefined : providerOf(ctx, post);
    if (provider === undefined) continue;
    const meta = await loadPostMetaOnce(ctx, id);
    const parentId = ticketEventId(meta, provider);
    if (parentId !== undefined) eventIds.add(parentId);
  }
  await preloadPostsWithMetaOnce(ctx, [...eventIds]);
}

/**
 * Post_Repository::get_ticket_object for a ticket the archive found (no read checks): its active
 * provider and its post; undefined where Event Tickets answers an error (the archive lists `null`).
 */
export async function ticketObject(ctx: RequestContext, id: number): Promise<ReadableTicket | undefined> {
  const post = await loadPostOnce(ctx, id);
  if (post === undefined) return undefined;
  const provider = providerOf(ctx, post);
  if (provider === undefined) return undefined;
  const meta = await loadPostMetaOnce(ctx, id);
  const parentPost = await eventForTicket(ctx, meta, provider);
  if (parentPost === undefined) return undefined;
  return { post, meta, provider, parent: { post: parentPost, meta: await loadPostMetaOnce(ctx, parentPost.ID) } };
}
