import type { RequestContext, RequestRecords } from '../../http/request-context.js';
import { loadPostBundleOnce } from '../../http/request-context.js';
import { AppError } from '../../http/errors.js';
import { dependOn } from '../../feed/dependencies.js';
import { EventMeta, PostStatus, PostType, Taxonomy } from '../../wp/constants.js';
import { allMeta, firstMeta } from '../../wp/posts/meta.js';
import { beginningOfDay, endOfDay, localizeDate } from '../../wp/tec/dates.js';
import { eventLinkPaths, featuredImagesOf, thumbnailIdOf, type LoadedPost } from '../../wp/tec/linked-posts.js';
import { selectPostBundle, type PostBundle } from '../../wp/posts/post-bundle.repository.js';
import { idsAlongPath, type MetaPath } from '../../wp/posts/meta-paths.js';
import type { TermRow } from '../../wp/terms/terms.repository.js';
import { listToTypedArray, lookUpTermsNamedByItems, resolveTermIds, withDescendants } from '../../wp/validators.js';
import { canReadPost, type PostForCaps } from '../../wp/auth/capabilities.js';
import { removePasswordProtectedContent } from '../../wp/posts/password-protection.js';
import { canAccessPasswordContent, postPasswordRequired } from '../../wp/auth/password-access.js';
import { parsePostSearch } from '../../wp/posts/search.js';
import { isLoggedIn } from '../../wp/auth/capabilities.js';
import { toEventJsonLd } from '../../wp/json-ld/index.js';
import { buildVenueSummaries, jsonLdImageUrl, linkedEnvOf } from '../venues/venues.service.js';
import { buildOrganizerSummaries } from '../organizers/organizers.service.js';
import { postPermalink } from '../../wp/site/urls.js';
import {
  eventStorageOf,
  countEvents,
  countEventsEndingAfter,
  eventListTags,
  selectEventPage,
  toNormalZone,
  type EventDateFilters,
  type EventListFilter,
} from '../../wp/tec/events-query.js';
import { postArchiveNeighbours, resolveArchiveStatuses, totalPages, type ArchiveLinks } from '../../wp/posts/archive-links.js';
import { toEventResource, type EventResource } from './events.mapper.js';
import { defaultEndDate, defaultStartDate, type ListEventsQuery } from './events.schemas.js';
import { buildEventsRestUrl } from './events.urls.js';
import { keptEventPage } from './kept-event-page.js';
import { listedEventBytes, listedEventKey, listedEventRecord, type ListedEventRecord } from './events.records.js';
import { eventTicketFields, managesAttendees, prepareEventTickets, type PreparedTickets } from './events.tickets.js';
import { toTicketOffers } from '../../wp/tickets/offers.js';
import { activeProviders } from '../../wp/tickets/providers.js';

export interface EventList extends ArchiveLinks {
  events: EventResource[];
  total: number;
  total_pages: number;
}

/**
 * An ID as PHP prints it after the (int) cast of rest_sanitize_value_from_schema: past the 64-bit
 * range the cast saturates at PHP_INT_MAX, so `/events/99999999999999999999` reports that number.
 */
function phpIntString(id: number): string {
  if (id >= 2 ** 63) return '9223372036854775807';
  if (id < -(2 ** 63)) return '-9223372036854775808';
  return BigInt(Math.trunc(id)).toString();
}

export const EventErrors = {
  notFound: (id: number) => new AppError(404, 'rest-event-not-found', `Event with ID ${phpIntString(id)} does not exist.`),
  notAnEvent: () => new AppError(400, 'rest-invalid-event-id', 'The specified ID is not a valid event.'),
  trashed: () => new AppError(403, 'event-no-longer-available', 'This event is no longer available'),
  notAccessible: () => new AppError(403, 'event-not-accessible', 'The requested event is not accessible'),
  passwordProtected: () =>
    new AppError(403, 'event-password-protected', 'The requested event is not accessible without a password'),
  archivePageNotFound: () =>
    new AppError(404, 'event-archive-page-not-found', 'The requested event archive page does not exist'),
  inTrash: () => new AppError(410, 'event-is-in-trash', 'The event is already trashed'),
} as const;

