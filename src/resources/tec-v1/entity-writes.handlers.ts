import type { RequestContext } from '../../http/request-context.js';
import type { RestResponse } from '../../http/rest-route.js';
import { readEventEntity } from './events.service.js';
import { readLinkedEntity } from './linked-entities.service.js';
import { ORGANIZER_ENTITY_KIND, VENUE_ENTITY_KIND } from './linked-entity.kinds.js';
import { createTecV1Entity, deleteTecV1Entity, TecV1EntityError, updateTecV1Entity } from './tec-v1.writes.js';
import type { TecV1Entity } from './tec-v1.write.params.js';

/*
 * The callbacks of tec/v1's write endpoints (Create_, Update_ and Delete_Entity_Response), for the
 * route modules to place behind their arguments, permission check and experimental gate. A
 * success answers the entity as its GET shows it; TEC's refusals answer `{"error": message}`.
 */

type Handler = (ctx: RequestContext) => Promise<RestResponse>;

/** The entity as GET /{type}/{id} shows it, read after the write. */
async function renderEntity(ctx: RequestContext, entity: TecV1Entity, id: number): Promise<unknown> {
  if (entity === 'event') return readEventEntity(ctx, id);
  return readLinkedEntity(ctx, entity === 'venue' ? VENUE_ENTITY_KIND : ORGANIZER_ENTITY_KIND, id);
}

/** Runs a write's answer, turning TEC's refusals into their `{"error": message}` bodies. */
export async function answering(work: () => Promise<RestResponse>): Promise<RestResponse> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TecV1EntityError) return { status: error.status, body: { error: error.text } };
    throw error;
  }
}

/** POST /events, /venues, /organizers: 201 with the new entity. */
export function createEntityHandler(entity: TecV1Entity): Handler {
  return (ctx) =>
    answering(async () => {
      const id = await createTecV1Entity(ctx, entity);
      return { status: 201, body: await renderEntity(ctx, entity, id) };
    });
}

/** PUT/PATCH /{type}/{id}: 200 with the entity updated. */
export function updateEntityHandler(entity: TecV1Entity): Handler {
  return (ctx) =>
    answering(async () => {
      const id = Number(ctx.params.id);
      await updateTecV1Entity(ctx, entity, id);
      return { body: await renderEntity(ctx, entity, id) };
    });
}

/** DELETE /{type}/{id}: 200 `[]`, trashed or (with `force`) deleted for good. */
export function deleteEntityHandler(entity: TecV1Entity): Handler {
  return (ctx) =>
    answering(async () => {
      await deleteTecV1Entity(ctx, entity, Number(ctx.params.id), ctx.params.force);
      return { body: [] };
    });
}
