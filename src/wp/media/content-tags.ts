import type { ContentEnv, ContentNeeds } from '../text/content-env.js';
import { wpGetAttachmentMetadata } from './attachment-image.js';
import { runningFilter, wpGetLoadingOptimizationAttributes } from './loading.js';
import { decodeAttributeValue } from '../blocks/tag-processor.js';
import { strReplace } from '../text/php-strings.js';
import { absint } from '../php/php-values.js';
import {
  escAttr,
  imageHwstringTrimmed,
  phpRound,
  wpImageAddSrcsetAndSizes,
  wpImageSrcGetDimensions,
  wpSizesAttributeIncludesValidAuto,
} from './srcset.js';

/**
 * wp_filter_content_tags() of wp-includes/media.php (WordPress 7.0), on `the_content` at
 * priority 12 and on `the_excerpt`: every `<img>` gets width/height from its attachment when it
 * has neither (wp_img_tag_add_width_and_height_attr), srcset/sizes (wp_img_tag_add_srcset_and_sizes_attr),
 * then decoding/loading/fetchpriority (wp_img_tag_add_loading_optimization_attrs) and the
 * `auto, ` sizes prefix (wp_img_tag_add_auto_sizes); every `<iframe>` gets loading="lazy".
 * The attachment is named by a `wp-image-N` anywhere in the tag. Attributes are inserted
 * right after `<img`, each before the last, so an image ends up starting
 * `<img loading="lazy" decoding="async" width=… height=…` (srcset and sizes go at the end).
 */

/** The tags wp_filter_content_tags() looks at, as its preg_match_all() finds them. */
const CONTENT_TAG = /<(img|iframe)\s[^>]+>/g;
/** `wp-image-N` anywhere in an img tag, case-insensitive (preg_match '/wp-image-([0-9]+)/i'). */
const WP_IMAGE_CLASS = /wp-image-([0-9]+)/i;

/**
 * wp_img_tag_add_width_and_height_attr(): `width="W" height="H"` right after `<img`, from the
 * dimensions of the attachment file the src names; with an inline `style="width: Npx;"` the
 * width is that and the height follows the ratio.
 */
export function imgTagAddWidthAndHeightAttr(image: string, attachmentId: number, env: ContentEnv): string {
  const imageSrc = (/src="([^"]+)"/.exec(image)?.[1] ?? '').split('?')[0] ?? '';
  if (!imageSrc) return image;
  const imageMeta = wpGetAttachmentMetadata(attachmentId, env);
  const sizeArray = wpImageSrcGetDimensions(imageSrc, imageMeta);
  if (sizeArray && sizeArray[0] && sizeArray[1]) {
    const styleWidth = Number(/style="width:\s*(\d+)px;"/.exec(image)?.[1] ?? 0);
    if (styleWidth) {
      sizeArray[1] = phpRound((sizeArray[1] * styleWidth) / sizeArray[0]);
      sizeArray[0] = styleWidth;
    }
    return strReplace(image, '<img', `<img ${imageHwstringTrimmed(sizeArray[0], sizeArray[1])}`);
  }
  return image;
}

/** wp_img_tag_add_srcset_and_sizes_attr(): wp_image_add_srcset_and_sizes() with the attachment's metadata. */
export function imgTagAddSrcsetAndSizesAttr(image: string, attachmentId: number, env: ContentEnv): string {
  return wpImageAddSrcsetAndSizes(image, wpGetAttachmentMetadata(attachmentId, env), env);
}

/**
 * wp_img_tag_add_loading_optimization_attrs(): reads src, width, height, loading, fetchpriority
 * and decoding from the tag, asks wp_get_loading_optimization_attributes(), then inserts
 * `decoding` (any img with ` src="`), `loading` (only with width and height, and no loading of
 * its own) and `fetchpriority`, each right after `<img`.
 */
