import { EventMeta } from '../constants.js';
import { allMeta, type MetaMap } from './meta.js';
import { globalId, restUrl, type SiteUrls } from '../site/urls.js';

/**
 * Post_Repository::add_global_id_fields, shared by events, venues and organizers: the post's
 * global ID and its lineage (the ID, then the aggregator's recorded origins).
 */
export function globalIdFields(urls: SiteUrls, postId: number, meta: MetaMap): { global_id: string; global_id_lineage: string[] } {
  const id = globalId(urls, postId);
  return { global_id: id, global_id_lineage: [id, ...allMeta(meta, EventMeta.globalIdLineage)] };
}

/**
 * The author and dates every plugin's REST post answer shows in this order (TEC's events, venues
 * and organizers, Event Tickets' attendees): the author ID as a string, the stored local and GMT dates.
 */
export function postAuthorAndDates(post: {
  post_author: number;
  post_status: string;
  post_date: string;
  post_date_gmt: string;
  post_modified: string;
  post_modified_gmt: string;
}): { author: string; status: string; date: string; date_utc: string; modified: string; modified_utc: string } {
  return {
    author: String(post.post_author),
    status: post.post_status,
    date: post.post_date,
    date_utc: post.post_date_gmt,
    modified: post.post_modified,
    modified_utc: post.post_modified_gmt,
  };
}

export interface TermRestUrls {
  self: string;
  collection: string;
  up?: string;
}

/**
 * The `urls` of a term (Post_Repository::prepare_term_data, which both the event's terms and the
 * term endpoints use): the term and its collection, and `up` for a child term.
 */
export function termRestUrls(urls: SiteUrls, collection: string, termId: number, parent: number): TermRestUrls {
  const links: TermRestUrls = { self: restUrl(urls, `${collection}/${termId}`), collection: restUrl(urls, collection) };
  if (parent > 0) links.up = restUrl(urls, `${collection}/${parent}`);
  return links;
}
