import { canActOnRequestedPost, canCreatePostOfType } from '../../http/permissions.js';
import type { RequestContext } from '../../http/request-context.js';
import { EDITABLE, endpoint, type RouteDefinition } from '../../http/rest-route.js';
import { archiveHeaders } from '../../wp/posts/archive-links.js';
import { PostType } from '../../wp/constants.js';
import {
  CreateOrganizerArgs,
  DeleteOrganizerArgs,
  DeleteOrganizerBySlugArgs,
  GetOrganizerArgs,
  GetOrganizerBySlugArgs,
  ListOrganizersArgs,
  UpdateOrganizerArgs,
  UpdateOrganizerBySlugArgs,
} from './organizers.schemas.js';
import { createLinkedPost, ORGANIZER_WRITES, trashLinkedPost, updateLinkedPost } from '../linked-posts/linked-posts.writes.js';
import { findOrganizerIdBySlug, getOrganizer, getOrganizerWritten, listOrganizers } from './organizers.service.js';

/** Single_Organizer::create: 201 with the organizer made (or the matching one found). */
async function createOrganizerHandler(ctx: RequestContext) {
  const id = await createLinkedPost(ctx, ORGANIZER_WRITES);
  return { status: 201, body: await getOrganizerWritten(ctx, id) };
}

/** Single_Organizer::update (by ID, or by slug as Single_Organizer_Slug hands over): 200 with the organizer. */
async function updateOrganizerHandler(ctx: RequestContext, id: number) {
  await updateLinkedPost(ctx, ORGANIZER_WRITES, id);
  return { body: await getOrganizerWritten(ctx, id) };
}

/** Single_Organizer::delete: to the trash, 200 with the organizer as trashed; 410 when it already was. */
async function deleteOrganizerHandler(ctx: RequestContext, id: number) {
  await trashLinkedPost(ctx, ORGANIZER_WRITES, id);
  return { body: await getOrganizerWritten(ctx, id) };
}

/**
 * The ID a by-slug write names (get_page_by_path; the slug was validated, 0 should it be gone
 * since). Single_Organizer_Slug sets it as the request's `id`, so the Allow header WordPress computes
 * after the handler checks the capabilities on this organizer, as it is after the write.
 */
async function idFromSlug(ctx: RequestContext): Promise<number> {
  const id = (await findOrganizerIdBySlug(ctx, String(ctx.params.slug))) ?? 0;
  ctx.params.id = id;
  return id;
}

/** Single_Organizer::can_create: the organizer type's `edit_posts` capability. */
const canCreateOrganizer = canCreatePostOfType(PostType.organizer);

const canEditOrganizer = (ctx: RequestContext) => canActOnRequestedPost(ctx, 'edit', PostType.organizer, 'deny');
const canDeleteOrganizer = (ctx: RequestContext) => canActOnRequestedPost(ctx, 'delete', PostType.organizer, 'deny');

/**
 * The organizer routes as Main::register_endpoints registers them: the archive's GET first, then
 * the single organizer's routes (which add POST to `/organizers`), then the by-slug routes.
 */
export function createOrganizersRoutes(): RouteDefinition<RequestContext>[] {
  return [
    {
      pattern: '/organizers',
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: ListOrganizersArgs,
          handler: async (ctx) => {
            const list = await listOrganizers(ctx, ctx.params);
            return { body: list, headers: archiveHeaders(list.total, list.total_pages) };
          },
        }),
        {
          methods: ['POST'],
          args: CreateOrganizerArgs,
          permission: canCreateOrganizer,
          handler: createOrganizerHandler,
        },
      ],
    },
    {
      pattern: '/organizers/(?P<id>\\d+)',
      endpoints: [
        {
          methods: ['GET'],
          args: GetOrganizerArgs,
          handler: async (ctx) => ({ body: await getOrganizer(ctx, Number(ctx.params.id)) }),
        },
        {
          methods: ['DELETE'],
          args: DeleteOrganizerArgs,
          permission: canDeleteOrganizer,
          handler: (ctx) => deleteOrganizerHandler(ctx, Number(ctx.params.id)),
        },
        {
          methods: [...EDITABLE],
          args: UpdateOrganizerArgs,
          permission: canEditOrganizer,
          handler: (ctx) => updateOrganizerHandler(ctx, Number(ctx.params.id)),
        },
      ],
    },
    {
      pattern: '/organizers/by-slug/(?P<slug>[^/]+)',
      endpoints: [
        {
          methods: ['GET'],
          args: GetOrganizerBySlugArgs,
          handler: async (ctx) => {
            // Single_Organizer_Slug looks the ID up and hands over to the by-ID read.
            const id = await findOrganizerIdBySlug(ctx, String(ctx.params.slug));
            return { body: await getOrganizer(ctx, id ?? 0) };
          },
        },
        {
          methods: ['DELETE'],
          args: DeleteOrganizerBySlugArgs,
          permission: canDeleteOrganizer,
          handler: async (ctx) => deleteOrganizerHandler(ctx, await idFromSlug(ctx)),
        },
        {
          methods: [...EDITABLE],
          args: UpdateOrganizerBySlugArgs,
          permission: canEditOrganizer,
          handler: async (ctx) => updateOrganizerHandler(ctx, await idFromSlug(ctx)),
        },
      ],
    },
  ];
}