/**
 * The posts whose texts a batch of events renders, in the order Post_Repository::get_event_data
 * renders them: for each event its venues, then its organizers, then the event itself (each post
 * once; the plugin caches what it built for the request).
 */
function textsInOrder(posts: readonly LoadedPost[], linked: ReadonlyMap<number, LoadedPost>) {
  const linkedOf = (meta: LoadedPost['meta'], key: string) =>
    allMeta(meta, key).flatMap((id) => {
      const found = linked.get(Number(id));
      return found ? [found.post] : [];
    });
  return posts.flatMap(({ post, meta }) => [...linkedOf(meta, EventMeta.venueId), ...linkedOf(meta, EventMeta.organizerId), post]);
}

const EVENT_TAXONOMIES = [Taxonomy.eventCategory, Taxonomy.tag];

/**
 * The statement that loaded the events, which also brought their terms and, for a single event,
 * the posts of eventLinkPaths (venues, organizers, featured images).
 */
interface LoadedWithLinks {
  bundle: PostBundle;
  paths: readonly MetaPath[];
}

/** What a batch of events is rendered from, once loaded (prepareEvents). */
interface PreparedEvents {
  /** The venues and organizers the events' meta names, found, by ID. */
  linked: ReadonlyMap<number, LoadedPost>;
  /** The events' terms. */
  terms: PostBundle['terms'];
  /** On a site running Event Tickets, the events' tickets (and attendees, for a manager). */
  tickets: PreparedTickets | undefined;
}

/**
 * Builds the events of a batch of loaded posts, in the given order. Their terms came with the
 * events (`loaded`), and so may their venues and organizers (posts alike) with those posts'
 * featured images and the events' own featured images (loaded.paths). What else they show or
 * their texts render from (attachments, oEmbed caches), and linked posts the paths did not reach
 * (none were followed, or a meta value is not a plain number), take one more statement for the
 * whole batch, none when there is nothing. Only what the venues' and organizers' own texts read,
 * and dynamic blocks' queries, cost statements of their own.
 */
async function buildEvents(
  ctx: RequestContext,
  posts: readonly LoadedPost[],
  single: boolean,
  loaded: LoadedWithLinks,
): Promise<EventResource[]> {
  if (posts.length === 0) return [];
  return renderEvents(ctx, posts, single, await prepareEvents(ctx, posts, loaded));
}

/**
 * Loads what a batch of events shows and renders from (see buildEvents), without rendering: the
 * events can then be rendered together or one at a time (renderEvents), in the same order.
 */
async function prepareEvents(ctx: RequestContext, posts: readonly LoadedPost[], loaded: LoadedWithLinks): Promise<PreparedEvents> {
  const venueIds = posts.flatMap(({ meta }) => allMeta(meta, EventMeta.venueId).map(Number));
  const organizerIds = posts.flatMap(({ meta }) => allMeta(meta, EventMeta.organizerId).map(Number));
  const linkedIds = [...venueIds, ...organizerIds];
  // Every post the paths reached, found or not, counts as asked: the renderer asks for none again.
  const reached = new Set<number>();
  const metaOf = (id: number) => loaded.bundle.posts.get(id)?.meta;
  for (const path of loaded.paths) for (const id of idsAlongPath(path, metaOf)) reached.add(id);
  ctx.content.adopt(loaded.bundle, { postIds: [...reached], oembedKeys: [] });
  const asked = ctx.content.collect(
    posts.map(({ post }) => post),
    posts.flatMap((loaded) => thumbnailIdOf(loaded) ?? []),
  );
  const unreachedLinked = linkedIds.filter((id) => !reached.has(id));
  // The linked posts' own featured images are not followed inside this statement: few venues and
  // organizers have one, and the path costs MariaDB about a third of the statement whether it
  // finds any or not. prepare() below loads those there
  // are, with what the texts render from, in the one statement it may send anyway.
  const bundle = await selectPostBundle(ctx.db, {
    ids: [...unreachedLinked, ...asked.postIds],
    oembedKeys: asked.oembedKeys,
  });
  ctx.content.adopt(bundle, asked);
  const linked = new Map(linkedIds.flatMap((id) => {
    const found = loaded.bundle.posts.get(id) ?? bundle.posts.get(id);
    return found ? [[id, found] as const] : [];
  }));
  // What the venues' and organizers' texts render from, and all the featured images, in one batch.
  const thumbnails = [...posts, ...linked.values()].flatMap((loaded) => thumbnailIdOf(loaded) ?? []);
  const [tickets] = await Promise.all([prepareEventTickets(ctx, posts), ctx.content.prepare(textsInOrder(posts, linked), thumbnails)]);
  return { linked, terms: loaded.bundle.terms, tickets };
}

