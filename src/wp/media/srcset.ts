import type { ContentEnv } from '../text/content-env.js';
import { absint, isPhpArray, phpFloatval, phpIndex, phpIntval, phpValues } from '../php/php-values.js';
import { escHtml } from '../text/escaping.js';
import { trailingslashit } from '../text/php-strings.js';
import { isEmptyParam } from '../php/php-empty.js';

/**
 * Responsive-image arithmetic of wp-includes/media.php: wp_constrain_dimensions,
 * wp_image_matches_ratio, wp_calculate_image_srcset, wp_calculate_image_sizes,
 * wp_image_src_get_dimensions, wp_image_add_srcset_and_sizes and the WP 6.7 `sizes="auto, …"`
 * rule. Attachment metadata is the decoded `_wp_attachment_metadata` (a PHP array), kept as
 * `unknown` and read the way PHP reads arrays: a missing key is null, not an error.
 */

/**
 * PHP 8.4 round() to an integer: half away from zero, decided on the exact fraction (the
 * subtraction is exact for doubles, so 0.49999999999999994 stays 0 as PHP gives it).
 */
export function phpRound(value: number): number {
  const whole = Math.trunc(value);
  return Math.abs(value - whole) >= 0.5 ? whole + Math.sign(value) : whole;
}

/** A loose PHP number of a meta value (`$image['width']` in arithmetic and comparisons). */
function num(value: unknown): number {
  return phpFloatval(value);
}

/**
 * wp_basename(): the last path segment, with PHP basename()'s trailing-slash handling. WordPress
 * urlencodes first so multibyte names survive basename(); the result is the same text.
 */
