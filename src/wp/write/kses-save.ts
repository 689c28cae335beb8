import type { Viewer } from '../auth/capabilities.js';
import { userCan } from '../auth/capabilities.js';
import { wpKses, type KsesAllowList } from '../text/kses.js';

/*
 * What kses_init_filters() adds when the writer lacks `unfiltered_html` (authors, contributors):
 * `title_save_pre` runs wp_filter_kses (the `$allowedtags` list), `content_save_pre` and
 * `excerpt_save_pre` run wp_filter_post_kses (`$allowedposttags`). Administrators and editors
 * of a single site store what they send.
 *
 * The lists follow wp-includes/kses.php; the global attributes _wp_add_global_attributes() adds
 * to every post tag are listed, except its `data-*` wildcard, which this kses does not read.
 */

/** `$allowedtags` (wp-includes/kses.php): what wp_kses keeps in a field filter's context (titles, term names). */
export const ALLOWED_TAGS: KsesAllowList = {
  a: ['href', 'title'],
  abbr: ['title'],
  acronym: ['title'],
  b: [],
  blockquote: ['cite'],
  cite: [],
  code: [],
  del: ['datetime'],
  em: [],
  i: [],
  q: ['cite'],
  s: [],
  strike: [],
  strong: [],
};

const GLOBAL_ATTRIBUTES = [
  'aria-controls', 'aria-current', 'aria-describedby', 'aria-details', 'aria-expanded', 'aria-hidden', 'aria-label',
  'aria-labelledby', 'aria-live', 'class', 'dir', 'hidden', 'id', 'lang', 'style', 'title', 'role', 'xml:lang',
];

const ALIGN = ['align'];
const CELL = ['align', 'char', 'charoff', 'valign'];
const TABLE_CELL = ['abbr', 'align', 'axis', 'bgcolor', 'char', 'charoff', 'colspan', 'headers', 'height', 'nowrap', 'rowspan', 'scope', 'valign', 'width'];

/** $allowedposttags without the global attributes. */
const POST_TAGS: Record<string, readonly string[]> = {
  address: [], a: ['href', 'rel', 'rev', 'name', 'target', 'download', 'referrerpolicy'], abbr: [], acronym: [],
  area: ['alt', 'coords', 'href', 'nohref', 'shape', 'target'], article: ALIGN, aside: ALIGN,
  audio: ['autoplay', 'controls', 'loop', 'muted', 'preload', 'src'], b: [], bdo: [], big: [], blockquote: ['cite'],
  br: [], button: ['disabled', 'name', 'type', 'value'], caption: ALIGN, cite: [], code: [],
  col: [...CELL, 'span', 'width'], colgroup: [...CELL, 'span', 'width'], del: ['datetime'], dd: [], dfn: [],
  details: ['align', 'open'], div: ALIGN, dl: [], dt: [], em: [], fieldset: [], figure: ALIGN, figcaption: ALIGN,
  font: ['color', 'face', 'size'], footer: ALIGN, h1: ALIGN, h2: ALIGN, h3: ALIGN, h4: ALIGN, h5: ALIGN, h6: ALIGN,
  header: ALIGN, hgroup: ALIGN, hr: ['align', 'noshade', 'size', 'width'], i: [],
  img: ['alt', 'align', 'border', 'height', 'hspace', 'loading', 'longdesc', 'vspace', 'src', 'usemap', 'width', 'decoding'],
  ins: ['datetime', 'cite'], kbd: [], label: ['for'], legend: ALIGN, li: ['align', 'value'], main: ALIGN, map: ['name'],
  mark: [], menu: ['type'], nav: ALIGN, object: ['data', 'type'], p: ALIGN, pre: ['width'], q: ['cite'], rb: [], rp: [],
  rt: [], rtc: [], ruby: [], s: [], samp: [], span: ALIGN, section: ALIGN, small: [], strike: [], strong: [], sub: [],
  summary: ALIGN, sup: [],
  table: ['align', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'rules', 'summary', 'width'],
  tbody: CELL, td: TABLE_CELL, textarea: ['cols', 'rows', 'disabled', 'name', 'readonly'], tfoot: CELL, th: TABLE_CELL,
  thead: CELL, title: [], tr: ['align', 'bgcolor', 'char', 'charoff', 'valign'],
  track: ['default', 'kind', 'label', 'src', 'srclang'], tt: [], u: [], ul: ['type'], ol: ['start', 'type', 'reversed'],
  var: [], video: ['autoplay', 'controls', 'height', 'loop', 'muted', 'playsinline', 'poster', 'preload', 'src', 'width'],
};

const ALLOWED_POST_TAGS: KsesAllowList = Object.fromEntries(
  Object.entries(POST_TAGS).map(([tag, attributes]) => [tag, [...attributes, ...GLOBAL_ATTRIBUTES]]),
);

/** Whether WordPress filters this writer's post HTML on save (no `unfiltered_html`). Unknown writers are not filtered. */
export function filtersHtmlOnSave(viewer: Viewer): boolean {
  return !userCan(viewer, 'unfiltered_html');
}

/** wp_filter_kses as `title_save_pre` runs it. */
export function ksesTitle(title: string): string {
  return wpKses(title, ALLOWED_TAGS);
}

/** wp_filter_post_kses as `content_save_pre` and `excerpt_save_pre` run it. */
export function ksesPostContent(content: string): string {
  return wpKses(content, ALLOWED_POST_TAGS);
}
