/** wpautop() and shortcode_unautop() of wp-includes/formatting.php: paragraphs from line breaks. */

import { escapeRegExp, SPACES, splitDelimited, WS, WS_CHARS } from './pcre.js';
import { strReplace, strReplaceEach } from './php-strings.js';
import { HTML_SPLIT } from './html-split.js';
import { WP_CORE_SHORTCODE_TAGS } from './formatting-options.js';
import { phpTrim } from '../php/php-values.js';

// WordPress 6.x+ no longer lists math here: inline <math> gets a paragraph, its newlines survive.
const ALLBLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|' +
  'blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|' +
  'nav|figure|figcaption|details|menu|summary)';

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
