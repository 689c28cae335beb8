/**
 * The media shortcodes of wp-includes/media.php: wp_audio_shortcode ([audio]),
 * wp_video_shortcode ([video]) and gallery_shortcode ([gallery]), as WordPress 7 prints them in
 * a REST request: the render's global post (ContentRenderState.globalPostId), no $content_width
 * (the theme sets none), the block theme's html5 gallery support, the MediaElement library, no
 * filters hooked.
 */

import { wpGetAttachmentImage, wpGetAttachmentLink } from '../media/attachment-image.js';
import { parseList } from '../php/lists.js';
import { absint, asRecord, maybeUnserialize, phpIntval, phpTrim, phpUrldecode, phpUrlencode } from '../php/php-values.js';
import { firstMeta } from '../posts/meta.js';
import {
  nextInstance,
  type ContentEnv,
  type ContentNeeds,
  type LoadedRecord,
  type ShortcodeHandler,
} from '../text/content-env.js';
import { escHtml } from '../text/escaping.js';
import { wptexturize } from '../text/texturize.js';
import { escUrl } from '../text/kses.js';
import { ksesPostContent } from '../write/kses-save.js';
import { getShortcodeRegex, shortcodeAtts, shortcodeParseAtts } from './shortcodes.js';
import { sanitizeHtmlClass } from './caption.js';
import { isPhpEmpty } from '../php/php-empty.js';

/** Names of the static `$instance` counters in `env.state.counters`. */
export const InstanceCounter = {
  audio: 'wp_audio_shortcode',
  video: 'wp_video_shortcode',
  gallery: 'gallery_shortcode',
  playlist: 'wp_playlist_shortcode',
} as const;

/** wp_get_audio_extensions(). */
export const AUDIO_EXTENSIONS: readonly string[] = ['mp3', 'ogg', 'flac', 'm4a', 'wav'];
/** wp_get_video_extensions(). */
export const VIDEO_EXTENSIONS: readonly string[] = ['mp4', 'm4v', 'webm', 'ogv', 'flv'];

/**
 * The audio and video rows of wp_get_mime_types(), in its order (images, text and application
 * types come around them; none of their extensions is an audio or video extension, so for the
 * media shortcodes they only ever mean "not a media file", as a missing row does).
 */
const MEDIA_MIME_TYPES: ReadonlyArray<readonly [string, string]> = [
  ['asf|asx', 'video/x-ms-asf'],
  ['wmv', 'video/x-ms-wmv'],
  ['wmx', 'video/x-ms-wmx'],
  ['wm', 'video/x-ms-wm'],
  ['avi', 'video/avi'],
  ['divx', 'video/divx'],
  ['flv', 'video/x-flv'],
  ['mov|qt', 'video/quicktime'],
  ['mpeg|mpg|mpe', 'video/mpeg'],
  ['mp4|m4v', 'video/mp4'],
  ['ogv', 'video/ogg'],
  ['webm', 'video/webm'],
  ['mkv', 'video/x-matroska'],
  ['3gp|3gpp', 'video/3gpp'],
  ['3g2|3gp2', 'video/3gpp2'],
  ['mp3|m4a|m4b', 'audio/mpeg'],
  ['aac', 'audio/aac'],
  ['ra|ram', 'audio/x-realaudio'],
  ['wav', 'audio/wav'],
  ['ogg|oga', 'audio/ogg'],
  ['flac', 'audio/flac'],
  ['mid|midi', 'audio/midi'],
  ['wma', 'audio/x-ms-wma'],
  ['wax', 'audio/x-ms-wax'],
  ['mka', 'audio/x-matroska'],
];

/** wp_check_filetype( $url ): the extension at the very end of the string (query strings included) and its type. */
export function wpCheckFiletype(filename: string): { ext: string | false; type: string | false } {
  for (const [extensions, type] of MEDIA_MIME_TYPES) {
    const m = new RegExp(`\\.(${extensions})$`, 'i').exec(filename);
    if (m) return { ext: m[1]!, type };
  }
  return { ext: false, type: false };
}

/** wp_validate_boolean(): 'false' (any case) and PHP-falsy values are false. */
export function wpValidateBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.toLowerCase() !== 'false' && value !== '' && value !== '0';
  if (typeof value === 'number') return value !== 0;
  return Boolean(value);
}

/**
 * add_query_arg( $key, $value, $url ) for one key (false removes it): the query re-encoded the
 * way WordPress rebuilds it (wp_parse_str, urlencode_deep, build_query), `key=` written as `key`,
 * the fragment kept at the end. Nested (`a[]=`) keys are kept as flat names.
 */
