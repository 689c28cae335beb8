import type { ContentEnv, LoadedRecord } from '../text/content-env.js';
import { firstMeta } from '../posts/meta.js';
import { absint, isPhpArray, isPhpNumeric, maybeUnserialize, phpIndex, phpIntval, phpTrim } from '../php/php-values.js';
import { escHtml } from '../text/escaping.js';
import { strReplace, trailingslashit } from '../text/php-strings.js';
import { escUrl, phpStripTags } from '../text/kses.js';
import { wpGetLoadingOptimizationAttributes } from './loading.js';
import {
  attachmentRelativePath,
  escAttr,
  wpBasename,
  wpCalculateImageSizes,
  wpCalculateImageSrcset,
  wpConstrainDimensions,
  wpImageMatchesRatio,
  wpSizesAttributeIncludesValidAuto,
} from './srcset.js';
import { isEmptyParam } from '../php/php-empty.js';

/**
 * Attachment images of wp-includes/media.php and post-template.php, read from the records the
 * request preloaded (`env.records.posts`: the attachment row with all its meta):
 * wp_get_attachment_url, wp_get_attachment_metadata, image_downsize, wp_get_attachment_image_src,
 * wp_get_attachment_image and wp_get_attachment_link.
 *
 * Not reproduced: the mime-type icon fallback (`$icon`: WordPress reads the icon files' sizes
 * from disk), the pre-2.2 `thumb` metadata (it checks file_exists()), `$content_width` (block
 * themes leave it unset) and HTTPS rewriting (the site is served over http).
 */

export const AttachmentMetaKeys = {
  attachedFile: '_wp_attached_file',
  metadata: '_wp_attachment_metadata',
  alt: '_wp_attachment_image_alt',
} as const;

/** [url, width, height, is_intermediate] as image_downsize() returns it. */
export type ImageSrc = [url: string, width: number, height: number, isIntermediate: boolean];

/** The attachment's preloaded record, or undefined when get_post() would find nothing. */
function attachmentRecord(id: number, env: Pick<ContentEnv, 'records'>): LoadedRecord | undefined {
  return env.records.posts.get(id);
}

/** get_post_meta( $id, $key, true ): the first value unserialized, '' when there is none. */
function singleMeta(record: LoadedRecord, key: string): unknown {
  const value = firstMeta(record.meta, key);
  return value === undefined ? '' : maybeUnserialize(value);
}

/** PHP truthiness of a scalar or array. */
function truthy(value: unknown): boolean {
  return !isEmptyParam(value);
}

/** wp_get_attachment_metadata(): the decoded `_wp_attachment_metadata`, false when empty or missing. */
export function wpGetAttachmentMetadata(id: number, env: Pick<ContentEnv, 'records'>): unknown {
  const record = attachmentRecord(id, env);
  if (!record) return false;
  const data = singleMeta(record, AttachmentMetaKeys.metadata);
  return truthy(data) ? data : false;
}

/**
 * wp_get_attachment_url(): the uploads URL of `_wp_attached_file` (relative to the uploads
 * folder; old absolute paths are cut after `wp-content/uploads`), else the GUID; false for a
 * missing post, a post that is not an attachment, or an empty result.
 */
export function wpGetAttachmentUrl(id: number, env: Pick<ContentEnv, 'records' | 'site'>): string | false {
  const record = attachmentRecord(id, env);
  if (!record || record.post.post_type !== 'attachment') return false;
  let url = '';
  const file = singleMeta(record, AttachmentMetaKeys.attachedFile);
  if (truthy(file) && typeof file === 'string') {
    const baseUrl = env.site.uploadsUrl;
    if (file.includes('wp-content/uploads')) {
      // Pre-2.7 uploads stored the absolute path (WordPress first tries replacing its basedir,
      // which gives the same URL for a path under this site's uploads folder).
      url = trailingslashit(`${baseUrl}/${attachmentRelativePath(file)}`) + wpBasename(file);
    } else {
      url = `${baseUrl}/${file}`;
    }
  }
  if (!url) url = record.post.guid;
  return url || false;
}

/** get_attached_file() is non-empty exactly when `_wp_attached_file` is. */
function hasAttachedFile(record: LoadedRecord): boolean {
  return truthy(singleMeta(record, AttachmentMetaKeys.attachedFile));
}

/** File extensions wp_attachment_is() accepts as images for a post whose mime type is 'import'. */
const IMPORT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jpe', 'gif', 'png', 'webp', 'avif', 'heic'];

