/**
 * WP_Embed (wp-includes/class-wp-embed.php) as `the_content` runs it at priority 8:
 * run_shortcode() (only [embed] registered) and autoembed() (URLs alone on their line or in
 * their own paragraph), with the embed handlers wp_maybe_load_embeds() registers
 * (wp-includes/embed.php): YouTube embed URLs, audio and video file URLs.
 *
 * oEmbed HTML comes only from WordPress's cache, never from the network. With no global post
 * (TEC's v1 API), WP_Embed::shortcode() keeps its cache in `oembed_cache` posts named
 * md5( $url . serialize( $attr ) ), $attr being the shortcode's attributes over
 * wp_embed_defaults() (500x750: the theme sets no $content_width); with one (the wp/v2 shape of
 * tec/v1, see ContentRenderState.globalPostId) in that post's meta `_oembed_{md5}` instead, and
 * the `oembed_cache` posts are not read. A cached `{{unknown}}` is a lookup that failed: [embed]
 * then prints a link to the URL and autoembed leaves the URL as it is.
 *
 * Cache age: WordPress compares the cache's time (the cache post's post_modified_gmt, or the
 * `_oembed_time_{md5}` meta) with the `oembed_ttl` (a day), but it serves whatever is cached
 * anyway, stale or not ($usecache is true outside WP_Embed::cache_oembed()), so a cache older than
 * the TTL prints exactly as a fresh one. Only when nothing usable is cached (no cache, or an empty
 * one) would WordPress fetch the URL; this port never fetches, and prints what WordPress prints
 * when the fetch fails: the link for [embed], the bare URL for autoembed (WordPress would also
 * store a new `{{unknown}}` cache; nothing is written).
 */

import { createHash } from 'node:crypto';
import { firstMeta } from '../posts/meta.js';
import { phpIntval, phpSerialize, phpUrlencode } from '../php/php-values.js';
import type { ContentEnv, ContentNeeds, ShortcodeHandler } from '../text/content-env.js';
import { scanningEnv } from '../text/content-env.js';
import { escHtml } from '../text/escaping.js';
import { wpHtmlSplit } from '../text/html-split.js';
import { escUrl } from '../text/kses.js';
import { AUDIO_EXTENSIONS, VIDEO_EXTENSIONS } from './media-shortcodes.js';
import { doShortcode, phpOrderedEntries } from './shortcodes.js';
import { isPhpEmpty } from '../php/php-empty.js';

/** wp_embed_defaults() with no $content_width: 500 wide, 1.5 times as high (at most 1000). */
export function wpEmbedDefaults(contentWidth = 0): { width: number; height: number } {
  const width = contentWidth > 0 ? Math.trunc(contentWidth) : 500;
  return { width, height: Math.min(Math.ceil(width * 1.5), 1000) };
}

type AttrPairs = Array<[string, string | number]>;

/** wp_parse_args( $attr, wp_embed_defaults() ): array_merge of the defaults and the attributes. */
function embedAttributes(attr: Readonly<Record<string, string>> | ''): AttrPairs {
  const defaults = wpEmbedDefaults();
  const pairs: AttrPairs = [
    ['width', defaults.width],
    ['height', defaults.height],
  ];
  if (typeof attr !== 'object') return pairs;
  let next = 0;
  for (const [key, value] of phpOrderedEntries(attr)) {
    if (/^(?:0|-?[1-9][0-9]*)$/.test(key)) {
      // array_merge renumbers integer keys after the defaults' string keys.
      pairs.push([String(next++), value]);
      continue;
    }
    const existing = pairs.find(([name]) => name === key);
    if (existing) existing[1] = value;
    else pairs.push([key, value]);
  }
  return pairs;
}

/** serialize() of an ordered PHP array. */
function serializePairs(pairs: AttrPairs): string {
  const body = pairs
    .map(([key, value]) => (/^(?:0|-?[1-9][0-9]*)$/.test(key) ? `i:${key};` : phpSerialize(key)) + phpSerialize(value))
    .join('');
  return `a:${pairs.length}:{${body}}`;
}

/**
 * The post_name of the `oembed_cache` post WP_Embed::shortcode() reads for a URL and the
 * shortcode's attributes ('' or none for autoembed): md5( $url . serialize( $attr ) ).
 */
export function oembedCacheKey(url: string, attr: Readonly<Record<string, string>> | '' = ''): string {
  return createHash('md5').update(url + serializePairs(embedAttributes(attr)), 'utf8').digest('hex');
}

/** Reads the oEmbed cache by key; collectEmbedNeeds() passes one that records the keys. */
/** The cached oEmbed HTML (or `{{unknown}}`) under a key, '' when nothing is cached. */
type CacheLookup = (key: string) => string;

