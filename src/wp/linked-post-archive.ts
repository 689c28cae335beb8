import type { Db } from '../db/create-db.js';
import { listToArray } from '../http/rest-args.js';
import { POST_TYPE_CAPS, userCan, type Viewer } from './capabilities.js';
import { ANY_POST_STATUSES, EventMeta, PostStatus } from './constants.js';
import { formatUtc, siteWallTimeToUtc } from './dates.js';
import {
  countLinkedPosts,
  selectHasLikeMatch,
  selectLinkedPostIdsPage,
  selectUpcomingEventIds,
  type LinkedPostFilter,
  type LinkedPostKind,
} from './linked-posts.repository.js';
import { isPhpEmpty } from './php-empty.js';
import { filterPostStatusList } from './post-status.js';
import { addQueryArgs, removeQueryArg, type QueryArgValue } from './query-args.js';
import type { SiteSettings } from './site.js';
import { isTribeTruthy } from './truthy.js';

/**
 * The venue and organizer archives (Archive_Venue::get, Archive_Organizer::get over
 * tribe_get_venues() / tribe_get_organizers()): which IDs a page holds, how many there are in
 * all, and the archive's rest_url with its neighbours. Venues and organizers differ only in the
 * LinkedPostKind they pass.
 */

/** The archive request after WordPress validated, defaulted and cast it. */
export interface LinkedPostArchiveRequest {
  /** The statuses listed: the requested ones, or `any` / `publish` by capability. */
  statuses: readonly string[];
  search?: string;
  eventId?: number;
  /** The raw `has_events` value when sent; tribe_is_truthy decides which way it filters. */
  hasEvents?: unknown;
  onlyWithUpcoming: boolean;
  page: number;
  perPage: number;
}

export interface LinkedPostArchivePage {
  /** The page's post IDs, in archive order. */
  ids: number[];
  /** found_posts of the same query (without the search when the search found nothing). */
  total: number;
}

/**
 * The statuses an archive lists, and how its rest_url names them: the requested ones (validated
 * by filter_post_status_list before this runs), else `any` for users who may edit the type and
 * `publish` for everyone else.
 */
export function resolveArchiveStatuses(
  viewer: Viewer,
  postType: string,
  requested: unknown,
): { statuses: readonly string[]; urlValue: string | readonly string[] } {
  if (requested !== undefined && requested !== null) {
    const statuses = filterPostStatusList(requested, viewer, postType) || [PostStatus.publish];
    return { statuses, urlValue: statuses };
  }
  const editCap = POST_TYPE_CAPS[postType]?.edit_posts;
  return editCap !== undefined && userCan(viewer, editCap)
    ? { statuses: ANY_POST_STATUSES, urlValue: 'any' }
    : { statuses: [PostStatus.publish], urlValue: PostStatus.publish };
}

/**
 * Tribe__Duplicate__Strategy__Like::get_where_frags: the search cut at every run of characters
 * other than ASCII letters, digits and `-`, lower-cased; empty and "0" pieces dropped (array_filter).
 */
export function likeSearchWords(search: string): string[] {
  return search
    .split(/[^a-z\d-]+/i)
    .map((word) => word.toLowerCase())
    .filter((word) => !isPhpEmpty(word));
}

/** Zones PHP names `UTC` once TEC built them (`UTC`, `UTC+0`). */
function isUtcZone(zone: string): boolean {
  return /^(UTC|GMT)([+-]0+(\.0+)?)?$/i.test(zone);
}

/**
 * tribe_get_events()'s default page size when the caller sets none: TEC's `posts_per_page`
 * option, else WordPress's, else 10.
 */
function defaultEventsPageSize(site: SiteSettings): number {
  const size = Math.trunc(Number(site.tec.postsPerPage ?? site.postsPerPage));
  return Number.isFinite(size) && size > 0 ? size : 10;
}

/**
 * find_with_upcoming_events: the events tribe_get_events() returns for `start_date = now`.
 * Quirks kept: "now" is PHP's date() (the UTC wall clock), which the ORM then reads as a time in
 * the site's zone; and the call sets no page size, so only the first page of upcoming events
 * (by start date) counts.
 */
