/** esc_html() and esc_js() of wp-includes/formatting.php, with wp_kses_normalize_entities() of kses.php. */

import { ALLOWED_ENTITY_NAMES, ksesNormalizeEntities } from './html-entities.js';
import { strReplace } from './php-strings.js';

/**
 * Whether the & at `index` starts an entity that htmlspecialchars() keeps when double_encode is
 * off: a numeric one up to U+10FFFF, or a named one of HTML 4.01. WordPress's list is HTML 4.01
 * plus `apos`, which PHP's HTML 4.01 table lacks, so `&apos;` still becomes `&amp;apos;`.
 */
function startsKnownEntity(text: string, index: number): boolean {
  const entity = /^&(?:#(?:[xX]([0-9a-fA-F]+)|([0-9]+));|([A-Za-z0-9]+);)/.exec(text.slice(index, index + 40));
  if (!entity) return false;
  const [, hex, decimal, name] = entity;
  if (name !== undefined) return name !== 'apos' && ALLOWED_ENTITY_NAMES.has(name);
  const codePoint = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(decimal ?? '', 10);
  return codePoint <= 0x10ffff;
}

type QuoteStyle = 'ENT_QUOTES' | 'ENT_COMPAT';

/** htmlspecialchars( $text, $quote_style, 'UTF-8', false ) with PHP's default HTML 4.01 table. */
function htmlSpecialChars(text: string, quoteStyle: QuoteStyle): string {
  return text.replace(/[&<>"']/g, (char, index: number) => {
    switch (char) {
      case '&':
        return startsKnownEntity(text, index) ? '&' : '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return quoteStyle === 'ENT_QUOTES' ? '&#039;' : "'";
    }
  });
}

/** _wp_specialchars() without double encoding, on a UTF-8 site. */
function wpSpecialChars(text: string, quoteStyle: QuoteStyle): string {
  if (text === '' || !/[&<>"']/.test(text)) return text;
  return htmlSpecialChars(ksesNormalizeEntities(text), quoteStyle);
}

/**
 * wp_check_invalid_utf8(): invalid UTF-8 empties the whole string. A JavaScript string can only be
 * invalid through a lone surrogate, which has no UTF-8 form.
 */
function checkInvalidUtf8(text: string): string {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text) ? '' : text;
}

/**
 * esc_html(): escapes &, <, >, " and ' (as &#039;) for HTML, keeping valid entities but
 * normalizing them the way wp_kses_normalize_entities() does.
 */
export function escHtml(text: string): string {
  return wpSpecialChars(checkInvalidUtf8(text), 'ENT_QUOTES');
}

/** PHP stripslashes(): drops each backslash, keeping the character after it (`\0` becomes NUL). */
function stripSlashes(text: string): string {
  return text.replace(/\\([\s\S]?)/g, (_, next: string) => (next === '0' ? '\0' : next));
}

/** PHP addslashes(): backslashes before ', ", \ and NUL (written \0). */
function addSlashes(text: string): string {
  return text.replace(/[\\'"\0]/g, (char) => (char === '\0' ? '\\0' : `\\${char}`));
}

/**
 * esc_js(): for a single-quoted string in an inline script. Escapes like esc_html() but keeps
 * ' (as \'), strips backslashes first (so `\t` becomes `t`), drops CR and writes LF as `\n`.
 */
export function escJs(text: string): string {
  let safe = wpSpecialChars(checkInvalidUtf8(text), 'ENT_COMPAT');
  safe = stripSlashes(safe).replace(/&#(?:x0*27|0*39);?/gi, "'");
  safe = strReplace(safe, '\r', '');
  return strReplace(addSlashes(safe), '\n', '\\n');
}
