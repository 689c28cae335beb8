/**
 * A term as TEC's term endpoints print it: core's terms-controller item (view context) with
 * `link` renamed `url` and moved after `meta`, then TEC's `urls`. Tags have no `parent`.
 */
export interface TermResource {
  id: number;
  count: number;
  description: string;
  name: string;
  slug: string;
  taxonomy: string;
  parent?: number;
  /** Registered term meta shown in REST: none on these taxonomies, so PHP's empty array. */
  meta: never[];
  url: string;
  urls: { self: string; collection: string; up?: string };
}

/** A single term GET: the resource plus the `_links` core's response keeps. */
export type SingleTermResource = TermResource & { _links: Record<string, unknown[]> };

/** Term_Archive_Base::get's body; the list sits under `categories` or `tags`. */
export interface TermArchiveList {
  rest_url: string;
  total: number;
  total_pages: number;
  categories?: TermResource[];
  tags?: TermResource[];
  next_rest_url?: string;
  previous_rest_url?: string;
}

/** The list parameters after WordPress validated, defaulted and cast them. */
export interface ListTermsQuery {
  page: number;
  per_page: number;
  search?: string;
  /** CSV or list as sent: the plugin's include/exclude carry no type to cast them. */
  exclude?: unknown;
  include?: unknown;
  order?: string;
  orderby?: string;
  hide_empty: boolean;
  /** Categories only. */
  parent?: number;
  post?: number;
  event?: number;
  slug?: string;
  /** Not an argument of the plugin's route; core's get_items still reads it for flat taxonomies. */
  offset?: unknown;
}
