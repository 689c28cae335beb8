import { canActOnRequestedPost, canCreatePostOfType } from '../../http/permissions.js';
import type { RequestContext } from '../../http/request-context.js';
import { EDITABLE, endpoint, type RouteDefinition } from '../../http/rest-route.js';
import { archiveHeaders } from '../../wp/posts/archive-links.js';
import { PostType } from '../../wp/constants.js';
import {
  CreateVenueArgs,
  DeleteVenueArgs,
  DeleteVenueBySlugArgs,
  GetVenueArgs,
  GetVenueBySlugArgs,
  ListVenuesArgs,
  UpdateVenueArgs,
  UpdateVenueBySlugArgs,
} from './venues.schemas.js';
import { createLinkedPost, VENUE_WRITES, trashLinkedPost, updateLinkedPost } from '../linked-posts/linked-posts.writes.js';
import { findVenueIdBySlug, getVenue, getVenueWritten, listVenues } from './venues.service.js';

/** Single_Venue::create: 201 with the venue made (or the matching one found). */
async function createVenueHandler(ctx: RequestContext) {
  const id = await createLinkedPost(ctx, VENUE_WRITES);
  return { status: 201, body: await getVenueWritten(ctx, id) };
}

/** Single_Venue::update (by ID, or by slug as Single_Venue_Slug hands over): 200 with the venue. */
async function updateVenueHandler(ctx: RequestContext, id: number) {
  await updateLinkedPost(ctx, VENUE_WRITES, id);
  return { body: await getVenueWritten(ctx, id) };
}

/** Single_Venue::delete: to the trash, 200 with the venue as trashed; 410 when it already was. */
async function deleteVenueHandler(ctx: RequestContext, id: number) {
  await trashLinkedPost(ctx, VENUE_WRITES, id);
  return { body: await getVenueWritten(ctx, id) };
}

/**
 * The ID a by-slug write names (get_page_by_path; the slug was validated, 0 should it be gone
 * since). Single_Venue_Slug sets it as the request's `id`, so the Allow header WordPress computes
 * after the handler checks the capabilities on this venue, as it is after the write.
 */
async function idFromSlug(ctx: RequestContext): Promise<number> {
  const id = (await findVenueIdBySlug(ctx, String(ctx.params.slug))) ?? 0;
  ctx.params.id = id;
  return id;
}

/** Single_Venue::can_create: the venue type's `edit_posts` capability. */
const canCreateVenue = canCreatePostOfType(PostType.venue);

const canEditVenue = (ctx: RequestContext) => canActOnRequestedPost(ctx, 'edit', PostType.venue, 'deny');
const canDeleteVenue = (ctx: RequestContext) => canActOnRequestedPost(ctx, 'delete', PostType.venue, 'deny');

/**
 * The venue routes as Main::register_endpoints registers them: the archive's GET first, then the
 * single venue's routes (which add POST to `/venues`), then the by-slug routes.
 */
export function createVenuesRoutes(): RouteDefinition<RequestContext>[] {
  return [
    {
      pattern: '/venues',
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: ListVenuesArgs,
          handler: async (ctx) => {
            const list = await listVenues(ctx, ctx.params);
            return { body: list, headers: archiveHeaders(list.total, list.total_pages) };
          },
        }),
        { methods: ['POST'], args: CreateVenueArgs, permission: canCreateVenue, handler: createVenueHandler },
      ],
    },
    {
      pattern: '/venues/(?P<id>\\d+)',
      endpoints: [
        {
          methods: ['GET'],
          args: GetVenueArgs,
          handler: async (ctx) => ({ body: await getVenue(ctx, Number(ctx.params.id)) }),
        },
        { methods: ['DELETE'], args: DeleteVenueArgs, permission: canDeleteVenue, handler: (ctx) => deleteVenueHandler(ctx, Number(ctx.params.id)) },
        { methods: [...EDITABLE], args: UpdateVenueArgs, permission: canEditVenue, handler: (ctx) => updateVenueHandler(ctx, Number(ctx.params.id)) },
      ],
    },
    {
      pattern: '/venues/by-slug/(?P<slug>[^/]+)',
      endpoints: [
        {
          methods: ['GET'],
          args: GetVenueBySlugArgs,
          handler: async (ctx) => {
            // Single_Venue_Slug looks the ID up and hands over to the by-ID read.
            const id = await findVenueIdBySlug(ctx, String(ctx.params.slug));
            return { body: await getVenue(ctx, id ?? 0) };
          },
        },
        {
          methods: ['DELETE'],
          args: DeleteVenueBySlugArgs,
          permission: canDeleteVenue,
          handler: async (ctx) => deleteVenueHandler(ctx, await idFromSlug(ctx)),
        },
        {
          methods: [...EDITABLE],
          args: UpdateVenueBySlugArgs,
          permission: canEditVenue,
          handler: async (ctx) => updateVenueHandler(ctx, await idFromSlug(ctx)),
        },
      ],
    },
  ];
}
