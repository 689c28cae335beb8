/** convert_chars() and capital_P_dangit() of wp-includes/formatting.php: the small fixes the_title and the_content share. */

import { strReplace, strReplaceEach } from './php-strings.js';
import { OPENING_QUOTE, OPENING_SINGLE_QUOTE } from './texturize.js';

/**
 * convert_chars(): turns an & into &#038; unless it is followed by `#` or looks like a named
 * entity. The pattern consumes the character after the &, so in `&&amp;` the first & is kept.
 */
export function convertChars(content: string): string {
  if (!content.includes('&')) return content;
  return content.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1');
}

const DANGIT_CONTEXTS: ReadonlyArray<readonly [string, string]> = [
  ' ',
  OPENING_SINGLE_QUOTE,
  OPENING_QUOTE,
  '>',
  '(',
].map((before) => [`${before}Wordpress`, `${before}WordPress`] as const);

/**
 * capital_P_dangit(): "Wordpress" becomes "WordPress". On the_title it replaces every
 * occurrence; elsewhere only after a space, an opening curly quote, `>` or `(`.
 */
export function capitalPDangit(text: string, filter: 'the_title' | 'the_content' = 'the_content'): string {
  if (filter === 'the_title') return strReplace(text, 'Wordpress', 'WordPress');
  return strReplaceEach(text, DANGIT_CONTEXTS);
}
