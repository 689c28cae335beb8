import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { phpIntval } from '../../wp/php/php-values.js';
import { termArchiveNeighbours } from '../../wp/posts/archive-links.js';
import { deleteTerm, insertTerm, updateTerm, type TermChanges } from '../../wp/terms/term-writes.js';
import { selectTermOfTaxonomy } from '../../wp/terms/terms-controller.repository.js';
import {
  EVENT_CATEGORY_REST,
  getTermWithFamily,
  queryTermsCollection,
  toTermLinks,
  type TaxonomyRestSettings,
} from '../../wp/terms/terms-controller.js';
import { restUrl } from '../../wp/site/urls.js';
import { toTermResource, type TermMapperEnv } from './categories.mapper.js';
import type { ListTermsQuery, SingleTermResource, TermArchiveList, TermResource } from './categories.types.js';

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
  /** A `parent` sent for a flat taxonomy (tags), even though the tag routes declare no such argument. */
  notHierarchical: () =>
    new AppError(400, 'rest_taxonomy_not_hierarchical', 'Cannot set parent term, taxonomy is not hierarchical.'),
  parentMissing: () => new AppError(400, 'rest_term_invalid', 'Parent term does not exist.'),
  /** wp_delete_term found nothing to delete (the term went away during the request). */
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

/** What core's create_item and update_item read from the request (`isset` ones only). */
export interface TermWriteParams {
  name?: unknown;
  slug?: unknown;
  description?: unknown;
  /** Any value the client sent: the tag routes declare no `parent`, yet core still reads one. */
  parent?: unknown;
}

/** A created term as a single GET shows it, and where core says it lives (the `Location` header). */
export interface CreatedTerm {
  term: SingleTermResource;
  location: string;
}

/**
 * The parent checks of create_item / update_item, then prepare_item_for_database: the fields
 * sent, with the parent as a term of this taxonomy (0 when it names none).
 */
async function prepareTermFields(ctx: RequestContext, endpoint: TermEndpoint, params: TermWriteParams): Promise<TermChanges> {
  const { settings } = endpoint;
  const fields: TermChanges = {};
  const isSet = (value: unknown) => value !== undefined && value !== null;
  if (isSet(params.parent)) {
    if (!settings.hierarchical) throw TermErrors.notHierarchical();
    const parentId = phpIntval(params.parent);
    // get_term(0) is a WP_Error, which passes core's `! $parent` test; the field then stores 0.
    const parent = parentId === 0 ? undefined : await selectTermOfTaxonomy(ctx.db, parentId, settings.taxonomy);
    if (parentId !== 0 && !parent) throw TermErrors.parentMissing();
    fields.parent = parent?.term_id ?? 0;
  }
  if (isSet(params.name)) fields.name = String(params.name);
  if (isSet(params.slug)) fields.slug = String(params.slug);
  if (isSet(params.description)) fields.description = String(params.description);
  return fields;
}

/**
 * Term_Single_Base::create over core's create_item: wp_insert_term, then the term as a single GET
 * shows it. Returns it with the `Location` core sets (the wp/v2 route of the term). Throws
 * `term_exists` (400) when the name is taken at that level, and core's parent errors.
 */
export async function createTermSingle(ctx: RequestContext, endpoint: TermEndpoint, params: TermWriteParams): Promise<CreatedTerm> {
  const { name = '', ...options } = await prepareTermFields(ctx, endpoint, params);
  const created = await ctx.write((scope) => insertTerm(scope, endpoint.settings.taxonomy, name, options));
  return {
    term: await getTermSingle(ctx, endpoint, created.term_id),
    location: `${ctx.urls.restRoot}wp/v2/${endpoint.settings.restBase}/${created.term_id}`,
  };
}

/**
 * Term_Single_Base::update over core's update_item: wp_update_term with the fields sent (always
 * run, since core's prepared term is an object and never empty), then the term re-read.
 * Throws `duplicate_term_slug` (400; WordPress answers 500) for another term's slug.
 */
export async function updateTermSingle(
  ctx: RequestContext,
  endpoint: TermEndpoint,
  termId: number,
  params: TermWriteParams,
): Promise<SingleTermResource> {
  const existing = await selectTermOfTaxonomy(ctx.db, termId, endpoint.settings.taxonomy);
  if (!existing) throw TermErrors.notFound();
  const fields = await prepareTermFields(ctx, endpoint, params);
  await ctx.write((scope) => updateTerm(scope, termId, endpoint.settings.taxonomy, fields));
  return getTermSingle(ctx, endpoint, termId);
}

/**
 * Term_Single_Base::delete: always forced (terms have no trash). Answers the term as it was
 * before, in TEC's shape and without core's `_links` (core's delete response carries none).
 */
export async function deleteTermSingle(ctx: RequestContext, endpoint: TermEndpoint, termId: number): Promise<TermResource> {
  const found = await getTermWithFamily(ctx.db, endpoint.settings, termId);
  if (!found) throw TermErrors.notFound();
  const previous = toTermResource(found.term, {
    urls: ctx.urls,
    site: ctx.site,
    settings: endpoint.settings,
    namespace: endpoint.namespace,
    family: found.family,
  });
  const deleted = await ctx.write((scope) => deleteTerm(scope, termId, endpoint.settings.taxonomy));
  // Gone by the time this delete held the write lock: another request deleted it first. WordPress
  // answers that race 500 rest_cannot_delete; answered as the request would be a moment later
  // (404, no such term), since the outcome the client wanted holds.
  if (!deleted) throw TermErrors.notFound();
  return previous;
}

/** POST /categories; 201 with the new category. */
export function createCategory(ctx: RequestContext, params: TermWriteParams): Promise<CreatedTerm> {
  return createTermSingle(ctx, CATEGORY_ENDPOINT, params);
}

/** POST/PUT/PATCH /categories/{id}. */
export function updateCategory(ctx: RequestContext, termId: number, params: TermWriteParams): Promise<SingleTermResource> {
  return updateTermSingle(ctx, CATEGORY_ENDPOINT, termId, params);
}

/** DELETE /categories/{id}: the category as it was. */
export function deleteCategory(ctx: RequestContext, termId: number): Promise<TermResource> {
  return deleteTermSingle(ctx, CATEGORY_ENDPOINT, termId);
}
