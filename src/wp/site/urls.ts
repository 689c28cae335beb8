import { ANONYMOUS, canReadPost, type PostForCaps, type Viewer } from '../auth/capabilities.js';
import { PostStatus, PostType } from '../constants.js';
import type { SiteSettings } from './site.js';
import { isPhpEmpty } from '../php/php-empty.js';

/** This service's own namespace, served by default. */
export const API_NAMESPACE = 'calendar/events/v1';
/** The plugin's namespace (TEC's `tribe/events/v1`), which a drop-in deployment serves as well (NAMESPACES). */
export const PLUGIN_NAMESPACE = 'tribe/events/v1';
/** TEC 6's newer REST API (`tec/v1`: events, venues, organizers in WordPress's wp/v2 post shape), served when NAMESPACES names it. */
export const TEC_V1_NAMESPACE = 'tec/v1';
/**
 * Event Tickets' own REST API, served beside TEC's namespaces when NAMESPACES names it and the site
 * runs Event Tickets. Its routes are not built yet: until they are, it answers rest_no_route as a
 * namespace WordPress does not know (docs/configuration.md).
 */
export const TICKETS_NAMESPACE = 'tribe/tickets/v1';

/**
 * WP_Rewrite::using_index_permalinks: a permalink structure that starts with `index.php` after
 * any slashes ("PATHINFO" permalinks). WordPress builds the pattern from `$this->index` without
 * escaping it, so its dot matches any character, as here.
 */