/** Renders prepared events (prepareEvents) in the given order; reads nothing more but what linked posts' texts need. */
async function renderEvents(ctx: RequestContext, posts: readonly LoadedPost[], single: boolean, prepared: PreparedEvents): Promise<EventResource[]> {
  const env = linkedEnvOf(ctx, single);
  const { terms } = prepared;
  // Only these events' venues and organizers: rendering others now would change the texts' order.
  const linked = new Map(
    posts.flatMap(({ meta }) => [...allMeta(meta, EventMeta.venueId), ...allMeta(meta, EventMeta.organizerId)].flatMap((id) => {
      const found = prepared.linked.get(Number(id));
      return found ? [[Number(id), found] as const] : [];
    })),
  );
  ctx.content.renderInOrder(textsInOrder(posts, linked));
  const images = featuredImagesOf(posts, (id) => ctx.content.loadedPost(id), ctx.site.siteUrl);
  const [venues, organizers] = await Promise.all([
    buildVenueSummaries(env, [...linked.values()]),
    buildOrganizerSummaries(env, [...linked.values()]),
  ]);
  const termsOf = (id: number, taxonomy: string): TermRow[] =>
    terms.filter((term) => term.object_id === id && term.taxonomy === taxonomy);

  return posts.map(({ post, meta }) => {
    // TEC free links one venue; older data may hold several rows, and the plugin shows them all.
    const eventVenues = allMeta(meta, EventMeta.venueId).flatMap((id) => venues.get(Number(id)) ?? []);
    const eventOrganizers = allMeta(meta, EventMeta.organizerId).flatMap((id) => organizers.get(Number(id)) ?? []);
    const image = images.get(post.ID) ?? false;
    const tickets = eventTicketFields(prepared.tickets, post.ID);
    const permalink = postPermalink(ctx.urls, post, ctx.viewer);
    const eventTickets = ctx.site.plugins.eventTickets;
    const jsonLd = single
      ? toEventJsonLd({
          event: { post, meta, imageUrl: jsonLdImageUrl(image, { post, meta }), excerptLength: env.excerptLength },
          venue: venues.get(Number(firstMeta(meta, EventMeta.venueId)))?.source ?? null,
          organizers: eventOrganizers.map((organizer) => organizer.source),
          permalink,
          viewer: ctx.viewer,
          site: {
            prettyPermalinks: ctx.urls.prettyPermalinks,
            timezone: ctx.site.timezone,
            timezoneMode: ctx.site.tec.timezoneMode,
            defaultCurrencyCode: ctx.site.tec.defaultCurrencyCode,
            proActive: ctx.site.proActive,
          },
          now: ctx.now,
          ticketOffers: tickets && eventTickets ? toTicketOffers(tickets.post.tickets, permalink, eventTickets, ctx.now) : undefined,
        })
      : null;
    return toEventResource({
      post,
      meta,
      categories: termsOf(post.ID, Taxonomy.eventCategory),
      tags: termsOf(post.ID, Taxonomy.tag),
      venues: eventVenues.map((venue) => venue.resource),
      organizers: eventOrganizers.map((organizer) => organizer.resource),
      image,
      urls: ctx.urls,
      site: ctx.site,
      viewer: ctx.viewer,
      jsonLd: jsonLd ?? undefined,
      content: ctx.content,
      tickets,
    });
  });
}

