import { notServedYet } from '../../http/permissions.js';
import type { RequestContext } from '../../http/request-context.js';
import { EDITABLE, type RouteDefinition } from '../../http/rest-route.js';
import { POST_TYPE_CAPS, userCan } from '../../wp/capabilities.js';
import { PostType } from '../../wp/constants.js';
import {
  CreateCategoryArgs,
  DeleteCategoryArgs,
  GetCategoryArgs,
  ListCategoriesArgs,
  UpdateCategoryArgs,
} from './categories.schemas.js';
import { getCategory, listCategories } from './categories.service.js';
import type { ListTermsQuery } from './categories.types.js';

/**
 * Term_Single_Base::can_create, also its can_edit and can_delete: the event type's `edit_posts`
 * and the taxonomy's `manage_terms`, which TEC registers for tribe_events_cat as
 * `publish_tribe_events`.
 */
function canManageCategories(ctx: RequestContext): boolean {
  const caps = POST_TYPE_CAPS[PostType.event];
  return caps !== undefined && userCan(ctx.viewer, caps.edit_posts) && userCan(ctx.viewer, caps.publish_posts);
}

/** The category routes in registration order; `/categories/{id}` has GET, then edit, then DELETE. */
export function createCategoriesRoutes(): RouteDefinition<RequestContext>[] {
  return [
    {
      pattern: '/categories',
      endpoints: [
        {
          methods: ['GET'],
          args: ListCategoriesArgs,
          handler: async (ctx) => {
            const list = await listCategories(ctx, ctx.params as unknown as ListTermsQuery);
            return {
              body: list,
              headers: { 'X-TEC-Total': String(list.total), 'X-TEC-TotalPages': String(list.total_pages) },
            };
          },
        },
        {
          methods: ['POST'],
          args: CreateCategoryArgs,
          permission: canManageCategories,
          handler: notServedYet('/categories'),
        },
      ],
    },
    {
      pattern: '/categories/(?P<id>\\d+)',
      endpoints: [
        {
          methods: ['GET'],
          args: GetCategoryArgs,
          handler: async (ctx) => ({ body: await getCategory(ctx, Number(ctx.params.id)) }),
        },
        {
          methods: [...EDITABLE],
          args: UpdateCategoryArgs,
          permission: canManageCategories,
          handler: notServedYet('/categories/{id}'),
        },
        {
          methods: ['DELETE'],
          args: DeleteCategoryArgs,
          permission: canManageCategories,
          handler: notServedYet('/categories/{id}'),
        },
      ],
    },
  ];
}
