import { canManageTerms } from '../../http/permissions.js';
import type { RequestContext } from '../../http/request-context.js';
import { EDITABLE, endpoint, type RouteDefinition } from '../../http/rest-route.js';
import { archiveHeaders } from '../../wp/posts/archive-links.js';
import { POST_TYPE_CAPS } from '../../wp/auth/capabilities.js';
import { PostType } from '../../wp/constants.js';
import {
  CreateCategoryArgs,
  DeleteCategoryArgs,
  GetCategoryArgs,
  ListCategoriesArgs,
  UpdateCategoryArgs,
} from './categories.schemas.js';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories.service.js';

/**
 * Term_Single_Base's create, edit and delete check for tribe_events_cat, whose `manage_terms` TEC
 * registers as `publish_tribe_events`.
 */
const canManageCategories = canManageTerms(POST_TYPE_CAPS[PostType.event]!.publish_posts);

/** The category routes in registration order; `/categories/{id}` has GET, then edit, then DELETE. */
export function createCategoriesRoutes(): RouteDefinition<RequestContext>[] {
  return [
    {
      pattern: '/categories',
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: ListCategoriesArgs,
          handler: async (ctx) => {
            const list = await listCategories(ctx, ctx.params);
            return { body: list, headers: archiveHeaders(list.total, list.total_pages) };
          },
        }),
        {
          methods: ['POST'],
          args: CreateCategoryArgs,
          permission: canManageCategories,
          handler: async (ctx) => {
            const { term, location } = await createCategory(ctx, ctx.params);
            return { status: 201, body: term, headers: { Location: location } };
          },
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
          handler: async (ctx) => ({ body: await updateCategory(ctx, Number(ctx.params.id), ctx.params) }),
        },
        {
          methods: ['DELETE'],
          args: DeleteCategoryArgs,
          permission: canManageCategories,
          handler: async (ctx) => ({ body: await deleteCategory(ctx, Number(ctx.params.id)) }),
        },
      ],
    },
  ];
}
