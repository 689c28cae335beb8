import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { deleteEntityHandler, updateEntityHandler } from './entity-writes.handlers.js';
import { PostType } from '../../wp/constants.js';
import { gated } from './experimental-gate.js';
import { EVENT_OBJECT_FIELDS, entitySchema } from './archive-response.js';
import { deleteArgs, eventBodyArgs } from './post-entity.args.js';
import { canActOnEntity, canReadEntity } from './post-entity.permissions.js';
import { readEventEntity } from './events.service.js';
import { entityNotReadable } from './post-entity.errors.js';

/** GET, PUT/PATCH and DELETE /events/{id} (Event: Read_, Update_ and Delete_Entity_Response). */
export function createEventRoute(gate: boolean): RouteDefinition<RequestContext> {
  return {
    pattern: '/events/(?P<id>\\d+)',
    schema: entitySchema('event', 'Event', false),
    endpoints: [
      {
        methods: ['GET'],
        args: {},
        permission: canReadEntity(PostType.event),
        handler: gated(gate, async (ctx) => {
          const entity = await readEventEntity(ctx, ctx.params.id);
          return entity === undefined ? entityNotReadable() : { body: entity, objectFields: EVENT_OBJECT_FIELDS };
        }),
      },
      {
        methods: ['PUT', 'PATCH'],
        args: eventBodyArgs(),
        permission: canActOnEntity('edit', PostType.event),
        handler: gated(gate, updateEntityHandler('event')),
      },
      {
        methods: ['DELETE'],
        args: deleteArgs(),
        permission: canActOnEntity('delete', PostType.event),
        handler: gated(gate, deleteEntityHandler('event')),
      },
    ],
  };
}
