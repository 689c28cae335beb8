/** wptexturize() of wp-includes/formatting.php: curly quotes, dashes, ellipses and primes. */

import { END, pregReplaceEach, replaceCounting, SPACES, splitDelimited, WS_CHARS, escapeRegExp } from './pcre.js';
import { phpSubstr, strReplace, strReplaceEach } from './php-strings.js';
import { WP_CORE_SHORTCODE_TAGS } from './formatting-options.js';
import { phpTrim } from '../php/php-values.js';

export const OPENING_QUOTE = '&#8220;';
const CLOSING_QUOTE = '&#8221;';
const APOS = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
export const OPENING_SINGLE_QUOTE = '&#8216;';
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
