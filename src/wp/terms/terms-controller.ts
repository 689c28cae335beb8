import type { Db } from '../../db/create-db.js';
import { userCan, type Viewer } from '../auth/capabilities.js';
import { PostType, Taxonomy, type TaxonomyName } from '../constants.js';
import { parseList } from '../php/lists.js';
import { isEmptyParam, isPhpEmpty } from '../php/php-empty.js';
import { phpIntval } from '../php/php-values.js';
import type { SiteSettings } from '../site/site.js';
import { sanitizeTitle } from '../text/slugs.js';
import {
  countTerms,
  selectTermOfTaxonomy,
  selectTermsPage,
  type TermFilter,
  type TermOrderColumn,
  type TermOrdering,
} from './terms-controller.repository.js';
import { selectTermsOfTaxonomy, type TermRow } from './terms.repository.js';
import { usingIndexPermalinks, type SiteUrls } from '../site/urls.js';

/**
 * WordPress's REST terms controller (WP_REST_Terms_Controller) as TEC's term endpoints call it:
 * get_items over WP_Term_Query, the term's archive link (get_term_link) and the `_links` of a
 * single term. TEC passes its own request through, so the values reaching get_terms() are the
 * plugin's validated arguments, not core's enum-checked ones.
 */

/** What core needs to know about a taxonomy, as registered on the recorded site. */
export interface TaxonomyRestSettings {
  taxonomy: TaxonomyName;
  /** Hierarchical taxonomies keep empty terms that have non-empty descendants (hide_empty). */
  hierarchical: boolean;
  /** The taxonomy's `rest_base` under `wp/v2`. */
  restBase: string;
  /** `rest_base` of each post type the taxonomy is registered for that shows in REST, in order. */
  postTypeRestBases: readonly string[];
  /** The primitive capabilities map_meta_cap gives `edit_term` and `delete_term`. */
  editTermsCap: string;
  deleteTermsCap: string;
  /** get_term_link without pretty permalinks: `?{queryVar}={slug}`. */
  queryVar: string;
  /** The rewrite permastruct (`events/category/%tribe_events_cat%`) for pretty permalinks. */
  permastruct(site: SiteSettings): string;
}

/** sanitize_title(__('category', 'the-events-calendar')) on an English site. */
const TEC_CATEGORY_SLUG = 'category';

/** WP_Rewrite's `front` (the permalink structure up to its first tag) and `root` (`index.php/`). */
function rewriteBases(site: SiteSettings): { front: string; root: string; usingIndex: boolean } {
  const structure = site.permalinkStructure;
  const firstTag = structure.indexOf('%');
  const usingIndex = usingIndexPermalinks(structure);
  return { front: firstTag === -1 ? '' : structure.slice(0, firstTag), root: usingIndex ? 'index.php/' : '', usingIndex };
}

/**
 * TEC's event categories: hierarchical, rewritten under `{eventsSlug}/category/` without the
 * permalink front, editable with `publish_tribe_events`. The post types come from the captures.
 */
export const EVENT_CATEGORY_REST: TaxonomyRestSettings = {
  taxonomy: Taxonomy.eventCategory,
  hierarchical: true,
  restBase: Taxonomy.eventCategory,
  // TEC's post types keep WordPress's default rest_base, their name.
  postTypeRestBases: [PostType.event, PostType.calendarEmbed],
  editTermsCap: 'publish_tribe_events',
  deleteTermsCap: 'publish_tribe_events',
  queryVar: Taxonomy.eventCategory,
  permastruct: (site) =>
    `${rewriteBases(site).root}${site.tec.eventsSlug}/${TEC_CATEGORY_SLUG}/%${Taxonomy.eventCategory}%`,
};

/**
 * WordPress's own tags, shared with ordinary posts: flat, rewritten under `tag_base` (default
 * `tag` after the permalink front); `edit_post_tags` and `delete_post_tags` map to
 * `manage_categories`.
 */
