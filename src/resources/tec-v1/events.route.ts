import type { RequestContext } from '../../http/request-context.js';
import { endpoint, type RouteDefinition } from '../../http/rest-route.js';
import { createEntityHandler } from './entity-writes.handlers.js';
import { PostType } from '../../wp/constants.js';
import { archiveResponse, entitySchema } from './archive-response.js';
import { gated } from './experimental-gate.js';
import { eventBodyArgs, eventListArgs } from './post-entity.args.js';
import { canCreateEntity, canReadEntity } from './post-entity.permissions.js';
import { listEventEntities } from './events.service.js';

/** GET /events (Events: Read_Archive_Response) and POST /events (Create_Entity_Response). */
export function createEventsRoute(gate: boolean): RouteDefinition<RequestContext> {
  const args = eventListArgs();
  const argNames = new Set(Object.keys(args));
  return {
    pattern: '/events',
    schema: entitySchema('events', 'Event', true),
    endpoints: [
      endpoint({
        methods: ['GET'],
        args,
        permission: canReadEntity(PostType.event),
        handler: gated(gate, async (ctx) => archiveResponse(ctx, '/events', argNames, await listEventEntities(ctx))),
      }),
      {
        methods: ['POST'],
        args: eventBodyArgs(),
        permission: canCreateEntity(PostType.event),
        handler: gated(gate, createEntityHandler('event')),
      },
    ],
  };
}