export function imgTagAddLoadingOptimizationAttrs(image: string, context: string, env: ContentEnv): string {
  // WordPress also reads the src for the filters of wp_get_loading_optimization_attributes; its
  // own decision does not use it.
  const width = / width=["']([0-9]+)["']/.exec(image)?.[1];
  const height = / height=["']([0-9]+)["']/.exec(image)?.[1];
  const loadingVal = / loading=["']([A-Za-z]+)["']/.exec(image)?.[1] ?? null;
  const fetchpriorityVal = / fetchpriority=["']([A-Za-z]+)["']/.exec(image)?.[1] ?? null;
  const decodingVal = / decoding=["']([A-Za-z]+)["']/.exec(image)?.[1] ?? null;

  // Asked before the checks below so that images that get nothing still count.
  const optimization = wpGetLoadingOptimizationAttributes(
    'img',
    {
      width: width === undefined ? null : Number(width),
      height: height === undefined ? null : Number(height),
      loading: loadingVal,
      fetchpriority: fetchpriorityVal,
      decoding: decodingVal,
    },
    context,
    env,
  );

  if (!image.includes(' src="')) return image;

  if (!decodingVal && optimization.decoding) {
    image = strReplace(image, '<img', `<img decoding="${escAttr(optimization.decoding)}"`);
  }

  if (!image.includes(' width="') || !image.includes(' height="')) return image;

  if (!loadingVal && optimization.loading) {
    image = strReplace(image, '<img', `<img loading="${escAttr(optimization.loading)}"`);
  }
  if (!fetchpriorityVal && optimization.fetchpriority) {
    image = strReplace(image, '<img', `<img fetchpriority="${escAttr(optimization.fetchpriority)}"`);
  }
  return image;
}

/** One attribute of a start tag as WP_HTML_Tag_Processor reads it. */
interface TagAttribute {
  name: string;
  /** The decoded value; true for an attribute without one. */
  value: string | true;
  start: number;
  end: number;
}

/**
 * The attributes of the first start tag in `html` (its name, then name[=value] pairs split the
 * way the HTML tokenizer splits them), or undefined when `html` does not start with one.
 */
function parseStartTag(html: string): { name: string; attributes: TagAttribute[]; end: number } | undefined {
  const open = /^<([a-z][^\s/>]*)/i.exec(html);
  if (!open) return undefined;
  const attributes: TagAttribute[] = [];
  let at = open[0].length;
  const space = /[ \t\f\r\n/]/;
  while (at < html.length) {
    while (at < html.length && space.test(html[at]!)) at++;
    if (at >= html.length || html[at] === '>') break;
    const start = at;
    // The first character of a name may be `=`; the name then runs to `=`, `/`, `>` or space.
    at++;
    while (at < html.length && !/[=/> \t\f\r\n]/.test(html[at]!)) at++;
    const name = html.slice(start, at).toLowerCase();
    let after = at;
    while (after < html.length && /[ \t\f\r\n]/.test(html[after]!)) after++;
    let value: string | true = true;
    if (html[after] === '=') {
      at = after + 1;
      while (at < html.length && /[ \t\f\r\n]/.test(html[at]!)) at++;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, at + 1);
        const stop = close === -1 ? html.length : close;
        value = decodeAttributeValue(html.slice(at + 1, stop));
        at = Math.min(html.length, stop + 1);
      } else {
        const valueStart = at;
        while (at < html.length && !/[> \t\f\r\n]/.test(html[at]!)) at++;
        value = decodeAttributeValue(html.slice(valueStart, at));
      }
    }
    attributes.push({ name, value, start, end: at });
  }
  return { name: open[1]!.toLowerCase(), attributes, end: at };
}

/**
 * wp_img_tag_add_auto_sizes() (WP 6.7): a lazy-loaded img with a width and a `sizes` not
 * already starting with `auto` gets `sizes="auto, …"` (the attribute rewritten in place in
 * double quotes, as WP_HTML_Tag_Processor::set_attribute() does, duplicates of it dropped).
 */
export function imgTagAddAutoSizes(image: string): string {
  const tag = parseStartTag(image);
  if (!tag || tag.name !== 'img') return image;
  const first = (name: string) => tag.attributes.find((attribute) => attribute.name === name);
  const loading = first('loading')?.value;
  if (typeof loading !== 'string' || loading.replace(/^[ \t\f\r\n]+|[ \t\f\r\n]+$/g, '').toLowerCase() !== 'lazy') {
    return image;
  }
  const width = first('width')?.value;
  if (typeof width !== 'string' || width === '') return image;
  const sizes = first('sizes');
  if (!sizes || typeof sizes.value !== 'string') return image;
  if (wpSizesAttributeIncludesValidAuto(sizes.value)) return image;

  const duplicates = tag.attributes.filter((attribute) => attribute.name === 'sizes' && attribute !== sizes);
  let out = `${image.slice(0, sizes.start)}sizes="${escAttr(`auto, ${sizes.value}`)}"${image.slice(sizes.end)}`;
  // Later duplicates shift by the replacement's change in length; remove them back to front.
  const shift = out.length - image.length;
  for (const duplicate of duplicates.reverse()) {
    let start = duplicate.start + shift;
    // The tag processor removes the whitespace before a removed attribute along with it.
    while (start > 0 && /[ \t\f\r\n]/.test(out[start - 1]!)) start--;
    out = out.slice(0, start) + out.slice(duplicate.end + shift);
  }
  return out;
}

/**
 * wp_iframe_tag_add_loading_attr(): `loading="lazy"` right after `<iframe` for an iframe with
 * src, width and height (the caller skips iframes that have a loading attribute).
 */
export function iframeTagAddLoadingAttr(iframe: string, context: string, env: ContentEnv): string {
  const optimization = wpGetLoadingOptimizationAttributes(
    'iframe',
    {
      // Only presence matters: fetchpriority is not decided for iframes.
      width: iframe.includes(' width="') ? 100 : null,
      height: iframe.includes(' height="') ? 100 : null,
      loading: null,
    },
    context,
    env,
  );
  if (!iframe.includes(' src="') || !iframe.includes(' width="') || !iframe.includes(' height="')) return iframe;
  const value = optimization.loading;
  if (!value) return iframe;
  return strReplace(iframe, '<iframe', `<iframe loading="${escAttr(value === 'eager' ? 'eager' : 'lazy')}"`);
}

/**
 * wp_filter_content_tags( $content, $context ). Each distinct tag is handled once, in order of
 * first appearance (which decides lazy-loading in a main loop), and every copy of it in the text
 * is replaced with the result. Runs as the `context` filter for doing_filter().
 */
export function filterContentTags(content: string, env: ContentEnv, context = 'the_content'): string {
  return runningFilter(env, context, () => {
    const matches = [...content.matchAll(CONTENT_TAG)];
    if (matches.length === 0) return content;

    const images = new Map<string, number>();
    const iframes = new Set<string>();
    for (const [tag, tagName] of matches) {
      if (tagName === 'img') {
        const classId = WP_IMAGE_CLASS.exec(tag);
        images.set(tag, classId ? absint(classId[1]) : 0);
      } else {
        iframes.add(tag);
      }
    }

    for (const [tag] of matches) {
      const attachmentId = images.get(tag);
      if (attachmentId !== undefined) {
        let filtered = tag;
        if (attachmentId > 0 && !filtered.includes(' width=') && !filtered.includes(' height=')) {
          filtered = imgTagAddWidthAndHeightAttr(filtered, attachmentId, env);
        }
        if (attachmentId > 0 && !filtered.includes(' srcset=')) {
          filtered = imgTagAddSrcsetAndSizesAttr(filtered, attachmentId, env);
        }
        filtered = imgTagAddLoadingOptimizationAttrs(filtered, context, env);
        filtered = imgTagAddAutoSizes(filtered);
        if (filtered !== tag) content = strReplace(content, tag, filtered);
        images.delete(tag);
      }
      if (iframes.has(tag)) {
        let filtered = tag;
        if (!filtered.includes(' loading=')) filtered = iframeTagAddLoadingAttr(filtered, context, env);
        if (filtered !== tag) content = strReplace(content, tag, filtered);
        iframes.delete(tag);
      }
    }
    return content;
  });
}

/**
 * The attachments wp_filter_content_tags() will read for a text: the N of every `wp-image-N` in
 * an img tag. (core/image blocks carry the same class; their render reads the block's `id` only
 * for the lightbox, which is off by default.)
 */
export function collectMediaNeeds(content: string, needs: ContentNeeds): void {
  for (const [tag, tagName] of content.matchAll(CONTENT_TAG)) {
    if (tagName !== 'img') continue;
    const classId = WP_IMAGE_CLASS.exec(tag);
    const id = classId ? absint(classId[1]) : 0;
    if (id > 0) needs.postIds.add(id);
  }
}
