/** convert_smilies() with smilies_init()'s defaults (wp-includes/formatting.php, functions.php). */

import { escapeRegExp, SPACES } from './pcre.js';
import { escHtml } from './escaping.js';
import type { FormattingOptions } from './formatting-options.js';
import { phpTrim } from '../php/php-values.js';

/** The UTF-8 bytes of the PHP source, as text. */
const utf8 = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

/** smilies_init()'s default $wpsmiliestrans: emoji, or the file name of an image. */
const SMILIES: Readonly<Record<string, string>> = {
  ':mrgreen:': 'mrgreen.png',
  ':neutral:': utf8('f09f9890'),
  ':twisted:': utf8('f09f9888'),
  ':arrow:': utf8('e29ea1'),
  ':shock:': utf8('f09f98af'),
  ':smile:': utf8('f09f9982'),
  ':???:': utf8('f09f9895'),
  ':cool:': utf8('f09f988e'),
  ':evil:': utf8('f09f91bf'),
  ':grin:': utf8('f09f9880'),
  ':idea:': utf8('f09f92a1'),
  ':oops:': utf8('f09f98b3'),
  ':razz:': utf8('f09f989b'),
  ':roll:': utf8('f09f9984'),
  ':wink:': utf8('f09f9889'),
  ':cry:': utf8('f09f98a5'),
  ':eek:': utf8('f09f98ae'),
  ':lol:': utf8('f09f9886'),
  ':mad:': utf8('f09f98a1'),
  ':sad:': utf8('f09f9981'),
  '8-)': utf8('f09f988e'),
  '8-O': utf8('f09f98af'),
  ':-(': utf8('f09f9981'),
  ':-)': utf8('f09f9982'),
  ':-?': utf8('f09f9895'),
  ':-D': utf8('f09f9880'),
  ':-P': utf8('f09f989b'),
  ':-o': utf8('f09f98ae'),
  ':-x': utf8('f09f98a1'),
  ':-|': utf8('f09f9890'),
  ';-)': utf8('f09f9889'),
  // WordPress leaves '8)' out: "This one transformation breaks regular text with frequency."
  '8O': utf8('f09f98af'),
  ':(': utf8('f09f9981'),
  ':)': utf8('f09f9982'),
  ':?': utf8('f09f9895'),
  ':D': utf8('f09f9880'),
  ':P': utf8('f09f989b'),
  ':o': utf8('f09f98ae'),
  ':x': utf8('f09f98a1'),
  ':|': utf8('f09f9890'),
  ';)': utf8('f09f9889'),
  ':!:': utf8('e29d97'),
  ':?:': utf8('e29d93'),
};

/**
 * smilies_init()'s $wp_smiliessearch: codes sorted in reverse (krsort) so the longest wins,
 * grouped by first character, each group standing between spaces or the ends of the text.
 */
const SMILIES_SEARCH = ((): RegExp => {
  const codes = Object.keys(SMILIES).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const opening = `(?<=${SPACES}|^)`;
  const closing = `)(?=${SPACES}|$)`;
  let pattern = opening;
  let group = '';
  for (const code of codes) {
    const first = code.charAt(0);
    if (first !== group) {
      if (group !== '') pattern += closing + '|' + opening;
      group = first;
      pattern += escapeRegExp(first) + '(?:';
    } else {
      pattern += '|';
    }
    pattern += escapeRegExp(code.slice(1));
  }
  return new RegExp(pattern + closing, 'g');
})();

const SMILEY_IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'jpe', 'gif', 'png', 'webp'];

/** translate_smiley(): the emoji, or an <img> for image smilies (only with an includes URL). */
function translateSmiley(smiley: string, includesUrl: string | undefined): string {
  const replacement = SMILIES[smiley] ?? smiley;
  const extension = /\.([^.]+)$/.exec(replacement)?.[1]?.toLowerCase();
  if (extension === undefined || !SMILEY_IMAGE_EXTENSIONS.includes(extension)) return replacement;
  // WordPress runs the URL through esc_url(); an includes URL from the site options is already clean.
  if (includesUrl === undefined) return smiley;
  const src = `${includesUrl}images/smilies/${replacement}`;
  return `<img src="${src}" alt="${escHtml(smiley)}" class="wp-smiley" style="height: 1em; max-height: 1em;" />`;
}

/**
 * convert_smilies(): replaces text smilies such as :) with emoji, outside elements and outside
 * code, pre, style, script and textarea. Does nothing when the site turned `use_smilies` off.
 */
export function convertSmilies(text: string, options: FormattingOptions = {}): string {
  if (options.useSmilies === false) return text;
  let ignoreUntil = '';
  return text
    .split(/(<[^>]*>)/)
    .map((content) => {
      if (ignoreUntil === '') {
        ignoreUntil = /^<(code|pre|style|script|textarea)[^>]*>/.exec(content)?.[1] ?? '';
      }
      let result = content;
      if (ignoreUntil === '' && content !== '' && !content.startsWith('<')) {
        result = content.replace(SMILIES_SEARCH, (smiley) => translateSmiley(phpTrim(smiley), options.includesUrl));
      }
      if (ignoreUntil !== '' && content === `</${ignoreUntil}>`) ignoreUntil = '';
      return result;
    })
    .join('');
}