export const TAG_REST: TaxonomyRestSettings = {
  taxonomy: Taxonomy.tag,
  hierarchical: false,
  restBase: 'tags',
  postTypeRestBases: ['posts', PostType.event, PostType.calendarEmbed],
  editTermsCap: 'manage_categories',
  deleteTermsCap: 'manage_categories',
  queryVar: 'tag',
  permastruct: (site) => {
    const { front, root, usingIndex } = rewriteBases(site);
    // create_initial_taxonomies: with_front unless a tag base is set (or index permalinks).
    if (site.tagBase === '') return `${front}tag/%${Taxonomy.tag}%`;
    return `${usingIndex ? front : root}${site.tagBase}/%${Taxonomy.tag}%`;
  },
};

/** The request as get_items reads it after TEC copied its parameters in. */
export interface TermsCollectionRequest {
  page: number;
  perPage: number;
  /** `$request['offset']` as sent: core registers `offset` for flat taxonomies only. */
  offset?: unknown;
  search?: string;
  /** Raw lists (CSV strings or arrays), as TEC leaves them: they carry no `type`. */
  include?: unknown;
  exclude?: unknown;
  order?: string;
  orderby?: string;
  hideEmpty: boolean;
  parent?: number;
  post?: number;
  slug?: string;
}

export interface TermsCollection {
  terms: TermRow[];
  /** X-WP-Total: wp_count_terms with the same arguments. */
  total: number;
  /** X-WP-TotalPages. */
  totalPages: number;
  /** Every term of a hierarchical taxonomy (for ancestor slugs in links); undefined for flat ones. */
  family: readonly TermRow[] | undefined;
}

/**
 * wp_parse_id_list: wp_parse_list (a CSV split on commas and spaces, or a list's scalar items),
 * each item absint'ed, duplicates dropped.
 */
function parseIdList(value: unknown): number[] {
  // PHP saturates an out-of-range ID at PHP_INT_MAX, which names no term either.
  const ids = parseList(value).map((item) => {
    const id = Math.abs(phpIntval(item));
    return Number.isSafeInteger(id) ? id : Number.MAX_SAFE_INTEGER;
  });
  return [...new Set(ids)];
}

const TERM_FIELDS: ReadonlySet<string> = new Set(['term_id', 'name', 'slug', 'term_group']);
const TAXONOMY_FIELDS: ReadonlySet<string> = new Set(['count', 'parent', 'taxonomy', 'term_taxonomy_id', 'description']);

/**
 * WP_Term_Query::parse_orderby and parse_order. Returns `broken` where WordPress builds SQL that
 * fails (`tr.term_order` without the relationships join): its page is then empty.
 */
function toOrdering(
  request: TermsCollectionRequest,
  includeIds: readonly number[],
  objectId: number | undefined,
): TermOrdering | 'broken' {
  let raw = request.orderby ?? 'name';
  // The controller's one orderby mapping; slug__in then wants a list of slugs, and TEC's slug is a
  // single string, so it falls through to the name.
  if (raw === 'include_slugs') raw = 'slug__in';
  if (raw === 'term_order' && objectId === undefined) raw = 'term_id';
  const orderby = raw.toLowerCase();
  // WP_Term_Query defaults to ASC; a given order is ASC only when it says so, in any case.
  const direction = request.order === undefined || request.order.toUpperCase() === 'ASC' ? 'asc' : 'desc';

  const column = (name: TermOrderColumn): TermOrdering => ({ by: 'column', column: name, direction });
  if (TERM_FIELDS.has(orderby)) return column(`terms.${orderby}` as TermOrderColumn);
  if (TAXONOMY_FIELDS.has(orderby)) return column(`term_taxonomy.${orderby}` as TermOrderColumn);
  if (orderby === 'term_order') return objectId === undefined ? 'broken' : column('term_relationships.term_order');
  if (orderby === 'include' && includeIds.length > 0) return { by: 'field', termIds: includeIds, direction };
  if (orderby === 'none') return { by: 'none' };
  if (orderby === '' || orderby === 'id') return column('terms.term_id');
  return column('terms.name');
}