/** How the list's date parameters become filters (Archive_Event::get, steps 1 to 6). */
function dateFilters(ctx: RequestContext, query: ListEventsQuery): EventDateFilters {
  const inclusive = !isPhpTrueBoolean(query.strict_dates);
  const zone = ctx.site.timezone;
  const cutoff = ctx.site.tec.multiDayCutoff;
  const raw = (value: string | number | undefined) => (value === undefined ? undefined : String(value));
  const localized = (value: string | undefined) => (value === undefined ? undefined : localizeDate(value, zone, ctx.now) ?? undefined);
  const widenStart = (value: string | undefined) => (value === undefined ? undefined : beginningOfDay(value, ctx.now, cutoff) ?? undefined);
  const widenEnd = (value: string | undefined) => (value === undefined ? undefined : endOfDay(value, ctx.now, cutoff) ?? undefined);

  const relative = [query.starts_before, query.starts_after, query.ends_before, query.ends_after].some((v) => v !== undefined);
  const filters: EventDateFilters = {};
  const pick = (value: string | number | undefined, widen: (v: string | undefined) => string | undefined) =>
    inclusive ? widen(raw(value)) : localized(raw(value));

  filters.startsBefore = pick(query.starts_before, widenEnd);
  // The plugin widens starts_after to the END of its day too.
  filters.startsAfter = pick(query.starts_after, widenEnd);
  filters.endsBefore = pick(query.ends_before, widenEnd);
  filters.endsAfter = pick(query.ends_after, widenEnd);

  if (query.include) {
    // With include the plugin drops the dates, then merges the route defaults back in: the raw
    // default window applies (not widened), whatever dates the client sent.
    filters.startsOnOrAfter = defaultStartDate(ctx);
    filters.endsOnOrBefore = defaultEndDate(ctx);
  } else {
    filters.startsOnOrAfter = pick(query.start_date, widenStart);
    filters.endsOnOrBefore = pick(query.end_date, widenEnd);
  }
  // starts_*/ends_* drop the start_date/end_date window unless the query string names it.
  if (relative) {
    if (!('start_date' in ctx.query)) delete filters.startsOnOrAfter;
    if (!('end_date' in ctx.query)) delete filters.endsOnOrBefore;
  }
  for (const key of Object.keys(filters) as (keyof EventDateFilters)[]) {
    if (filters[key] === undefined) delete filters[key];
  }
  return filters;
}

/**
 * Tribe__Events__Query::getEvents still reads the old bar's `tribe-bar-search` request variable
 * and, when it is not PHP-empty, makes it the query's `s`: it replaces `search` (recorded:
 * `tribe-bar-search=Concert&search=seed` lists the concert, while rest_url keeps `search=seed`).
 */
function legacyBarSearch(ctx: RequestContext): string | undefined {
  const value = ctx.query['tribe-bar-search'];
  return typeof value === 'string' && value !== '' && value !== '0' ? value : undefined;
}

/** FILTER_VALIDATE_BOOLEAN: "1", "true", "on", "yes" (any case, trimmed) are true. */
function isPhpTrueBoolean(value: unknown): boolean {
  return typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
}

/**
 * GET /events: the list as Archive_Event::get builds it. Throws the plugin's 404 for an empty
 * page past the first.
 */
export async function listEvents(ctx: RequestContext, query: ListEventsQuery): Promise<EventList> {
  const records = await ctx.records?.();
  const build = records ? (ids: readonly number[]) => assembleListedEvents(ctx, ids, records) : (ids: readonly number[]) => loadListedEvents(ctx, ids);
  return (await listEventPage(ctx, query, build)).list;
}

/** One event of a list page, with the rows it was built from. */
export interface ListedEvent {
  resource: EventResource;
  source: LoadedPost;
  /** No password, or one this request unlocks: the list shows its protected fields. */
  contentReadable: boolean;
}

/**
 * The list of GET /events together with each event's rows, for answers that need more than the
 * JSON shows (the iCal feed); the same query, visibility and errors as listEvents.
 */
export function listEventEntries(ctx: RequestContext, query: ListEventsQuery): Promise<{ list: EventList; entries: ListedEvent[] }> {
  return listEventPage(ctx, query, (ids) => loadListedEvents(ctx, ids));
}

/**
 * Events by ID in the order given, each with the rows it was built from, rendered as the list
 * renders them but with a password-protected event's fields kept (`contentReadable` says whether
 * the request may read them): the front-end iCal export's events, which keep their venue and
 * organizer. IDs of no event are left out.
 */
export function loadEventEntries(ctx: RequestContext, ids: readonly number[]): Promise<ListedEvent[]> {
  return loadListedEvents(ctx, ids, false);
}