export function addQueryArg(key: string, value: string | number | false, url: string): string {
  let uri = url;
  let frag = '';
  const hash = uri.indexOf('#');
  if (hash !== -1) {
    frag = uri.slice(hash);
    uri = uri.slice(0, hash);
  }
  let protocol = '';
  if (/^http:\/\//i.test(uri)) {
    protocol = uri.slice(0, 7);
    uri = uri.slice(7);
  } else if (/^https:\/\//i.test(uri)) {
    protocol = uri.slice(0, 8);
    uri = uri.slice(8);
  }
  let base: string;
  let query: string;
  const q = uri.indexOf('?');
  if (q !== -1) {
    base = uri.slice(0, q + 1);
    query = uri.slice(q + 1);
  } else if (protocol !== '' || !uri.includes('=')) {
    base = `${uri}?`;
    query = '';
  } else {
    base = '';
    query = uri;
  }
  const pairs = new Map<string, string>();
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = phpUrldecode(eq === -1 ? piece : piece.slice(0, eq)).replace(/[ .]/g, '_');
    if (name === '') continue;
    pairs.set(name, phpUrlencode(phpUrldecode(eq === -1 ? '' : piece.slice(eq + 1))));
  }
  if (value === false) pairs.delete(key);
  else pairs.set(key, String(value));
  let ret = [...pairs].map(([name, v]) => `${name}=${v}`).join('&');
  ret = ret.replace(/^\?+|\?+$/g, '').replace(/=(&|$)/g, '$1');
  ret = (protocol + base + ret + frag).replace(/\?+$/, '');
  return ret.replace('?#', '#');
}

/** wp_mediaelement_fallback(): a link to the file. */
function mediaelementFallback(url: string): string {
  const safe = escUrl(url);
  return `<a href="${safe}">${safe}</a>`;
}

/** The `name="value"` list of the media elements, each value through esc_attr(). */
function htmlAttributes(atts: ReadonlyArray<readonly [string, string | number | boolean]>): string {
  return atts
    .map(([name, value]) => `${name}="${escHtml(value === true ? '1' : String(value))}"`)
    .join(' ');
}

/**
 * wp_audio_shortcode(): an <audio> element with one <source> per given file (`src` first, then
 * the mp3/ogg/flac/m4a/wav attributes), each URL carrying `_={instance}`, and a link to the first
 * file as fallback. A `src` that is not an audio file prints a plain link. Its id names the
 * global post (`audio-{post}-{instance}`, 0 without one). Without any file it would use the first
 * audio attached to the global post; this port does not query attachments by parent, so it prints
 * nothing (as WordPress does with no global post, or one without audio). WordPress 7 no longer
 * prints the IE conditional comment before the first player.
 */
export const audioShortcode: ShortcodeHandler = (attr, _content, _tag, env) => {
  const postId = env.state.globalPostId;
  const instance = nextInstance(env.state, InstanceCounter.audio);
  const defaults: Record<string, string> = {
    src: '', loop: '', autoplay: '', preload: 'none', class: 'wp-audio-shortcode', style: 'width: 100%;',
  };
  for (const ext of AUDIO_EXTENSIONS) defaults[ext] = '';
  const atts = shortcodeAtts(defaults, attr) as Record<string, string>;

  const types = [...AUDIO_EXTENSIONS];
  let primary = false;
  if (!isPhpEmpty(atts.src)) {
    const { ext } = wpCheckFiletype(atts.src!);
    if (ext === false || !AUDIO_EXTENSIONS.includes(ext.toLowerCase())) {
      return `<a class="wp-embedded-audio" href="${escUrl(atts.src!)}">${escHtml(atts.src!)}</a>`;
    }
    primary = true;
    types.unshift('src');
  } else {
    for (const ext of AUDIO_EXTENSIONS) {
      if (!isPhpEmpty(atts[ext])) {
        const found = wpCheckFiletype(atts[ext]!).ext;
        if (found !== false && found.toLowerCase() === ext) primary = true;
      }
    }
  }
  // get_attached_media( 'audio', 0 ) finds nothing without a post.
  if (!primary) return '';

  const htmlAtts: Array<[string, string | boolean]> = [
    ['class', atts.class!],
    ['id', `audio-${postId}-${instance}`],
    ['loop', wpValidateBoolean(atts.loop)],
    ['autoplay', wpValidateBoolean(atts.autoplay)],
    ['preload', atts.preload!],
    ['style', atts.style!],
  ];
  // loop, autoplay and preload are left out when empty.
  const kept = htmlAtts.filter(([name, value]) => !['loop', 'autoplay', 'preload'].includes(name) || !isPhpEmpty(value));

  let html = `<audio ${htmlAttributes(kept)} controls="controls">`;
  let fileUrl = '';
  for (const fallback of types) {
    const value = atts[fallback];
    if (isPhpEmpty(value)) continue;
    if (fileUrl === '') fileUrl = value!;
    const { type } = wpCheckFiletype(value!);
    html += `<source type="${type === false ? '' : type}" src="${escUrl(addQueryArg('_', instance, value!))}" />`;
  }
  html += mediaelementFallback(fileUrl);
  return `${html}</audio>`;
};

