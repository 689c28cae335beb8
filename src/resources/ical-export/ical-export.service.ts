import { createHash } from 'node:crypto';
import type { RequestContext } from '../../http/request-context.js';
import { EventMeta, OptionName, PostStatus, PostType, Taxonomy } from '../../wp/constants.js';
import { firstMeta } from '../../wp/posts/meta.js';
import { selectPostById, selectPostsByIds, selectPublishedPostByName } from '../../wp/posts/posts.repository.js';
import { parsePostSearch } from '../../wp/posts/search.js';
import { asRecord, maybeUnserialize } from '../../wp/php/php-values.js';
import { selectOptions } from '../../wp/site/options.repository.js';
import { formatUtc, phpDateTimeIn, siteWallTimeToUtc, zoneOffsetSeconds } from '../../wp/tec/dates.js';
import { defaultEventsPerPage, eventStorageOf, selectEventPage, toNormalZone, type EventListFilter, type EventSort } from '../../wp/tec/events-query.js';
import { sanitizeTextField } from '../../wp/terms/term-fields.js';
import { sanitizeTitle } from '../../wp/text/slugs.js';
import { withDescendants } from '../../wp/validators.js';
import { icalZoneOf, PROTECTED_DESCRIPTION, venueAddress, venueRegion } from '../events/events.ical.mapper.js';
import { loadEventEntries, type ListedEvent } from '../events/events.service.js';
import { toICalDocument, type ICalExportEvent } from './ical-export.document.js';
import { isTruthyVar, parseFrontEndQuery, queryWithout, type FrontEndQuery } from './ical-export.request.js';

/**
 * TEC's iCal export at the site's front-end URLs (Tribe__Events__iCal::do_ical_template with
 * Views V2 choosing the events): which events a URL exports, and the answer PHP sends for it.
 */

/** How the request log, the metrics and the response cache name these answers' route. */
export const ICAL_EXPORT_ROUTE = 'front end: iCal export';

/** TEC's export count (Tribe__Events__iCal::$feed_default_export_count). */
const FEED_COUNT = 30;
/** The TEC version PRODID names when the site's options record none. */
const FALLBACK_TEC_VERSION = '6.17.2';

export interface FrontEndAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /**
   * The instant (ms) from which the answer may differ though no data changed: a view of the events
   * still to end (or ended) reads the clock; none when it reads no more than the site's day.
   */
  staleFrom?: number;
}

/** What the request's path and query ask of WordPress and TEC. */
interface FrontEndRequest {
  path: string;
  querystring: string;
}

/**
 * The answer WordPress and TEC give a front-end request for an iCal export: WordPress's canonical
 * redirect, the export (a calendar, or nothing to export), or undefined when the request asks for
 * no export (an HTML page of the site, which this service does not render).
 */