/** The list of GET /events, its page's events built by `build` from their IDs, in order. */
async function listEventPage<E extends { resource: EventResource }>(
  ctx: RequestContext,
  query: ListEventsQuery,
  build: (ids: readonly number[]) => Promise<E[]>,
): Promise<{ list: EventList; entries: E[] }> {
  const { statuses, urlValue } = resolveArchiveStatuses(ctx.viewer, PostType.event, query.status);
  const filter: EventListFilter = {
    statuses,
    ...eventStorageOf(ctx.site),
    ...toNormalZone(ctx.site, dateFilters(ctx, query)),
  };
  const search = legacyBarSearch(ctx) ?? query.search;
  if (search !== undefined) {
    const parsed = parsePostSearch(search, isLoggedIn(ctx.viewer));
    if (parsed) filter.search = parsed;
  }
  // The terms come from the request's lookups, which the categories and tags validators filled.
  if (query.categories !== undefined || query.tags !== undefined) {
    if (query.categories !== undefined) {
      const terms = await ctx.lookups.termsOfTaxonomy(Taxonomy.eventCategory);
      filter.categoryTermIds = withDescendants(terms, resolveTermIds(terms, listToTypedArray(query.categories), ctx.site.language));
    }
    if (query.tags !== undefined) {
      const items = listToTypedArray(query.tags).filter((item): item is string | number => item !== '');
      const terms = await lookUpTermsNamedByItems(ctx.lookups, Taxonomy.tag, items, ctx.site.language);
      // WP_Query's back-compat block sets `tag_id` to the first queried tag, and the ORM's
      // follow-up queries turn that into one more AND clause: only the first tag really filters
      // (recorded: `tags=12,kids` lists the events of tag 12 alone).
      filter.tagTermIds = resolveTermIds(terms, items, ctx.site.language).slice(0, 1);
    }
  }
  if (query.venue !== undefined) filter.venueIds = listToTypedArray(query.venue).map(Number);
  if (query.organizer !== undefined) filter.organizerIds = listToTypedArray(query.organizer).map(Number);
  if (query.featured !== undefined) filter.featured = query.featured;
  if (query.include) filter.include = query.include;
  if (query.post_parent !== undefined) filter.postParent = query.post_parent;
  const eventTickets = ctx.site.plugins.eventTickets;
  if (eventTickets) {
    // REST\V1\Main::parse_events_rest_args: `has_rsvp_or_tickets`, and managers see hidden events.
    if (query.ticketed !== undefined) {
      const providers = activeProviders(eventTickets.providers);
      filter.ticketed = {
        present: query.ticketed,
        relationKeys: providers.map((provider) => provider.ticketEventKey),
        ticketPostTypes: providers.map((provider) => provider.ticketPostType),
      };
    }
    if (managesAttendees(ctx)) filter.includeHidden = true;
  }

  const perPage = query.per_page;
  const page = query.page;
  const offset = (page - 1) * perPage;
  const kept = await keptEventPage(ctx, filter, offset, perPage);
  const { ids, total } = kept?.ids !== undefined ? { ids: kept.ids, total: kept.total! } : await pageAndTotalInSql(ctx, filter, offset, perPage, query.include !== undefined, kept);
  if (ids.length === 0 && page > 1) throw EventErrors.archivePageNotFound();

  const entries = await build(ids);
  const restUrl = buildEventsRestUrl(ctx, query, filter, urlValue);
  const list: EventList = {
    events: entries.map((entry) => entry.resource),
    rest_url: restUrl,
    ...postArchiveNeighbours(restUrl, page, perPage, total),
    total,
    total_pages: totalPages(total, perPage),
  };
  return { list, entries };
}

/**
 * The events of a list page from their rows: the page's posts, all their meta and their terms in
 * one statement. What they link to comes in the next, by ID: following eventLinkPaths inside this
 * statement saves that round trip but cost MariaDB 20-25 % more time per page (it reads the page's
 * meta once per path step).
 */
async function loadListedEvents(ctx: RequestContext, ids: readonly number[], blankProtected = true): Promise<ListedEvent[]> {
  const loaded = await selectListedPosts(ctx, ids);
  const posts = ids.flatMap((id) => loaded.posts.get(id) ?? []);
  return (await buildEvents(ctx, posts, false, { bundle: loaded, paths: [] })).map((event, index): ListedEvent => {
    const source = posts[index]!;
    const contentReadable = mayReadContent(ctx, source.post);
    return { resource: contentReadable || !blankProtected ? event : removePasswordProtectedContent(event), source, contentReadable };
  });
}

