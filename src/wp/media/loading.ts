import type { ContentEnv, ContentRenderState } from '../text/content-env.js';

/**
 * wp_get_loading_optimization_attributes() (WP 6.3+, as in 7.0) and the request state it reads:
 * which content filter is running (doing_filter()), whether the element is in the main query's
 * loop, and the static counters wp_increase_content_media_count() / wp_high_priority_element_flag().
 *
 * In a REST request there is no main loop and no `get_header` action, so every image that has a
 * width and a height gets `loading="lazy"` and none gets `fetchpriority="high"`; the counters stay
 * as they are. The main-loop branch is ported for completeness (ContentRenderState.inMainLoop).
 */

/** Content filters that handle the images of the text they run on together. */
const CONTENT_BLOB_FILTERS = ['the_content', 'widget_text_content', 'widget_block_content'] as const;

/** Counter names in `env.state.counters` (WordPress's function-static variables). */
export const MEDIA_COUNTERS = {
  /** wp_increase_content_media_count()'s `$content_media_count`. */
  contentMediaCount: 'wp_increase_content_media_count',
  /** wp_high_priority_element_flag() set to false: 1 once a high-priority element was chosen. */
  highPriorityTaken: 'wp_high_priority_element_flag:taken',
} as const;

/** wp_omit_loading_attr_threshold()'s default: the first 3 content media in the loop are not lazy. */
export const OMIT_LOADING_ATTR_THRESHOLD = 3;
/** `wp_min_priority_img_pixels`'s default. */
export const MIN_PRIORITY_IMG_PIXELS = 50000;

/** The request's filter stack and loop flag (ContentRenderState). */
function contextOf(env: Pick<ContentEnv, 'state'>): Pick<ContentRenderState, 'filters' | 'inMainLoop'> {
  return env.state;
}

/**
 * Runs `render` as if inside `apply_filters( filter, … )` (null: outside every filter), as
 * doing_filter() sees it. filterContentTags() runs itself inside its context.
 */
export function runningFilter<T>(env: Pick<ContentEnv, 'state'>, filter: string | null, render: () => T): T {
  const context = contextOf(env);
  context.filters.push(filter);
  try {
    return render();
  } finally {
    context.filters.pop();
  }
}

/**
 * doing_filter( name ). With nothing declared, `the_content` is taken as running: the only chain
 * of this port that calls image functions from code (shortcodes, blocks) is `the_content`, where
 * WordPress leaves their loading attributes to wp_filter_content_tags at priority 12.
 */
export function doingFilter(env: Pick<ContentEnv, 'state'>, name: string): boolean {
  const { filters } = contextOf(env);
  if (filters.length === 0) return name === 'the_content';
  return filters.includes(name);
}

/** Declares (or clears) that rendering happens inside the main query's loop. */
export function setInMainLoop(env: Pick<ContentEnv, 'state'>, inMainLoop: boolean): void {
  contextOf(env).inMainLoop = inMainLoop;
}

function counter(env: Pick<ContentEnv, 'state'>, name: string): number {
  return env.state.counters.get(name) ?? 0;
}

/** wp_increase_content_media_count( $amount ): the count after the increase. */
export function increaseContentMediaCount(env: Pick<ContentEnv, 'state'>, amount = 1): number {
  const next = counter(env, MEDIA_COUNTERS.contentMediaCount) + amount;
  env.state.counters.set(MEDIA_COUNTERS.contentMediaCount, next);
  return next;
}

/** The attributes wp_get_loading_optimization_attributes() looks at. */
export interface LoadingAttrInput {
  width?: unknown;
  height?: unknown;
  loading?: unknown;
  fetchpriority?: unknown;
  decoding?: unknown;
}

