import { phpStripTags } from './kses.js';
import { removeAccents } from './remove-accents.js';

/**
 * sanitize_title(), sanitize_title_for_query() and the `sanitize_title` filter WordPress hooks to
 * them by default, sanitize_title_with_dashes() (wp-includes/formatting.php, 7.0). Slugs made here
 * are compared with post_name and term slugs WordPress stored, so every step follows the PHP.
 */

/** The operation a title is sanitized for, as sanitize_title_with_dashes() takes it. */
export type TitleContext = 'save' | 'query' | 'display';

/** The most characters utf8_uri_encode() keeps (sanitize_title_with_dashes passes 200). */
const MAX_ENCODED_TITLE_LENGTH = 200;

/** The 'save' context turns these (non-breaking space and hyphen, en and em dashes) into dashes. */
const DASH_OCTETS = ['%c2%a0', '%e2%80%91', '%e2%80%93', '%e2%80%94'];
const DASH_ENTITIES = ['&nbsp;', '&#8209;', '&#160;', '&ndash;', '&#8211;', '&mdash;', '&#8212;'];

/** Encoded characters the 'save' context drops, in WordPress's order. */
const DROPPED_OCTETS = [
  '%c2%ad', // soft hyphen
  '%c2%a1', '%c2%bf', // ¡ ¿
  '%c2%ab', '%c2%bb', '%e2%80%b9', '%e2%80%ba', // « » ‹ ›
  '%e2%80%98', '%e2%80%99', '%e2%80%9c', '%e2%80%9d', '%e2%80%9a', '%e2%80%9b', '%e2%80%9e', '%e2%80%9f', // curly quotes
  '%e2%80%a2', // bullet
  '%c2%a9', '%c2%ae', '%c2%b0', '%e2%80%a6', '%e2%84%a2', // © ® ° … ™
  '%c2%b4', '%cb%8a', '%cc%81', '%cd%81', // acute accents, spacing and combining
  '%cc%80', '%cc%84', '%cc%8c', // combining grave, macron, caron
  // Characters that show without a width: zero width space, non-joiner and joiner, the
  // direction marks, embeddings and overrides, the byte order mark, the object replacement.
  '%e2%80%8b', '%e2%80%8c', '%e2%80%8d', '%e2%80%8e', '%e2%80%8f',
  '%e2%80%aa', '%e2%80%ab', '%e2%80%ac', '%e2%80%ad', '%e2%80%ae',
  '%ef%bb%bf', '%ef%bf%bc',
];

/** Encoded spaces that show with a width (U+2000–U+200A, line and paragraph separators, U+202F). */
const WIDE_SPACE_OCTETS = [
  '%e2%80%80', '%e2%80%81', '%e2%80%82', '%e2%80%83', '%e2%80%84', '%e2%80%85', '%e2%80%86',
  '%e2%80%87', '%e2%80%88', '%e2%80%89', '%e2%80%8a', '%e2%80%a8', '%e2%80%a9', '%e2%80%af',
];

/** str_replace() with an array of needles: each needle replaced everywhere, one after another. */
function replaceEach(text: string, needles: readonly string[], replacement: string): string {
  return needles.reduce((out, needle) => out.split(needle).join(replacement), text);
}

/**
 * utf8_uri_encode($text, $length): ASCII as it is, every other character as its UTF-8 octets in
 * lower-case `%xx`, stopping before the first character that would pass `length`.
 */
function utf8UriEncode(text: string, length: number): string {
  let out = '';
  for (const char of text) {
    const piece =
      char.charCodeAt(0) < 0x80 ? char : [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16)}`).join('');
    if (out.length + piece.length > length) break;
    out += piece;
  }
  return out;
}

/** The 'save' context's extra step: typographic dashes and spaces to `-`, marks and symbols dropped, `×` to `x`. */
function simplifyForSave(title: string): string {
  let out = replaceEach(title, DASH_OCTETS, '-');
  out = replaceEach(out, DASH_ENTITIES, '-');
  out = out.split('/').join('-');
  out = replaceEach(out, DROPPED_OCTETS, '');
  out = replaceEach(out, WIDE_SPACE_OCTETS, '-');
  return out.split('%c3%97').join('x');
}

/**
 * sanitize_title_with_dashes($title, '', $context): tags stripped; `%xx` octets kept and any other
 * `%` dropped; lower-cased with non-ASCII characters percent-encoded (at most 200 characters);
 * in the 'save' context the simplifications above; entities removed, `.` made `-`, anything but
 * `%`, `a-z`, `0-9`, space, `_` and `-` removed, spaces made dashes, dashes collapsed and trimmed.
 * Never throws.
 */
export function sanitizeTitleWithDashes(title: string, context: TitleContext = 'display'): string {
  const octetsKept = phpStripTags(title)
    .replace(/%([a-fA-F0-9]{2})/g, '---$1---')
    .replace(/%/g, '')
    .replace(/---([a-fA-F0-9]{2})---/g, '%$1');
  // mb_strtolower (full Unicode lower-casing) before the encoding, strtolower (ASCII) after it.
  let slug = utf8UriEncode(octetsKept.toLowerCase(), MAX_ENCODED_TITLE_LENGTH).toLowerCase();
  if (context === 'save') slug = simplifyForSave(slug);
  return (
    slug
      // PCRE's `.` stops only at `\n`; JavaScript's would stop at `\r` too.
      .replace(/&[^\n]+?;/g, '')
      .replace(/\./g, '-')
      .replace(/[^%a-z0-9 _-]/g, '')
      .replace(/\s+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/**
 * sanitize_title($title) in its default 'save' context, the slug WordPress stores and looks terms
 * and posts up by: remove_accents() for `locale` (the site's WPLANG; '' is en_US, which has no
 * locale rules), then sanitize_title_with_dashes() in the 'save' context. Never throws.
 */
export function sanitizeTitle(title: string, locale = ''): string {
  return sanitizeTitleWithDashes(removeAccents(title, locale), 'save');
}

/**
 * sanitize_title_for_query($title): sanitize_title_with_dashes() in the 'query' context, without
 * remove_accents(), so accents stay as encoded octets the way post names store them. Never throws.
 */
export function sanitizeTitleForQuery(title: string): string {
  return sanitizeTitleWithDashes(title, 'query');
}