/** The posts of listed events with all their meta and their terms, in one statement. */
function selectListedPosts(ctx: RequestContext, ids: readonly number[]): Promise<PostBundle> {
  return selectPostBundle(ctx.db, { ids: [...ids], termsOf: { objectIds: [...ids], taxonomies: EVENT_TAXONOMIES } });
}

/**
 * The events of a list page assembled from the record cache: each event kept there (rendered by an
 * earlier request, still fresh) is taken as it is when its texts read the same here (see
 * ContentRenderer.replay); the others are loaded together, in one batch (two statements), rendered
 * in the page's order and kept for the next page that shows them. So a page whose events are all
 * kept costs no statement at all beyond its IDs (and total).
 */
async function assembleListedEvents(ctx: RequestContext, ids: readonly number[], records: RequestRecords): Promise<{ resource: EventResource }[]> {
  const kept = new Map(ids.map((id) => [id, records.cache.get<ListedEventRecord>(listedEventKey(ctx, id), records.generation)] as const));
  const batches: { bundle: PostBundle; prepared: PreparedEvents }[] = [];
  // Asked for already, found or not (a post deleted since the IDs were read is not asked for again).
  const asked = new Set<number>();
  const load = async (lacking: readonly number[]) => {
    for (const id of lacking) asked.add(id);
    const bundle = await selectListedPosts(ctx, lacking);
    const posts = lacking.flatMap((id) => bundle.posts.get(id) ?? []);
    batches.push({ bundle, prepared: await prepareEvents(ctx, posts, { bundle, paths: [] }) });
  };
  const lacking = ids.filter((id) => kept.get(id) === undefined);
  if (lacking.length > 0) await load(lacking);
  const events: { resource: EventResource }[] = [];
  for (const id of ids) {
    const record = kept.get(id);
    if (record && ctx.content.replay(record.fragment.texts)) {
      // The answer depends on what the kept rendering read, as if it had read it now.
      dependOn(...record.tags);
      const { resource, access } = record.fragment;
      events.push({ resource: mayReadContent(ctx, access) ? resource : removePasswordProtectedContent(resource) });
      continue;
    }
    // Kept but rendered from another state of the texts (rare): loaded on its own.
    if (!asked.has(id)) await load([id]);
    const batch = batches.find(({ bundle }) => bundle.posts.has(id));
    const event = batch?.bundle.posts.get(id);
    if (!batch || !event) continue;
    const [resource] = await renderEvents(ctx, [event], false, batch.prepared);
    const rendering = listedEventRecord(ctx, event, batch.prepared.linked, batch.prepared.terms, resource!);
    if (rendering) records.cache.set(listedEventKey(ctx, id), records.generation, rendering, listedEventBytes(rendering.fragment));
    events.push({ resource: mayReadContent(ctx, event.post) ? resource! : removePasswordProtectedContent(resource!) });
  }
  return events;
}

/**
 * One page of the list read in SQL, and its total: the kept dates' where they gave one (`kept`: they
 * were asked for this page already), else eventTotal's.
 */
async function pageAndTotalInSql(
  ctx: RequestContext,
  filter: EventListFilter,
  offset: number,
  limit: number,
  orderByPostDate: boolean,
  kept?: { total: number | undefined },
): Promise<{ ids: number[]; total: number }> {
  // No table holds more rows than an exact integer can count: such a page is empty.
  if (!Number.isSafeInteger(offset)) return { ids: [], total: 0 };
  const { ids, marker } = await ctx.listStatements.run(() => selectEventPage(ctx.db, filter, { limit, offset, orderByPostDate }));
  // An empty page: nothing matches (on the first page; past it the list answers 404), no count needed.
  return { ids, total: ids.length === 0 ? 0 : (kept?.total ?? (await eventTotal(ctx, filter, marker ?? '', kept !== undefined))) };
}

/**
 * found_posts of the list: from the app's count cache when the same window was counted under the
 * same change marker (another page of it); else counted in memory from the filter's kept event
 * dates where the feed vouches for them (EventTotalsIndex, which loads them at a filter's second
 * window); else, on TEC 6 sites, grown by the events ending in between when only the end of the
 * date window moved later (and each of those has one occurrence); else counted, once for
 * concurrent requests.
 */
