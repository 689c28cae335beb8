import type { RequestContext } from '../../http/request-context.js';
import { restUrl } from '../../wp/urls.js';
import { addQueryArgs, removeQueryArg, type QueryArgValue } from '../../wp/query-args.js';
import type { EventListFilter } from './events.repository.js';
import type { ListEventsQuery } from './events.schemas.js';
import { listToArray } from '../../http/rest-args.js';

/**
 * Archive_Base::get_current_rest_url for events: the processed query args in the plugin's
 * supported-vars order (categories and tags are never reflected), then venue, organizer and
 * featured appended in a second add_query_arg call, which re-encodes what came before.
 */
export function buildEventsRestUrl(
  ctx: RequestContext,
  query: ListEventsQuery,
  filter: EventListFilter,
  statuses: readonly string[],
): { current: string; withPage: (page: number) => string } {
  const statusArg = query.status === undefined || query.status === null ? (statuses.length > 1 ? 'any' : statuses[0]) : statuses.join(',');
  const args: Record<string, QueryArgValue> = {
    page: query.page,
    per_page: query.per_page,
    start_date: filter.startsOnOrAfter,
    end_date: filter.endsOnOrBefore,
    search: query.search,
    status: statusArg,
    post_parent: query.post_parent,
    include: query.include?.join(','),
    starts_before: filter.startsBefore,
    starts_after: filter.startsAfter,
    ends_before: filter.endsBefore,
    ends_after: filter.endsAfter,
    ticketed: query.ticketed,
  };
  let current = addQueryArgs(restUrl(ctx.urls, 'events/'), args);

  const asCsv = (value: unknown) => (value === undefined ? undefined : listToArray(value).join(','));
  const extras: Record<string, QueryArgValue> = {
    venue: asCsv(query.venue),
    organizer: asCsv(query.organizer),
    // add_query_arg drops a false value, but the call still re-encodes what came before.
    featured: query.featured,
  };
  if (Object.values(extras).some((value) => value !== undefined)) current = addQueryArgs(current, extras);

  return {
    current,
    withPage: (page: number) => {
      const withoutPage = removeQueryArg(current, 'page');
      return page === 1 ? withoutPage : addQueryArgs(withoutPage, { page });
    },
  };
}
