import { escHtml } from './escaping.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { phpTrim } from '../php/php-values.js';
import { ksesNormalizeEntities, LATIN1_ENTITY_NAMES } from './html-entities.js';
import { PureMemo } from '../../cache/pure-memo.js';

export { ksesNormalizeEntities };

/**
 * The parts of WordPress's kses (wp-includes/kses.php) that TEC's JSON-LD excerpt goes
 * through: `wp_kses()` with an explicit allow-list, `wp_kses_bad_protocol()` and the
 * `esc_url()` family that shares it, and PHP's `strip_tags()`.
 */

/** wp_allowed_protocols(). */
export const ALLOWED_PROTOCOLS: readonly string[] = [
  'http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed',
  'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn',
];

/** Element name → allowed attribute names (lower case), as wp_kses() takes them. */
export type KsesAllowList = Readonly<Record<string, readonly string[]>>;

/** Code points of the named references decoded in attribute values (Latin-1 and the basics). */
const NAMED_CODE_POINTS: ReadonlyMap<string, number> = new Map<string, number>([
  ...LATIN1_ENTITY_NAMES.map((name, i): [string, number] => [name, 160 + i]),
  ['quot', 34], ['amp', 38], ['lt', 60], ['gt', 62], ['apos', 39],
]);

/** wp_kses_no_null(); `slashZero: 'remove'` also drops `\0`-style sequences. */
export function ksesNoNull(text: string, slashZero: 'keep' | 'remove' = 'remove'): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '');
  return slashZero === 'remove' ? cleaned.replace(/\\+0+/g, '') : cleaned;
}

/** wp_kses_decode_entities(): numeric references only, each to one byte as PHP's chr() does. */
function ksesDecodeEntities(text: string): string {
  return text
    .replace(/&#([0-9]+);/g, (_m, d: string) => String.fromCharCode(Number(d) % 256))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16) % 256));
}

function badProtocolScheme(scheme: string, protocols: readonly string[]): string {
  const cleaned = ksesNoNull(ksesDecodeEntities(scheme).replace(/[ \t\n\r\f\v]/g, '')).toLowerCase();
  return protocols.some((p) => p.toLowerCase() === cleaned) ? `${cleaned}:` : '';
}

function badProtocolOnce(text: string, protocols: readonly string[], count = 1): string {
  let content = text.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const separator = /:|&#0*58;|&#x0*3a;|&colon;/i.exec(content);
  if (separator && !content.slice(0, separator.index).includes('/?')) {
    const scheme = content.slice(0, separator.index);
    content = phpTrim(content.slice(separator.index + separator[0].length));
    const protocol = badProtocolScheme(scheme, protocols);
    if (protocol === 'feed:') {
      if (count > 2) return '';
      content = badProtocolOnce(content, protocols, count + 1);
      if (isPhpEmpty(content)) return content;
    }
    content = protocol + content;
  }
  return content;
}

/** wp_kses_bad_protocol(): strips schemes not in the list; gives up (empty) on nested tricks. */
export function ksesBadProtocol(text: string, protocols: readonly string[] = ALLOWED_PROTOCOLS): string {
  let content = ksesNoNull(text);
  if (
    (content.startsWith('https://') && protocols.includes('https')) ||
    (content.startsWith('http://') && protocols.includes('http'))
  ) {
    return content;
  }
  let original: string;
  let iterations = 0;
  do {
    original = content;
    content = badProtocolOnce(content, protocols);
  } while (original !== content && ++iterations < 6);
  return original !== content ? '' : content;
}

/**
 * esc_url() (`display`) and esc_url_raw()/sanitize_url() (`db`): characters outside the URL set
 * dropped, `http://` added to scheme-less hosts, unknown schemes rejected (empty string); the
 * display form also escapes `&` as `&#038;` and `'` as `&#039;`.
 */
export function escUrl(url: string, context: 'display' | 'db' = 'display'): string {
  if (url === '') return url;
  return escapedUrls.get(`${context}\u0000${url}`, () => escapeUrl(url, context));
}

/**
 * URLs as esc_url gives them, by context and URL: an answer escapes dozens (permalinks, REST links,
 * image sizes, JSON-LD), mostly the same ones request after request, through a dozen regular
 * expressions each. A pure function of its key, so never stale; bounded.
 */
const escapedUrls = new PureMemo<string>(10_000, 2_000);

function escapeUrl(url: string, context: 'display' | 'db'): string {
  let out = url.replace(/^[ \t\n\r\0\x0B]+/, '').replace(/ /g, '%20');
  out = out.replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi, '');
  if (out === '') return out;
  if (!/^mailto:/i.test(out)) {
    // _deep_replace: until no encoded CR/LF is left.
    while (/%0[dDaA]/.test(out)) out = out.replace(/%0[dDaA]/g, '');
  }
  out = out.split(';//').join('://');
  if (!out.includes(':') && !['/', '#', '?'].includes(out[0] ?? '') && !/^[a-z0-9-]+?\.php/i.test(out)) {
    out = `http://${out}`;
  }
  if (context === 'display') {
    out = ksesNormalizeEntities(out).split('&amp;').join('&#038;').split("'").join('&#039;');
  }
  if (out.includes('[') || out.includes(']')) {
    // The scheme and authority (wp_parse_url) stay; brackets in the rest are encoded.
    const front = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i.exec(out)?.[0] ?? '';
    out = front + out.slice(front.length).replace(/\[/g, '%5B').replace(/\]/g, '%5D');
  }
  if (out[0] === '/') return out;
  const good = ksesBadProtocol(out);
  return good.toLowerCase() !== out.toLowerCase() ? '' : good;
}