async function eventTotal(ctx: RequestContext, filter: EventListFilter, marker: string, keptAsked = false): Promise<number> {
  // A total from the app's cache is read from the same rows as the list's page.
  dependOn(...eventListTags(filter));
  const { endsOnOrBefore: windowEnd, ...rest } = filter;
  const key = JSON.stringify(rest);
  const now = ctx.now.getTime();
  const cached = ctx.eventCounts.get(key, marker, now);
  if (cached && cached.windowEnd === windowEnd) return cached.total;
  const kept = keptAsked ? undefined : await ctx.totals?.();
  const indexed = kept && (await kept.index.total(ctx.db, ctx.listStatements, filter, kept.generation, kept.maxRows));
  if (indexed !== undefined) return indexed;
  const countedEnd = cached?.windowEnd;
  if (cached && filter.useOccurrencesTable && countedEnd !== undefined && windowEnd !== undefined && windowEnd > countedEnd) {
    const grown = await ctx.listStatements.run(() => countEventsEndingAfter(ctx.db, filter, countedEnd));
    if (!grown.severalOccurrences) {
      const total = cached.total + grown.count;
      ctx.eventCounts.set(key, marker, cached.countedAt, { windowEnd, total });
      return total;
    }
  }
  const total = await ctx.eventCounts.shared(`${marker}\u0000${windowEnd ?? ''}\u0000${key}`, () => ctx.listStatements.run(() => countEvents(ctx.db, filter)));
  ctx.eventCounts.set(key, marker, now, { windowEnd, total });
  return total;
}

/**
 * No password, or one this request unlocks (Validator::can_access_password_content). Where it is
 * not, Main::filter_out_password_protected_events keeps the event in the list with its protected
 * fields blanked.
 */
function mayReadContent(ctx: RequestContext, post: PostForCaps & { post_password: string }): boolean {
  return (
    !postPasswordRequired(post) ||
    canAccessPasswordContent(post, ctx.viewer, { context: ctx.params.context, password: ctx.params.password })
  );
}

/**
 * GET /events/{id}: the event in the `single` context (with JSON-LD), after the plugin's checks
 * in order: exists (404), is an event (400), not trashed (403), readable (403), password (403).
 */
export async function getEvent(ctx: RequestContext, id: number): Promise<EventResource> {
  const { event, loaded } = await loadEventOnce(ctx, id);
  if (!event) throw EventErrors.notFound(id);
  const { post } = event;
  if (post.post_type !== PostType.event) throw EventErrors.notAnEvent();
  if (post.post_status === PostStatus.trash) throw EventErrors.trashed();
  if (post.post_status !== PostStatus.publish && !canReadPost(ctx.viewer, post)) throw EventErrors.notAccessible();
  if (!mayReadContent(ctx, event.post)) throw EventErrors.passwordProtected();
  const [resource] = await buildEvents(ctx, [event], true, loaded);
  return resource!;
}

/**
 * The post with this ID, its meta, its terms and the posts it links to (eventLinkPaths), in one
 * statement through the request's memo: the permission checks of the Allow header read the same
 * post. Whatever the post turns out to be (none, not an event), that one statement is all.
 */
async function loadEventOnce(ctx: RequestContext, id: number): Promise<{ event: LoadedPost | undefined; loaded: LoadedWithLinks }> {
  const paths = eventLinkPaths([id]);
  const bundle = await loadPostBundleOnce(ctx, id, { termsOf: { objectIds: [id], taxonomies: EVENT_TAXONOMIES }, byMetaOf: paths });
  return { event: bundle.posts.get(id), loaded: { bundle, paths } };
}

/**
 * Post_Repository::get_event_data as the write endpoints answer with it: the event as it is now,
 * whatever its status, in the list (non-single) context, so without JSON-LD.
 */
export async function getEventData(ctx: RequestContext, id: number): Promise<EventResource> {
  ctx.forgetMemo();
  const { event, loaded } = await loadEventOnce(ctx, id);
  if (!event) throw EventErrors.notFound(id);
  const [resource] = await buildEvents(ctx, [event], false, loaded);
  return resource!;
}