export function wpBasename(path: string): string {
  const trimmed = path.replace(/[/\\]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return cut === -1 ? trimmed : trimmed.slice(cut + 1);
}

/** PHP dirname() of a relative or absolute path ('.' when there is no directory). */
export function phpDirname(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  if (cut === -1) return path.startsWith('/') ? '/' : '.';
  if (cut === 0) return '/';
  return trimmed.slice(0, cut).replace(/\/+$/, '') || '/';
}

/**
 * _wp_get_attachment_relative_path(): the uploads sub-directory of a meta `file` ('2026/11'),
 * '' for a file at the uploads root; pre-2.7 absolute paths are cut after `wp-content/uploads`.
 */
export function attachmentRelativePath(file: string): string {
  let dirname = phpDirname(file);
  if (dirname === '.') return '';
  const marker = dirname.indexOf('wp-content/uploads');
  if (marker !== -1) {
    dirname = dirname.slice(marker + 'wp-content/uploads'.length).replace(/^\/+/, '');
  }
  return dirname;
}

/** wp_fuzzy_number_match() with its default precision of 1. */
function fuzzyNumberMatch(expected: number, actual: number): boolean {
  return Math.abs(expected - actual) <= 1;
}

/**
 * wp_constrain_dimensions(): scales (width, height) down to fit a box, keeping the ratio. A 0
 * maximum leaves that side free; a result one pixel short of a maximum is rounded up to it.
 */
export function wpConstrainDimensions(
  currentWidth: number,
  currentHeight: number,
  maxWidth = 0,
  maxHeight = 0,
): [number, number] {
  if (!maxWidth && !maxHeight) return [currentWidth, currentHeight];
  let widthRatio = 1.0;
  let heightRatio = 1.0;
  let didWidth = false;
  let didHeight = false;
  if (maxWidth > 0 && currentWidth > 0 && currentWidth > maxWidth) {
    widthRatio = maxWidth / currentWidth;
    didWidth = true;
  }
  if (maxHeight > 0 && currentHeight > 0 && currentHeight > maxHeight) {
    heightRatio = maxHeight / currentHeight;
    didHeight = true;
  }
  const smallerRatio = Math.min(widthRatio, heightRatio);
  const largerRatio = Math.max(widthRatio, heightRatio);
  // The larger ratio is taken unless it overflows a side (a 0 maximum counts as overflowed).
  const ratio =
    phpRound(currentWidth * largerRatio) > maxWidth || phpRound(currentHeight * largerRatio) > maxHeight
      ? smallerRatio
      : largerRatio;
  let width = Math.max(1, phpRound(currentWidth * ratio));
  let height = Math.max(1, phpRound(currentHeight * ratio));
  if (didWidth && width === maxWidth - 1) width = maxWidth;
  if (didHeight && height === maxHeight - 1) height = maxHeight;
  return [width, height];
}

/**
 * wp_image_matches_ratio(): the larger image constrained to the smaller one's width lands
 * within a pixel of the smaller one's dimensions.
 */
export function wpImageMatchesRatio(
  sourceWidth: number,
  sourceHeight: number,
  targetWidth: number,
  targetHeight: number,
): boolean {
  let constrained: [number, number];
  let expected: [number, number];
  if (sourceWidth > targetWidth) {
    constrained = wpConstrainDimensions(sourceWidth, sourceHeight, targetWidth);
    expected = [targetWidth, targetHeight];
  } else {
    constrained = wpConstrainDimensions(targetWidth, targetHeight, sourceWidth);
    expected = [sourceWidth, sourceHeight];
  }
  return fuzzyNumberMatch(constrained[0], expected[0]) && fuzzyNumberMatch(constrained[1], expected[1]);
}

/** `max_srcset_image_width`'s default: wider candidates are left out unless they are the src. */
export const MAX_SRCSET_IMAGE_WIDTH = 2048;

/** The uploads base URL as wp_get_upload_dir() gives it (`baseurl`), from the site. */
function uploadsBaseUrl(env: Pick<ContentEnv, 'site'>): string {
  return env.site.uploadsUrl;
}

/**
 * wp_calculate_image_srcset(): the `srcset` of an image shown at `sizeArray` from `imageSrc`:
 * every size of the attachment (and the full file) with the same ratio, the src first (an iOS 8
 * bug, #35030), narrower than 2048px unless it is the src; false when the src is not one of the
 * attachment's files (#35045) or fewer than two candidates remain.
 */
export function wpCalculateImageSrcset(
  sizeArray: readonly [number, number],
  imageSrc: string,
  imageMeta: unknown,
  env: Pick<ContentEnv, 'site'>,
): string | false {
  const metaFile = phpIndex(imageMeta, 'file');
  const sizes = phpIndex(imageMeta, 'sizes');
  if (isEmptyParam(sizes) || metaFile === null || String(metaFile).length < 4) return false;
  const file = String(metaFile);

  const imageWidth = phpIntval(sizeArray[0]);
  const imageHeight = phpIntval(sizeArray[1]);
  if (imageWidth < 1) return false;

  const imageSizes: unknown[] = phpValues(sizes);
  const thumbnailMime = phpIndex(phpIndex(sizes, 'thumbnail'), 'mime-type');
  // Intermediate GIFs are flattened: a full-size GIF src gets no srcset, an intermediate one
  // leaves the (animated) full size out.
  if (thumbnailMime !== 'image/gif') {
    imageSizes.push({ width: phpIndex(imageMeta, 'width'), height: phpIndex(imageMeta, 'height'), file: wpBasename(file) });
  } else if (imageSrc.includes(file)) {
    return false;
  }

  let dirname = attachmentRelativePath(file);
  if (dirname) dirname = trailingslashit(dirname);
  const imageBaseUrl = trailingslashit(uploadsBaseUrl(env)) + dirname;

  // Files of an image edited in WordPress carry a `-e{13 digits}` hash; leftovers of other edits are skipped.
  const editHash = /-e[0-9]{13}/.exec(wpBasename(imageSrc))?.[0];

  const sources = new Map<number, { url: string; value: string }>();
  let srcMatched = false;
  for (const image of imageSizes) {
    if (!isPhpArray(image)) continue;
    const imageFile = String(phpIndex(image, 'file') ?? '');
    let isSrc = false;
    if (!srcMatched && imageSrc.includes(dirname + imageFile)) {
      srcMatched = true;
      isSrc = true;
    }
    // `! strpos()`: a hash at position 0 counts as absent, as in PHP.
    if (editHash !== undefined && !(imageFile.indexOf(editHash) > 0)) continue;
    const width = num(phpIndex(image, 'width'));
    if (MAX_SRCSET_IMAGE_WIDTH && width > MAX_SRCSET_IMAGE_WIDTH && !isSrc) continue;
    if (wpImageMatchesRatio(imageWidth, imageHeight, width, num(phpIndex(image, 'height')))) {
      const rawWidth = phpIndex(image, 'width');
      const source = { url: imageBaseUrl + imageFile, value: rawWidth === null ? '' : String(rawWidth) };
      // PHP array keys are the integer widths: a repeated width keeps its place with the new value,
      // and the src goes first (`array( $w => $source ) + $sources`).
      const key = phpIntval(rawWidth);
      if (isSrc) {
        const rest = [...sources].filter(([w]) => w !== key);
        sources.clear();
        sources.set(key, source);
        for (const [w, s] of rest) sources.set(w, s);
      } else {
        sources.set(key, source);
      }
    }
  }

  if (!srcMatched || sources.size < 2) return false;
  return [...sources.values()].map((s) => `${s.url.replace(/ /g, '%20')} ${s.value}w`).join(', ');
}

/**
 * _wp_get_image_size_from_meta(): [width, height] of a named size ('full' is the original), or
 * false when the metadata lacks it.
 */
export function imageSizeFromMeta(sizeName: string, imageMeta: unknown): [number, number] | false {
  if (sizeName === 'full') return [absint(phpIndex(imageMeta, 'width')), absint(phpIndex(imageMeta, 'height'))];
  const size = phpIndex(phpIndex(imageMeta, 'sizes'), sizeName);
  if (!isEmptyParam(size)) return [absint(phpIndex(size, 'width')), absint(phpIndex(size, 'height'))];
  return false;
}

/**
 * wp_calculate_image_sizes(): `(max-width: Wpx) 100vw, Wpx` for the displayed width (from the
 * size array, or a named size in the metadata), false without a width.
 */
export function wpCalculateImageSizes(size: string | readonly [number, number], imageMeta: unknown): string | false {
  let width = 0;
  if (typeof size !== 'string') {
    width = absint(size[0]);
  } else if (isPhpArray(imageMeta)) {
    const sizeArray = imageSizeFromMeta(size, imageMeta);
    if (sizeArray) width = absint(sizeArray[0]);
  }
  if (!width) return false;
  return `(max-width: ${width}px) 100vw, ${width}px`;
}

/**
 * wp_sizes_attribute_includes_valid_auto() (WP 6.7): the first entry of `sizes` is `auto`
 * (only the first position is valid per the HTML spec).
 */
export function wpSizesAttributeIncludesValidAuto(sizes: string): boolean {
  const first = sizes.split(',', 1)[0] ?? '';
  return first.replace(/^[ \t\f\r\n]+|[ \t\f\r\n]+$/g, '').toLowerCase() === 'auto';
}

/**
 * wp_image_src_get_dimensions(): the dimensions of the file a src names: the original when the
 * src contains the original's basename, else the first size whose file is the src's basename.
 */
export function wpImageSrcGetDimensions(imageSrc: string, imageMeta: unknown): [number, number] | false {
  const file = phpIndex(imageMeta, 'file');
  if (file !== null && imageSrc.includes(wpBasename(String(file)))) {
    return [phpIntval(phpIndex(imageMeta, 'width')), phpIntval(phpIndex(imageMeta, 'height'))];
  }
  const sizes = phpIndex(imageMeta, 'sizes');
  if (!isEmptyParam(sizes)) {
    const srcFilename = wpBasename(imageSrc);
    for (const data of phpValues(sizes)) {
      if (srcFilename === phpIndex(data, 'file')) {
        return [phpIntval(phpIndex(data, 'width')), phpIntval(phpIndex(data, 'height'))];
      }
    }
  }
  return false;
}

/** trim( image_hwstring( W, H ) ): `width="W" height="H"` for the non-zero sides. */
export function imageHwstringTrimmed(width: number, height: number): string {
  const parts: string[] = [];
  if (width) parts.push(`width="${Math.trunc(width)}"`);
  if (height) parts.push(`height="${Math.trunc(height)}"`);
  return parts.join(' ');
}

/** esc_attr(): the same escaping as esc_html() (ENT_QUOTES, valid entities kept). */
export function escAttr(text: string): string {
  return escHtml(text);
}

/**
 * The replacement side of PHP's preg_replace(): `$n`, `${n}` and `\n` name groups (0-99); other
 * text is literal. WordPress builds replacement strings from attribute values, so a `$1` inside
 * one is read as a group there too.
 */
export function phpPregReplacement(template: string, groups: readonly (string | undefined)[]): string {
  return template.replace(/\\\\|\\(\d{1,2})|\$(\d{1,2})|\$\{(\d{1,2})\}/g, (whole, a, b, c) => {
    if (whole === '\\\\') return '\\';
    const index = Number(a ?? b ?? c);
    return groups[index] ?? '';
  });
}

/**
 * wp_image_add_srcset_and_sizes(): adds ` srcset="…" sizes="…"` before the end of an `<img>`
 * (which is rewritten to end in ` />`). The displayed size is the tag's width/height, or the
 * dimensions of the file its src names; an existing ` sizes=` is kept (only srcset is added).
 */
export function wpImageAddSrcsetAndSizes(image: string, imageMeta: unknown, env: Pick<ContentEnv, 'site'>): string {
  if (isEmptyParam(phpIndex(imageMeta, 'sizes'))) return image;
  const imageSrc = (/src="([^"]+)"/.exec(image)?.[1] ?? '').split('?')[0] ?? '';
  if (!imageSrc) return image;

  // An image inserted and later edited in WordPress: the metadata describes the edit, not this src.
  const editHash = /-e[0-9]{13}/.exec(String(phpIndex(imageMeta, 'file') ?? ''))?.[0];
  if (editHash !== undefined && !wpBasename(imageSrc).includes(editHash)) return image;

  const width = Number(/ width="([0-9]+)"/.exec(image)?.[1] ?? 0);
  const height = Number(/ height="([0-9]+)"/.exec(image)?.[1] ?? 0);
  let sizeArray: [number, number];
  if (width && height) {
    sizeArray = [width, height];
  } else {
    const dimensions = wpImageSrcGetDimensions(imageSrc, imageMeta);
    if (!dimensions) return image;
    sizeArray = dimensions;
  }

  const srcset = wpCalculateImageSrcset(sizeArray, imageSrc, imageMeta, env);
  let sizes: string | false | number = false;
  if (srcset) {
    // strpos(): the position of an existing ` sizes=` (never 0), which is kept as it is.
    const existing = image.indexOf(' sizes=');
    sizes = existing > 0 ? existing : wpCalculateImageSizes(sizeArray, imageMeta);
  }
  if (srcset && sizes) {
    let attr = ` srcset="${escAttr(srcset)}"`;
    if (typeof sizes === 'string') attr += ` sizes="${escAttr(sizes)}"`;
    const template = `<img $1${attr} />`;
    return image.replace(/<img ([^>]+?)[/ ]*>/g, (...match: unknown[]) =>
      phpPregReplacement(template, match.slice(0, 2) as string[]),
    );
  }
  return image;
}