export async function answerICalExport(ctx: RequestContext, request: FrontEndRequest): Promise<FrontEndAnswer | undefined> {
  const query = ctx.query;
  const fe = parseFrontEndQuery(request.path, query, { events: ctx.site.tec.eventsSlug, single: ctx.site.tec.singleEventSlug, tag: ctx.site.tagBase.replace(/^\/+|\/+$/g, '') || 'tag' });
  const wantsExport = fe.prettyICal || query.ical !== undefined || query['outlook-ical'] !== undefined;
  if (!wantsExport) return undefined;

  const redirect = await canonicalRedirect(ctx, request, fe);
  if (redirect !== undefined) return { status: 301, headers: { ...robotsHeader(ctx), 'Content-Type': 'text/html; charset=UTF-8', Location: redirect }, body: '' };

  const options = await selectOptions(ctx.db, [OptionName.blogname, OptionName.tecOptions]);
  const tecOptions = asRecord(maybeUnserialize(options.get(OptionName.tecOptions) ?? ''));
  const main = await mainQuery(ctx, fe, listViewEnabled(tecOptions));
  const flavour = query['outlook-ical'] !== undefined ? 'outlook' : 'ical';
  const { ids, readsNow } = await exportedIds(ctx, fe, main, knownRange(tecOptions));
  const events = ids.length === 0 ? [] : await loadEventEntries(ctx, ids);
  const staleFrom = readsNow === undefined ? undefined : readsNow === 'ended' ? ctx.now.getTime() : firstEnd(ctx, events, eventStorageOf(ctx.site).filterOnUtcDates);
  const notFound = main.notFound || (ids.length === 0 && main.outOfRange);
  if (events.length === 0) {
    return { status: notFound ? 404 : 200, headers: { ...robotsHeader(ctx), 'Content-Type': 'text/html; charset=UTF-8' }, body: '', staleFrom };
  }
  const blogName = sanitizeTextField(options.get(OptionName.blogname) ?? '');
  const tecVersion = String(tecOptions.latest_ecp_version ?? '') || FALLBACK_TEC_VERSION;
  const exported = await toExportEvents(ctx, events, main.globalPost);
  const body = toICalDocument({
    flavour,
    blogName,
    homeUrl: ctx.urls.base,
    host: new URL(ctx.urls.home).hostname,
    tecVersion,
    siteZone: ctx.site.timezone,
    events: exported,
  });
  const hash = createHash('md5').update(`${flavour}${ids.join('')}`).digest('hex').slice(0, 11);
  return {
    status: 200,
    headers: {
      ...robotsHeader(ctx),
      'Content-Type': 'text/calendar; charset=UTF-8',
      'Content-Disposition': `attachment; filename="${sanitizeTitle(blogName, ctx.site.language)}-${hash}.ics"`,
    },
    body,
    staleFrom,
  };
}

/**
 * When the first of a list's events ends (ms): from then on the list of events still to end no
 * longer holds it. Its end as the list compares it: the UTC end, or the local end against the
 * site's wall clock. Undefined for no events: only a change of the data brings one in.
 */
function firstEnd(ctx: RequestContext, events: readonly ListedEvent[], comparesUtc: boolean): number | undefined {
  let first: number | undefined;
  for (const { resource } of events) {
    const end = comparesUtc ? resource.utc_end_date : resource.end_date === null ? null : siteWallTimeToUtc(resource.end_date, ctx.site.timezone);
    const at = end === null ? Number.NaN : Date.parse(`${end.replace(' ', 'T')}Z`);
    if (Number.isFinite(at) && (first === undefined || at < first)) first = at;
  }
  return first;
}

/** TEC's X-Robots-Tag, sent whenever the request var `ical` or `outlook-ical` is truthy. */
function robotsHeader(ctx: RequestContext): Record<string, string> {
  return isTruthyVar(ctx.query.ical) || isTruthyVar(ctx.query['outlook-ical']) ? { 'X-Robots-Tag': 'noindex, nofollow' } : {};
}

/**
 * redirect_canonical's answers for the URL forms a site's links and old subscriptions use: the
 * trailing slash, `/index.php`, `?p=`, `?post_type=tribe_events&name=`, `?tribe_events_cat=` and
 * `?tag=` moved into the pretty path, the rest of the query kept as sent.
 */
async function canonicalRedirect(ctx: RequestContext, request: FrontEndRequest, fe: FrontEndQuery): Promise<string | undefined> {
  const base = ctx.urls.base;
  const withQuery = (path: string, querystring: string) => `${base}${path}${querystring === '' ? '' : `?${querystring}`}`;
  const query = ctx.query;
  const atRoot = request.path === '/' || request.path === '/index.php';
  if (atRoot) {
    if (typeof query.p === 'string' && /^\d+$/.test(query.p)) {
      const post = await selectPostById(ctx.db, Number(query.p));
      if (post && post.post_status === PostStatus.publish && post.post_type === PostType.event) {
        return withQuery(`/${ctx.site.tec.singleEventSlug}/${post.post_name}/`, queryWithout(request.querystring, ['p']));
      }
    }
    if (typeof query.name === 'string' && query.name !== '' && query.post_type === PostType.event) {
      return withQuery(`/${ctx.site.tec.singleEventSlug}/${query.name}/`, queryWithout(request.querystring, ['name']));
    }
    if (typeof query[Taxonomy.eventCategory] === 'string' && query[Taxonomy.eventCategory] !== '') {
      return withQuery(`/${ctx.site.tec.eventsSlug}/category/${query[Taxonomy.eventCategory] as string}/`, queryWithout(request.querystring, [Taxonomy.eventCategory]));
    }
    if (typeof query.tag === 'string' && query.tag !== '') {
      return withQuery(`/${ctx.site.tagBase.replace(/^\/+|\/+$/g, '') || 'tag'}/${query.tag}/`, queryWithout(request.querystring, ['tag']));
    }
    if (request.path === '/index.php') return withQuery('/', request.querystring);
  }
  if (fe.matched && fe.missingTrailingSlash) return withQuery(`${request.path}/`, request.querystring);
  return undefined;
}

