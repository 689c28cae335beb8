import type { RequestContext } from '../../http/request-context.js';
import { TAG_REST } from '../../wp/terms/terms-controller.js';
import { getTermSingle, listTermArchive, type TermEndpoint } from '../categories/categories.service.js';
import type { ListTermsQuery, SingleTermResource, TermArchiveList } from '../categories/categories.types.js';

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