/** Empty terms WordPress still lists under hide_empty: those with a non-empty descendant. */
function emptyTermsWithNonEmptyDescendants(family: readonly TermRow[]): number[] {
  const children = new Map<number, TermRow[]>();
  for (const term of family) {
    if (term.parent > 0) children.set(term.parent, [...(children.get(term.parent) ?? []), term]);
  }
  const hasNonEmptyDescendant = (termId: number, seen: Set<number>): boolean =>
    (children.get(termId) ?? []).some((child) => {
      if (seen.has(child.term_id)) return false;
      seen.add(child.term_id);
      return child.count > 0 || hasNonEmptyDescendant(child.term_id, seen);
    });
  return family
    .filter((term) => term.count === 0 && hasNonEmptyDescendant(term.term_id, new Set([term.term_id])))
    .map((term) => term.term_id);
}

/**
 * WP_REST_Terms_Controller::get_items: one page of terms and the total, as get_terms() and
 * wp_count_terms() compute them. With hide_empty, a hierarchical taxonomy lists an empty term
 * that has a non-empty descendant, yet the count (run without the hierarchy walk) leaves it out;
 * the terms of one post are listed whether empty or not.
 */
export async function queryTermsCollection(
  db: Db,
  settings: TaxonomyRestSettings,
  request: TermsCollectionRequest,
): Promise<TermsCollection> {
  const family = settings.hierarchical ? await selectTermsOfTaxonomy(db, settings.taxonomy) : undefined;
  const objectId = request.post !== undefined && request.post !== 0 ? request.post : undefined;

  const filter: TermFilter = { taxonomy: settings.taxonomy };
  let includeIds: number[] = [];
  if (!isEmptyParam(request.include)) {
    includeIds = parseIdList(request.include);
    // `IN (0)` is never written: PHP's empty() takes the imploded "0" for no list at all.
    if (includeIds.join(',') !== '0') filter.includeIds = includeIds;
  } else if (!isEmptyParam(request.exclude)) {
    filter.excludeIds = parseIdList(request.exclude);
  }
  if (request.slug !== undefined && request.slug !== '') filter.slug = sanitizeTitle(request.slug);
  if (request.search !== undefined && !isPhpEmpty(request.search)) filter.search = request.search;
  if (settings.hierarchical && request.parent !== undefined) filter.parent = request.parent;
  if (objectId !== undefined) filter.objectId = objectId;
  const hideEmpty = request.hideEmpty && objectId === undefined;

  const perPage = request.perPage;
  const offset =
    !settings.hierarchical && !isPhpEmpty(request.offset)
      ? Math.abs(phpIntval(request.offset))
      : (request.page - 1) * perPage;
  const ordering = toOrdering(request, includeIds, objectId);

  const listFilter: TermFilter = hideEmpty
    ? { ...filter, hideEmpty: { alsoKeep: family ? emptyTermsWithNonEmptyDescendants(family) : [] } }
    : filter;
  const countFilter: TermFilter = hideEmpty ? { ...filter, hideEmpty: { alsoKeep: [] } } : filter;
  const [terms, total] = await Promise.all([
    ordering === 'broken' || !Number.isSafeInteger(offset)
      ? Promise.resolve([])
      : selectTermsPage(db, listFilter, ordering, { limit: perPage, offset }),
    countTerms(db, countFilter),
  ]);
  return { terms, total, totalPages: Math.ceil(total / perPage), family };
}