export function usingIndexPermalinks(permalinkStructure: string): boolean {
  return /^\/*index.php/.test(permalinkStructure);
}

/** The URL bases of a response: the site's `home` (or PUBLIC_URL), its REST root and our namespace. */
export interface SiteUrls {
  /** The namespace the request came in under, which every REST URL of the answer names. */
  namespace: string;
  /** `home` as stored: the site's identity in global IDs. */
  home: string;
  /** Base of every URL we print: PUBLIC_URL when set, else `home`. */
  base: string;
  /** `{base}{REST_ROOT}/`, the WordPress REST root as get_rest_url() prints it. */
  restRoot: string;
  prettyPermalinks: boolean;
  /** `/index.php` on PATHINFO sites (WP_Rewrite::$root), which TEC's links carry; '' otherwise. */
  permalinkRoot: string;
  trailingSlash: boolean;
  eventSlugBase: string;
  /** The `permalink_structure` option ('' for plain links). */
  permalinkStructure: string;
}

export function toSiteUrls(
  settings: SiteSettings,
  restRootPath: string,
  publicUrl: string | undefined,
  namespace: string = API_NAMESPACE,
): SiteUrls {
  const base = publicUrl ?? settings.home;
  return {
    namespace,
    home: settings.home,
    base,
    restRoot: restRootUrl(base, restRootPath, settings.permalinkStructure),
    prettyPermalinks: settings.permalinkStructure !== '',
    permalinkRoot: usingIndexPermalinks(settings.permalinkStructure) ? '/index.php' : '',
    trailingSlash: settings.permalinkStructure.endsWith('/'),
    eventSlugBase: settings.tec.singleEventSlug,
    permalinkStructure: settings.permalinkStructure,
  };
}

/**
 * get_rest_url() for the site's permalink setting: `{base}/wp-json/` with pretty permalinks,
 * `{base}/index.php/wp-json/` with "PATHINFO" ones, and `{base}/?rest_route=/` with plain ones,
 * which is where such a site's REST API lives (and where this service answers as well).
 */
export function restRootUrl(base: string, restRootPath: string, permalinkStructure: string): string {
  if (permalinkStructure === '') return `${base}/?rest_route=/`;
  if (usingIndexPermalinks(permalinkStructure)) return `${base}/index.php${restRootPath}/`;
  return `${base}${restRootPath}/`;
}

/**
 * rest_api_loaded(): the route a `rest_route` query value asks for, or undefined when the value
 * is PHP-empty ('' or '0') and WordPress serves the page, not the REST API. Trailing slashes and
 * backslashes go (untrailingslashit) and a route left empty is the root, '/'. Nothing else is
 * added: every registered route begins with '/' and must match the whole route, so `events` or
 * `calendar/events/v1/events` (no leading slash) reaches no route (rest_no_route).
 */
export function requestedRestRoute(value: string): string | undefined {
  if (isPhpEmpty(value)) return undefined;
  const route = value.replace(/[/\\]+$/, '');
  return isPhpEmpty(route) ? '/' : route;
}

/** tribe_events_rest_url(path): `{rest root}{namespace}/{path}`, in the namespace the request came in under. */
export function restUrl(urls: SiteUrls, path = ''): string {
  return `${urls.restRoot}${urls.namespace}/${path}`;
}

/** Rewrite bases and query vars of TEC's post types (each registers its name as its query var). */
function permastructFor(urls: SiteUrls, postType: string): { base: string; queryVar: string } | undefined {
  if (postType === PostType.event) return { base: urls.eventSlugBase, queryVar: PostType.event };
  if (postType === PostType.venue) return { base: 'venue', queryVar: PostType.venue };
  if (postType === PostType.organizer) return { base: 'organizer', queryVar: PostType.organizer };
  return undefined;
}

/**
 * wp_force_plain_post_permalink: published posts always have their pretty link; a private post
 * has it only for a reader who may read it (read_post); drafts, pending, scheduled and trashed
 * posts never do.
 */
function hasPublicLink(post: PostForCaps, viewer: Viewer): boolean {
  if (post.post_status === PostStatus.publish) return true;
  return post.post_status === PostStatus.private && canReadPost(viewer, post);
}

/**
 * get_post_permalink for TEC's post types, as `viewer` sees it: `home/event/{slug}/` with pretty
 * permalinks, `home/?tribe_events={slug}` without; posts that must have a plain link (see
 * hasPublicLink) get `home/?post_type=...&p=ID`.
 */
export function postPermalink(
  urls: SiteUrls,
  post: { ID: number; post_type: string; post_status: string; post_name: string; post_author?: number },
  viewer: Viewer = ANONYMOUS,
): string {
  const struct = permastructFor(urls, post.post_type);
  // Published posts (nearly every one an answer links) need no copy for the capability check.
  const plain = post.post_status !== PostStatus.publish && !hasPublicLink({ ...post, post_author: post.post_author ?? 0 }, viewer);
  if (struct && urls.prettyPermalinks && !plain) {
    // TEC registers its types without the permalink front, so only the PATHINFO root precedes them.
    return `${urls.base}${urls.permalinkRoot}/${struct.base}/${post.post_name}${urls.trailingSlash ? '/' : ''}`;
  }
  if (struct && !plain) return `${urls.base}/?${struct.queryVar}=${post.post_name}`;
  return `${urls.base}/?post_type=${post.post_type}&p=${post.ID}`;
}

/**
 * Tribe__Utils__Global_ID for a post: `{host}{path}?id={ID}` of the `home` URL, without scheme
 * or port (`example.com/blog?id=12`).
 */
export function globalId(urls: SiteUrls, postId: number): string {
  let host = urls.home;
  try {
    const parsed = new URL(urls.home);
    host = parsed.hostname + parsed.pathname.replace(/\/+$/, '');
  } catch {
    host = urls.home.replace(/^[a-z]+:\/\//i, '');
  }
  return `${host}?id=${postId}`;
}

/** The rewrite tags of a permalink structure and what each takes from the post (local post date). */
const PERMALINK_TAGS: Readonly<Record<string, (post: LinkablePost) => string>> = {
  '%year%': (post) => post.post_date.slice(0, 4),
  '%monthnum%': (post) => post.post_date.slice(5, 7),
  '%day%': (post) => post.post_date.slice(8, 10),
  '%hour%': (post) => post.post_date.slice(11, 13),
  '%minute%': (post) => post.post_date.slice(14, 16),
  '%second%': (post) => post.post_date.slice(17, 19),
  '%postname%': (post) => post.post_name,
  '%post_id%': (post) => String(post.ID),
};

export interface LinkablePost {
  ID: number;
  post_type: string;
  post_status: string;
  post_name: string;
  post_date: string;
  post_parent: number;
  post_author?: number;
}

/**
 * get_permalink() as a visitor sees it, for the posts rendered content links to: TEC's types
 * (postPermalink), blog posts through the permalink structure (date and name tags; a structure
 * with %category% or %author% falls back to the plain `?p=` link, as those need more reads),
 * pages as `home/{slug}/` (top-level pages; children would need their parents' slugs), and
 * attachments (get_attachment_link: `home/{slug}/` when unattached, below the parent's link
 * otherwise). Without pretty permalinks: `?p=`, `?page_id=`, `?attachment_id=`.
 */
export function wpPermalink(urls: SiteUrls, post: LinkablePost): string {
  if (permastructFor(urls, post.post_type)) return postPermalink(urls, post);
  const slash = urls.trailingSlash ? '/' : '';
  const root = `${urls.base}${urls.permalinkRoot}`;
  if (post.post_type === PostType.attachment) {
    if (!urls.prettyPermalinks) return `${urls.base}/?attachment_id=${post.ID}`;
    return `${root}/${post.post_name}${slash}`;
  }
  if (post.post_type === PostType.page) {
    if (!urls.prettyPermalinks || post.post_parent !== 0) return `${urls.base}/?page_id=${post.ID}`;
    return `${root}/${post.post_name}${slash}`;
  }
  const structure = urls.permalinkStructure;
  const publicLink = post.post_status === PostStatus.publish;
  if (post.post_type !== PostType.post || !urls.prettyPermalinks || !publicLink || /%(category|author)%/.test(structure)) {
    return `${urls.base}/?p=${post.ID}`;
  }
  const path = structure.replace(/%[a-z_]+%/g, (tag) => PERMALINK_TAGS[tag]?.(post) ?? tag);
  return `${urls.base}${path}`;
}

/**
 * get_month_link(): the structure's front (what precedes its first tag, `/` for `/%postname%/`,
 * `/blog/` for `/blog/%postname%/`) then `2026/11/`; `home/?m=202611` without pretty permalinks.
 */
export function monthLink(urls: SiteUrls, year: number, month: number): string {
  const mm = String(month).padStart(2, '0');
  if (!urls.prettyPermalinks) return `${urls.base}/?m=${year}${mm}`;
  const structure = urls.permalinkStructure;
  const firstTag = structure.indexOf('%');
  const front = firstTag === -1 ? '/' : structure.slice(0, firstTag);
  return `${urls.base}${front}${year}/${mm}${urls.trailingSlash ? '/' : ''}`;
}

/**
 * get_author_posts_url( $id, $nicename ): `{home}/?author={id}` with plain permalinks, else the
 * author permastruct (the permalink structure's front, `author/`, the nicename) trailing-slashed
 * as the structure is. The author base is WP_Rewrite's default `author` (a plugin may change it
 * in PHP only).
 */
export function authorPostsUrl(urls: SiteUrls, id: number, nicename: string): string {
  if (urls.permalinkStructure === '') return `${urls.base}/?author=${id}`;
  const firstTag = urls.permalinkStructure.indexOf('%');
  const front = firstTag === -1 ? '' : urls.permalinkStructure.slice(0, firstTag);
  const path = `${front}author/${nicename}`.replace(/\/+$/, '');
  return `${urls.base}/${path.replace(/^\/+/, '')}${urls.trailingSlash ? '/' : ''}`;
}
