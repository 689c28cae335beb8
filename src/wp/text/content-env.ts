import type { PostRow } from '../posts/posts.repository.js';
import type { MetaMap } from '../posts/meta.js';

/**
 * What the `the_content` chain needs beyond the text itself. WordPress renders with globals
 * (the options, the object cache, static counters inside shortcode functions, the order of the
 * hooks on `the_content`); here each of those is a field, so rendering stays a synchronous,
 * pure function of (text, env) and every database read happens before it, in batches.
 */
export interface ContentEnv {
  site: ContentSite;
  /** Records preloaded for the texts of this request (see ContentNeeds). */
  records: ContentRecords;
  /** What earlier renders in the same request left behind (WordPress's static counters). */
  state: ContentRenderState;
  now: Date;
}

/** A registered image size (`add_image_size`, or the thumbnail/medium/large options). */
export interface ImageSize {
  width: number;
  height: number;
  crop: boolean;
}

export interface ContentSite {
  /** The `home` option without a trailing slash. */
  home: string;
  /** The `siteurl` option without a trailing slash. */
  siteUrl: string;
  /** `{siteurl}/wp-content/uploads`, no trailing slash. */
  uploadsUrl: string;
  /**
   * wp_get_registered_image_subsizes(): thumbnail, medium, medium_large, large (from the
   * options), then WordPress's 1536x1536 and 2048x2048, in that order.
   */
  imageSizes: ReadonlyMap<string, ImageSize>;
  /** The `use_smilies` option. */
  useSmilies: boolean;
  /** get_permalink() of any post (post, page, attachment, TEC types) as an anonymous reader sees it. */
  permalink(post: PostRow): string;
  /** get_month_link(): `home/2026/11/` with pretty permalinks, `home/?m=202611` without. */
  monthLink(year: number, month: number): string;
}

export interface LoadedRecord {
  post: PostRow;
  meta: MetaMap;
}

export interface ContentRecords {
  /** Posts with all their meta by ID: attachments named by the texts (wp-image-N, gallery ids, block ids). */
  posts: ReadonlyMap<number, LoadedRecord>;
  /** `oembed_cache` posts by post_name (the md5 key WP_Embed computes). */
  oembedCache: ReadonlyMap<string, PostRow>;
  /** Answers of the dynamic blocks' queries, by the key their needs named (see ContentNeeds.queries). */
  queries: ReadonlyMap<string, unknown>;
}

/**
 * What a batch of texts will read, collected before rendering so a page of events costs the same
 * statements as one event: post IDs (attachments), oEmbed cache keys, and named queries of dynamic
 * blocks (key -> a description the blocks' repository understands).
 */
export interface ContentNeeds {
  postIds: Set<number>;
  oembedKeys: Set<string>;
  queries: Map<string, unknown>;
}

export function emptyContentNeeds(): ContentNeeds {
  return { postIds: new Set(), oembedKeys: new Set(), queries: new Map() };
}

/**
 * WordPress's per-request state that changes what later texts render as:
 * - `counters`: the static `$instance` counters of gallery_shortcode, wp_audio_shortcode,
 *   wp_video_shortcode, wp_playlist_shortcode, and wp_unique_id() / wp_unique_prefixed_id().
 * - `usedIds`: ids handed out so far and how many times (for `-2`, `-3` suffixes).
 * - `wpautopAfterUnautop`: do_blocks() on a text with blocks removes wpautop from `the_content`
 *   and _restore_wpautop_hook() adds it back at the end of priority 10, so for every later text of
 *   the request wpautop runs after shortcode_unautop.
 * - `filters`: the filters running now, innermost last ($wp_current_filter), for doing_filter().
 * - `inMainLoop`: in_the_loop() && is_main_query(), never true in a REST request.
 * - `shortcodeRegistries`: the `$shortcode_tags` of the do_shortcode() calls under way, innermost
 *   last, for a handler that runs do_shortcode() on its own content.
 * - `globalPostId`: the ID of `$GLOBALS['post']` (what get_post() returns) while a text renders, 0
 *   for none. WordPress's wp/v2 shape sets it to the post being prepared
 *   (WP_REST_Posts_Controller::prepare_item_for_response), so tec/v1 renders each entity as the
 *   global post; TEC's own v1 API never sets it. [gallery], [audio] and [video] print it in their
 *   ids, and WP_Embed keeps its cache in its meta.
 */
export interface ContentRenderState {
  counters: Map<string, number>;
  usedIds: Map<string, number>;
  wpautopAfterUnautop: boolean;
  filters: (string | null)[];
  inMainLoop: boolean;
  shortcodeRegistries: Readonly<Record<string, ShortcodeHandler>>[];
  globalPostId: number;
}

export function newContentRenderState(): ContentRenderState {
  return {
    counters: new Map(),
    usedIds: new Map(),
    wpautopAfterUnautop: false,
    filters: [],
    inMainLoop: false,
    shortcodeRegistries: [],
    globalPostId: 0,
  };
}

/**
 * An environment for scanning a text (what it will read) or stripping shortcodes: only the
 * shortcode engine's own state is real; handlers run there must not read site or records.
 */
export function scanningEnv(): ContentEnv {
  return { state: newContentRenderState() } as ContentEnv;
}

/** `++$instance` of a static counter named `name`. */
export function nextInstance(state: ContentRenderState, name: string): number {
  const next = (state.counters.get(name) ?? 0) + 1;
  state.counters.set(name, next);
  return next;
}

/**
 * A shortcode callback as do_shortcode() calls it: `$attr` is '' when the tag had no attributes
 * (PHP's shortcode_parse_atts of an empty string), otherwise the parsed attributes (named keys and
 * numeric keys for positional values); `content` is '' for a self-closing tag (PHP fills the
 * match group either way, and WordPress's own tests expect '').
 */
export type ShortcodeHandler = (
  attr: Record<string, string> | '',
  content: string | undefined,
  tag: string,
  env: ContentEnv,
) => string;
