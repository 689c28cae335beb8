import { canActOnRequestedPost, canCreatePostOfType } from '../../http/permissions.js';
import type { RequestContext } from '../../http/request-context.js';
import { EDITABLE, type EndpointDefinition } from '../../http/rest-route.js';
import { PostType } from '../../wp/constants.js';
import {
  CreateEventArgs,
  DeleteEventArgs,
  DeleteEventBySlugArgs,
  UpdateEventArgs,
  UpdateEventBySlugArgs,
} from './events.write.schemas.js';
import { createEvent, deleteEvent, eventIdBySlug, updateEvent } from './events.write.service.js';

type Endpoint = EndpointDefinition<RequestContext>;

/** The event write endpoints, for the events routes to place in registration order. */
export interface EventWriteEndpoints {
  /** POST /events, after the list's GET. */
  create: Endpoint;
  /** DELETE /events/{id}, between GET and the edit methods. */
  deleteById: Endpoint;
  /** POST/PUT/PATCH /events/{id}, last. */
  updateById: Endpoint;
  /** DELETE /events/by-slug/{slug}, between GET and the edit methods. */
  deleteBySlug: Endpoint;
  /** POST/PUT/PATCH /events/by-slug/{slug}, last. */
  updateBySlug: Endpoint;
}

/** Single_Event::can_create: the event type's `edit_posts` capability. */
const canCreateEvent = canCreatePostOfType(PostType.event);

/**
 * Single_Event::can_edit / can_delete: `edit_post` / `delete_post` on the requested ID; without
 * an ID, or when no post has it, the general capability, so the handler can answer 404. By-slug
 * requests reach here before the handler resolves the slug, so unless the client also sent an
 * `id`, they are checked against the general capability.
 */
const canEditEvent = (ctx: RequestContext) => canActOnRequestedPost(ctx, 'edit', PostType.event, 'general');
const canDeleteEvent = (ctx: RequestContext) => canActOnRequestedPost(ctx, 'delete', PostType.event, 'general');

/** Endpoints of Single_Event and Single_Event_Slug that write. */
export function createEventWriteEndpoints(): EventWriteEndpoints {
  return {
    create: { methods: ['POST'], args: CreateEventArgs, permission: canCreateEvent, handler: async (ctx) => ({ status: 201, body: await createEvent(ctx) }) },
    deleteById: {
      methods: ['DELETE'],
      args: DeleteEventArgs,
      permission: canDeleteEvent,
      handler: async (ctx) => ({ body: await deleteEvent(ctx, Number(ctx.params.id)) }),
    },
    updateById: {
      methods: [...EDITABLE],
      args: UpdateEventArgs,
      permission: canEditEvent,
      handler: async (ctx) => ({ body: await updateEvent(ctx, Number(ctx.params.id)) }),
    },
    deleteBySlug: {
      methods: ['DELETE'],
      args: DeleteEventBySlugArgs,
      permission: canDeleteEvent,
      // Single_Event_Slug looks the ID up and hands over to the by-ID handler.
      handler: async (ctx) => ({ body: await deleteEvent(ctx, await eventIdBySlug(ctx, String(ctx.params.slug))) }),
    },
    updateBySlug: {
      methods: [...EDITABLE],
      args: UpdateEventBySlugArgs,
      permission: canEditEvent,
      handler: async (ctx) => ({ body: await updateEvent(ctx, await eventIdBySlug(ctx, String(ctx.params.slug))) }),
    },
  };
}
