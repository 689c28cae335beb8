import type { ContentEnv, ContentNeeds } from './content-env.js';
import { capitalPDangit, convertChars } from './char-fixes.js';
import { convertSmilies } from './smilies.js';
import { phpTrim } from '../php/php-values.js';
import { shortcodeUnautop, wpautop } from './autop.js';
import { WP_CORE_SHORTCODE_TAGS } from './formatting-options.js';
import { wptexturize } from './texturize.js';
import { collectBlockNeeds, doBlocks } from '../blocks/do-blocks.js';
import { hasBlocks } from '../blocks/parser.js';
import { doShortcode } from '../shortcodes/shortcodes.js';
import { CORE_SHORTCODE_HANDLERS } from '../shortcodes/core-shortcodes.js';
import { autoembed, collectEmbedNeeds, runEmbedShortcode } from '../shortcodes/embed.js';
import { collectShortcodeNeeds } from '../shortcodes/media-shortcodes.js';
import { collectMediaNeeds, filterContentTags } from '../media/content-tags.js';

/**
 * What rendering these texts will read from the database, so a page of posts loads it in one
 * batch before any of them is rendered.
 */
export function collectContentNeeds(texts: readonly string[], needs: ContentNeeds): void {
  for (const text of texts) {
    if (text === '') continue;
    collectEmbedNeeds(text, needs);
    collectBlockNeeds(text, needs);
    collectShortcodeNeeds(text, needs);
    collectMediaNeeds(text, needs);
  }
}

/**
 * `trim( apply_filters( 'the_content', $raw ) )` with the filters WordPress 7 and TEC leave on
 * it in a REST request, by priority:
 *  8  WP_Embed::run_shortcode ([embed] only), WP_Embed::autoembed (a URL alone on its line);
 *  9  do_blocks;
 *  10 wptexturize, wpautop, shortcode_unautop (prepend_attachment only acts on attachments;
 *     wp_replace_insecure_home_url only after an HTTPS migration);
 *  11 capital_P_dangit, do_shortcode;
 *  12 wp_filter_content_tags;
 *  20 convert_smilies.
 * do_blocks() on a text with blocks takes wpautop off the hook for that text, and
 * _restore_wpautop_hook puts it back at the END of priority 10: from then on, for every later
 * text of the same request, wpautop runs after shortcode_unautop (env.state remembers it).
 */
export function renderTheContent(raw: string, env: ContentEnv): string {
  return phpTrim(applyTheContent(raw, env));
}

/**
 * `apply_filters( 'the_content', ... )` untrimmed, as WordPress's wp/v2 posts show it
 * (`content.rendered` keeps wpautop's final newline); renderTheContent trims it as TEC's v1 does.
 */
export function applyTheContent(raw: string, env: ContentEnv): string {
  let content = runEmbedShortcode(raw, env);
  content = autoembed(content, env);
  // Where wpautop sits for this text is decided by the texts before it; doBlocks() moves it
  // (env.state.wpautopAfterUnautop) for the texts after a text with blocks.
  const autopLate = env.state.wpautopAfterUnautop;
  const withBlocks = hasBlocks(content);
  content = doBlocks(content, env);
  content = wptexturize(content, WP_CORE_SHORTCODE_TAGS);
  if (!withBlocks && !autopLate) content = wpautop(content);
  content = shortcodeUnautop(content, WP_CORE_SHORTCODE_TAGS);
  if (!withBlocks && autopLate) content = wpautop(content);
  content = capitalPDangit(content);
  content = doShortcode(content, CORE_SHORTCODE_HANDLERS, env);
  content = filterContentTags(content, env, 'the_content');
  content = convertSmilies(content, { useSmilies: env.site.useSmilies });
  return content;
}

/**
 * `trim( apply_filters( 'the_excerpt', $raw ) )`, all at priority 10 unless said: wptexturize,
 * convert_smilies, convert_chars, wpautop, shortcode_unautop, then wp_filter_content_tags (12).
 */
export function renderTheExcerpt(raw: string, env: ContentEnv): string {
  return phpTrim(applyTheExcerpt(raw, env));
}

/** `apply_filters( 'the_excerpt', ... )` untrimmed (wp/v2's `excerpt.rendered`). */
export function applyTheExcerpt(raw: string, env: ContentEnv): string {
  let excerpt = wptexturize(raw, WP_CORE_SHORTCODE_TAGS);
  excerpt = convertSmilies(excerpt, { useSmilies: env.site.useSmilies });
  excerpt = convertChars(excerpt);
  excerpt = wpautop(excerpt);
  excerpt = shortcodeUnautop(excerpt, WP_CORE_SHORTCODE_TAGS);
  excerpt = filterContentTags(excerpt, env, 'the_excerpt');
  return excerpt;
}