const YOUTUBE_PATTERN = /^https?:\/\/(?:www\.)?(?:youtube\.com\/watch|youtu\.be\/)/;
const VIMEO_PATTERN = /^https?:\/\/(.+\.)?vimeo\.com\/.*/;

/**
 * wp_video_shortcode(): a <div class="wp-video"> holding a <video> with one <source> per file
 * (YouTube and Vimeo `src` URLs typed video/youtube and video/vimeo and rewritten for
 * MediaElement), the enclosed content, and a link to the first file. Width and height default
 * to 640x360; the theme sets no $content_width, so nothing is scaled down. Its id names the
 * global post (`video-{post}-{instance}`, 0 without one).
 */
export const videoShortcode: ShortcodeHandler = (attr, content, _tag, env) => {
  const postId = env.state.globalPostId;
  const instance = nextInstance(env.state, InstanceCounter.video);
  const defaults: Record<string, string | number> = {
    src: '', poster: '', loop: '', autoplay: '', muted: 'false', preload: 'metadata',
    width: 640, height: 360, class: 'wp-video-shortcode',
  };
  for (const ext of VIDEO_EXTENSIONS) defaults[ext] = '';
  const atts = shortcodeAtts(defaults, attr) as Record<string, string | number>;

  let isVimeo = false;
  let isYoutube = false;
  const types = [...VIDEO_EXTENSIONS];
  let primary = false;
  if (!isPhpEmpty(atts.src)) {
    const src = String(atts.src);
    isVimeo = VIMEO_PATTERN.test(src);
    isYoutube = YOUTUBE_PATTERN.test(src);
    if (!isYoutube && !isVimeo) {
      const { ext } = wpCheckFiletype(src);
      if (ext === false || !VIDEO_EXTENSIONS.includes(ext.toLowerCase())) {
        return `<a class="wp-embedded-video" href="${escUrl(src)}">${escHtml(src)}</a>`;
      }
    }
    primary = true;
    types.unshift('src');
  } else {
    for (const ext of VIDEO_EXTENSIONS) {
      if (!isPhpEmpty(atts[ext])) {
        const found = wpCheckFiletype(String(atts[ext])).ext;
        if (found !== false && found.toLowerCase() === ext) primary = true;
      }
    }
  }
  // get_attached_media( 'video', 0 ) finds nothing without a post.
  if (!primary) return '';

  // MediaElement.js needs some YouTube and Vimeo URL forms rewritten.
  if (isYoutube) {
    atts.src = addQueryArg('feature', false, String(atts.src)).replace(/^\w+:\/\//, 'https://');
  } else if (isVimeo) {
    const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^:/?#]*)(?::\d*)?([^?#]*)/i.exec(String(atts.src));
    const vimeoSrc = `https://${m?.[1] ?? ''}${m?.[2] ?? ''}`;
    atts.src = addQueryArg('loop', isPhpEmpty(atts.loop) ? '0' : '1', vimeoSrc);
  }

  const poster = escUrl(String(atts.poster));
  const htmlAtts: Array<[string, string | number | boolean]> = [
    ['class', String(atts.class)],
    ['id', `video-${postId}-${instance}`],
    ['width', absint(atts.width)],
    ['height', absint(atts.height)],
    ['poster', poster],
    ['loop', wpValidateBoolean(atts.loop)],
    ['autoplay', wpValidateBoolean(atts.autoplay)],
    ['muted', wpValidateBoolean(atts.muted)],
    ['preload', String(atts.preload)],
  ];
  // poster, loop, autoplay, preload and muted are left out when empty.
  const optional = ['poster', 'loop', 'autoplay', 'preload', 'muted'];
  const kept = htmlAtts.filter(([name, value]) => !optional.includes(name) || !isPhpEmpty(value));

  let html = `<video ${htmlAttributes(kept)} controls="controls">`;
  let fileUrl = '';
  for (const fallback of types) {
    const value = atts[fallback];
    if (isPhpEmpty(value)) continue;
    const url = String(value);
    if (fileUrl === '') fileUrl = url;
    let type: string | false;
    if (fallback === 'src' && isYoutube) type = 'video/youtube';
    else if (fallback === 'src' && isVimeo) type = 'video/vimeo';
    else type = wpCheckFiletype(url).type;
    html += `<source type="${type === false ? '' : type}" src="${escUrl(addQueryArg('_', instance, url))}" />`;
  }
  let inner = content ?? '';
  if (!isPhpEmpty(inner)) {
    if (inner.includes('\n')) inner = inner.replace(/\r\n|\n|\t/g, '');
    html += phpTrim(inner);
  }
  html += mediaelementFallback(fileUrl);
  html += '</video>';

  const widthRule = isPhpEmpty(atts.width) ? '' : `width: ${phpIntval(atts.width)}px;`;
  return `<div style="${widthRule}" class="wp-video">${html}</div>`;
};

/** wp_parse_id_list(): absint of each listed value, duplicates dropped, first occurrence kept. */
export function wpParseIdList(list: string): number[] {
  return [...new Set(parseList(list).map((value) => absint(value)))];
}

/** tag_escape(). */
function tagEscape(tag: string): string {
  return tag.replace(/[^a-zA-Z0-9-_:]/g, '').toLowerCase();
}

/** Whether `$allowedposttags` names the tag (gallery_shortcode's check of its item, icon and caption tags). */
function isAllowedPostTag(tag: string): boolean {
  return tag !== '' && ksesPostContent(`<${tag}>`) !== '';
}

/** The attachment row and the `image/*` check of gallery_shortcode's get_posts() query. */
function galleryAttachment(record: LoadedRecord | undefined): LoadedRecord | undefined {
  if (record === undefined) return undefined;
  const { post } = record;
  if (post.post_type !== 'attachment' || post.post_status !== 'inherit') return undefined;
  return post.post_mime_type.startsWith('image/') ? record : undefined;
}

/**
 * The attachments of a gallery that names them (`ids` or `include`), in the order WordPress's
 * get_posts() gives: the listed order for `ids` (orderby post__in), otherwise menu_order then ID
 * (or the `orderby`/`order` given, for the columns this supports).
 */
function galleryAttachments(include: string, orderby: string, order: string, env: ContentEnv): LoadedRecord[] {
  const ids = wpParseIdList(include);
  const found = ids
    .map((id) => galleryAttachment(env.records.posts.get(id)))
    .filter((record): record is LoadedRecord => record !== undefined);
  if (orderby === 'post__in') return found;
  const descending = order.toUpperCase() === 'DESC';
  const keys = orderby.split(/[ ,]+/).filter((key) => key !== '');
  const value = (record: LoadedRecord, key: string): string | number => {
    const post = record.post;
    switch (key.toLowerCase()) {
      case 'menu_order': return post.menu_order;
      case 'id': return post.ID;
      case 'title': case 'post_title': return post.post_title;
      case 'name': case 'post_name': return post.post_name;
      case 'date': case 'post_date': return post.post_date;
      case 'modified': case 'post_modified': return post.post_modified;
      default: return post.ID;
    }
  };
  return [...found].sort((a, b) => {
    for (const key of keys.length > 0 ? keys : ['menu_order', 'ID']) {
      const x = value(a, key);
      const y = value(b, key);
      if (x < y) return descending ? 1 : -1;
      if (x > y) return descending ? -1 : 1;
    }
    return 0;
  });
}

/**
 * gallery_shortcode() in its HTML5 form (no inline <style>, no clearing <br>): a
 * `<div id='gallery-{instance}' class='gallery galleryid-{id} ...'>` with a <figure> per image,
 * each linking to the attachment page (or the file with link="file", no link with link="none"),
 * and the attachment's caption (its excerpt, texturized) in a <figcaption> that the image's
 * aria-describedby names. `id` defaults to the global post's ID (0 without one: TEC's v1 API).
 *
 * Galleries that list their images (`ids`, `include`) read them from env.records.posts (see
 * collectShortcodeNeeds). Without a list WordPress shows the children of post `id`
 * (get_children: attachments with that post_parent, status inherit, mime type image/*, ordered by
 * menu_order then ID, `exclude` removed); with no global post that is post_parent 0, every
 * unattached image of the site. That needs a query this port does not make: such a gallery
 * prints nothing here.
 */
export const galleryShortcode: ShortcodeHandler = (attrIn, _content, _tag, env) => {
  const instance = nextInstance(env.state, InstanceCounter.gallery);
  const attr: Record<string, string> = typeof attrIn === 'object' ? { ...attrIn } : {};
  if (!isPhpEmpty(attr.ids)) {
    // `ids` is explicitly ordered, unless an order is given.
    if (isPhpEmpty(attr.orderby)) attr.orderby = 'post__in';
    attr.include = attr.ids!;
  }

  const atts = shortcodeAtts(
    {
      order: 'ASC', orderby: 'menu_order ID', id: String(env.state.globalPostId), itemtag: 'figure', icontag: 'div', captiontag: 'figcaption',
      columns: '3', size: 'thumbnail', include: '', exclude: '', link: '',
    },
    attr,
  );
  const id = phpIntval(atts.id);

  if (isPhpEmpty(atts.include)) return '';
  const attachments = galleryAttachments(atts.include, atts.orderby, atts.order, env);
  if (attachments.length === 0) return '';

  let itemtag = tagEscape(atts.itemtag);
  let captiontag = tagEscape(atts.captiontag);
  let icontag = tagEscape(atts.icontag);
  if (!isAllowedPostTag(itemtag)) itemtag = 'dl';
  if (!isAllowedPostTag(captiontag)) captiontag = 'dd';
  if (!isAllowedPostTag(icontag)) icontag = 'dt';

  const columns = phpIntval(atts.columns);
  const selector = `gallery-${instance}`;
  const sizeClass = sanitizeHtmlClass(atts.size);
  let output = `<div id='${selector}' class='gallery galleryid-${id} gallery-columns-${columns} gallery-size-${sizeClass}'>`;

  for (const { post, meta } of attachments) {
    const excerpt = phpTrim(post.post_excerpt);
    const imageAttr = excerpt !== '' ? { 'aria-describedby': `${selector}-${post.ID}` } : undefined;
    let imageOutput: string;
    if (atts.link === 'file') imageOutput = wpGetAttachmentLink(post.ID, atts.size, false, env, imageAttr);
    else if (atts.link === 'none') imageOutput = wpGetAttachmentImage(post.ID, atts.size, false, imageAttr, env);
    else imageOutput = wpGetAttachmentLink(post.ID, atts.size, true, env, imageAttr);

    const metadata = asRecord(maybeUnserialize(firstMeta(meta, '_wp_attachment_metadata') ?? ''));
    let orientation = '';
    if (metadata.height !== undefined && metadata.height !== null && metadata.width !== undefined && metadata.width !== null) {
      orientation = Number(metadata.height) > Number(metadata.width) ? 'portrait' : 'landscape';
    }

    output += `<${itemtag} class='gallery-item'>`;
    output += `\n\t\t\t<${icontag} class='gallery-icon ${orientation}'>\n\t\t\t\t${imageOutput}\n\t\t\t</${icontag}>`;
    if (captiontag !== '' && excerpt !== '') {
      output +=
        `\n\t\t\t\t<${captiontag} class='wp-caption-text gallery-caption' id='${selector}-${post.ID}'>\n\t\t\t\t` +
        wptexturize(post.post_excerpt) +
        `\n\t\t\t\t</${captiontag}>`;
    }
    output += `</${itemtag}>`;
  }
  output += '\n\t\t</div>\n';
  return output;
};

/**
 * The attachment IDs the galleries of a text will read (their `ids`, or `include` when there are
 * no `ids`), added to `needs.postIds`. Escaped `[[gallery]]` tags are skipped.
 */
export function collectShortcodeNeeds(content: string, needs: ContentNeeds): void {
  if (!content.includes('[gallery')) return;
  for (const m of content.matchAll(new RegExp(getShortcodeRegex(['gallery']), 'g'))) {
    if (m[1] === '[' && m[6] === ']') continue;
    const atts = shortcodeParseAtts(m[3]!);
    if (typeof atts !== 'object') continue;
    const list = !isPhpEmpty(atts.ids) ? atts.ids! : atts.include ?? '';
    for (const id of wpParseIdList(list)) if (id > 0) needs.postIds.add(id);
  }
}