/**
 * wp_attachment_is_image(): an attachment with a file whose mime type is image/*, or an
 * imported ('import') one whose file has an image extension.
 */
export function wpAttachmentIsImage(id: number, env: Pick<ContentEnv, 'records'>): boolean {
  const record = attachmentRecord(id, env);
  if (!record || !hasAttachedFile(record)) return false;
  if (record.post.post_mime_type.startsWith('image/')) return true;
  const file = String(singleMeta(record, AttachmentMetaKeys.attachedFile));
  const extension = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase();
  if (!extension) return false;
  // For any other mime type wp_attachment_is() compares the type name with the extension.
  if (record.post.post_mime_type !== 'import') return extension === 'image';
  return IMPORT_IMAGE_EXTENSIONS.includes(extension);
}

/** The registered sizes whose names image_constrain_size_for_editor() knows from the options. */
const OPTION_SIZES = ['thumbnail', 'medium', 'medium_large', 'large'];

/**
 * image_constrain_size_for_editor() in the 'display' context: the requested box (a size array,
 * a registered size's width and height, 128x96 for a thumbnail size left at 0x0), or no
 * constraint for 'full' and unknown names. `$content_width` is taken as unset.
 */
export function imageConstrainSizeForEditor(
  width: number,
  height: number,
  size: string | readonly [number, number],
  env: Pick<ContentEnv, 'site'>,
): [number, number] {
  let maxWidth: number;
  let maxHeight: number;
  if (typeof size !== 'string') {
    [maxWidth, maxHeight] = [size[0], size[1]];
  } else if (size === 'thumb' || size === 'thumbnail') {
    const thumbnail = env.site.imageSizes.get('thumbnail');
    maxWidth = thumbnail?.width ?? 0;
    maxHeight = thumbnail?.height ?? 0;
    if (!maxWidth && !maxHeight) [maxWidth, maxHeight] = [128, 96];
  } else if (OPTION_SIZES.includes(size) || env.site.imageSizes.has(size)) {
    // A size in imageSizes, or a core size set to 0x0 (then unconstrained, as wp_constrain_dimensions gives).
    const registered = env.site.imageSizes.get(size);
    maxWidth = registered?.width ?? 0;
    maxHeight = registered?.height ?? 0;
  } else {
    [maxWidth, maxHeight] = [width, height];
  }
  return wpConstrainDimensions(width, height, maxWidth, maxHeight);
}

interface IntermediateSize {
  file: string;
  width: number;
  height: number;
}

/**
 * image_get_intermediate_size(): a named size from the metadata, or for a [w, h] array the
 * exact size, else the smallest larger size of the same ratio, else the thumbnail when it is
 * at least as wide as both requested sides; its dimensions then constrained to the request.
 */
export function imageGetIntermediateSize(
  id: number,
  size: string | readonly [number, number],
  env: Pick<ContentEnv, 'records' | 'site'>,
): IntermediateSize | false {
  const imageData = wpGetAttachmentMetadata(id, env);
  const sizes = phpIndex(imageData, 'sizes');
  if (!size || !isPhpArray(imageData) || isEmptyParam(sizes)) return false;

  let data: unknown = null;
  if (typeof size !== 'string') {
    let fullWidth = phpIndex(imageData, 'width');
    let fullHeight = phpIndex(imageData, 'height');
    if (phpIndex(imageData, 'file') === null && phpIndex(sizes, 'full') !== null) {
      fullHeight = phpIndex(phpIndex(sizes, 'full'), 'height');
      fullWidth = phpIndex(phpIndex(sizes, 'full'), 'width');
    }
    // Candidates keyed by area; an exact match ends the search.
    const candidates = new Map<number, unknown>();
    for (const candidate of Object.values(sizes as Record<string, unknown>)) {
      const width = Number(phpIndex(candidate, 'width'));
      const height = Number(phpIndex(candidate, 'height'));
      if (phpIntval(width) === phpIntval(size[0]) && phpIntval(height) === phpIntval(size[1])) {
        candidates.set(width * height, candidate);
        break;
      }
      if (width >= size[0] && height >= size[1]) {
        const sameRatio =
          size[0] === 0 || size[1] === 0
            ? wpImageMatchesRatio(width, height, Number(fullWidth), Number(fullHeight))
            : wpImageMatchesRatio(width, height, size[0], size[1]);
        if (sameRatio) candidates.set(width * height, candidate);
      }
    }
    const thumbnail = phpIndex(sizes, 'thumbnail');
    if (candidates.size > 0) {
      data = [...candidates.entries()].sort((a, b) => a[0] - b[0])[0]![1];
    } else if (
      !isEmptyParam(thumbnail) &&
      Number(phpIndex(thumbnail, 'width')) >= size[0] &&
      Number(phpIndex(thumbnail, 'width')) >= size[1]
    ) {
      data = thumbnail;
    } else {
      return false;
    }
    const [width, height] = imageConstrainSizeForEditor(
      Number(phpIndex(data, 'width')),
      Number(phpIndex(data, 'height')),
      size,
      env,
    );
    return { file: String(phpIndex(data, 'file') ?? ''), width, height };
  }

  data = phpIndex(sizes, size);
  if (isEmptyParam(data)) return false;
  return {
    file: String(phpIndex(data, 'file') ?? ''),
    width: Number(phpIndex(data, 'width') ?? 0),
    height: Number(phpIndex(data, 'height') ?? 0),
  };
}

