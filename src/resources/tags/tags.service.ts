import type { RequestContext } from '../../http/request-context.js';
import { TAG_REST } from '../../wp/terms/terms-controller.js';
import {
  createTermSingle,
  deleteTermSingle,
  getTermSingle,
  listTermArchive,
  updateTermSingle,
  type CreatedTerm,
  type TermEndpoint,
  type TermWriteParams,
} from '../categories/categories.service.js';
import type { ListTermsQuery, SingleTermResource, TermArchiveList, TermResource } from '../categories/categories.types.js';

/**
 * Archive_Tag and Single_Tag extend the same term endpoint bases as the categories, with
 * WordPress's own `post_tag`: every tag is listed, not only those on events, and counts are the
 * stored `term_taxonomy.count` (published posts of every type).
 */
const TAG_ENDPOINT: TermEndpoint = { settings: TAG_REST, namespace: 'tags' };

/** GET /tags. */
export function listTags(ctx: RequestContext, query: ListTermsQuery): Promise<TermArchiveList> {
  return listTermArchive(ctx, TAG_ENDPOINT, query);
}

/** GET /tags/{id}; throws 404 when the tag is gone. */
export function getTag(ctx: RequestContext, termId: number): Promise<SingleTermResource> {
  return getTermSingle(ctx, TAG_ENDPOINT, termId);
}

/** POST /tags; 201 with the new tag. A `parent` is refused: tags are flat. */
export function createTag(ctx: RequestContext, params: TermWriteParams): Promise<CreatedTerm> {
  return createTermSingle(ctx, TAG_ENDPOINT, params);
}

/** POST/PUT/PATCH /tags/{id}. */
export function updateTag(ctx: RequestContext, termId: number, params: TermWriteParams): Promise<SingleTermResource> {
  return updateTermSingle(ctx, TAG_ENDPOINT, termId, params);
}

/** DELETE /tags/{id}: the tag as it was. */
export function deleteTag(ctx: RequestContext, termId: number): Promise<TermResource> {
  return deleteTermSingle(ctx, TAG_ENDPOINT, termId);
}
