import { findPostBySlugOnce, type RequestContext } from '../../http/request-context.js';
import { endpoint, type RouteDefinition } from '../../http/rest-route.js';
import { archiveHeaders } from '../../wp/posts/archive-links.js';
import { PostType } from '../../wp/constants.js';
import { GetEventArgs, ListEventsArgs, getEventBySlugArgs } from './events.schemas.js';
import { getEvent, listEvents } from './events.service.js';
import { createEventWriteEndpoints } from './events.write.routes.js';

/** `/events`, `/events/{id}` and `/events/by-slug/{slug}`, endpoints in the plugin's order. */
export function createEventsRoutes(): RouteDefinition<RequestContext>[] {
  const write = createEventWriteEndpoints();
  // get_page_by_path runs in the validator and again in the handler; the request memo answers
  // the second time.
  const findEventIdBySlug = async (ctx: RequestContext, slug: string) =>
    (await findPostBySlugOnce(ctx, slug, PostType.event))?.ID;
  const isEventSlug = async (slug: string, ctx: RequestContext) => (await findEventIdBySlug(ctx, slug)) !== undefined;
  return [
    {
      pattern: '/events',
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: ListEventsArgs,
          handler: async (ctx) => {
            const list = await listEvents(ctx, ctx.params);
            return { body: list, headers: archiveHeaders(list.total, list.total_pages) };
          },
        }),
        write.create,
      ],
    },
    {
      pattern: '/events/(?P<id>\\d+)',
      endpoints: [
        {
          methods: ['GET'],
          args: GetEventArgs,
          handler: async (ctx) => ({ body: await getEvent(ctx, Number(ctx.params.id)) }),
        },
        write.deleteById,
        write.updateById,
      ],
    },
    {
      pattern: '/events/by-slug/(?P<slug>[^/]+)',
      endpoints: [
        {
          methods: ['GET'],
          args: getEventBySlugArgs(isEventSlug),
          handler: async (ctx) => {
            // Single_Event_Slug looks the ID up and hands over to the by-ID read.
            const id = await findEventIdBySlug(ctx, String(ctx.params.slug));
            return { body: await getEvent(ctx, id ?? 0) };
          },
        },
        write.deleteBySlug,
        write.updateBySlug,
      ],
    },
  ];
}