/**
 * image_downsize(): [url, width, height, is_intermediate] of an attachment at a size: the
 * intermediate file when the metadata has one (its name swapped into the file URL), else the
 * original with the metadata's dimensions, constrained to the size's box. A non-image needs a
 * `full` rendition in its metadata (PDF previews).
 */
export function imageDownsize(
  id: number,
  size: string | readonly [number, number],
  env: Pick<ContentEnv, 'records' | 'site'>,
): ImageSrc | false {
  const isImage = wpAttachmentIsImage(id, env);
  const attachmentUrl = wpGetAttachmentUrl(id, env);
  const meta = wpGetAttachmentMetadata(id, env);
  let imgUrl: string | false = attachmentUrl;
  let width = 0;
  let height = 0;
  let isIntermediate = false;
  let basename = wpBasename(attachmentUrl || '');
  // str_replace() with an empty search string returns the subject unchanged.

  if (!isImage) {
    const full = phpIndex(phpIndex(meta, 'sizes'), 'full');
    if (isEmptyParam(full)) return false;
    const fullFile = String(phpIndex(full, 'file') ?? '');
    imgUrl = strReplace(imgUrl || '', basename, fullFile);
    basename = fullFile;
    width = Number(phpIndex(full, 'width') ?? 0);
    height = Number(phpIndex(full, 'height') ?? 0);
  }

  const intermediate = imageGetIntermediateSize(id, size, env);
  if (intermediate) {
    imgUrl = strReplace(imgUrl || '', basename, intermediate.file);
    width = intermediate.width;
    height = intermediate.height;
    isIntermediate = true;
  }

  const metaWidth = phpIndex(meta, 'width');
  const metaHeight = phpIndex(meta, 'height');
  if (!width && !height && metaWidth !== null && metaHeight !== null) {
    width = Number(metaWidth);
    height = Number(metaHeight);
  }

  if (imgUrl) {
    [width, height] = imageConstrainSizeForEditor(width, height, size, env);
    return [imgUrl, width, height, isIntermediate];
  }
  return false;
}

/** wp_get_attachment_image_src() without the icon fallback (see the module comment). */
export function wpGetAttachmentImageSrc(
  id: number,
  size: string | [number, number],
  icon: boolean,
  env: ContentEnv,
): ImageSrc | false {
  void icon;
  return imageDownsize(id, size, env);
}

/** image_hwstring(): `width="W" height="H" ` for the non-zero sides. */
export function imageHwstring(width: unknown, height: unknown): string {
  let out = '';
  if (!isEmptyParam(width)) out += `width="${phpIntval(width)}" `;
  if (!isEmptyParam(height)) out += `height="${phpIntval(height)}" `;
  return out;
}

/**
 * wp_get_attachment_image(): `<img width height src class alt …attr loading-attrs srcset sizes />`
 * with WordPress's attribute order: the width/height string first, then src, class
 * (`attachment-{size} size-{size}`) and alt (the alt meta, tags stripped), the caller's other
 * attributes in their order, the loading optimization attributes (none while `the_content` runs:
 * wp_filter_content_tags adds them there), then srcset and sizes when the metadata has
 * same-ratio sizes (sizes prefixed `auto, ` for a lazy image, WP 6.7). '' when the attachment
 * has no image.
 */