/** The term of a taxonomy with that ID, with its taxonomy's terms when it is hierarchical. */
export async function getTermWithFamily(
  db: Db,
  settings: TaxonomyRestSettings,
  termId: number,
): Promise<{ term: TermRow; family: readonly TermRow[] | undefined; parentExists: boolean } | undefined> {
  if (settings.hierarchical) {
    const family = await selectTermsOfTaxonomy(db, settings.taxonomy);
    const term = family.find((candidate) => candidate.term_id === termId);
    if (!term) return undefined;
    return { term, family, parentExists: family.some((candidate) => candidate.term_id === term.parent) };
  }
  const term = await selectTermOfTaxonomy(db, termId, settings.taxonomy);
  if (!term) return undefined;
  const parentExists = term.parent > 0 && (await selectTermOfTaxonomy(db, term.parent, settings.taxonomy)) !== undefined;
  return { term, family: undefined, parentExists };
}

/** get_ancestors: parent IDs upwards; a missing parent ends the walk but is still listed. */
function ancestorSlugs(term: TermRow, family: readonly TermRow[]): string[] {
  const byId = new Map(family.map((candidate) => [candidate.term_id, candidate]));
  const ancestors: number[] = [];
  let current: TermRow | undefined = term;
  while (current && current.parent > 0 && !ancestors.includes(current.parent)) {
    ancestors.push(current.parent);
    current = byId.get(current.parent);
  }
  // A missing ancestor's slug is PHP's null, which implodes to an empty path segment.
  return ancestors.reverse().map((id) => byId.get(id)?.slug ?? '');
}

/**
 * get_term_link: `{home}/events/category/{ancestors/}{slug}/` or `{home}/tag/{slug}/` with pretty
 * permalinks (trailing slash as the permalink structure has it), `{home}/?tag={slug}` without.
 */
export function termLink(
  urls: SiteUrls,
  site: SiteSettings,
  settings: TaxonomyRestSettings,
  term: TermRow,
  family: readonly TermRow[] | undefined,
): string {
  if (!urls.prettyPermalinks) return `${urls.base}/?${settings.queryVar}=${term.slug}`;
  const slugs = settings.hierarchical && family ? [...ancestorSlugs(term, family), term.slug] : [term.slug];
  const path = settings.permastruct(site).replace(`%${settings.taxonomy}%`, slugs.join('/'));
  const untrailed = path.replace(/[/\\]+$/, '');
  const trailed = urls.trailingSlash ? `${untrailed}/` : untrailed;
  return `${urls.base}/${trailed.replace(/^\/+/, '')}`;
}

export interface RestLink {
  href: string;
  [attribute: string]: unknown;
}

/**
 * The `_links` WordPress adds to a single term (prepare_links, compacted with the `wp` curie):
 * self with the methods this viewer may use on the wp/v2 term route (targetHints), collection,
 * the taxonomy, the parent when it exists, and the term's posts of each REST-visible post type.
 */
export function toTermLinks(
  urls: SiteUrls,
  viewer: Viewer,
  settings: TaxonomyRestSettings,
  term: TermRow,
  parentExists: boolean,
): Record<string, RestLink[]> {
  const base = `${urls.restRoot}wp/v2/${settings.restBase}`;
  const allow = [
    'GET',
    ...(userCan(viewer, settings.editTermsCap) ? ['POST', 'PUT', 'PATCH'] : []),
    ...(userCan(viewer, settings.deleteTermsCap) ? ['DELETE'] : []),
  ];
  const links: Record<string, RestLink[]> = {
    self: [{ href: `${base}/${term.term_id}`, targetHints: { allow } }],
    collection: [{ href: base }],
    about: [{ href: `${urls.restRoot}wp/v2/taxonomies/${settings.taxonomy}` }],
  };
  // Link attributes come before the href in WordPress's output.
  if (term.parent > 0 && parentExists) links.up = [{ embeddable: true, href: `${base}/${term.parent}` }];
  if (settings.postTypeRestBases.length > 0) {
    links['wp:post_type'] = settings.postTypeRestBases.map((postTypeBase) => ({
      href: `${urls.restRoot}wp/v2/${postTypeBase}?${settings.restBase}=${term.term_id}`,
    }));
    links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  }
  return links;
}
