/**
 * WordPress core's display filters for post titles, contents and excerpts, ported from
 * wp-includes/formatting.php (plus smilies_init() from functions.php, wp_kses_normalize_entities()
 * from kses.php and the filter order of default-filters.php), with the default English strings.
 *
 * PHP runs these regular expressions over UTF-8 bytes with PCRE; JavaScript runs them over UTF-16
 * code units. Three PCRE habits are therefore spelled out instead of borrowed from JavaScript:
 * - `\s` is only HT, LF, VT, FF, CR and space (JavaScript's `\s` also takes NBSP and other
 *   Unicode spaces): see `WS`.
 * - `$` and `\Z` also match before a final newline: see `END`.
 * - `.` only excludes LF (JavaScript's also excludes CR, U+2028 and U+2029): written `[^\n]`.
 * Possessive quantifiers that guard against runaway backtracking are emulated with a lookahead
 * and a back-reference, which JavaScript evaluates atomically.
 */

import { ALLOWED_ENTITY_NAMES, ksesNormalizeEntities } from './html-entities.js';
import { phpTrim } from '../php/php-values.js';
import { PureMemo } from '../../cache/pure-memo.js';

export { phpTrim };

/** PCRE's `\s` without the UTF flag, as the contents of a character class. */
const WS_CHARS = '\\t\\n\\v\\f\\r ';
/** PCRE's `\s` without the UTF flag. */
const WS = `[${WS_CHARS}]`;
/** wp_spaces_regexp(): the UTF-8 bytes C2 A0 of the PHP pattern are U+00A0 once decoded. */
const SPACES = '[\\r\\n\\t ]|\\u00a0|&nbsp;';
/** PCRE's `\Z`, and `$` without the D modifier: the end, or just before a final newline. */
const END = '(?=\\n?$)';
/** The characters PHP's trim() removes by default. */

/**
 * The shortcodes a bare WordPress registers on every request, in registration order: `embed`
 * (WP_Embed's placeholder) and the six of wp-includes/media.php. wptexturize() leaves their tags
 * alone and shortcode_unautop() unwraps them; the-content.ts registers their handlers.
 */
export const WP_CORE_SHORTCODE_TAGS: readonly string[] = [
  'embed',
  'wp_caption',
  'caption',
  'gallery',
  'playlist',
  'audio',
  'video',
];

/** What the content and excerpt pipelines need to know about the site. */
export interface FormattingOptions {
  /** The `use_smilies` option; WordPress installs with 1. */
  readonly useSmilies?: boolean;
  /**
   * includes_url() of the site, e.g. `https://example.org/wp-includes/`. Only image smilies need it
   * (`:mrgreen:` by default); without it those codes are left as typed.
   */
  readonly includesUrl?: string;
  /** The keys of `$shortcode_tags`; defaults to the shortcodes WordPress core registers. */
  readonly shortcodeTags?: readonly string[];
}

/** trailingslashit(): the value with its trailing slashes and backslashes replaced by one `/`. */
export function trailingslashit(value: string): string {
  return `${value.replace(/[/\\]+$/, '')}/`;
}

/** PHP str_replace() with one search string (every occurrence; an empty search changes nothing). */
export function strReplace(subject: string, search: string, replace: string): string {
  // Most searches find nothing: no array is made for those (texturize runs a dozen per text).
  return search === '' || !subject.includes(search) ? subject : subject.split(search).join(replace);
}

/** PHP str_replace() with arrays: each pair runs over the result of the previous one. */
function strReplaceEach(subject: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.reduce((text, [search, replace]) => strReplace(text, search, replace), subject);
}

/** PHP preg_replace() with arrays of patterns: each pattern runs over the previous result. */
function pregReplaceEach(subject: string, pairs: ReadonlyArray<readonly [RegExp, string]>): string {
  return pairs.reduce((text, [pattern, replace]) => text.replace(pattern, replace), subject);
}

