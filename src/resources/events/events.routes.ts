import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { GetEventArgs, ListEventsArgs, getEventBySlugArgs, type ListEventsQuery } from './events.schemas.js';
import { findEventIdBySlug, getEvent, listEvents } from './events.service.js';
import { createEventWriteEndpoints } from './events.write.routes.js';

/** `/events`, `/events/{id}` and `/events/by-slug/{slug}`, endpoints in the plugin's order. */
export function createEventsRoutes(): RouteDefinition<RequestContext>[] {
  const write = createEventWriteEndpoints();
  const isEventSlug = async (slug: string, ctx: RequestContext) => (await findEventIdBySlug(ctx, slug)) !== undefined;
  return [
    {
      pattern: '/events',
      endpoints: [
        {
          methods: ['GET'],
          args: ListEventsArgs,
          handler: async (ctx) => {
            const list = await listEvents(ctx, ctx.params as unknown as ListEventsQuery);
            return {
              body: list,
              headers: { 'X-TEC-Total': String(list.total), 'X-TEC-TotalPages': String(list.total_pages) },
            };
          },
        },
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