interface MainQuery {
  /** WordPress's main query found nothing (a 404 page). */
  notFound: boolean;
  /** TEC's SEO guard: the view's date lies outside the site's events (404 unless something is exported). */
  outOfRange: boolean;
  /** The single event the URL names, when published. */
  single?: number;
  /** The post `get_post()` falls back to (the global post). */
  globalPost?: number;
  categoryTermIds?: readonly number[];
  tagTermIds?: readonly number[];
}

/** Whether TEC's list view is enabled (`tribeEnableViews`; TEC's SEO headers read no default). */
function listViewEnabled(tecOptions: Record<string, unknown>): boolean {
  const views = tecOptions.tribeEnableViews;
  return views !== null && typeof views === 'object' && Object.values(views).includes('list');
}

/**
 * TEC's SEO headers controller (prevent_list_view_paged_404) keeps WordPress's handle_404 from
 * running for a paged events list: post_type `tribe_events`, eventDisplay `list`, `paged` above 1,
 * the list view enabled. So an archive whose term names nothing (`/events/category/food-drink/list/page/2/`
 * reads the category `list`) or a page beyond the last answers 200 with nothing to export. A path
 * no rule matched stays 404 (WordPress's `error` query var); a single event's page is left to its
 * own 404 (what TEC would export for an unknown event there is not known).
 */
function pagedListKeepsFrom404(fe: FrontEndQuery, listEnabled: boolean): boolean {
  return (
    listEnabled &&
    fe.matched &&
    fe.eventSlug === undefined &&
    fe.postType === PostType.event &&
    fe.eventDisplay === 'list' &&
    (Number.parseInt(fe.paged ?? '', 10) || 0) > 1
  );
}

async function mainQuery(ctx: RequestContext, fe: FrontEndQuery, listEnabled: boolean): Promise<MainQuery> {
  const main: MainQuery = { notFound: !fe.matched, outOfRange: false };
  if (typeof ctx.query.p === 'string' && (ctx.query.p !== '' || fe.eventSlug === undefined)) {
    // A `?p=` the redirect did not move: no published event (a draft, another type).
    main.notFound = true;
  } else if (fe.eventSlug !== undefined) {
    const post = await selectPublishedPostByName(ctx.db, fe.eventSlug, PostType.event);
    if (post) {
      main.single = post.ID;
      main.globalPost = post.ID;
    } else main.notFound = true;
  }
  if (fe.category !== undefined) {
    const terms = await ctx.lookups.termsOfTaxonomy(Taxonomy.eventCategory);
    const term = terms.find((candidate) => candidate.slug === fe.category);
    if (term) main.categoryTermIds = withDescendants(terms, [term.term_id]);
    else {
      main.notFound = true;
      main.categoryTermIds = [];
    }
  }
  if (fe.tag !== undefined) {
    // TEC's context reads a numeric tag as the term's ID.
    const id = /^\d+$/.test(fe.tag) ? Number(fe.tag) : undefined;
    const terms = await ctx.lookups.termsNamedBy(Taxonomy.tag, { ids: id === undefined ? [] : [id], slugs: id === undefined ? [fe.tag] : [], names: [] });
    const term = terms.find((candidate) => (id === undefined ? candidate.slug === fe.tag : candidate.term_id === id));
    main.tagTermIds = term ? [term.term_id] : [];
    if (!term) main.notFound = true;
  }
  for (const [slug, type] of [
    [fe.venue, PostType.venue],
    [fe.organizer, PostType.organizer],
  ] as const) {
    if (slug === undefined) continue;
    if (!(await selectPublishedPostByName(ctx.db, slug, type))) main.notFound = true;
  }
  const keptFrom404 = typeof ctx.query.p !== 'string' && pagedListKeepsFrom404(fe, listEnabled);
  if (keptFrom404) main.notFound = false;
  const eventsArchive = fe.eventDisplay !== undefined || fe.category !== undefined || fe.tag !== undefined || fe.prettyICal;
  if (!main.notFound && main.single === undefined && eventsArchive && fe.venue === undefined && fe.organizer === undefined) {
    main.globalPost = await archiveFirstPost(ctx, fe, main);
    // WordPress's handle_404: a paged query whose main query found no posts (a page beyond the
    // archive's last, `?paged=N` on a month or the default view) is a 404 unless TEC kept it.
    if (main.globalPost === undefined && pageNumber(fe) > 1 && fe.postType === PostType.event && !keptFrom404) main.notFound = true;
  }
  return main;
}