/** PHP preg_replace() with its `$count` out-parameter. */
function replaceCounting(subject: string, pattern: RegExp, replacement: string) {
  let count = 0;
  const result = subject.replace(pattern, () => {
    count++;
    return replacement;
  });
  return { result, count };
}

/** PHP substr() for a non-negative start, including its negative-length form. */
function phpSubstr(text: string, start: number, length: number): string {
  if (start > text.length) return '';
  const end = length < 0 ? text.length + length : start + length;
  return end <= start ? '' : text.slice(start, end);
}

/** PHP preg_quote() for use in a JavaScript pattern (NUL is not quoted: no caller's text holds one). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/\-!:#<>=]/g, '\\$&');
}

/**
 * preg_split() with PREG_SPLIT_DELIM_CAPTURE around a pattern that captures its whole match:
 * text, delimiter, text, ... Works from the full match, so the pattern may hold groups of its own.
 */
function splitDelimited(text: string, pattern: RegExp): string[] {
  const parts: string[] = [];
  const scanner = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let last = 0;
  for (let match = scanner.exec(text); match; match = scanner.exec(text)) {
    if (match[0] === '') {
      scanner.lastIndex++;
      continue;
    }
    parts.push(text.slice(last, match.index), match[0]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

const OPENING_QUOTE = '&#8220;';
const CLOSING_QUOTE = '&#8221;';
const APOS = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const OPENING_SINGLE_QUOTE = '&#8216;';
const CLOSING_SINGLE_QUOTE = '&#8217;';
const EN_DASH = '&#8211;';
const EM_DASH = '&#8212;';

// WordPress marks its guesses with HTML comments and resolves them once every pattern has run.
const OPEN_Q_FLAG = '<!--oq-->';
const OPEN_SQ_FLAG = '<!--osq-->';
const APOS_FLAG = '<!--apos-->';
const PRIME_OR_QUOTE_FLAG = '<!--wp-prime-or-quote-->';

const NO_TEXTURIZE_TAGS: readonly string[] = ['pre', 'code', 'kbd', 'style', 'script', 'tt'];
const NO_TEXTURIZE_SHORTCODES: readonly string[] = ['code'];

/** "Words that defy the syntax of quotations": they start with an apostrophe. */
const COCKNEY: ReadonlyArray<readonly [string, string]> = [
  "'tain't",
  "'twere",
  "'twas",
  "'tis",
  "'twill",
  "'til",
  "'bout",
  "'nuff",
  "'round",
  "'cause",
  "'em",
].map((word) => [word, word.replaceAll("'", APOS)] as const);

// Note WordPress only has ' (tm)' with a leading space; (c) and (r) are left alone.
const STATIC_REPLACEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['...', '&#8230;'],
  ['``', OPENING_QUOTE],
  ["''", CLOSING_QUOTE],
  [' (tm)', ' &#8482;'],
  ...COCKNEY,
];

/** What may follow a closing quote: the end, closing punctuation, `&gt;` or a space. */
const AFTER_CLOSING = `${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACES}`;

const APOS_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  // '99' and '99" are ambiguous among other patterns; assume an abbreviated year at the end of a quotation.
  [new RegExp(`'(\\d\\d)'(?=${AFTER_CLOSING})`, 'g'), `${APOS_FLAG}$1${CLOSING_SINGLE_QUOTE}`],
  [new RegExp(`'(\\d\\d)"(?=${AFTER_CLOSING})`, 'g'), `${APOS_FLAG}$1${CLOSING_QUOTE}`],
  // '99 '99s '99's (apostrophe), but never '9 or '99% or '999 or '99.0.
  [new RegExp(`'(?=\\d\\d(?:${END}|(?![%\\d]|[.,]\\d)))`, 'g'), APOS_FLAG],
  // Quoted numbers like '0.42'.
  [new RegExp(`(?<=^|${SPACES})'(\\d[.,\\d]*)'`, 'g'), `${OPEN_SQ_FLAG}$1${CLOSING_SINGLE_QUOTE}`],
  // Single quote at start, or preceded by (, {, <, [, ", -, or spaces.
  [new RegExp(`(?<=^|[([{"\\-]|&lt;|${SPACES})'`, 'g'), OPEN_SQ_FLAG],
  // Apostrophe in a word: no spaces, double apostrophes or other punctuation around it.
  [new RegExp(`(?<!${SPACES})'(?!${END}|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SPACES})`, 'g'), APOS_FLAG],
];

const QUOTE_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  // Quoted numbers like "42".
  [new RegExp(`(?<=^|${SPACES})"(\\d[.,\\d]*)"`, 'g'), `${OPEN_Q_FLAG}$1${CLOSING_QUOTE}`],
  // Double quote at start, or preceded by (, {, <, [, -, or spaces, and not followed by spaces.
  [new RegExp(`(?<=^|[([{\\-]|&lt;|${SPACES})"(?!${SPACES})`, 'g'), OPEN_Q_FLAG],
];

