/**
 * img_caption_shortcode() of wp-includes/media.php, for `[caption]` and `[wp_caption]`, in its
 * HTML5 form (<figure>/<figcaption>): the site runs a block theme, and WordPress gives block
 * themes html5 `caption` support.
 */

import type { ContentRenderState, ShortcodeHandler } from '../text/content-env.js';
import { escHtml } from '../text/escaping.js';
import { phpIntval, phpTrim } from '../php/php-values.js';
import { ksesPostContent } from '../write/kses-save.js';
import { doShortcodeNested, shortcodeAtts } from './shortcodes.js';
import { isPhpEmpty } from '../php/php-empty.js';

/**
 * sanitize_html_class( $class ) with no fallback: percent-encoded octets removed, then anything
 * but A-Z, a-z, 0-9, `_` and `-`.
 */
export function sanitizeHtmlClass(className: string): string {
  return className.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');
}

/**
 * The id an element gets when the same id may already have been printed earlier in the request:
 * the first use keeps it, the second prints `{id}-2`, the third `{id}-3`. WordPress 7 does this
 * for caption ids (recorded: event 256 printed `attachment_253`, a later event 263 of the same
 * request `attachment_253-2`; a single read of 263 prints `attachment_253`), with the count kept
 * for the whole request, here in `state.usedIds`.
 */
export function uniqueRequestId(state: ContentRenderState, id: string): string {
  const uses = (state.usedIds.get(id) ?? 0) + 1;
  state.usedIds.set(id, uses);
  return uses === 1 ? id : `${id}-${uses}`;
}

/**
 * img_caption_shortcode( $attr, $content ): the image (optionally in a link) in a <figure>, the
 * caption in a <figcaption>. New-style captions carry the caption text after the image inside
 * the shortcode; old-style ones a `caption` attribute (filtered through wp_kses 'post' when it
 * holds markup). Without a width of at least 1 or without a caption the content is returned as
 * it is (its shortcodes not run). The `img_caption_shortcode` and `img_caption_shortcode_width`
 * filters are not applied (nothing on this site hooks them).
 */
export const captionShortcode: ShortcodeHandler = (attrIn, contentIn, _tag, env) => {
  const attr: Record<string, string> = typeof attrIn === 'object' ? { ...attrIn } : {};
  let content = contentIn ?? '';

  if (attr.caption === undefined) {
    // New-style shortcode: the caption follows the image (and its link) inside the shortcode.
    const m = /((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)/i.exec(content);
    if (m) {
      content = m[1]!;
      attr.caption = phpTrim(m[2]!);
    }
  } else if (attr.caption.includes('<')) {
    attr.caption = ksesPostContent(attr.caption);
  }

  const atts = shortcodeAtts(
    { id: '', caption_id: '', align: 'alignnone', width: '', caption: '', class: '' },
    attr,
  );
  const width = phpIntval(atts.width);
  if (width < 1 || isPhpEmpty(atts.caption)) return content;

  let id = '';
  let captionIdAttr = '';
  let describedBy = '';
  let figureId = '';
  if (!isPhpEmpty(atts.id)) {
    figureId = uniqueRequestId(env.state, sanitizeHtmlClass(atts.id));
    id = `id="${escHtml(figureId)}" `;
  }
  let captionId = '';
  if (!isPhpEmpty(atts.caption_id)) {
    captionId = uniqueRequestId(env.state, sanitizeHtmlClass(atts.caption_id));
  } else if (figureId !== '') {
    captionId = `caption-${figureId.replaceAll('_', '-')}`;
  }
  if (captionId !== '') {
    captionIdAttr = `id="${escHtml(captionId)}" `;
    describedBy = `aria-describedby="${escHtml(captionId)}" `;
  }

  const className = phpTrim(`wp-caption ${atts.align} ${atts.class}`);
  // HTML5 captions never added the extra 10px to the image width.
  const style = `style="width: ${width}px" `;

  return (
    `<figure ${id}${describedBy}${style}class="${escHtml(className)}">` +
    doShortcodeNested(content, env) +
    `<figcaption ${captionIdAttr}class="wp-caption-text">${atts.caption}</figcaption></figure>`
  );
};
