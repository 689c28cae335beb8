import type { RequestContext } from '../../http/request-context.js';
import { toList } from '../../wp/php/lists.js';
import type { QueryArgValue } from '../../wp/site/query-args.js';
import { currentRestUrl } from '../../wp/posts/archive-links.js';
import type { EventListFilter } from '../../wp/tec/events-query.js';
import { restUrl } from '../../wp/site/urls.js';
import type { ListEventsQuery } from './events.schemas.js';

/**
 * Archive_Event's rest_url: the processed query args in the plugin's supported-vars order
 * (categories and tags are never reflected), then venue, organizer and featured appended in a
 * second add_query_arg call, which re-encodes what came before. `status` is `any`, `publish` or
 * the requested statuses (resolveArchiveStatuses' urlValue).
 */
export function buildEventsRestUrl(
  ctx: RequestContext,
  query: ListEventsQuery,
  filter: EventListFilter,
  status: string | readonly string[],
): string {
  // Tribe__Utils__Array::to_list: a list joined by commas, a string as the client sent it.
  const asCsv = (value: unknown) => (value === undefined ? undefined : (toList(value) as QueryArgValue));
  return currentRestUrl(
    restUrl(ctx.urls, 'events/'),
    {
      page: query.page,
      per_page: query.per_page,
      start_date: filter.startsOnOrAfter,
      end_date: filter.endsOnOrBefore,
      search: query.search,
      status,
      post_parent: query.post_parent,
      include: query.include,
      starts_before: filter.startsBefore,
      starts_after: filter.startsAfter,
      ends_before: filter.endsBefore,
      ends_after: filter.endsAfter,
      ticketed: query.ticketed,
    },
    {
      venue: asCsv(query.venue),
      organizer: asCsv(query.organizer),
      // add_query_arg drops a false value, but the call still re-encodes what came before.
      featured: query.featured,
    },
  );
}