/** The `strip_tags()` state machine of PHP (php_strip_tags_ex, no allowed tags). */
export function phpStripTags(text: string): string {
  const TEXT = 0, TAG = 1, PHP = 2, DECL = 3, COMMENT = 4;
  let state = TEXT;
  let depth = 0;
  let brackets = 0;
  let inQuote = '';
  let lastChar = '';
  let out = '';
  const isSpace = (c: string | undefined) => c !== undefined && /[ \t\n\r\v\f]/.test(c);
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const prev = i > 0 ? text[i - 1] : undefined;
    if (c === '\0') continue;
    if (state === TEXT) {
      if (c === '<') {
        if (isSpace(text[i + 1])) out += c;
        else {
          lastChar = '<';
          state = TAG;
        }
      } else if (c === '>' && depth) {
        depth--;
      } else {
        out += c;
      }
    } else if (state === TAG) {
      if (c === '<') {
        if (!inQuote && !isSpace(text[i + 1])) depth++;
      } else if (c === '>') {
        if (depth) depth--;
        else if (!inQuote) {
          lastChar = '>';
          inQuote = '';
          state = TEXT;
        }
      } else if (c === '"' || c === "'") {
        if (!inQuote || c === inQuote) inQuote = inQuote ? '' : c;
      } else if (c === '!' && prev === '<') {
        state = DECL;
        lastChar = c;
      } else if (c === '?' && prev === '<') {
        brackets = 0;
        state = PHP;
      }
    } else if (state === PHP) {
      if ((c === '(' || c === ')') && lastChar !== '"' && lastChar !== "'") {
        lastChar = c;
        brackets += c === '(' ? 1 : -1;
      } else if (c === '>') {
        if (depth) depth--;
        else if (!inQuote && !brackets && lastChar !== '"' && prev === '?') {
          inQuote = '';
          state = TEXT;
        }
      } else if (c === '"' || c === "'") {
        if (prev !== '\\') {
          if (lastChar === c) lastChar = '';
          else if (lastChar !== '\\') lastChar = c;
        }
        if (!inQuote || c === inQuote) inQuote = inQuote ? '' : c;
      }
    } else if (state === DECL) {
      if (c === '>') {
        if (depth) depth--;
        else if (!inQuote) {
          inQuote = '';
          state = TEXT;
        }
      } else if (c === '"' || c === "'") {
        if (prev !== '\\' && (!inQuote || c === inQuote)) inQuote = inQuote ? '' : c;
      } else if (c === '-' && prev === '-' && text[i - 2] === '!') {
        state = COMMENT;
      } else if ((c === 'E' || c === 'e') && /doctyp$/i.test(text.slice(Math.max(0, i - 6), i))) {
        state = TAG;
      }
    } else if (c === '>' && !inQuote && prev === '-' && text[i - 2] === '-') {
      // A quote still open from the enclosing tag keeps the comment going.
      inQuote = '';
      state = TEXT;
    }
  }
  return out;
}