async function findUpcomingEventIds(
  db: Db,
  statuses: readonly string[],
  now: Date,
  site: SiteSettings,
): Promise<number[]> {
  const siteMode = site.tec.timezoneMode === 'site';
  const utcWallNow = formatUtc(Math.floor(now.getTime() / 1000));
  const normalIsUtc = siteMode || isUtcZone(site.timezone);
  return selectUpcomingEventIds(db, {
    statuses,
    startsOnOrAfter: siteMode && !isUtcZone(site.timezone) ? siteWallTimeToUtc(utcWallNow, site.timezone) : utcWallNow,
    filterKey: normalIsUtc ? EventMeta.startDateUtc : EventMeta.startDate,
    orderKey: siteMode ? EventMeta.startDateUtc : EventMeta.startDate,
    limit: defaultEventsPageSize(site),
  });
}

/**
 * One archive page and the total. Quirk kept: a search that matches no post at all leaves the
 * page empty while the total (and so the paging) is counted as if no search had been sent.
 */
export async function findLinkedPostArchivePage(
  db: Db,
  kind: LinkedPostKind,
  request: LinkedPostArchiveRequest,
  env: { now: Date; site: SiteSettings },
): Promise<LinkedPostArchivePage> {
  const filter: LinkedPostFilter = { statuses: request.statuses };
  if (request.eventId !== undefined) filter.eventId = request.eventId;
  if (request.hasEvents !== undefined && request.hasEvents !== null) filter.hasEvents = isTribeTruthy(request.hasEvents);

  const words = request.search === undefined ? undefined : likeSearchWords(request.search);
  const [searchMatched, upcomingEventIds] = await Promise.all([
    words === undefined ? Promise.resolve(true) : selectHasLikeMatch(db, kind, words),
    request.onlyWithUpcoming ? findUpcomingEventIds(db, request.statuses, env.now, env.site) : Promise.resolve(undefined),
  ]);
  // tribe_get_venues() answers nothing at all when a finder finds nothing.
  if (upcomingEventIds !== undefined && upcomingEventIds.length === 0) return { ids: [], total: 0 };
  if (upcomingEventIds !== undefined) filter.linkedToEventIds = upcomingEventIds;

  if (!searchMatched) return { ids: [], total: await countLinkedPosts(db, kind, filter) };
  if (words !== undefined) filter.searchWords = words;
  const [total, ids] = await Promise.all([
    countLinkedPosts(db, kind, filter),
    selectLinkedPostIdsPage(db, kind, filter, { limit: request.perPage, offset: (request.page - 1) * request.perPage }),
  ]);
  return { ids, total };
}

export interface ArchiveLinks {
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
}

/** The archive query args Archive_Base::get_current_rest_url reflects, in its order. */
export interface ArchiveUrlArgs {
  page: number;
  per_page: number;
  event?: number;
  /** Raw; a list is written as CSV. */
  has_events?: unknown;
  /** `any`, `publish`, or the requested statuses. */
  status: string | readonly string[];
}

/**
 * Archive_Base's rest_url, next_rest_url and previous_rest_url. The search never shows (the
 * plugin unsets it before building the URL); new values go in unencoded, and the neighbours
 * re-encode them when they move `page` to the end. A neighbour exists when its page would hold
 * something, which the total answers without re-running the query.
 */
export function archiveLinks(base: string, args: ArchiveUrlArgs, total: number): ArchiveLinks {
  const csv = (value: unknown): QueryArgValue =>
    Array.isArray(value) || (typeof value === 'object' && value !== null)
      ? listToArray(value).map(String).join(',')
      : (value as QueryArgValue);
  const current = addQueryArgs(base, {
    page: args.page,
    per_page: args.per_page,
    event: args.event,
    has_events: csv(args.has_events),
    status: csv(args.status),
  });
  const links: ArchiveLinks = { rest_url: current };
  const withoutPage = removeQueryArg(current, 'page');
  if (total > args.page * args.per_page) links.next_rest_url = addQueryArgs(withoutPage, { page: args.page + 1 });
  if (args.page !== 1 && total > (args.page - 2) * args.per_page) {
    links.previous_rest_url = args.page === 2 ? withoutPage : addQueryArgs(withoutPage, { page: args.page - 1 });
  }
  return links;
}

/** Archive_Base::get_total_pages: ceil(total / per_page), 0 for an empty archive. */
export function totalPages(total: number, perPage: number): number {
  return total > 0 ? Math.ceil(total / perPage) : 0;
}
