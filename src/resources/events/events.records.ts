import type { RequestContext } from '../../http/request-context.js';
import { DependencyTag } from '../../feed/dependencies.js';
import type { RecordKey, RenderedRecord } from '../../cache/record-cache.js';
import { EventMeta } from '../../wp/constants.js';
import { allMeta } from '../../wp/posts/meta.js';
import type { PostForCaps } from '../../wp/auth/capabilities.js';
import { thumbnailIdOf, type LoadedPost } from '../../wp/tec/linked-posts.js';
import type { TermRow } from '../../wp/terms/terms.repository.js';
import type { RenderedTexts } from '../../wp/text/content-renderer.js';
import type { EventResource } from './events.mapper.js';
import { eventTicketTags, managesAttendees } from './events.tickets.js';

/*
 * An event as a list page shows it, kept in the record cache (src/cache/record-cache.ts) so a list
 * page is assembled from the events it lists: what varies the rendering, what it read, and when a
 * rendering may be kept.
 */

/** An event of a list, rendered once for every list that shows it. */
export interface ListedEventRecord {
  /** The event as the list shows it to a reader who may read its content (blanked per request otherwise). */
  resource: EventResource;
  /** What the password and capability checks read of the post. */
  access: PostForCaps & { post_password: string };
  /** The texts rendered for it (its venues', organizers', its own), in the order they were rendered. */
  texts: readonly RenderedTexts[];
}

/**
 * The key of an event as a list shows it. What else the rendering reads is the same for every
 * request of the app, or drops every record when it changes (the site's options, users and roles):
 * who reads (a private venue's link, an author's capabilities) and the namespace every REST URL
 * names. The request's render state (wpautop, fetchpriority) is checked when the texts are
 * replayed (ContentRenderer.replay); password and context are applied per request. On a site
 * running Event Tickets a guest with the QR `api_key` reads what a manager does (`attendance`),
 * so whether the request manages attendees is part of the key.
 */
export function listedEventKey(ctx: RequestContext, id: number): RecordKey {
  const manage = managesAttendees(ctx) ? '\nmanage' : '';
  return { kind: 'event', id, variant: `list\n${ctx.urls.namespace}\nuser:${ctx.viewer.userId}${manage}` };
}

/**
 * The rendering of a listed event to keep, or undefined when it may not be kept: a text it shows
 * read records (attachments, oEmbed caches, block queries) or moved the request's counters, so it
 * reads differently elsewhere. Its tags: the event (its row, meta and term relationships), each
 * post its meta names as venue or organizer (found or not), the featured images of all of them,
 * the rows of its terms and, with Event Tickets, every ticket (and, for a manager, attendee) post.
 */
export function listedEventRecord(
  ctx: RequestContext,
  event: LoadedPost,
  linked: ReadonlyMap<number, LoadedPost>,
  terms: readonly (TermRow & { object_id: number })[],
  resource: EventResource,
): RenderedRecord<ListedEventRecord> | undefined {
  const linkedIds = [...allMeta(event.meta, EventMeta.venueId), ...allMeta(event.meta, EventMeta.organizerId)].map(Number);
  const linkedPosts = linkedIds.flatMap((id) => linked.get(id) ?? []);
  const texts: RenderedTexts[] = [];
  const seen = new Set<number>();
  for (const { post } of [...linkedPosts, event]) {
    if (seen.has(post.ID)) continue;
    seen.add(post.ID);
    const rendered = ctx.content.renderedTexts(post.ID);
    if (rendered === undefined) return undefined;
    texts.push(rendered);
  }
  const tags = new Set<string>([DependencyTag.post(event.post.ID)]);
  for (const id of linkedIds) if (Number.isInteger(id)) tags.add(DependencyTag.post(id));
  for (const loaded of [event, ...linkedPosts]) {
    const thumbnail = thumbnailIdOf(loaded);
    if (thumbnail !== undefined) tags.add(DependencyTag.post(thumbnail));
  }
  for (const term of terms) if (term.object_id === event.post.ID) tags.add(DependencyTag.term(term.term_id));
  for (const tag of eventTicketTags(ctx)) tags.add(tag);
  const { ID, post_type, post_status, post_author, post_password } = event.post;
  return { fragment: { resource, access: { ID, post_type, post_status, post_author, post_password }, texts }, tags };
}

/** About what a listed event holds in memory (strings at two bytes a character). */
export function listedEventBytes(record: ListedEventRecord): number {
  return JSON.stringify(record).length * 2;
}
