import { canActOnRequestedPost, canCreatePostOfType, notServedYet } from '../../http/permissions.js';
import type { RequestContext } from '../../http/request-context.js';
import { EDITABLE, type RouteDefinition } from '../../http/rest-route.js';
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
  type ListVenuesQuery,
} from './venues.schemas.js';
import { findVenueIdBySlug, getVenue, listVenues } from './venues.service.js';

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
        {
          methods: ['GET'],
          args: ListVenuesArgs,
          handler: async (ctx) => {
            const list = await listVenues(ctx, ctx.params as unknown as ListVenuesQuery);
            return { body: list, headers: archiveHeaders(list.total, list.total_pages) };
          },
        },
        { methods: ['POST'], args: CreateVenueArgs, permission: canCreateVenue, handler: notServedYet('/venues') },
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
        { methods: ['DELETE'], args: DeleteVenueArgs, permission: canDeleteVenue, handler: notServedYet('/venues/{id}') },
        { methods: [...EDITABLE], args: UpdateVenueArgs, permission: canEditVenue, handler: notServedYet('/venues/{id}') },
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
          handler: notServedYet('/venues/by-slug/{slug}'),
        },
        {
          methods: [...EDITABLE],
          args: UpdateVenueBySlugArgs,
          permission: canEditVenue,
          handler: notServedYet('/venues/by-slug/{slug}'),
        },
      ],
    },
  ];
}