const DASH_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/---/g, EM_DASH],
  [new RegExp(`(?<=^|${SPACES})--(?=${END}|${SPACES})`, 'g'), EM_DASH],
  // Punycode host names (xn--) keep their double hyphen.
  [/(?<!xn)--/g, EN_DASH],
  [new RegExp(`(?<=^|${SPACES})-(?=${END}|${SPACES})`, 'g'), EN_DASH],
];

/** 9x9 becomes 9&#215;9, but a 0 may only start a number with more digits, so 0x9999 stays. */
const MAYBE_TIMES = /(?<=\d)x\d/;
const TIMES = /\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/g;

/** Any & that does not already start an entity. */
const LONE_AMPERSAND = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;

/** _get_wptexturize_split_regex(): HTML comments (closed or not), then any other element. */
const HTML_ELEMENT = '<(?:(?=!--)!(?:-(?!->)[^-]*)*(?:-->)?|(?!!--)[^>]*>?)';

/** Shortcode names as wptexturize() spots them: `[name` or `[/name`. */
const SHORTCODE_NAME = /\[\/?([^<>&/[\]\x00-\x20=]+)/g;

/**
 * _get_wptexturize_shortcode_regex(). Its `(?:...)*+` must stay possessive ("possessive
 * critical"), or a long unclosed tag backtracks exponentially: group 1 plus `\1` emulates that.
 */
function shortcodeTagPattern(tagNames: readonly string[]): string {
  const names = `(?:${tagNames.map(escapeRegExp).join('|')})(?=[${WS_CHARS}\\]/])`;
  return `\\[[/[]?${names}(?=((?:[^[\\]<>]+|<[^[\\]>]*>)*))\\1\\]\\]?`;
}

/**
 * Replaces common plain-text characters with typographic entities: curly quotes, apostrophes,
 * primes, dashes, ellipses, the trademark sign and the multiplication sign. HTML elements and
 * comments, registered shortcode tags, and the contents of pre, code, kbd, style, script and tt
 * are left as they are, except that a lone & inside an element becomes &#038;.
 */
export function wptexturize(text: string, shortcodeTags: readonly string[] = WP_CORE_SHORTCODE_TAGS): string {
  // PHP's empty(): '' and '0' come back untouched.
  if (text === '' || text === '0') return text;

  const namesInText = new Set(Array.from(text.matchAll(SHORTCODE_NAME), (match) => match[1]));
  const tagNames = shortcodeTags.filter((tag) => namesInText.has(tag));
  const shortcode = tagNames.length > 0 ? shortcodeTagPattern(tagNames) : '';
  const splitter = new RegExp(shortcode === '' ? HTML_ELEMENT : `${HTML_ELEMENT}|${shortcode}`, 'g');
  const wholeShortcode = shortcode === '' ? null : new RegExp(`^${shortcode}${END}`);

  const tagsStack: string[] = [];
  const shortcodesStack: string[] = [];
  const pieces = splitDelimited(text, splitter).filter((piece) => piece !== '');
  return pieces
    .map((piece) => {
      if (piece.startsWith('<')) {
        if (piece.startsWith('<!--')) return piece;
        const element = piece.replace(LONE_AMPERSAND, '&#038;');
        pushPopElement(element, tagsStack, NO_TEXTURIZE_TAGS);
        return element;
      }
      if (phpTrim(piece) === '') return piece;
      if (piece.startsWith('[') && wholeShortcode?.test(piece)) {
        // Escaped shortcodes ([[gallery]]) are skipped without touching the stack.
        if (!piece.startsWith('[[') && !piece.endsWith(']]')) {
          pushPopElement(piece, shortcodesStack, NO_TEXTURIZE_SHORTCODES);
        }
        return piece;
      }
      if (tagsStack.length > 0 || shortcodesStack.length > 0) return piece;
      return texturizeText(piece);
    })
    .join('');
}

/** The texturizing proper of one run of text between elements. */
function texturizeText(text: string): string {
  let curl = strReplaceEach(text, STATIC_REPLACEMENTS);

  if (curl.includes("'")) {
    curl = pregReplaceEach(curl, APOS_PATTERNS);
    curl = texturizePrimes(curl, "'", PRIME, OPEN_SQ_FLAG, CLOSING_SINGLE_QUOTE);
    curl = strReplace(curl, APOS_FLAG, APOS);
    curl = strReplace(curl, OPEN_SQ_FLAG, OPENING_SINGLE_QUOTE);
  }
  if (curl.includes('"')) {
    curl = pregReplaceEach(curl, QUOTE_PATTERNS);
    curl = texturizePrimes(curl, '"', DOUBLE_PRIME, OPEN_Q_FLAG, CLOSING_QUOTE);
    curl = strReplace(curl, OPEN_Q_FLAG, OPENING_QUOTE);
  }
  if (curl.includes('-')) {
    curl = pregReplaceEach(curl, DASH_PATTERNS);
  }
  if (MAYBE_TIMES.test(curl)) {
    curl = curl.replace(TIMES, '$1&#215;$2');
  }
  return curl.replace(LONE_AMPERSAND, '&#038;');
}

interface PrimePatterns {
  readonly quote: RegExp;
  readonly prime: RegExp;
}

const PRIME_PATTERNS: Readonly<Record<"'" | '"', PrimePatterns>> = {
  "'": { quote: new RegExp(`'(?=${AFTER_CLOSING})`, 'g'), prime: /(?<=\d)'/g },
  '"': { quote: new RegExp(`"(?=${AFTER_CLOSING})`, 'g'), prime: /(?<=\d)"/g },
};
const FLAG_AFTER_DIGIT = new RegExp(`(?<=\\d)${PRIME_OR_QUOTE_FLAG}`, 'g');
const FLAG_NO_DIGIT = new RegExp(`(?<!\\d)${PRIME_OR_QUOTE_FLAG}`, 'g');

/**
 * wptexturize_primes(): decides, sentence by sentence (a sentence starts at an opening quote),
 * whether 7' or 7" after a digit is a prime (feet, inches) or the closing quote of the sentence.
 */
function texturizePrimes(
  haystack: string,
  needle: "'" | '"',
  prime: string,
  openQuote: string,
  closeQuote: string,
): string {
  const patterns = PRIME_PATTERNS[needle];
  const sentences = haystack.split(openQuote).map((sentence, index) => {
    if (!sentence.includes(needle)) return sentence;
    const resolved =
      index !== 0 && !sentence.includes(closeQuote)
        ? resolveOpenedSentence(sentence, patterns, prime, closeQuote)
        : sentence.replace(patterns.prime, prime).replace(patterns.quote, closeQuote);
    // Any double quote still standing is taken as a closing one.
    return needle === '"' ? strReplace(resolved, '"', closeQuote) : resolved;
  });
  return sentences.join(openQuote);
}

/** A sentence after an opening quote that has no closing quote yet. */
function resolveOpenedSentence(sentence: string, patterns: PrimePatterns, prime: string, closeQuote: string): string {
  const flagged = replaceCounting(sentence, patterns.quote, PRIME_OR_QUOTE_FLAG);
  let text = flagged.result;
  if (flagged.count === 0) {
    return text.replace(patterns.prime, prime);
  }
  if (flagged.count === 1) {
    // Only one closing-quote candidate: it wins over primes.
    return strReplace(text, PRIME_OR_QUOTE_FLAG, closeQuote).replace(patterns.prime, prime);
  }
  // Several candidates ("Vulcan logic"): those not after a digit are closing quotes...
  const notAfterDigit = replaceCounting(text, FLAG_NO_DIGIT, closeQuote);
  text = notAfterDigit.result;
  if (notAfterDigit.count === 0) {
    // ...otherwise the rightmost one followed by a period, or failing that the rightmost one.
    const withPeriod = text.lastIndexOf(`${PRIME_OR_QUOTE_FLAG}.`);
    const position = withPeriod !== -1 ? withPeriod : text.lastIndexOf(PRIME_OR_QUOTE_FLAG);
    text = text.slice(0, position) + closeQuote + text.slice(position + PRIME_OR_QUOTE_FLAG.length);
  }
  text = text.replace(patterns.prime, prime).replace(FLAG_AFTER_DIGIT, prime);
  return strReplace(text, PRIME_OR_QUOTE_FLAG, closeQuote);
}

/**
 * _wptexturize_pushpop_element(): pushes a disabled element on its opening tag and pops it on its
 * closing tag. The name runs from after `<`, `</`, `[` or `[/` up to the first space, or else up
 * to the last character, so `<pre>` and `<pre class="x">` count but `<PRE>` and `<pre\n>` do not.
 */
function pushPopElement(tag: string, stack: string[], disabled: readonly string[]): void {
  const opening = tag.length > 1 && tag.charAt(1) !== '/';
  if (!opening && stack.length === 0) return;
  const nameOffset = opening ? 1 : 2;
  const space = tag.indexOf(' ');
  const name = phpSubstr(tag, nameOffset, space === -1 ? -1 : space - nameOffset);
  if (!disabled.includes(name)) return;
  if (opening) {
    // Disabled until our own closing tag, even across invalid nesting.
    stack.push(name);
  } else if (stack[stack.length - 1] === name) {
    stack.pop();
  }
}

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

// WordPress 6.x+ no longer lists math here: inline <math> gets a paragraph, its newlines survive.
const ALLBLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|' +
  'blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|' +
  'nav|figure|figcaption|details|menu|summary)';

/** get_html_split_regex(): comments and CDATA sections (closed or not), then any other element. */
const HTML_SPLIT = new RegExp(
  '<(?:' +
    '(?=!--|!\\[CDATA\\[)(?:(?=!-)!(?:-(?!->)[^-]*)*(?:-->)?|!\\[CDATA\\[[^\\]]*(?:\\](?!\\]>)[^\\]]*)*(?:\\]\\]>)?)' +
    '|(?!!--|!\\[CDATA\\[)[^>]*>?' +
    ')',
  'g',
);

/** wp_html_split(): text, element, text, element, ..., text. */
export function wpHtmlSplit(text: string): string[] {
  return splitDelimited(text, HTML_SPLIT);
}

const re = (source: string, flags = 'g') => new RegExp(source, flags);

const AUTOP_RULES = {
  doubleBr: re(`<br${WS}*/?>${WS}*<br${WS}*/?>`),
  beforeBlock: re(`(<${ALLBLOCKS}[${WS_CHARS}/>])`),
  afterBlock: re(`(</${ALLBLOCKS}>)`),
  afterHr: re(`(<hr${WS}*?/?>)`),
  paragraphBreak: re(`\\n${WS}*\\n`),
  emptyParagraph: re(`<p>${WS}*</p>`),
  wrappedBlock: re(`<p>${WS}*(</?${ALLBLOCKS}[^>]*>)${WS}*</p>`),
  pBeforeBlock: re(`<p>${WS}*(</?${ALLBLOCKS}[^>]*>)`),
  pAfterBlock: re(`(</?${ALLBLOCKS}[^>]*>)${WS}*</p>`),
  brAfterBlock: re(`(</?${ALLBLOCKS}[^>]*>)${WS}*<br />`),
  brBeforeBlock: re(`<br />(${WS}*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`),
  newline: re(`(?<!<br />)${WS}*\\n`),
} as const;

/**
 * wpautop(): turns double line breaks into paragraphs and, with `br`, the remaining single ones
 * into `<br />`. Block-level elements are not wrapped, <pre> contents are left alone, and the
 * output ends with a newline; whitespace-only input (PHP trim()) gives ''.
 */
export function wpautop(text: string, br = true): string {
  if (phpTrim(text) === '') return '';

  const stashed = stashPreElements(text + '\n');
  let html = stashed.text;

  html = html.replace(AUTOP_RULES.doubleBr, '\n\n');
  html = html.replace(AUTOP_RULES.beforeBlock, '\n\n$1');
  html = html.replace(AUTOP_RULES.afterBlock, '$1\n\n');
  html = html.replace(AUTOP_RULES.afterHr, '$1\n\n');
  html = html.replace(/\r\n|\r/g, '\n');
  html = replaceInHtmlTags(html, '\n', ' <!-- wpnl --> ');
  html = collapseAroundEmbeddedElements(html);
  html = html.replace(/\n\n+/g, '\n\n');

  const paragraphs = html.split(AUTOP_RULES.paragraphBreak).filter((paragraph) => paragraph !== '');
  html = paragraphs.map((paragraph) => `<p>${phpTrim(paragraph, '\n')}</p>\n`).join('');

  html = html.replace(AUTOP_RULES.emptyParagraph, '');
  html = html.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  html = html.replace(AUTOP_RULES.wrappedBlock, '$1');
  html = html.replace(/<p>(<li[^\n]+?)<\/p>/g, '$1');
  html = html.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  html = strReplace(html, '</blockquote></p>', '</p></blockquote>');
  html = html.replace(AUTOP_RULES.pBeforeBlock, '$1');
  html = html.replace(AUTOP_RULES.pAfterBlock, '$1');
  if (br) html = insertLineBreaks(html);
  html = html.replace(AUTOP_RULES.brAfterBlock, '$1');
  html = html.replace(AUTOP_RULES.brBeforeBlock, '$1');
  html = html.replace(/\n<\/p>(?=\n?$)/, '</p>');

  html = strReplaceEach(html, stashed.preElements);
  if (html.includes('<!-- wpnl -->')) {
    html = strReplaceEach(html, [
      [' <!-- wpnl --> ', '\n'],
      ['<!-- wpnl -->', '\n'],
    ]);
  }
  return html;
}

/**
 * Swaps each <pre> element for a placeholder so autop leaves it alone. Like WordPress, a part
 * before `</pre>` without any `<pre` is kept but loses that `</pre>`.
 */
function stashPreElements(text: string): { text: string; preElements: Array<[string, string]> } {
  if (!text.includes('<pre')) return { text, preElements: [] };
  const parts = text.split('</pre>');
  const lastPart = parts.pop() ?? '';
  const preElements: Array<[string, string]> = [];
  let result = '';
  for (const part of parts) {
    const start = part.indexOf('<pre');
    if (start === -1) {
      result += part;
      continue;
    }
    const name = `<pre wp-pre-tag-${preElements.length}></pre>`;
    preElements.push([name, part.slice(start) + '</pre>']);
    result += part.slice(0, start) + name;
  }
  return { text: result + lastPart, preElements };
}

/** wp_replace_in_html_tags() for one needle: replaces only inside elements and comments. */
function replaceInHtmlTags(haystack: string, needle: string, replacement: string): string {
  const parts = splitDelimited(haystack, HTML_SPLIT);
  let changed = false;
  for (let i = 1; i < parts.length; i += 2) {
    const element = parts[i] ?? '';
    if (element.includes(needle)) {
      parts[i] = strReplace(element, needle, replacement);
      changed = true;
    }
  }
  return changed ? parts.join('') : haystack;
}

/** Keeps <option>, <object>/<param>/<embed>, <audio>/<video> sources and <figcaption> out of autop. */
function collapseAroundEmbeddedElements(html: string): string {
  let text = html;
  if (text.includes('<option')) {
    text = text.replace(re(`${WS}*<option`), '<option');
    text = text.replace(re(`</option>${WS}*`), '</option>');
  }
  if (text.includes('</object>')) {
    text = text.replace(re(`(<object[^>]*>)${WS}*`), '$1');
    text = text.replace(re(`${WS}*</object>`), '</object>');
    text = text.replace(re(`${WS}*(</?(?:param|embed)[^>]*>)${WS}*`), '$1');
  }
  if (text.includes('<source') || text.includes('<track')) {
    text = text.replace(re(`([<[](?:audio|video)[^>\\]]*[>\\]])${WS}*`), '$1');
    text = text.replace(re(`${WS}*([<[]/(?:audio|video)[>\\]])`), '$1');
    text = text.replace(re(`${WS}*(<(?:source|track)[^>]*>)${WS}*`), '$1');
  }
  if (text.includes('<figcaption')) {
    text = text.replace(re(`${WS}*(<figcaption[^>]*>)`), '$1');
    text = text.replace(re(`</figcaption>${WS}*`), '</figcaption>');
  }
  return text;
}

/** The `$br` step of wpautop(): newlines outside script, style, svg and math become <br />. */
function insertLineBreaks(html: string): string {
  let text = html.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (element) =>
    strReplace(element, '\n', '<WPPreserveNewline />'),
  );
  text = text.replace(/<br>|<br\/>/g, '<br />');
  text = text.replace(AUTOP_RULES.newline, '<br />\n');
  return strReplace(text, '<WPPreserveNewline />', '\n');
}

/**
 * shortcode_unautop(): unwraps a registered shortcode that wpautop() put alone in a paragraph.
 * With no shortcodes registered it returns the text unchanged.
 */
export function shortcodeUnautop(text: string, shortcodeTags: readonly string[] = WP_CORE_SHORTCODE_TAGS): string {
  if (shortcodeTags.length === 0) return text;
  const names = shortcodeTags.map(escapeRegExp).join('|');
  const pattern = new RegExp(
    `<p>(?:${SPACES})*` +
      `(\\[(${names})(?![\\w-])` + // 1: the shortcode, 2: its name.
      '[^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?' + // Inside the opening tag.
      '(?:\\/\\]' + // Self-closing,
      '|\\](?:[^\\[]*(?:\\[(?!\\/\\2\\])[^\\[]*)*\\[\\/\\2\\])?))' + // or content and a closing tag.
      `(?:${SPACES})*</p>`,
    'g',
  );
  return text.replace(pattern, '$1');
}

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

/**
 * `trim( apply_filters( 'the_title', $raw ) )` with WordPress's default filters: wptexturize,
 * convert_chars and trim at priority 10, then capital_P_dangit at 11 in its title mode.
 */
export function theTitle(raw: string, options: Pick<FormattingOptions, 'shortcodeTags'> = {}): string {
  const tags = options.shortcodeTags;
  return filteredTitles.get(`${tags === undefined ? '-' : JSON.stringify(tags)}\u0000${raw}`, () => filterTitle(raw, tags));
}

/**
 * Titles as the_title shows them, by the shortcode tags and the raw title: every event, venue and
 * organizer of every answer shows one (list pages, JSON-LD, archive links), and wptexturize's
 * regular expressions took about 2 % of a cold list's CPU. A pure function of its key (no state
 * across calls), so the memo is never stale; bounded.
 */
const filteredTitles = new PureMemo<string>(5_000, 1_000);

function filterTitle(raw: string, shortcodeTags: readonly string[] | undefined): string {
  let title = wptexturize(raw, shortcodeTags);
  title = convertChars(title);
  title = phpTrim(title);
  title = capitalPDangit(title, 'the_title');
  return phpTrim(title);
}
