import { toList } from '../php/lists.js';
import { POST_TYPE_CAPS, userCan, type Viewer } from '../auth/capabilities.js';
import { ANY_POST_STATUSES, PostStatus } from '../constants.js';
import { filterPostStatusList } from './post-status.js';
import { addQueryArgs, removeQueryArg, type QueryArgValue } from '../site/query-args.js';

/**
 * The paging rules every TEC archive endpoint inherits from Archive_Base (events, venues,
 * organizers, and through Term_Archive_Base categories and tags): the rest_url built from the
 * request's args, its neighbours, the page count, the X-TEC-* headers, and the post archives'
 * default statuses.
 */

export interface ArchiveNeighbours {
  next_rest_url?: string;
  previous_rest_url?: string;
}

export interface ArchiveLinks extends ArchiveNeighbours {
  rest_url: string;
}

/** A list or map of values as Tribe__Utils__Array::to_list writes it (CSV); anything else as it is. */
function asCsv(value: unknown): QueryArgValue {
  return toList(value) as QueryArgValue;
}

/**
 * Archive_Base::get_current_rest_url: the args (in the given order, lists as CSV) added to the
 * base URL in one add_query_arg call, then the extra args, if any is set, in a second call that
 * re-encodes what came before. New values go in unencoded, as add_query_arg writes them.
 */
export function currentRestUrl(
  base: string,
  args: Readonly<Record<string, unknown>>,
  extraArgs?: Readonly<Record<string, QueryArgValue>>,
): string {
  const parameters = Object.fromEntries(Object.entries(args).map(([key, value]) => [key, asCsv(value)]));
  const current = addQueryArgs(base, parameters);
  const hasExtras = extraArgs !== undefined && Object.values(extraArgs).some((value) => value !== undefined);
  return hasExtras ? addQueryArgs(current, extraArgs) : current;
}

/** Archive_Base::get_next_rest_url: `page` moved to the end, one up (earlier values re-encoded). */
export function nextRestUrl(restUrl: string, page: number): string {
  return addQueryArgs(removeQueryArg(restUrl, 'page'), { page: page + 1 });
}

/** Archive_Base::get_previous_rest_url: without `page` for page 2, else `page` one down at the end. */
export function previousRestUrl(restUrl: string, page: number): string {
  const withoutPage = removeQueryArg(restUrl, 'page');
  return page === 2 ? withoutPage : addQueryArgs(withoutPage, { page: page - 1 });
}

/**
 * The neighbours of a post archive page (Archive_Event, Archive_Venue, Archive_Organizer). The
 * plugin re-runs the query for the next and previous pages and links them when they hold
 * something; the total answers the same question without the two queries.
 */
export function postArchiveNeighbours(restUrl: string, page: number, perPage: number, total: number): ArchiveNeighbours {
  const links: ArchiveNeighbours = {};
  if (total > page * perPage) links.next_rest_url = nextRestUrl(restUrl, page);
  if (page !== 1 && total > (page - 2) * perPage) links.previous_rest_url = previousRestUrl(restUrl, page);
  return links;
}

/**
 * The neighbours of a term archive page (Term_Archive_Base::get): a next page while the page is
 * before the last by core's page count, a previous one past the first page, even past the end.
 */
export function termArchiveNeighbours(restUrl: string, page: number, totalPages: number): ArchiveNeighbours {
  const links: ArchiveNeighbours = {};
  if (page < totalPages) links.next_rest_url = nextRestUrl(restUrl, page);
  if (page > 1) links.previous_rest_url = previousRestUrl(restUrl, page);
  return links;
}

/** Archive_Base::get_total_pages: ceil(total / per_page), 0 for an empty archive. */
export function totalPages(total: number, perPage: number): number {
  return total > 0 ? Math.ceil(total / perPage) : 0;
}

/** The X-TEC-Total and X-TEC-TotalPages headers every archive sends with its list. */
export function archiveHeaders(total: number, pages: number): { 'X-TEC-Total': string; 'X-TEC-TotalPages': string } {
  return { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(pages) };
}

/**
 * The statuses a post archive lists (Archive_Event, Archive_Venue, Archive_Organizer), and how
 * its rest_url names them: the requested ones (filter_post_status_list; `publish` when it
 * refuses them), else `any` for users who may edit the type and `publish` for everyone else.
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