/** PHP isset(): present and not null. */
function isset(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * wp_maybe_add_fetchpriority_high_attr() as in WP 7.0: an explicit fetchpriority is honoured
 * (`high` takes the one high-priority slot), a lazy element never gets it, otherwise the first
 * image of at least 50000 square pixels does.
 */
function maybeAddFetchpriorityHigh(
  loadingAttrs: Record<string, string>,
  tagName: string,
  attr: LoadingAttrInput,
  env: Pick<ContentEnv, 'state'>,
): Record<string, string> {
  if (tagName !== 'img') return loadingAttrs;
  const existing = attr.fetchpriority ?? null;
  if (existing !== null && existing !== 'auto') {
    if (existing === 'high') {
      loadingAttrs.fetchpriority = 'high';
      env.state.counters.set(MEDIA_COUNTERS.highPriorityTaken, 1);
    }
    return loadingAttrs;
  }
  if (loadingAttrs.loading === 'lazy') return loadingAttrs;
  if (counter(env, MEDIA_COUNTERS.highPriorityTaken)) return loadingAttrs;
  if (MIN_PRIORITY_IMG_PIXELS <= Number(attr.width) * Number(attr.height)) {
    if (existing !== 'auto') loadingAttrs.fetchpriority = 'high';
    env.state.counters.set(MEDIA_COUNTERS.highPriorityTaken, 1);
  }
  return loadingAttrs;
}

/**
 * wp_get_loading_optimization_attributes( $tag_name, $attr, $context ): `decoding="async"` for
 * every img (or its own decoding), then, for elements with width and height, `loading="lazy"`
 * unless the element may be in the viewport (an explicit non-lazy loading, fetchpriority=high,
 * a header context, or one of the first 3 media of the main loop), where it may get
 * fetchpriority=high instead. Images made by code while a content filter runs get nothing: the
 * filter's wp_filter_content_tags handles them with the rest of the text. Key order is
 * WordPress's: decoding, then loading or fetchpriority.
 */
export function wpGetLoadingOptimizationAttributes(
  tagName: string,
  attr: LoadingAttrInput,
  context: string,
  env: Pick<ContentEnv, 'state'>,
): Record<string, string> {
  const loadingAttrs: Record<string, string> = {};
  if (context === 'template') return loadingAttrs;
  if (tagName !== 'img' && tagName !== 'iframe') return loadingAttrs;
  for (const filter of CONTENT_BLOB_FILTERS) {
    if (context !== filter && doingFilter(env, filter)) return loadingAttrs;
  }

  if (tagName === 'img') loadingAttrs.decoding = isset(attr.decoding) ? String(attr.decoding) : 'async';

  if (!isset(attr.width) || !isset(attr.height)) return loadingAttrs;

  let maybeInViewport: boolean | null = null;
  let increaseCount = false;
  let maybeIncreaseCount = false;

  if (isset(attr.loading)) maybeInViewport = attr.loading !== 'lazy';

  if (isset(attr.fetchpriority) && attr.fetchpriority === 'high') {
    // Lazy and high priority together is _doing_it_wrong(); the developer's fetchpriority stays.
    if (maybeInViewport === false) loadingAttrs.fetchpriority = 'high';
    else maybeInViewport = true;
  }

  if (maybeInViewport === null) {
    const headerContexts = new Set(['template_part_header', 'get_header_image_tag']);
    if (headerContexts.has(context)) {
      maybeInViewport = true;
      maybeIncreaseCount = true;
    } else if (contextOf(env).inMainLoop) {
      const count = increaseContentMediaCount(env, 0);
      increaseCount = true;
      maybeInViewport = count < OMIT_LOADING_ATTR_THRESHOLD;
    }
    // Before the main loop after get_header (a theme template) cannot happen in a REST request.
  }

  if (maybeInViewport) {
    maybeAddFetchpriorityHigh(loadingAttrs, tagName, attr, env);
  } else {
    // wp_lazy_loading_enabled() is true for img and iframe.
    loadingAttrs.loading = 'lazy';
  }

  if (increaseCount) {
    increaseContentMediaCount(env);
  } else if (maybeIncreaseCount && MIN_PRIORITY_IMG_PIXELS <= Number(attr.width) * Number(attr.height)) {
    increaseContentMediaCount(env);
  }
  return loadingAttrs;
}
