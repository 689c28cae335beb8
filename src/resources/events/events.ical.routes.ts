import type { RequestContext } from '../../http/request-context.js';
import type { ArgSpecs } from '../../http/rest-args.js';
import { endpoint, type RouteDefinition } from '../../http/rest-route.js';
import { archiveHeaders } from '../../wp/posts/archive-links.js';
import { ListEventsArgs } from './events.schemas.js';
import { ICAL_FEED_DEFAULT_COUNT, getEventsCalendar } from './events.ical.service.js';

/**
 * The list's arguments, with TEC's feed count as the default page size: TEC's feed exports 30
 * events whatever the site's posts_per_page (Tribe__Events__iCal::get_events_list); a client
 * still pages with `page` and `per_page` up to the list's maximum.
 */
const ICalEventsArgs = {
  ...ListEventsArgs,
  per_page: { ...ListEventsArgs.per_page, default: ICAL_FEED_DEFAULT_COUNT },
} satisfies ArgSpecs<RequestContext>;

/**
 * GET (and HEAD) `/events.ics`: the events list as an iCalendar feed. Not a route of the plugin,
 * so unlisted (see RouteDefinition.unlisted); its arguments, their errors and the visibility are
 * the list's, and errors answer in JSON like every other route.
 */
export function createEventsICalRoute(): RouteDefinition<RequestContext> {
  return {
    pattern: '/events\\.ics',
    unlisted: true,
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: ICalEventsArgs,
        handler: async (ctx) => {
          const calendar = await getEventsCalendar(ctx, ctx.params);
          return {
            body: calendar.text,
            contentType: 'text/calendar; charset=utf-8',
            headers: {
              ...archiveHeaders(calendar.total, calendar.totalPages),
              'Content-Disposition': `attachment; filename="${calendar.filename}"`,
            },
          };
        },
      }),
    ],
  };
}
