import type { RequestContext } from '../../http/request-context.js';
import { endpoint, type RouteDefinition } from '../../http/rest-route.js';
import { createEntityHandler, deleteEntityHandler, updateEntityHandler } from './entity-writes.handlers.js';
import { archiveResponse, entitySchema } from './archive-response.js';
import { gated } from './experimental-gate.js';
import { deleteArgs, linkedPostListArgs } from './post-entity.args.js';
import { canActOnEntity, canCreateEntity, canReadEntity } from './post-entity.permissions.js';
import { listLinkedEntities, readLinkedEntity } from './linked-entities.service.js';
import { entityNotReadable } from './post-entity.errors.js';
import type { LinkedEntityKind } from './linked-entity.kinds.js';

/*
 * Venues and Organizers (and their single routes) are one implementation in TEC, each endpoint
 * passing its post type and request body: so are they here, each route module naming its kind.
 */

/** The writes' name for a kind. */
const entityOf = (kind: LinkedEntityKind) => (kind.plural === 'venues' ? 'venue' : 'organizer');

/** GET and POST /venues or /organizers. */
export function createLinkedEntitiesRoute(kind: LinkedEntityKind, gate: boolean): RouteDefinition<RequestContext> {
  const args = linkedPostListArgs(kind.plural);
  const argNames = new Set(Object.keys(args));
  const route = `/${kind.plural}`;
  return {
    pattern: route,
    schema: entitySchema(kind.plural, kind.component, true),
    endpoints: [
      endpoint({
        methods: ['GET'],
        args,
        permission: canReadEntity(kind.postType),
        handler: gated(gate, async (ctx) => archiveResponse(ctx, route, argNames, await listLinkedEntities(ctx, kind))),
      }),
      { methods: ['POST'], args: kind.bodyArgs(), permission: canCreateEntity(kind.postType), handler: gated(gate, createEntityHandler(entityOf(kind))) },
    ],
  };
}

/** GET, PUT/PATCH and DELETE /venues/{id} or /organizers/{id}. */
export function createLinkedEntityRoute(kind: LinkedEntityKind, gate: boolean): RouteDefinition<RequestContext> {
  return {
    pattern: `/${kind.plural}/(?P<id>\\d+)`,
    schema: entitySchema(kind.singular, kind.component, false),
    endpoints: [
      {
        methods: ['GET'],
        args: {},
        permission: canReadEntity(kind.postType),
        handler: gated(gate, async (ctx) => {
          const entity = await readLinkedEntity(ctx, kind, ctx.params.id);
          return entity === undefined ? entityNotReadable() : { body: entity };
        }),
      },
      { methods: ['PUT', 'PATCH'], args: kind.bodyArgs(), permission: canActOnEntity('edit', kind.postType), handler: gated(gate, updateEntityHandler(entityOf(kind))) },
      { methods: ['DELETE'], args: deleteArgs(), permission: canActOnEntity('delete', kind.postType), handler: gated(gate, deleteEntityHandler(entityOf(kind))) },
    ],
  };
}