/** wp_strip_all_tags(): script and style elements removed with their content, then strip_tags, trimmed. */
export function wpStripAllTags(text: string): string {
  return phpTrim(phpStripTags(text.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')));
}

/** Decodes character references in an attribute value, as WP_HTML_Tag_Processor::get_attribute does. */
function decodeAttribute(value: string): string {
  return value.replace(/&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*);)/g, (match, hex?: string, dec?: string, name?: string) => {
    if (name !== undefined) {
      const code = NAMED_CODE_POINTS.get(name);
      return code === undefined ? match : String.fromCodePoint(code);
    }
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return String.fromCodePoint(valid ? code : 0xfffd);
  });
}

/** wp_kses_uri_attributes(). */
export const URI_ATTRIBUTES: ReadonlySet<string> = new Set([
  'action', 'archive', 'background', 'cite', 'classid', 'codebase', 'data', 'formaction', 'href', 'icon',
  'longdesc', 'manifest', 'poster', 'profile', 'src', 'usemap', 'xmlns',
]);

interface KsesAttribute {
  name: string;
  value: string;
  whole: string;
}

/**
 * wp_kses_hair(): the attributes of a tag as the HTML tokenizer reads them (names lower-cased,
 * the first of duplicates kept, values decoded), URI values protocol-checked, each rebuilt as
 * `name="value"` with the syntax characters re-encoded. An unterminated quote drops them all.
 */
