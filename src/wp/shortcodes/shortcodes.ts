/**
 * The shortcode engine of wp-includes/shortcodes.php: get_shortcode_regex(), shortcode_parse_atts(),
 * shortcode_atts(), do_shortcode() with do_shortcodes_in_html_tags() and
 * unescape_invalid_shortcodes(), and strip_shortcodes().
 *
 * WordPress keeps the registered shortcodes in a global ($shortcode_tags); here the caller passes
 * them. A handler that runs do_shortcode() on its own content (img_caption_shortcode does) calls
 * `doShortcodeNested`, which uses the handlers of the do_shortcode() call under way, as WordPress's
 * nested call reads the same global.
 *
 * PCRE habits spelled out (see src/wp/text/pcre.ts for the same notes): `\s` without the
 * UTF flag is only HT, LF, VT, FF, CR and space; `$` without the D modifier also matches before a
 * final newline.
 */

import type { ContentEnv, ShortcodeHandler } from '../text/content-env.js';
import { scanningEnv } from '../text/content-env.js';
import { escHtml } from '../text/escaping.js';
import { escapeRegExp } from '../text/pcre.js';
import { wpHtmlSplit } from '../text/html-split.js';
import { ALLOWED_PROTOCOLS, URI_ATTRIBUTES, ksesBadProtocol, ksesNoNull } from '../text/kses.js';
import { ksesPostContent } from '../write/kses-save.js';
import { isPhpEmpty } from '../php/php-empty.js';

/** Parsed shortcode attributes: named keys, and '0', '1', ... for positional values. */
export type ShortcodeAttributes = Record<string, string>;

/** PCRE's `\s` (no UTF flag) as the inside of a character class. */
const WS_CHARS = '\\t\\n\\v\\f\\r ';
const WS = `[${WS_CHARS}]`;
/** PCRE's `$` without the D modifier: the end, or just before a final newline. */
const END = '(?=\\n?$)';

/**
 * get_shortcode_regex( $tagnames ): the pattern (source, no delimiters) do_shortcode() runs with
 * the `g` flag. Groups: 1 an extra `[` (escaping `[[tag]]`), 2 the name, 3 the attribute text,
 * 4 the self-closing `/`, 5 the enclosed content, 6 an extra `]`.
 *
 * PHP's pattern makes the content loop possessive (`[^\[]*+`, `)*+`) to bound backtracking. The
 * content can only end right before the first `[/tag]` either way (it cannot swallow one), so the
 * plain quantifiers here find the same matches.
 */
export function getShortcodeRegex(tagNames: readonly string[]): string {
  const tagRegexp = tagNames.map(escapeRegExp).join('|');
  return (
    '\\[' + // Opening bracket.
    '(\\[?)' + // 1: an optional second opening bracket for escaping shortcodes: [[tag]].
    `(${tagRegexp})` + // 2: the shortcode name,
    '(?![\\w-])' + // not followed by a word character or a hyphen.
    '(' + // 3: inside the opening tag (the loop unrolled):
    '[^\\]\\/]*' + // not a closing bracket or a slash,
    '(?:\\/(?!\\])[^\\]\\/]*)*?' + // a slash not followed by a closing bracket, and so on.
    ')' +
    '(?:' +
    '(\\/)' + // 4: self-closing tag...
    '\\]' + // ...and its closing bracket,
    '|' +
    '\\]' + // or a closing bracket,
    '(?:' +
    '(' + // 5: optionally, anything up to the closing tag:
    '[^\\[]*' + // not an opening bracket,
    '(?:\\[(?!\\/\\2\\])[^\\[]*)*' + // an opening bracket that does not start the closing tag, and so on,
    ')' +
    '\\[\\/\\2\\]' + // the closing tag.
    ')?' +
    ')' +
    '(\\]?)' // 6: an optional second closing bracket for escaping shortcodes: [[tag]].
  );
}

/** get_shortcode_atts_regex(), with PCRE's `\s`. */
const ATTS_PATTERN = new RegExp(
  [
    `([\\w-]+)${WS}*=${WS}*"([^"]*)"(?:${WS}|$)`,
    `([\\w-]+)${WS}*=${WS}*'([^']*)'(?:${WS}|$)`,
    `([\\w-]+)${WS}*=${WS}*([^${WS_CHARS}'"]+)(?:${WS}|$)`,
    `"([^"]*)"(?:${WS}|$)`,
    `'([^']*)'(?:${WS}|$)`,
    `([^${WS_CHARS}]+)(?:${WS}|$)`,
  ].join('|'),
  'g',
);

