import { ksesNormalizeEntities, wpKses, wpStripAllTags, type KsesAllowList } from '../text/kses.js';
import { isPhpNumeric, phpIntval, phpTrim } from '../php/php-values.js';
import { escHtml } from '../text/escaping.js';
import { sanitizeTitle } from '../text/slugs.js';
import { ALLOWED_TAGS } from '../write/kses-save.js';

/*
 * sanitize_term($term, $taxonomy, 'db'): what WordPress's default filters do to a term's fields
 * before wp_insert_term / wp_update_term store them (wp-includes/default-filters.php):
 * `pre_term_name` runs sanitize_text_field, wp_filter_kses and _wp_specialchars, so a name is
 * stored HTML-escaped (`Arts &amp; Crafts`); `pre_term_description` runs wp_filter_kses;
 * `pre_term_slug` runs sanitize_title. The REST layer adds and strips slashes around all of this,
 * which leaves the values as they were, so no slashing is modelled.
 */

/** wp_kses_allowed_html('pre_term_description'): `$allowedtags` with `rel` on links. */
const DESCRIPTION_ALLOWED_TAGS: KsesAllowList = { ...ALLOWED_TAGS, a: [...ALLOWED_TAGS.a!, 'rel'] };

/** wp_pre_kses_less_than: a `<` that never closes is escaped instead of read as a tag. */
function preKsesLessThan(text: string): string {
  return text.replace(/<[^>]*?((?=<)|>|$)/g, (match) => (match.includes('>') ? match : escHtml(match)));
}

/**
 * sanitize_text_field: tags stripped (an unclosed `<` escaped first), runs of whitespace made one
 * space, trimmed, and every percent-encoded octet removed.
 */
export function sanitizeTextField(text: string): string {
  let filtered = text;
  if (filtered.includes('<')) {
    filtered = wpStripAllTags(preKsesLessThan(filtered)).split('<\n').join('&lt;\n');
  }
  filtered = phpTrim(filtered.replace(/[\r\n\t ]+/g, ' '));
  let found = false;
  for (let match = /%[a-f0-9]{2}/i.exec(filtered); match; match = /%[a-f0-9]{2}/i.exec(filtered)) {
    filtered = filtered.split(match[0]).join('');
    found = true;
  }
  return found ? phpTrim(filtered.replace(/ +/g, ' ')) : filtered;
}

/**
 * _wp_specialchars($text) as a filter calls it: ENT_NOQUOTES without double encoding, so `&`, `<`
 * and `>` are escaped and entities already present (normalized first) are kept.
 */
function specialCharsNoQuotes(text: string): string {
  if (!/[&<>"']/.test(text)) return text;
  return ksesNormalizeEntities(text)
    .replace(/&(?!(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The `pre_term_name` filters: how WordPress stores a term name. */
export function sanitizeTermName(name: string): string {
  return specialCharsNoQuotes(wpKses(sanitizeTextField(name), ALLOWED_TAGS));
}

/** The `pre_term_description` filter (wp_filter_kses): how WordPress stores a term description. */
export function sanitizeTermDescription(description: string): string {
  return wpKses(description, DESCRIPTION_ALLOWED_TAGS);
}

/** The `pre_term_slug` filter: sanitize_title with the site's locale (WPLANG). */
export function sanitizeTermSlug(slug: string, locale: string): string {
  return sanitizeTitle(slug, locale);
}

/** sanitize_term_field's integer fields (`parent` among them): intval, negatives made 0. */
export function sanitizeTermInt(value: unknown): number {
  return Math.max(0, phpIntval(value));
}

/** PHP's `==` between two strings (in_array's default): numeric strings compare as numbers. */
export function phpLooseStringEquals(a: string, b: string): boolean {
  if (isPhpNumeric(a) && isPhpNumeric(b)) return Number(a) === Number(b);
  return a === b;
}

/** PHP 8's strtolower: ASCII letters only, whatever the locale. */
export function phpStrtolower(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}