export function wpGetAttachmentImage(
  id: number,
  size: string | [number, number],
  icon: boolean,
  attr: Record<string, string> | undefined,
  env: ContentEnv,
): string {
  const image = wpGetAttachmentImageSrc(id, size, icon, env);
  if (!image) return '';
  const [src, imageWidth, imageHeight] = image;
  let width = imageWidth;
  let height = imageHeight;
  const record = attachmentRecord(id, env);
  const sizeClass = typeof size === 'string' ? size : size.join('x');
  const alt = record ? phpTrim(phpStripTags(String(singleMeta(record, AttachmentMetaKeys.alt)))) : '';

  // wp_parse_args( $attr, $default_attr ): defaults in their order, overridden in place, then
  // the caller's other keys. WordPress (since ticket 14110) then sets $attr['width'] and
  // $attr['height'] to the file's, replacing any the caller passed, for the loading decision.
  const attrs: Record<string, unknown> = { src, class: `attachment-${sizeClass} size-${sizeClass}`, alt, ...(attr ?? {}) };
  attrs.width = width;
  attrs.height = height;

  const loadingAttrs = wpGetLoadingOptimizationAttributes('img', attrs, 'wp_get_attachment_image', env);
  Object.assign(attrs, loadingAttrs);

  if (isEmptyParam(attrs.decoding) || !['async', 'sync', 'auto'].includes(String(attrs.decoding))) delete attrs.decoding;
  if (attrs.loading !== undefined && attrs.loading !== null && !attrs.loading) delete attrs.loading;
  if (attrs.fetchpriority !== undefined && attrs.fetchpriority !== null && !attrs.fetchpriority) delete attrs.fetchpriority;

  if (isEmptyParam(attrs.srcset)) {
    const imageMeta = wpGetAttachmentMetadata(id, env);
    if (isPhpArray(imageMeta)) {
      const sizeArray: [number, number] = [absint(width), absint(height)];
      const srcset = wpCalculateImageSrcset(sizeArray, src, imageMeta, env);
      const sizes = wpCalculateImageSizes(sizeArray, imageMeta);
      if (srcset && (sizes || !isEmptyParam(attrs.sizes))) {
        attrs.srcset = srcset;
        if (isEmptyParam(attrs.sizes)) attrs.sizes = sizes;
      }
    }
  }

  if (
    attrs.loading === 'lazy' &&
    attrs.sizes !== undefined &&
    attrs.sizes !== null &&
    !wpSizesAttributeIncludesValidAuto(String(attrs.sizes))
  ) {
    attrs.sizes = `auto, ${String(attrs.sizes)}`;
  }

  // WordPress reads numeric width/height back from $attr after the wp_get_attachment_image_attributes
  // filter (only a filter can make them differ from the file's here), then drops both from the list.
  if (isPhpNumeric(attrs.height)) height = absint(attrs.height);
  if (isPhpNumeric(attrs.width)) width = absint(attrs.width);
  delete attrs.height;
  delete attrs.width;

  let html = `<img ${imageHwstring(width, height)}`.replace(/[ \t\n\r\0\x0B]+$/, '');
  for (const [name, value] of Object.entries(attrs)) {
    html += ` ${name}="${escAttr(value === false || value === null || value === undefined ? '' : String(value))}"`;
  }
  return `${html} />`;
}

/**
 * wp_get_attachment_link(): `<a href='URL'>IMG</a>`, URL being the attachment page (permalink)
 * or the file. The text is the image at `size` ('none' or '' for none), else the title, else
 * the file name; 'Missing Attachment' when the post is not an attachment with a URL.
 */
export function wpGetAttachmentLink(
  id: number,
  size: string,
  permalink: boolean,
  env: ContentEnv,
  attr?: Record<string, string>,
): string {
  const record = attachmentRecord(id, env);
  const fileUrl = wpGetAttachmentUrl(id, env);
  if (!record || record.post.post_type !== 'attachment' || !fileUrl) return 'Missing Attachment';
  const url = permalink ? env.site.permalink(record.post) : fileUrl;

  let linkText = size && size !== 'none' ? wpGetAttachmentImage(id, size, false, attr, env) : '';
  if (phpTrim(linkText) === '') linkText = record.post.post_title;
  if (phpTrim(linkText) === '') {
    const file = String(singleMeta(record, AttachmentMetaKeys.attachedFile));
    linkText = escHtml(wpBasename(file).replace(/\.[^.]*$/, ''));
  }
  return `<a href='${escUrl(url)}'>${linkText}</a>`;
}