interface EmbedContext {
  lookup: CacheLookup;
  /** WP_Embed::$linkifunknown: false while autoembed_callback() runs. */
  linkifUnknown: boolean;
}

/** WP_Embed::maybe_make_link(). */
function maybeMakeLink(url: string, context: EmbedContext): string {
  return context.linkifUnknown ? `<a href="${escUrl(url)}">${escHtml(url)}</a>` : url;
}

const AUDIO_URL = new RegExp(`^https?://.+?\\.(${AUDIO_EXTENSIONS.join('|')})$`, 'i');
const VIDEO_URL = new RegExp(`^https?://.+?\\.(${VIDEO_EXTENSIONS.join('|')})$`, 'i');
const YOUTUBE_EMBED_URL = /https?:\/\/(www.)?youtube\.com\/(?:v|embed)\/([^/]+)/i;

/**
 * WP_Embed::get_embed_handler_html(): the handlers wp_maybe_load_embeds() registers, by
 * priority: youtube_embed_url (10), audio and video (9999). False when none matches.
 */
function embedHandlerHtml(rawAttr: Readonly<Record<string, string>> | '', url: string, context: EmbedContext): string | false {
  const youtube = YOUTUBE_EMBED_URL.exec(url);
  if (youtube) {
    // wp_embed_handler_youtube(): the embed URL's watch URL, autoembedded (a bare URL if unknown).
    return autoembedWith(`https://youtube.com/watch?v=${phpUrlencode(youtube[2]!)}`, context);
  }
  if (AUDIO_URL.test(url)) {
    // wp_embed_handler_audio(): an [audio] shortcode, rendered later by do_shortcode.
    return `[audio src="${escUrl(url)}" /]`;
  }
  if (VIDEO_URL.test(url)) {
    // wp_embed_handler_video(): a [video] shortcode, with the given size when both are given.
    const raw = typeof rawAttr === 'object' ? rawAttr : {};
    let dimensions = '';
    if (!isPhpEmpty(raw.width) && !isPhpEmpty(raw.height)) {
      dimensions = `width="${phpIntval(raw.width)}" height="${phpIntval(raw.height)}" `;
    }
    return `[video ${dimensions}src="${escUrl(url)}" /]`;
  }
  return false;
}

/** WP_Embed::shortcode( $attr, $url ): handler HTML, else the cached oEmbed HTML, else a link. */
function embedShortcodeWith(attr: Readonly<Record<string, string>> | '', content: string, context: EmbedContext): string {
  let url = content;
  if (isPhpEmpty(url) && typeof attr === 'object' && !isPhpEmpty(attr.src)) url = attr.src!;
  if (isPhpEmpty(url)) return '';

  // KSES turns & into &amp;, which is undone here (WordPress ticket 11311).
  url = url.replaceAll('&amp;', '&');

  const handled = embedHandlerHtml(attr, url, context);
  if (handled !== false) return handled;

  const cache = context.lookup(oembedCacheKey(url, attr));
  // Failures are cached too; either is served whatever its age (see the top of this file).
  if (cache === '{{unknown}}') return maybeMakeLink(url, context);
  if (!isPhpEmpty(cache)) return cache;
  // WordPress would ask the provider now; this port never does, and prints the failure's output.
  return maybeMakeLink(url, context);
}

/**
 * wp_replace_in_html_tags( $content, array( "\n" => $placeholder ) ): the newlines inside HTML
 * tags and comments replaced, text between them untouched.
 */
function replaceNewlinesInHtmlTags(content: string, placeholder: string): string {
  const parts = wpHtmlSplit(content);
  let changed = false;
  for (let i = 1; i < parts.length; i += 2) {
    if (parts[i]!.includes('\n')) {
      parts[i] = parts[i]!.replaceAll('\n', placeholder);
      changed = true;
    }
  }
  return changed ? parts.join('') : content;
}

const LINE_BREAK = '<!-- wp-line-break -->';
/** PCRE's `\s` without the UTF flag. */
const S = '[\\t\\n\\v\\f\\r ]';
/** `|^(\s*)(https?://[^\s<>"]+)(\s*)$|im`: PCRE's multiline anchors only know \n as a newline. */
const URL_ON_OWN_LINE = new RegExp(`(?<=^|\\n)(${S}*)(https?://[^\\t\\n\\v\\f\\r <>"]+)(${S}*)(?=\\n|$)`, 'gi');
/** `|(<p(?: [^>]*)?>\s*)(https?://[^\s<>"]+)(\s*<\/p>)|i`. */
const URL_IN_OWN_PARAGRAPH = new RegExp(`(<p(?: [^>]*)?>${S}*)(https?://[^\\t\\n\\v\\f\\r <>"]+)(${S}*<\\/p>)`, 'gi');

