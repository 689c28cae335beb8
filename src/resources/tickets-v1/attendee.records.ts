import type { RequestContext } from '../../http/request-context.js';
import { loadPostMetaOnce, loadPostOnce } from '../../http/request-context.js';
import { firstMeta, type MetaMap } from '../../wp/posts/meta.js';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import { phpIntval } from '../../wp/php/php-values.js';
import type { TicketProvider } from '../../wp/site/plugins.js';
import { isTicketablePost } from '../tec-v1/tickets.records.js';
import { ATTENDEE_KINDS, ATTENDEE_STATUSES_NOT_ANY, type AttendeeKind, attendeeKindOf } from '../../wp/tickets/attendee-kinds.js';
import { TicketKinds } from './ticket-kinds.js';

/** An attendee post of a known attendee type, with its meta. */
export interface AttendeeRecord {
  post: PostRow;
  meta: MetaMap;
  kind: AttendeeKind;
}

/** The ticket an attendee holds, with the post it is sold for. */
export interface AttendeeTicket {
  provider: TicketProvider;
  post: PostRow;
  meta: MetaMap;
  parent: { post: PostRow; meta: MetaMap };
}


/**
 * The attendee as the attendee repository's by_primary_key query finds it: a post of one of the
 * attendee types in any status but trash and auto-draft; undefined otherwise.
 */
export async function loadAttendee(ctx: RequestContext, id: number): Promise<AttendeeRecord | undefined> {
  const post = await loadPostOnce(ctx, id);
  if (post === undefined || ATTENDEE_STATUSES_NOT_ANY.includes(post.post_status)) return undefined;
  const kind = attendeeKindOf(post.post_type);
  if (kind === undefined) return undefined;
  return { post, meta: await loadPostMetaOnce(ctx, id), kind };
}

/**
 * The post an attendee is for, as Single_Attendee::is_publicly_visible_attendee_event reads it
 * from any post: the first of the attendee-to-event keys (RSVP, Tribe Commerce, Tickets Commerce)
 * holding a non-zero `(int)`; 0 when none does.
 */
export async function attendeeEventId(ctx: RequestContext, id: number): Promise<number> {
  const meta = await loadPostMetaOnce(ctx, id);
  for (const kind of ATTENDEE_KINDS) {
    const eventId = phpIntval(firstMeta(meta, kind.eventKey) ?? '');
    if (eventId !== 0) return eventId;
  }
  return 0;
}

/**
 * The ticket an attendee names (get_ticket_object): a ticket of a provider the site runs, sold
 * for an existing post tickets may be sold for (get_event_for_ticket); undefined otherwise.
 */
export async function loadAttendeeTicket(ctx: RequestContext, attendee: AttendeeRecord): Promise<AttendeeTicket | undefined> {
  const ticketId = phpIntval(firstMeta(attendee.meta, attendee.kind.ticketKey) ?? '');
  if (ticketId <= 0) return undefined;
  const post = await loadPostOnce(ctx, ticketId);
  const providers = ctx.site.plugins.eventTickets?.providers ?? [];
  const provider = providers.find((slug) => TicketKinds[slug].postType === post?.post_type);
  if (post === undefined || provider === undefined) return undefined;
  const meta = await loadPostMetaOnce(ctx, ticketId);
  const parentId = phpIntval(firstMeta(meta, TicketKinds[provider].eventMetaKey) ?? '');
  const parentPost = parentId > 0 ? await loadPostOnce(ctx, parentId) : undefined;
  if (parentPost === undefined || !isTicketablePost(ctx.site, parentPost)) return undefined;
  return { provider, post, meta, parent: { post: parentPost, meta: await loadPostMetaOnce(ctx, parentId) } };
}