/**
 * The first post of WordPress's main query on an events archive (the global post): the archive's
 * events (of its term), newest post date first, its page starting at (page - 1) x the events per page.
 */
async function archiveFirstPost(ctx: RequestContext, fe: FrontEndQuery, main: MainQuery): Promise<number | undefined> {
  const filter: EventListFilter = { statuses: [PostStatus.publish], ...eventStorageOf(ctx.site) };
  if (main.categoryTermIds) filter.categoryTermIds = main.categoryTermIds;
  if (main.tagTermIds) filter.tagTermIds = main.tagTermIds;
  const perPage = defaultEventsPerPage(ctx.site);
  const offset = (pageNumber(fe) - 1) * perPage;
  const { ids } = await selectEventPage(ctx.db, filter, { limit: 1, offset, orderByPostDate: false, sort: { by: 'date', direction: 'desc' } });
  return ids[0];
}

/** The `paged` query var as WordPress reads it: 1 unless a positive number. */
function pageNumber(fe: FrontEndQuery): number {
  return Math.max(1, Number.parseInt(fe.paged ?? '1', 10) || 1);
}

/** Views V2's event IDs for the export (see the fixtures README, "Which events"). */
async function exportedIds(ctx: RequestContext, fe: FrontEndQuery, main: MainQuery, range: KnownRange | undefined): Promise<ViewIds> {
  const query = ctx.query;
  if (query.event_ids !== undefined) return { ids: await requestedIds(ctx, query.event_ids, main.globalPost) };
  if (main.single !== undefined && query.ical === '1') return { ids: [main.single] };
  return viewIds(ctx, fe, main, range);
}

interface ViewIds {
  ids: number[];
  /** The view compares with the current instant: the events still to end, or those ended. */
  readsNow?: 'ending' | 'ended';
}

/**
 * `event_ids`: Arr::list_to_array, each through tribe_get_event (an ID of no post becomes the
 * global post, get_post's fallback), then only published posts kept, in the order given. A post
 * that is no event (a venue, a page) is left out, where TEC exports it as an event dated now.
 */
async function requestedIds(ctx: RequestContext, value: NonNullable<RequestContext['query'][string]>, globalPost: number | undefined): Promise<number[]> {
  const items = (typeof value === 'string' ? value.split(',') : Object.values(value).map((item) => (typeof item === 'string' ? item : '')))
    .map((item) => item.trim())
    .filter((item) => item !== '' && item !== '0');
  if (items.length === 0) return [];
  const numeric = items.map((item) => (/^\d+$/.test(item) ? Number(item) : 0));
  const posts = new Map((await selectPostsByIds(ctx.db, numeric.filter((id) => id > 0))).map((post) => [post.ID, post]));
  const resolved = numeric.map((id) => (!posts.has(id) ? globalPost : posts.get(id)?.post_type === PostType.event ? id : undefined));
  const global = globalPost !== undefined && !posts.has(globalPost) ? await selectPostById(ctx.db, globalPost) : undefined;
  if (global) posts.set(global.ID, global);
  return resolved.filter((id): id is number => id !== undefined && posts.get(id)?.post_status === PostStatus.publish);
}

