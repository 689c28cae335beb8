import { canActOnRequestedPost, canCreatePostOfType, notServedYet } from '../../http/permissions.js';
import type { RequestContext } from '../../http/request-context.js';
import { EDITABLE, type RouteDefinition } from '../../http/rest-route.js';
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
  type ListOrganizersQuery,
} from './organizers.schemas.js';
import { findOrganizerIdBySlug, getOrganizer, listOrganizers } from './organizers.service.js';

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
        {
          methods: ['GET'],
          args: ListOrganizersArgs,
          handler: async (ctx) => {
            const list = await listOrganizers(ctx, ctx.params as unknown as ListOrganizersQuery);
            return { body: list, headers: archiveHeaders(list.total, list.total_pages) };
          },
        },
        {
          methods: ['POST'],
          args: CreateOrganizerArgs,
          permission: canCreateOrganizer,
          handler: notServedYet('/organizers'),
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
          handler: notServedYet('/organizers/{id}'),
        },
        {
          methods: [...EDITABLE],
          args: UpdateOrganizerArgs,
          permission: canEditOrganizer,
          handler: notServedYet('/organizers/{id}'),
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
          handler: notServedYet('/organizers/by-slug/{slug}'),
        },
        {
          methods: [...EDITABLE],
          args: UpdateOrganizerBySlugArgs,
          permission: canEditOrganizer,
          handler: notServedYet('/organizers/by-slug/{slug}'),
        },
      ],
    },
  ];
}