/**
 * Whether autoembed() leaves <pre> and <code> elements alone. WordPress's own autoembed() does
 * not: a URL alone on a line inside <pre> is embedded like any other (Trac ticket 39472). The fix
 * proposed for it (wordpress-develop PR 12646) was still open in 2026, after the WordPress the
 * captures were recorded on, and no recorded answer shows such a URL, so WordPress's code decides.
 * Kept behind this switch for the day the fix lands.
 */
export const AUTOEMBED_SKIPS_PRE_AND_CODE = false;

/** WP_Embed::autoembed() with the given cache reader. */
function autoembedWith(content: string, context: EmbedContext): string {
  const protectedElements: string[] = [];
  let text = content;
  if (AUTOEMBED_SKIPS_PRE_AND_CODE) {
    for (const tag of ['pre', 'code']) {
      if (!text.toLowerCase().includes(`<${tag}`)) continue;
      text = text.replace(new RegExp(`<${tag}[\\t\\n\\v\\f\\r >][\\s\\S]*?</${tag}>`, 'gi'), (element) => {
        const placeholder = `<!-- wp-embed-protected-${protectedElements.length} -->`;
        protectedElements.push(element);
        return placeholder;
      });
    }
  }

  // Line breaks inside HTML elements become placeholders, so a tag cannot end a URL's line.
  text = replaceNewlinesInHtmlTags(text, LINE_BREAK);

  if (new RegExp(`(?:^|${S}|>)https?://`, 'i').test(text)) {
    const callback = (_: string, before: string, url: string, after: string) => {
      const outer = context.linkifUnknown;
      context.linkifUnknown = false;
      // autoembed_callback() passes no attributes: array() and '' give the same cache key.
      const embedded = embedShortcodeWith('', url, context);
      context.linkifUnknown = outer;
      return before + embedded + after;
    };
    // URLs on their own line, then URLs in their own paragraph.
    text = text.replace(URL_ON_OWN_LINE, callback);
    text = text.replace(URL_IN_OWN_PARAGRAPH, callback);
  }

  text = text.replaceAll(LINE_BREAK, '\n');
  protectedElements.forEach((element, index) => {
    text = text.replace(`<!-- wp-embed-protected-${index} -->`, () => element);
  });
  return text;
}

/** Where WP_Embed::shortcode() looks for its cache: the global post's meta, or else the `oembed_cache` posts. */
function cacheContext(env: ContentEnv): EmbedContext {
  const globalPostId = env.state.globalPostId;
  if (globalPostId > 0) {
    const meta = env.records.posts.get(globalPostId)?.meta;
    return { lookup: (key) => (meta === undefined ? '' : firstMeta(meta, `_oembed_${key}`) ?? ''), linkifUnknown: true };
  }
  const lookup = (key: string): string => {
    const cached = env.records.oembedCache.get(key);
    return cached !== undefined && cached.post_type === 'oembed_cache' && cached.post_status === 'publish' ? cached.post_content : '';
  };
  return { lookup, linkifUnknown: true };
}

/** The [embed] shortcode as WP_Embed::run_shortcode() registers it (WP_Embed::shortcode). */
export const embedShortcode: ShortcodeHandler = (attr, content, _tag, env) =>
  embedShortcodeWith(attr, content ?? '', cacheContext(env));

/**
 * WP_Embed::run_shortcode() (`the_content` priority 8): do_shortcode() with only [embed]
 * registered and shortcodes inside HTML tags ignored.
 */
export function runEmbedShortcode(content: string, env: ContentEnv): string {
  return doShortcode(content, { embed: embedShortcode }, env, true);
}

/**
 * WP_Embed::autoembed() (`the_content` priority 8, after run_shortcode): each URL alone on its
 * line or alone in a paragraph replaced by its embed (handler output or cached oEmbed HTML), or
 * left as it is.
 */
export function autoembed(content: string, env: ContentEnv): string {
  return autoembedWith(content, cacheContext(env));
}

/**
 * Adds to `needs.oembedKeys` the oEmbed cache keys that runEmbedShortcode() and then autoembed()
 * will read for this text (as found with nothing cached; URLs that only cached HTML would bring
 * are not foreseen).
 */
export function collectEmbedNeeds(content: string, needs: ContentNeeds): void {
  if (!/https?:\/\//i.test(content) && !content.includes('[embed')) return;
  const context: EmbedContext = {
    lookup: (key) => {
      needs.oembedKeys.add(key);
      return '';
    },
    linkifUnknown: true,
  };
  const handlers = { embed: ((attr, inner) => embedShortcodeWith(attr, inner ?? '', context)) as ShortcodeHandler };
  // The recording handlers read neither the site nor records.
  const env = scanningEnv();
  autoembedWith(doShortcode(content, handlers, env, true), context);
}
