import type { SiteUrls } from '../../wp/site/urls.js';
import { termRestUrls } from '../../wp/posts/post-rest-fields.js';
import type { SiteSettings } from '../../wp/site/site.js';
import { termLink, type TaxonomyRestSettings } from '../../wp/terms/terms-controller.js';
import type { TermRow } from '../../wp/terms/terms.repository.js';
import type { TermResource } from './categories.types.js';

export interface TermMapperEnv {
  urls: SiteUrls;
  site: SiteSettings;
  settings: TaxonomyRestSettings;
  /** TEC's REST path segment: `categories` or `tags`. */
  namespace: string;
  /** Every term of a hierarchical taxonomy, for the ancestor slugs in its links. */
  family: readonly TermRow[] | undefined;
}

/**
 * Repository::prepare_term_data over core's prepare_item_for_response: the fields in core's
 * order (`parent` only for hierarchical taxonomies), names and descriptions as stored (WordPress
 * keeps them HTML-escaped, `Food &amp; Drink`, and prints them raw), `link` renamed `url`, then
 * TEC's `urls`, with `up` when the term has a parent.
 */
export function toTermResource(term: TermRow, env: TermMapperEnv): TermResource {
  const hierarchical = env.settings.hierarchical;
  return {
    id: term.term_id,
    count: term.count,
    description: term.description,
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    ...(hierarchical ? { parent: term.parent } : {}),
    meta: [],
    url: termLink(env.urls, env.site, env.settings, term, env.family),
    urls: termRestUrls(env.urls, env.namespace, term.term_id, hierarchical ? term.parent : 0),
  };
}