function ksesHair(attr: string, protocols: readonly string[]): KsesAttribute[] {
  const found = new Map<string, string | true>();
  let i = 0;
  const n = attr.length;
  const isWs = (c: string | undefined) => c !== undefined && /[ \t\n\r\f]/.test(c);
  while (i < n) {
    while (i < n && (isWs(attr[i]) || attr[i] === '/')) i++;
    if (i >= n) break;
    let name = attr[i]!;
    i++;
    while (i < n && !isWs(attr[i]) && attr[i] !== '/' && attr[i] !== '=') name += attr[i++];
    while (i < n && isWs(attr[i])) i++;
    let value: string | true = true;
    if (attr[i] === '=') {
      i++;
      while (i < n && isWs(attr[i])) i++;
      const quote = attr[i];
      if (quote === '"' || quote === "'") {
        const end = attr.indexOf(quote, i + 1);
        if (end === -1) return [];
        value = attr.slice(i + 1, end);
        i = end + 1;
      } else {
        let raw = '';
        while (i < n && !isWs(attr[i])) raw += attr[i++];
        value = raw;
      }
    }
    const lower = name.toLowerCase();
    if (!found.has(lower)) found.set(lower, typeof value === 'string' ? decodeAttribute(value) : value);
  }
  const syntax: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };
  return [...found].map(([name, raw]) => {
    if (raw === true) return { name, value: '', whole: name };
    const checked = URI_ATTRIBUTES.has(name) ? ksesBadProtocol(raw, protocols) : raw;
    const recoded = checked.replace(/[&<>'"]/g, (c) => syntax[c]!);
    return { name, value: recoded, whole: `${name}="${recoded}"` };
  });
}

/** The `safe_style_css` defaults of safecss_filter_attr(). */
const SAFE_STYLE_CSS: ReadonlySet<string> = new Set(
  (
    'background background-color background-image background-position background-repeat background-size ' +
    'background-attachment background-blend-mode border border-radius border-width border-color border-style ' +
    'border-right border-right-color border-right-style border-right-width border-bottom border-bottom-color ' +
    'border-bottom-left-radius border-bottom-right-radius border-bottom-style border-bottom-width border-left ' +
    'border-left-color border-left-style border-left-width border-top border-top-color border-top-left-radius ' +
    'border-top-right-radius border-top-style border-top-width border-spacing border-collapse caption-side ' +
    'columns column-count column-fill column-gap column-rule column-span column-width display color filter ' +
    'font font-family font-size font-style font-variant font-weight letter-spacing line-height text-align ' +
    'text-decoration text-indent text-transform white-space height min-height max-height width min-width ' +
    'max-width margin margin-right margin-bottom margin-left margin-top margin-block-start margin-block-end ' +
    'margin-inline-start margin-inline-end padding padding-right padding-bottom padding-left padding-top ' +
    'padding-block-start padding-block-end padding-inline-start padding-inline-end flex flex-basis ' +
    'flex-direction flex-flow flex-grow flex-shrink flex-wrap gap row-gap grid-template-columns ' +
    'grid-auto-columns grid-column-start grid-column-end grid-column grid-column-gap grid-template-rows ' +
    'grid-auto-rows grid-row-start grid-row-end grid-row grid-row-gap grid-gap justify-content justify-items ' +
    'justify-self align-content align-items align-self clear cursor direction float list-style-type ' +
    'object-fit object-position opacity overflow vertical-align writing-mode position top right bottom left ' +
    'z-index box-shadow aspect-ratio container-type'
  ).split(' '),
);
const CSS_URL_TYPES: ReadonlySet<string> = new Set([
  'background', 'background-image', 'cursor', 'filter', 'list-style', 'list-style-image',
]);
const CSS_GRADIENT_TYPES: ReadonlySet<string> = new Set(['background', 'background-image']);

/** Removes `var(…)`, `calc(…)` and the other allowed CSS functions, balanced parentheses included. */
function removeCssFunctions(css: string): string {
  const start = /\b(?:var|calc|min|max|minmax|clamp|repeat)\(/g;
  let out = '';
  let from = 0;
  let match: RegExpExecArray | null;
  while ((match = start.exec(css))) {
    let depth = 0;
    let end = -1;
    for (let j = match.index + match[0].length - 1; j < css.length; j++) {
      if (css[j] === '(') depth++;
      else if (css[j] === ')' && --depth === 0) {
        end = j;
        break;
      }
    }
    if (end === -1) continue;
    out += css.slice(from, match.index);
    from = end + 1;
    start.lastIndex = from;
  }
  return out + css.slice(from);
}

/** safecss_filter_attr(): keeps the declarations of allowed properties with harmless values. */
function safecssFilterAttr(input: string): string {
  const css = ksesNoNull(input).replace(/[\n\r\t]/g, '');
  let result = '';
  for (const rawItem of phpTrim(css).split(';')) {
    if (rawItem === '') continue;
    const item = phpTrim(rawItem);
    let testString = item;
    let found = false;
    let urlAttr = false;
    let gradientAttr = false;
    const colon = item.indexOf(':');
    const value = colon === -1 ? '' : item.slice(colon + 1);
    if (colon === -1) {
      found = true;
    } else {
      const selector = phpTrim(item.slice(0, colon));
      const customVar = /^--[a-zA-Z0-9-_]+$/.test(selector);
      if (customVar || SAFE_STYLE_CSS.has(selector)) {
        found = true;
        urlAttr = CSS_URL_TYPES.has(selector);
        gradientAttr = CSS_GRADIENT_TYPES.has(selector);
      }
      if (customVar) {
        const trimmed = phpTrim(value);
        urlAttr = trimmed.startsWith('url(');
        gradientAttr = trimmed.includes('-gradient(');
      }
    }
    if (found && urlAttr) {
      for (const urlMatch of value.match(/url\([^)]+\)/g) ?? []) {
        const pieces = /^url\(\s*(['"]?)(.*)(\1)\s*\)$/.exec(urlMatch);
        const url = pieces?.[2] ? phpTrim(pieces[2]) : '';
        if (url === '' || ksesBadProtocol(url) !== url) {
          found = false;
          break;
        }
        testString = testString.split(urlMatch).join('');
      }
    }
    if (found && gradientAttr) {
      const cssValue = phpTrim(value);
      if (/^(repeating-)?(linear|radial|conic)-gradient\(([^()]|rgb[a]?\([^()]*\))*\)$/.test(cssValue)) {
        testString = testString.split(cssValue).join('');
      }
    }
    if (found && !/[\\(&=}]|\/\*/.test(removeCssFunctions(testString))) {
      if (result !== '') result += ';';
      result += item;
    }
  }
  return result;
}

function ksesAttrCheck(attribute: KsesAttribute, allowedAttributes: readonly string[]): KsesAttribute | null {
  if (!allowedAttributes.includes(attribute.name)) return null;
  if (attribute.name !== 'style') return attribute;
  const decoded = decodeAttribute(attribute.value);
  const filtered = safecssFilterAttr(decoded);
  if (isPhpEmpty(filtered)) return null;
  if (filtered === decoded) return attribute;
  const encoded = escHtml(filtered);
  return { name: attribute.name, value: encoded, whole: attribute.whole.split(attribute.value).join(encoded) };
}

function ksesAttr(element: string, attr: string, allowed: KsesAllowList, protocols: readonly string[]): string {
  const xhtmlSlash = /[ \t\n\r\f\v]*\/[ \t\n\r\f\v]*$/.test(attr) ? ' /' : '';
  const allowedAttributes = allowed[element.toLowerCase()] ?? [];
  if (allowedAttributes.length === 0) return `<${element}${xhtmlSlash}>`;
  let kept = '';
  for (const attribute of ksesHair(attr, protocols)) {
    const checked = ksesAttrCheck(attribute, allowedAttributes);
    if (checked) kept += ` ${checked.whole}`;
  }
  return `<${element}${kept.replace(/[<>]/g, '')}${xhtmlSlash}>`;
}

function ksesSplit2(token: string, allowed: KsesAllowList, protocols: readonly string[]): string {
  const content = token.replace(/\\"/g, '"');
  if (!content.startsWith('<')) return '&gt;';
  if (/^(?:<\/[^a-zA-Z][^>]*>|<![a-z][^>]*>)$/.test(content)) {
    const opener = content[1]!;
    let inner = content.slice(2, -1);
    let previous: string;
    do {
      previous = inner;
      inner = wpKses(inner, allowed, protocols);
    } while (previous !== inner);
    return `<${opener}${inner}>`;
  }
  if (content.startsWith('<!--')) {
    let inner = content.split('<!--').join('').split('-->').join('');
    let next: string;
    while ((next = wpKses(inner, allowed, protocols)) !== inner) inner = next;
    if (inner === '') return '';
    inner = inner.replace(/--+/g, '-').replace(/-$/, '');
    return `<!--${inner}-->`;
  }
  const m = /^<[ \t\n\r\f\v]*(\/[ \t\n\r\f\v]*)?([a-zA-Z0-9-]+)([^>]*)>?$/.exec(content);
  if (!m) return '';
  const slash = phpTrim(m[1] ?? '');
  const element = m[2]!;
  if (!(element.toLowerCase() in allowed)) return '';
  if (slash !== '') return `</${element}>`;
  return ksesAttr(element, m[3] ?? '', allowed, protocols);
}

/** wp_pre_kses_less_than(): a `<` that never closes is escaped instead of read as a tag. */
function preKsesLessThan(text: string): string {
  return text.replace(/<[^>]*?((?=<)|>|$)/g, (match) => (match.includes('>') ? match : escHtml(match)));
}

/**
 * wp_kses() with an explicit allow-list: entities normalized, disallowed elements removed
 * (their text kept), disallowed attributes dropped, URLs protocol-checked, styles filtered.
 */
export function wpKses(text: string, allowed: KsesAllowList, protocols: readonly string[] = ALLOWED_PROTOCOLS): string {
  const content = preKsesLessThan(ksesNormalizeEntities(ksesNoNull(text, 'keep')));
  return content.replace(
    /(<!--[^\n]*?(-->|$)|<\/[^a-zA-Z][^>]*>|<![^>]*>)|(<[^>]*(>|$)|>)/g,
    (token) => ksesSplit2(token, allowed, protocols),
  );
}