/** The view's events: its date window, the archive's term, `featured`, the bar's search; 30 at most. */
async function viewIds(ctx: RequestContext, fe: FrontEndQuery, main: MainQuery, range: KnownRange | undefined): Promise<ViewIds> {
  const query = ctx.query;
  const display = fe.eventDisplay === 'month' || fe.eventDisplay === 'day' || fe.eventDisplay === 'past' ? fe.eventDisplay : 'list';
  const zone = ctx.site.timezone;
  const barDate = typeof query['tribe-bar-date'] === 'string' && query['tribe-bar-date'] !== '' ? query['tribe-bar-date'] : undefined;
  const nowWall = formatUtc(Math.floor(ctx.now.getTime() / 1000) + zoneOffsetSeconds(zone, Math.floor(ctx.now.getTime() / 1000)));
  const filter: EventListFilter = { statuses: [PostStatus.publish], ...eventStorageOf(ctx.site) };
  let sort: EventSort = { by: 'event_date', direction: 'asc', byDuration: true };
  let readsNow: ViewIds['readsNow'];
  const dates: Pick<EventListFilter, 'endsAfter' | 'endsBefore' | 'startsBefore'> = {};
  if (display === 'month') {
    const asked = barDate ?? fe.eventDate;
    const month = (asked !== undefined ? wallTimeOf(ctx, asked) : undefined)?.slice(0, 7) ?? nowWall.slice(0, 7);
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
    dates.endsAfter = asked === undefined ? `${nowWall.slice(0, 10)} 00:00:00` : `${month}-01 00:00:00`;
    dates.startsBefore = `${month}-${String(lastDay).padStart(2, '0')} 23:59:59`;
    if (range && (month < range.earliest.slice(0, 7) || month > range.latest.slice(0, 7))) main.outOfRange = true;
  } else if (display === 'day') {
    const asked = barDate ?? fe.eventDate;
    const day = (asked !== undefined ? wallTimeOf(ctx, asked) : undefined)?.slice(0, 10) ?? nowWall.slice(0, 10);
    dates.endsAfter = `${day} 00:00:00`;
    dates.startsBefore = `${day} 23:59:59`;
    // The day view compares the events' local dates.
    filter.filterOnUtcDates = false;
    if (range && (day < range.earliest.slice(0, 10) || day > range.latest.slice(0, 10))) main.outOfRange = true;
  } else {
    const asked = barDate === undefined ? undefined : wallTimeOf(ctx, barDate);
    const date = asked ?? nowWall;
    if (asked === undefined) readsNow = display === 'past' ? 'ended' : 'ending';
    if (display === 'past') {
      dates.endsBefore = date;
      sort = { by: 'event_date', direction: 'desc', byDuration: true };
    } else dates.endsAfter = date;
    if (barDate !== undefined && range && (date.slice(0, 10) < range.earliest.slice(0, 10) || date.slice(0, 10) > range.latest.slice(0, 10))) main.outOfRange = true;
  }
  Object.assign(filter, toNormalZone(ctx.site, dates));
  if (fe.featured) filter.featured = true;
  const search = query['tribe-bar-search'];
  if (typeof search === 'string' && search !== '') {
    const parsed = parsePostSearch(search, false);
    if (parsed) filter.search = parsed;
  }
  if (main.categoryTermIds) filter.categoryTermIds = main.categoryTermIds;
  if (main.tagTermIds) filter.tagTermIds = main.tagTermIds;
  const offset = (pageNumber(fe) - 1) * defaultEventsPerPage(ctx.site);
  const { ids } = await selectEventPage(ctx.db, filter, { limit: FEED_COUNT, offset, orderByPostDate: false, sort });
  return readsNow === undefined ? { ids } : { ids, readsNow };
}

