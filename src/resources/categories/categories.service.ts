import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { termArchiveNeighbours } from '../../wp/posts/archive-links.js';
import {
  EVENT_CATEGORY_REST,
  getTermWithFamily,
  queryTermsCollection,
  toTermLinks,
  type TaxonomyRestSettings,
} from '../../wp/terms/terms-controller.js';
import { restUrl } from '../../wp/site/urls.js';
import { toTermResource, type TermMapperEnv } from './categories.mapper.js';
import type { ListTermsQuery, SingleTermResource, TermArchiveList } from './categories.types.js';

/**
 * TEC's term endpoints (Term_Archive_Base, Term_Single_Base) for one taxonomy: categories here,
 * tags through the same two functions, since Archive_Tag and Single_Tag extend the same bases.
 */
export interface TermEndpoint {
  settings: TaxonomyRestSettings;
  /** The REST path segment, which is also the list's data key. */
  namespace: 'categories' | 'tags';
}

export const CATEGORY_ENDPOINT: TermEndpoint = { settings: EVENT_CATEGORY_REST, namespace: 'categories' };

export const TermErrors = {
  /** WP_REST_Terms_Controller::get_term; the id argument's validator makes it rare. */
  notFound: () => new AppError(404, 'rest_term_invalid', 'Term does not exist.'),
} as const;

/**
 * Term_Archive_Base::get: core's get_items with the plugin's parameters (`event` standing in for
 * `post` when sent), wrapped in `{rest_url, total, total_pages, <terms>, next/previous}`. The
 * neighbour links come from the page number and the page count, not from a second query, and a
 * page past the end is an empty list, not an error.
 */
export async function listTermArchive(
  ctx: RequestContext,
  endpoint: TermEndpoint,
  query: ListTermsQuery,
): Promise<TermArchiveList> {
  const collection = await queryTermsCollection(ctx.db, endpoint.settings, {
    page: query.page,
    perPage: query.per_page,
    offset: query.offset,
    search: query.search,
    include: query.include,
    exclude: query.exclude,
    order: query.order,
    orderby: query.orderby,
    hideEmpty: query.hide_empty,
    parent: query.parent,
    post: query.event ?? query.post,
    slug: query.slug,
  });
  const env: TermMapperEnv = {
    urls: ctx.urls,
    site: ctx.site,
    settings: endpoint.settings,
    namespace: endpoint.namespace,
    family: collection.family,
  };
  const base = restUrl(ctx.urls, `${endpoint.namespace}/`);
  return {
    rest_url: base,
    total: collection.total,
    total_pages: collection.totalPages,
    [endpoint.namespace]: collection.terms.map((term) => toTermResource(term, env)),
    ...termArchiveNeighbours(base, query.page, collection.totalPages),
  };
}

/**
 * Term_Single_Base::get: core's get_item with its data replaced by the TEC term; the response
 * keeps core's `_links`. Throws core's 404 when the term is gone.
 */
export async function getTermSingle(ctx: RequestContext, endpoint: TermEndpoint, termId: number): Promise<SingleTermResource> {
  const found = await getTermWithFamily(ctx.db, endpoint.settings, termId);
  if (!found) throw TermErrors.notFound();
  const env: TermMapperEnv = {
    urls: ctx.urls,
    site: ctx.site,
    settings: endpoint.settings,
    namespace: endpoint.namespace,
    family: found.family,
  };
  return {
    ...toTermResource(found.term, env),
    _links: toTermLinks(ctx.urls, ctx.viewer, endpoint.settings, found.term, found.parentExists),
  };
}

/** GET /categories. */
export function listCategories(ctx: RequestContext, query: ListTermsQuery): Promise<TermArchiveList> {
  return listTermArchive(ctx, CATEGORY_ENDPOINT, query);
}

/** GET /categories/{id}; throws 404 when the category is gone. */
export function getCategory(ctx: RequestContext, termId: number): Promise<SingleTermResource> {
  return getTermSingle(ctx, CATEGORY_ENDPOINT, termId);
}