/**
 * PHP stripcslashes(): C-style escapes (\n, \t, \r, \a, \v, \b, \f, octal \NNN, hex \xHH)
 * become their characters; a backslash before anything else is dropped.
 */
export function stripcslashes(text: string): string {
  return text.replace(/\\(?:([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|([\s\S])|$)/g, (_, octal?: string, hex?: string, char?: string) => {
    if (octal !== undefined) return String.fromCharCode(parseInt(octal, 8) & 0xff);
    if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
    if (char === undefined) return '';
    const named: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', v: '\v', b: '\b', f: '\f' };
    return named[char] ?? char;
  });
}

/** Where shortcodeParseAtts() keeps the keys in PHP's order (see phpOrderedEntries). */
const PHP_KEY_ORDER: unique symbol = Symbol('PHP key order');

/**
 * The attributes in the order PHP's array holds them. A JavaScript object lists integer-like
 * keys ('0', '1', ...) before the others whatever the insertion order; shortcodeParseAtts()
 * records the real order (PHP's `foreach` over `$atts`) beside them.
 */
export function phpOrderedEntries(atts: Readonly<Record<string, string>>): Array<[string, string]> {
  const order = (atts as { [PHP_KEY_ORDER]?: readonly string[] })[PHP_KEY_ORDER];
  const keys = order !== undefined && order.length === Object.keys(atts).length ? order : Object.keys(atts);
  return keys.map((key) => [key, atts[key]!]);
}

/** PHP's rule for array keys: a decimal integer string becomes an integer key. */
function isIntegerKey(key: string): boolean {
  return /^(?:0|-?[1-9][0-9]*)$/.test(key) && Number.isSafeInteger(Number(key));
}

/**
 * shortcode_parse_atts(): named attributes (lower-cased names) and positional values, each run
 * through stripcslashes(); a value holding an unclosed HTML element becomes ''. Text with no
 * attribute at all gives the text itself, left-trimmed (so '' for an empty or blank tag).
 *
 * Positional values get PHP's next integer key ('0', '1', ...). PHP arrays keep insertion order
 * with integer and string keys mixed, a JavaScript object does not: phpOrderedEntries() gives
 * PHP's order.
 */
export function shortcodeParseAtts(text: string): ShortcodeAttributes | '' | string {
  const normalized = text.replace(/[\u00a0\u200b]+/g, ' ');
  const matches = [...normalized.matchAll(ATTS_PATTERN)];
  if (matches.length === 0) return normalized.replace(/^[ \t\n\r\0\x0B]+/, '');

  const atts: ShortcodeAttributes = {};
  const order: string[] = [];
  Object.defineProperty(atts, PHP_KEY_ORDER, { value: order, enumerable: false });
  let nextIndex = 0;
  const set = (key: string, value: string) => {
    if (!Object.prototype.hasOwnProperty.call(atts, key)) order.push(key);
    atts[key] = value;
    if (isIntegerKey(key) && Number(key) >= nextIndex) nextIndex = Number(key) + 1;
  };
  const push = (value: string) => set(String(nextIndex), value);
  for (const m of matches) {
    if (!isPhpEmpty(m[1])) set(m[1]!.toLowerCase(), stripcslashes(m[2]!));
    else if (!isPhpEmpty(m[3])) set(m[3]!.toLowerCase(), stripcslashes(m[4]!));
    else if (!isPhpEmpty(m[5])) set(m[5]!.toLowerCase(), stripcslashes(m[6]!));
    else if (m[7] !== undefined && m[7] !== '') push(stripcslashes(m[7]));
    else if (m[8] !== undefined && m[8] !== '') push(stripcslashes(m[8]));
    else if (m[9] !== undefined) push(stripcslashes(m[9]));
  }
  // Reject any unclosed HTML elements.
  for (const [key, value] of Object.entries(atts)) {
    if (value.includes('<') && !/^[^<]*(?:<[^>]*>[^<]*)*$/.test(value)) atts[key] = '';
  }
  return atts;
}

/**
 * shortcode_atts( $pairs, $atts ) without its `shortcode_atts_{$shortcode}` filter: every key of
 * the defaults, taken from the attributes when present there. `''` (a tag without attributes)
 * names nothing.
 */
export function shortcodeAtts<T extends Record<string, unknown>>(
  defaults: T,
  atts: Readonly<Record<string, string>> | '' | undefined,
): { [K in keyof T]: T[K] | string } {
  const given: Readonly<Record<string, string>> = typeof atts === 'object' && atts !== null ? atts : {};
  const out = {} as { [K in keyof T]: T[K] | string };
  for (const key of Object.keys(defaults) as Array<keyof T & string>) {
    out[key] = Object.prototype.hasOwnProperty.call(given, key) ? given[key]! : defaults[key];
  }
  return out;
}

/** The names do_shortcode() looks for: `[` followed by a run of name characters. */
const TAG_NAME_IN_TEXT = /\[([^<>&/[\]\x00-\x20=]+)/g;

/** PHP strtr() with an array: longest keys first, each position replaced once. */
function strtr(text: string, pairs: Readonly<Record<string, string>>): string {
  const keys = Object.keys(pairs).sort((a, b) => b.length - a.length);
  if (keys.length === 0) return text;
  const pattern = new RegExp(keys.map((key) => key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, (found) => pairs[found]!);
}

const ENCODE_BRACKETS = { '[': '&#91;', ']': '&#93;' } as const;

/** The attribute grammar of wp_kses_hair_parse() (the PHP uses the x modifier). */
const HAIR_ATTRIBUTE =
  '(?:[_a-zA-Z][-_a-zA-Z0-9:.]*|\\[\\[?[^\\[\\]]+\\]\\]?)' + // A name, or a shortcode in the name position.
  `(?:${WS}*=${WS}*(?:"[^"]*"|'[^']*'|[^${WS_CHARS}"']+(?:${WS}|$))|(?:${WS}|$))` + // Value, or the space a valueless one needs.
  `${WS}*`;

/** wp_kses_hair_parse(): the attributes as written (trailing space included), or false. */
function ksesHairParse(attr: string): string[] | false {
  if (attr === '') return [];
  if (!new RegExp(`^(?:${HAIR_ATTRIBUTE})+${END}`).test(attr)) return false;
  return [...attr.matchAll(new RegExp(HAIR_ATTRIBUTE, 'g'))].map((match) => match[0]);
}

/**
 * wp_kses_attr_parse(): an opening tag as [front, ...attributes, back], every character of the
 * input kept; false for a closing tag or anything the attribute grammar does not read.
 */
export function ksesAttrParse(element: string): string[] | false {
  const m = new RegExp(`^(<${WS}*)(\\/${WS}*)?([a-zA-Z0-9]+${WS}*)([^>]*)(>?)${END}`).exec(element);
  if (!m) return false;
  const [, begin, slash = '', elname, attrAll, end] = m;
  if (slash !== '') return false;
  let attr = attrAll!;
  let xhtmlSlash = '';
  const slashMatch = new RegExp(`${WS}*\\/${WS}*${END}`).exec(attr);
  if (slashMatch) {
    xhtmlSlash = slashMatch[0];
    attr = attr.slice(0, attr.length - xhtmlSlash.length);
  }
  const attributes = ksesHairParse(attr);
  if (attributes === false) return false;
  return [begin! + slash + elname!, ...attributes, xhtmlSlash + end!];
}

/**
 * Whether wp_kses_attr_check() keeps `name="value"` on `element` under `$allowedposttags`.
 * The allow-list lives (unexported) in src/wp/write/kses-save.ts; it is asked through
 * wp_filter_post_kses on a one-attribute tag. `data-*` names, which WordPress allows on every
 * post tag but that port does not read, are allowed here by WordPress's own rule; a style is kept
 * when the CSS filter leaves something of it.
 */
function postKsesAllows(element: string, name: string, value: string): boolean {
  const lowerName = name.toLowerCase();
  const lowerElement = element.toLowerCase();
  if (ksesPostContent(`<${lowerElement}>`) === '') return false;
  if (/^data(?:-[a-z0-9_]+)+$/.test(lowerName)) return true;
  const probeValue = lowerName === 'style' ? value : 'x';
  const probed = ksesPostContent(`<${lowerElement} ${lowerName}="${probeValue.replace(/"/g, '&quot;')}">`);
  return probed.includes(` ${lowerName}=`);
}

/**
 * wp_kses_one_attr( $attr, $element ): one attribute made safe for the 'post' allow-list, its
 * surrounding whitespace kept; '' when the attribute is not allowed or its quotes do not close.
 */
export function ksesOneAttr(attribute: string, element: string): string {
  let attr = ksesNoNull(attribute, 'keep');
  const lead = new RegExp(`^${WS}*`).exec(attr)![0];
  const trail = new RegExp(`${WS}*$`).exec(attr.slice(lead.length))![0];
  attr = attr.slice(lead.length, attr.length - trail.length);

  const split = new RegExp(`${WS}*=${WS}*`).exec(attr);
  const name = split ? attr.slice(0, split.index) : attr;
  let value = '';
  if (split) {
    value = attr.slice(split.index + split[0].length);
    let quote = value === '' ? '' : value[0]!;
    if (quote === '"' || quote === "'") {
      if (value.length < 2 && value === quote) {
        // str_ends_with( '"', '"' ) holds; substr( '"', 1, -1 ) is ''.
        value = '';
      } else {
        if (!value.endsWith(quote)) return '';
        value = value.slice(1, -1);
      }
    } else {
      quote = '"';
    }
    value = escHtml(value);
    if (URI_ATTRIBUTES.has(name.toLowerCase())) value = ksesBadProtocol(value, ALLOWED_PROTOCOLS);
    attr = `${name}=${quote}${value}${quote}`;
  }
  if (!postKsesAllows(element, name, value)) attr = '';
  return lead + attr + trail;
}


/**
 * do_shortcode_tag(): the replacement of one match. `[[tag]]` loses one pair of brackets;
 * otherwise the handler runs with the parsed attributes and the enclosed content. PHP's match
 * array always holds group 5 (group 6 after it always takes part), so a self-closing or unclosed
 * tag passes '' as content, as WordPress does.
 */
function shortcodeTagReplacer(handlers: Readonly<Record<string, ShortcodeHandler>>, env: ContentEnv) {
  return (whole: string, open: string, tag: string, attrText: string, _slash: string | undefined, content: string | undefined, close: string) => {
    if (open === '[' && close === ']') return whole.slice(1, -1);
    const handler = handlers[tag];
    if (handler === undefined) return whole;
    const attr = shortcodeParseAtts(attrText) as ShortcodeAttributes | '';
    return open + handler(attr, content ?? '', tag, env) + close;
  };
}

function replaceShortcodes(
  text: string,
  pattern: RegExp,
  handlers: Readonly<Record<string, ShortcodeHandler>>,
  env: ContentEnv,
): { text: string; count: number } {
  let count = 0;
  const replace = shortcodeTagReplacer(handlers, env);
  const out = text.replace(pattern, (...args: unknown[]) => {
    count++;
    const [whole, open, tag, attrText, slash, content, close] = args as [string, string, string, string, string | undefined, string | undefined, string];
    return replace(whole, open, tag, attrText, slash, content, close);
  });
  return { text: out, count };
}

/**
 * do_shortcodes_in_html_tags(): shortcodes in the attributes of HTML tags are run (a quoted
 * attribute's result is kept only when wp_kses_one_attr() leaves something of it); every other
 * `[` and `]` inside a tag, comment or CDATA section is encoded as &#91; / &#93; so the main pass
 * does not see it (unescape_invalid_shortcodes() turns them back afterwards).
 */
function doShortcodesInHtmlTags(
  content: string,
  ignoreHtml: boolean,
  tagNames: readonly string[],
  handlers: Readonly<Record<string, ShortcodeHandler>>,
  env: ContentEnv,
): string {
  // Normalize entities in unfiltered HTML before adding placeholders.
  const normalized = strtr(content, { '&#91;': '&#091;', '&#93;': '&#093;' });
  const pattern = () => new RegExp(getShortcodeRegex(tagNames), 'g');
  const parts = wpHtmlSplit(normalized);
  for (let i = 0; i < parts.length; i++) {
    let element = parts[i]!;
    if (element === '' || element[0] !== '<') continue;

    const noOpen = !element.includes('[');
    const noClose = !element.includes(']');
    if (noOpen || noClose) {
      // No shortcode here; a stray bracket is encoded.
      if (noOpen !== noClose) parts[i] = strtr(element, ENCODE_BRACKETS);
      continue;
    }

    if (ignoreHtml || element.startsWith('<!--') || element.startsWith('<![CDATA[')) {
      parts[i] = strtr(element, ENCODE_BRACKETS);
      continue;
    }

    const attributes = ksesAttrParse(element);
    if (attributes === false) {
      // Some plugins are doing things like [name] <[email]>.
      if (new RegExp(`^<${WS}*\\[\\[?[^\\[\\]]+\\]`).test(element)) {
        element = replaceShortcodes(element, pattern(), handlers, env).text;
      }
      // Looks like unfiltered HTML that cannot be read: left alone, its brackets encoded.
      parts[i] = strtr(element, ENCODE_BRACKETS);
      continue;
    }

    const front = attributes.shift()!;
    const back = attributes.pop()!;
    const elementName = /[a-zA-Z0-9]+/.exec(front)![0];

    for (let a = 0; a < attributes.length; a++) {
      const attr = attributes[a]!;
      const open = attr.indexOf('[');
      const close = attr.indexOf(']');
      if (open === -1 || close === -1) continue; // Its brackets are encoded below.
      const double = attr.indexOf('"');
      const single = attr.indexOf("'");
      if ((single === -1 || open < single) && (double === -1 || open < double)) {
        // `[shortcode]` or `name=[shortcode]`: written with unfiltered_html, so output kept as is.
        attributes[a] = replaceShortcodes(attr, pattern(), handlers, env).text;
      } else {
        // `name="[shortcode]"`: the output is run through KSES, and kept only if something is left.
        const { text: newAttr, count } = replaceShortcodes(attr, pattern(), handlers, env);
        if (count > 0) {
          const safe = ksesOneAttr(newAttr, elementName);
          if (safe.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '') !== '') attributes[a] = safe;
        }
      }
    }
    parts[i] = strtr(front + attributes.join('') + back, ENCODE_BRACKETS);
  }
  return parts.join('');
}

/** unescape_invalid_shortcodes(): the placeholders of do_shortcodes_in_html_tags() back to brackets. */
export function unescapeInvalidShortcodes(content: string): string {
  return strtr(content, { '&#91;': '[', '&#93;': ']' });
}

/** The registered names that appear after a `[` in the text, in registration order (array_intersect). */
function tagNamesInContent(content: string, registered: readonly string[]): string[] {
  const found = new Set(Array.from(content.matchAll(TAG_NAME_IN_TEXT), (m) => m[1]!));
  return registered.filter((tag) => found.has(tag));
}

/**
 * do_shortcode( $content, $ignore_html ) with `handlers` as `$shortcode_tags`: each registered
 * shortcode replaced by its handler's output, `[[tag]]` printed as `[tag]`, unregistered tags
 * left exactly as written, shortcodes inside HTML attributes handled as WordPress does.
 */
export function doShortcode(
  content: string,
  handlers: Readonly<Record<string, ShortcodeHandler>>,
  env: ContentEnv,
  ignoreHtml = false,
): string {
  if (!content.includes('[')) return content;
  const registered = Object.keys(handlers);
  if (registered.length === 0) return content;
  const tagNames = tagNamesInContent(content, registered);
  if (tagNames.length === 0) return content;

  env.state.shortcodeRegistries.push(handlers);
  try {
    let out = doShortcodesInHtmlTags(content, ignoreHtml, tagNames, handlers, env);
    out = replaceShortcodes(out, new RegExp(getShortcodeRegex(tagNames), 'g'), handlers, env).text;
    // Always restore square brackets, so things like <!--[if IE ]> survive.
    return unescapeInvalidShortcodes(out);
  } finally {
    env.state.shortcodeRegistries.pop();
  }
}

/**
 * do_shortcode( $content ) as a shortcode handler calls it on its own content: with the handlers
 * of the do_shortcode() call that is running the handler (WordPress's global $shortcode_tags).
 * Outside any do_shortcode() call no shortcode is registered, and the text comes back unchanged.
 */
export function doShortcodeNested(content: string, env: ContentEnv): string {
  const registries = env.state.shortcodeRegistries;
  const handlers = registries[registries.length - 1];
  return handlers === undefined ? content : doShortcode(content, handlers, env);
}

/**
 * strip_shortcodes( $content ) with `tagNames` as the registered shortcodes (WordPress's
 * strip_shortcodes_tagnames filter not applied): each registered shortcode removed with what it
 * encloses, `[[tag]]` printed as `[tag]`; shortcodes inside HTML tags are never stripped.
 */
export function stripShortcodes(content: string, tagNames: readonly string[]): string {
  if (!content.includes('[')) return content;
  if (tagNames.length === 0) return content;
  const present = tagNamesInContent(content, tagNames);
  if (present.length === 0) return content;
  let out = doShortcodesInHtmlTags(content, true, present, {}, scanningEnv());
  out = out.replace(
    new RegExp(getShortcodeRegex(present), 'g'),
    (whole: string, open: string, _tag: string, _attr: string, _slash: string | undefined, _content: string | undefined, close: string) =>
      open === '[' && close === ']' ? whole.slice(1, -1) : open + close,
  );
  return unescapeInvalidShortcodes(out);
}