/**
 * Dates::build_date_object of a request's date in the site's zone, as `Y-m-d H:i:s`: a number is
 * a unix timestamp, anything else PHP's date parser reads; undefined where it reads nothing.
 */
function wallTimeOf(ctx: RequestContext, value: string): string | undefined {
  if (/^\d+$/.test(value)) {
    const unix = Number(value);
    return formatUtc(unix + zoneOffsetSeconds(ctx.site.timezone, unix));
  }
  return phpDateTimeIn(value, ctx.site.timezone, ctx.now)?.wallTime;
}

interface KnownRange {
  earliest: string;
  latest: string;
}

/** TEC's `earliest_date` and `latest_date` options (`Y-m-d H:i:s`), when both are recorded. */
function knownRange(tecOptions: Record<string, unknown>): KnownRange | undefined {
  const { earliest_date: earliest, latest_date: latest } = tecOptions;
  return typeof earliest === 'string' && typeof latest === 'string' && earliest !== '' && latest !== '' ? { earliest, latest } : undefined;
}

/** The export's view of each event: its rows, what the list rendered, and the posts it links to. */
async function toExportEvents(ctx: RequestContext, events: readonly ListedEvent[], globalPost: number | undefined): Promise<ICalExportEvent[]> {
  const linkedIds = new Set<number>();
  for (const { resource } of events) {
    if (resource.image !== false && typeof resource.image.id === 'number') linkedIds.add(resource.image.id);
    const organizer = resource.organizer[0];
    if (organizer && typeof organizer.id === 'number') linkedIds.add(organizer.id);
  }
  const linked = new Map((await selectPostsByIds(ctx.db, [...linkedIds])).map((post) => [post.ID, post]));
  const fallbackRegion = await globalRegion(ctx, globalPost);
  return events.map(({ resource, source, contentReadable }): ICalExportEvent => {
    const meta = source.meta;
    const localUnix = (key: string) => Date.parse(`${(firstMeta(meta, key) ?? '').replace(' ', 'T')}Z`) / 1000;
    const venue = Array.isArray(resource.venue) ? resource.venue[0] : resource.venue;
    const hasVenue = venue !== undefined && Object.keys(venue).length > 0;
    const event: ICalExportEvent = {
      id: resource.id,
      title: source.post.post_title,
      description: contentReadable ? resource.description : PROTECTED_DESCRIPTION,
      allDay: firstMeta(meta, EventMeta.allDay) === 'yes',
      startUnix: localUnix(EventMeta.startDate),
      endUnix: localUnix(EventMeta.endDate),
      zone: icalZoneOf(resource, ctx.site),
      modified: source.post.post_modified,
      created: source.post.post_date,
      url: resource.url,
      location: hasVenue ? venueAddress(venue as Record<string, unknown>) : fallbackRegion,
      categories: resource.categories.map((term) => term.name),
    };
    const image = resource.image;
    const attachment = image !== false && typeof image.id === 'number' ? linked.get(image.id) : undefined;
    if (contentReadable && image !== false && typeof image.url === 'string' && attachment) {
      event.attachment = { mime: attachment.post_mime_type, url: image.url };
    }
    const organizer = resource.organizer[0];
    const organizerPost = organizer && typeof organizer.id === 'number' ? linked.get(organizer.id) : undefined;
    if (organizer && typeof organizer.email === 'string' && organizer.email !== '' && organizerPost) {
      event.organizer = { name: organizerPost.post_title, email: organizer.email };
    }
    return event;
  });
}

/**
 * tribe_get_region('') for an event without a venue: the region of the global post's venue (the
 * page's event on a single event's page), '' when it has none.
 */
async function globalRegion(ctx: RequestContext, globalPost: number | undefined): Promise<string> {
  if (globalPost === undefined) return '';
  const [entry] = await loadEventEntries(ctx, [globalPost]);
  const venue = entry && (Array.isArray(entry.resource.venue) ? entry.resource.venue[0] : entry.resource.venue);
  return venue && Object.keys(venue).length > 0 ? venueRegion(venue as Record<string, unknown>) : '';
}
