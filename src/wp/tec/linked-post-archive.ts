import type { Db } from '../../db/create-db.js';
import { currentRestUrl, postArchiveNeighbours, type ArchiveLinks } from '../posts/archive-links.js';
import { formatUtc } from './dates.js';
import { defaultEventsPerPage, eventStorageOf, selectEventIdsPage, toNormalZone, type EventListFilter } from './events-query.js';
import {
  countLinkedPosts,
  selectHasLikeMatch,
  selectLinkedPostIdsPage,
  type LinkedPostFilter,
  type LinkedPostKind,
} from './linked-posts.repository.js';
import { isPhpEmpty } from '../php/php-empty.js';
import type { SiteSettings } from '../site/site.js';
import { isTribeTruthy } from './truthy.js';

// Until the linked-posts service and types import them from archive-links.ts.

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
 * Tribe__Duplicate__Strategy__Like::get_where_frags: the search cut at every run of characters
 * other than ASCII letters, digits and `-`, lower-cased; empty and "0" pieces dropped (array_filter).
 */
export function likeSearchWords(search: string): string[] {
  return search
    .split(/[^a-z\d-]+/i)
    .map((word) => word.toLowerCase())
    .filter((word) => !isPhpEmpty(word));
}

/**
 * find_with_upcoming_events: the IDs tribe_get_events() returns for `start_date = now` and the
 * archive's post_status (tribe_get_venues passes it on), through the same event query as the
 * events list. Quirks kept: "now" is PHP's date() (the UTC wall clock), which the ORM then reads
 * as a time in the site's zone; and the call sets no page size, so only the first page of
 * upcoming events (by start date) counts.
 */
async function findUpcomingEventIds(
  db: Db,
  statuses: readonly string[],
  now: Date,
  site: SiteSettings,
): Promise<number[]> {
  const filter: EventListFilter = {
    statuses,
    ...eventStorageOf(site),
    ...toNormalZone(site, { startsOnOrAfter: formatUtc(Math.floor(now.getTime() / 1000)) }),
  };
  return selectEventIdsPage(db, filter, { limit: defaultEventsPerPage(site), offset: 0, orderByPostDate: false });
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
 * Archive_Base's rest_url, next_rest_url and previous_rest_url for venues and organizers. The
 * search never shows (the plugin unsets it before building the URL).
 */
export function archiveLinks(base: string, args: ArchiveUrlArgs, total: number): ArchiveLinks {
  const current = currentRestUrl(base, {
    page: args.page,
    per_page: args.per_page,
    event: args.event,
    has_events: args.has_events,
    status: args.status,
  });
  return { rest_url: current, ...postArchiveNeighbours(current, args.page, args.per_page, total) };
}
