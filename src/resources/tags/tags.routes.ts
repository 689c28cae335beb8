import { canManageTerms } from '../../http/permissions.js';
import type { RequestContext } from '../../http/request-context.js';
import { EDITABLE, endpoint, type RouteDefinition } from '../../http/rest-route.js';
import { archiveHeaders } from '../../wp/posts/archive-links.js';
import { CreateTagArgs, DeleteTagArgs, GetTagArgs, ListTagsArgs, UpdateTagArgs } from './tags.schemas.js';
import { createTag, deleteTag, getTag, listTags, updateTag } from './tags.service.js';

/** `manage_terms` of WordPress's post_tag taxonomy (its default term capabilities). */
const MANAGE_TAGS_CAP = 'manage_categories';

/** Term_Single_Base's create, edit and delete check for post_tag. */
const canManageTags = canManageTerms(MANAGE_TAGS_CAP);

/** The tag routes in registration order; `/tags/{id}` has GET, then edit, then DELETE. */
export function createTagsRoutes(): RouteDefinition<RequestContext>[] {
  return [
    {
      pattern: '/tags',
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: ListTagsArgs,
          handler: async (ctx) => {
            const list = await listTags(ctx, ctx.params);
            return { body: list, headers: archiveHeaders(list.total, list.total_pages) };
          },
        }),
        {
          methods: ['POST'],
          args: CreateTagArgs,
          permission: canManageTags,
          handler: async (ctx) => {
            const { term, location } = await createTag(ctx, ctx.params);
            return { status: 201, body: term, headers: { Location: location } };
          },
        },
      ],
    },
    {
      pattern: '/tags/(?P<id>\\d+)',
      endpoints: [
        {
          methods: ['GET'],
          args: GetTagArgs,
          handler: async (ctx) => ({ body: await getTag(ctx, Number(ctx.params.id)) }),
        },
        {
          methods: [...EDITABLE],
          args: UpdateTagArgs,
          permission: canManageTags,
          handler: async (ctx) => ({ body: await updateTag(ctx, Number(ctx.params.id), ctx.params) }),
        },
        {
          methods: ['DELETE'],
          args: DeleteTagArgs,
          permission: canManageTags,
          handler: async (ctx) => ({ body: await deleteTag(ctx, Number(ctx.params.id)) }),
        },
      ],
    },
  ];
}
