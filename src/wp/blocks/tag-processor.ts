import { escHtml } from '../text/escaping.js';

/**
 * The part of WordPress's WP_HTML_Tag_Processor (wp-includes/html-api/) that block rendering
 * uses: walk the tags of an HTML text in order, read an attribute, add a class or set an
 * attribute on the current tag, and get the text back with only those spots changed.
 *
 * The scanning follows the HTML API's rules where they matter for block markup: comments
 * (`<!-- -->`, including the abrupt `<!-->`), `<!DOCTYPE>`/`<![CDATA[`/`<?` bogus comments and
 * `</` + non-letter are skipped; the contents of SCRIPT, STYLE, TEXTAREA, TITLE, IFRAME, XMP,
 * NOEMBED and NOFRAMES are skipped up to their closing tag; a tag cut off by the end of the
 * text is not a tag. Attribute names are matched case-insensitively; the first of duplicate
 * attributes wins.
 */

interface Attribute {
  /** Lowercase name. */
  name: string;
  /** Offset of the attribute's name. */
  start: number;
  /** Offset just after the attribute's value (or name, for a boolean attribute). */
  end: number;
  /** The raw value (still encoded), or true for a boolean attribute. */
  value: string | true;
  /** A later attribute of a name already seen: ignored, but removed by set_attribute(). */
  duplicate: boolean;
}

interface TagToken {
  /** Uppercase tag name. */
  name: string;
  isCloser: boolean;
  start: number;
  /** Offset just after the tag name. */
  nameEnd: number;
  /** Offset just after `>`. */
  end: number;
  attributes: Attribute[];
}

/** Elements whose contents are text up to their closing tag (RAWTEXT / RCDATA / script data). */
const RAW_TEXT_ELEMENTS = new Set(['SCRIPT', 'STYLE', 'TEXTAREA', 'TITLE', 'IFRAME', 'XMP', 'NOEMBED', 'NOFRAMES']);

/** WP_HTML_Processor::is_void(): elements that never have a closing tag. */
const VOID_ELEMENTS = new Set([
  'AREA', 'BASE', 'BASEFONT', 'BGSOUND', 'BR', 'COL', 'EMBED', 'FRAME', 'HR', 'IMG', 'INPUT', 'KEYGEN', 'LINK',
  'META', 'PARAM', 'SOURCE', 'TRACK', 'WBR',
]);

export function isVoidElement(tagName: string): boolean {
  return VOID_ELEMENTS.has(tagName.toUpperCase());
}

const HTML_WHITESPACE = ' \t\f\r\n';

function isAsciiAlpha(char: string | undefined): boolean {
  return char !== undefined && /^[A-Za-z]$/.test(char);
}

/** strspn / strcspn on a set of characters. */
function spanOf(text: string, at: number, chars: string, inSet: boolean): number {
  let end = at;
  while (end < text.length && chars.includes(text[end]!) === inSet) end++;
  return end - at;
}

const NAMED_REFERENCES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
};

/**
 * WP_HTML_Decoder::decode_attribute(), for the references that occur in block markup: numeric
 * references and the basic named ones (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`).
 * Other named references are left as written.
 */
export function decodeAttributeValue(raw: string): string {
  return raw.replace(/&(?:#[xX]([0-9a-fA-F]+)|#([0-9]+)|([A-Za-z]+));?/g, (whole, hex?: string, dec?: string, name?: string) => {
    if (hex !== undefined || dec !== undefined) {
      const code = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(dec!, 10);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    const named = NAMED_REFERENCES[name!.toLowerCase() === name ? name! : ''];
    return named !== undefined && whole.endsWith(';') ? named : whole;
  });
}

export interface NextTagQuery {
  /** Only tags with this name (case-insensitive). */
  tagName?: string;
  /** Only tags whose class list holds this class. */
  className?: string;
  /** Also stop on closing tags (`tag_closers => 'visit'`). */
  visitClosers?: boolean;
}

export class TagProcessor {
  private at = 0;
  private current: TagToken | null = null;
  /** Replacements to apply: [start, end, text]. */
  private readonly updates: [number, number, string][] = [];
  private classAdds: string[] = [];
  /** set_attribute() calls on the current tag, by lowercase name. */
  private readonly pendingAttributes = new Map<string, { name: string; value: string | true }>();

  constructor(private html: string) {}

  /** next_tag(): moves to the next tag matching the query; false when there is none. */
  nextTag(query: NextTagQuery | string = {}): boolean {
    const q: NextTagQuery = typeof query === 'string' ? { tagName: query } : query;
    for (;;) {
      this.flushClassUpdates();
      this.flushAttributeUpdates();
      const token = this.scanNextTag();
      if (token === null) {
        this.current = null;
        return false;
      }
      this.current = token;
      if (token.isCloser && !q.visitClosers) continue;
      if (q.tagName !== undefined && token.name !== q.tagName.toUpperCase()) continue;
      if (q.className !== undefined && !this.classList().includes(q.className)) continue;
      return true;
    }
  }

  getTag(): string | null {
    return this.current?.name ?? null;
  }

  isTagCloser(): boolean {
    return this.current?.isCloser ?? false;
  }

  /** get_attribute(): the decoded value, true for a boolean attribute, null when absent. */
  getAttribute(name: string): string | true | null {
    if (!this.current || this.current.isCloser) return null;
    const pending = this.pendingAttributes.get(name.toLowerCase());
    if (pending) return pending.value;
    const attribute = this.current.attributes.find(
      (candidate) => candidate.name === name.toLowerCase() && !candidate.duplicate,
    );
    if (!attribute) return null;
    return attribute.value === true ? true : decodeAttributeValue(attribute.value);
  }

  /** class_list(): the classes of the current tag, without duplicates. */
  classList(): string[] {
    const value = this.getAttribute('class');
    if (typeof value !== 'string') return [];
    const seen: string[] = [];
    for (const name of value.split(/[ \t\f\r\n]+/)) if (name !== '' && !seen.includes(name)) seen.push(name);
    return seen;
  }

  hasClass(name: string): boolean {
    return this.classList().includes(name);
  }

  /** add_class(): queued and written when the processor moves on or the HTML is read. */
  addClass(name: string): boolean {
    if (!this.current || this.current.isCloser) return false;
    if (!this.classAdds.includes(name)) this.classAdds.push(name);
    return true;
  }

  /**
   * set_attribute(): replaces the first attribute of that name (and drops its duplicates), or
   * adds the attribute right after the tag name. The value is escaped as esc_attr() does;
   * `true` writes a boolean attribute. Written when the processor moves on.
   */
  setAttribute(name: string, value: string | true): boolean {
    if (!this.current || this.current.isCloser) return false;
    this.flushClassUpdates();
    this.pendingAttributes.set(name.toLowerCase(), { name, value });
    return true;
  }

  /** Turns the queued attribute changes of the current tag into text replacements. */
  private flushAttributeUpdates(): void {
    if (!this.current) return;
    for (const [comparable, { name, value }] of this.pendingAttributes) {
      const written = value === true ? name : `${name}="${escHtml(value)}"`;
      const matches = this.current.attributes.filter((attribute) => attribute.name === comparable);
      if (matches.length === 0) {
        this.updates.push([this.current.nameEnd, this.current.nameEnd, ` ${written}`]);
      } else {
        const [first, ...duplicates] = matches;
        this.updates.push([first!.start, first!.end, written]);
        for (const duplicate of duplicates) this.updates.push([duplicate.start, duplicate.end, '']);
      }
    }
    this.pendingAttributes.clear();
  }

  /** get_updated_html(). */
  getUpdatedHtml(): string {
    this.flushClassUpdates();
    this.flushAttributeUpdates();
    if (this.updates.length === 0) return this.html;
    const sorted = [...this.updates].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let out = '';
    let last = 0;
    for (const [start, end, text] of sorted) {
      out += this.html.slice(last, start) + text;
      last = Math.max(last, end);
    }
    return out + this.html.slice(last);
  }

  /**
   * class_name_updates_to_attributes_updates(): the existing classes are kept in order with
   * the whitespace between them as written (duplicates dropped), and each added class not
   * already there is appended after one space. Nothing is written when nothing was added.
   */
  private flushClassUpdates(): void {
    if (this.classAdds.length === 0 || !this.current) return;
    const adds = this.classAdds;
    this.classAdds = [];
    const existing = this.getAttribute('class');
    const existingText = typeof existing === 'string' ? existing : '';
    let classValue = '';
    const seen: string[] = [];
    let at = 0;
    while (at < existingText.length) {
      const wsAt = at;
      const wsLength = spanOf(existingText, at, HTML_WHITESPACE, true);
      at += wsLength;
      if (at >= existingText.length) break;
      const nameLength = spanOf(existingText, at, HTML_WHITESPACE, false);
      const name = existingText.slice(at, at + nameLength);
      at += nameLength;
      if (seen.includes(name)) continue;
      seen.push(name);
      if (classValue !== '') classValue += existingText.slice(wsAt, wsAt + wsLength);
      classValue += name;
    }
    let modified = false;
    for (const name of adds) {
      if (seen.includes(name)) continue;
      seen.push(name);
      modified = true;
      classValue += classValue.length > 0 ? ' ' : '';
      classValue += name;
    }
    if (modified) this.setAttribute('class', classValue);
  }

  /** Finds the next tag (opener or closer) from `this.at`, skipping everything else. */
  private scanNextTag(): TagToken | null {
    const html = this.html;
    for (;;) {
      const lt = html.indexOf('<', this.at);
      if (lt === -1 || lt + 1 >= html.length) {
        this.at = html.length;
        return null;
      }
      const next = html[lt + 1]!;
      if (isAsciiAlpha(next) || (next === '/' && isAsciiAlpha(html[lt + 2]))) {
        const token = this.scanTag(lt);
        if (token === null) {
          this.at = html.length;
          return null;
        }
        this.at = token.end;
        if (!token.isCloser && RAW_TEXT_ELEMENTS.has(token.name)) this.skipRawText(token.name);
        return token;
      }
      if (html.startsWith('<!--', lt)) {
        // Abruptly closed comments `<!-->` and `<!--->` end right there.
        if (html.startsWith('<!-->', lt)) {
          this.at = lt + 5;
          continue;
        }
        if (html.startsWith('<!--->', lt)) {
          this.at = lt + 6;
          continue;
        }
        const close = html.indexOf('-->', lt + 4);
        if (close === -1) return this.endOfInput();
        this.at = close + 3;
        continue;
      }
      if (next === '!' || next === '?' || (next === '/' && html[lt + 2] !== '>')) {
        // DOCTYPE, CDATA, processing instructions and `</` + non-letter: bogus comments to `>`.
        const close = html.indexOf('>', lt + 2);
        if (close === -1) return this.endOfInput();
        this.at = close + 1;
        continue;
      }
      if (next === '/' && html[lt + 2] === '>') {
        // `</>` is ignored entirely.
        this.at = lt + 3;
        continue;
      }
      // A `<` that starts nothing is text.
      this.at = lt + 1;
    }
  }

  private endOfInput(): null {
    this.at = this.html.length;
    return null;
  }

  /** Parses the tag starting at `<`; null when the text ends inside it. */
  private scanTag(lt: number): TagToken | null {
    const html = this.html;
    const isCloser = html[lt + 1] === '/';
    const nameStart = lt + (isCloser ? 2 : 1);
    const nameLength = spanOf(html, nameStart, `${HTML_WHITESPACE}/>`, false);
    const nameEnd = nameStart + nameLength;
    const attributes: Attribute[] = [];
    let at = nameEnd;
    for (;;) {
      at += spanOf(html, at, `${HTML_WHITESPACE}/`, true);
      if (at >= html.length) return null;
      if (html[at] === '>') break;
      // An attribute name may start with `=`; then it runs to whitespace, `/`, `>` or `=`.
      const attrStart = at;
      const firstLength = html[at] === '=' ? 1 : 0;
      const attrNameLength = firstLength + spanOf(html, at + firstLength, `=${HTML_WHITESPACE}/>`, false);
      const name = html.slice(at, at + attrNameLength).toLowerCase();
      at += attrNameLength;
      at += spanOf(html, at, HTML_WHITESPACE, true);
      if (at >= html.length) return null;
      let value: string | true = true;
      let attrEnd = attrStart + attrNameLength;
      if (html[at] === '=') {
        at++;
        at += spanOf(html, at, HTML_WHITESPACE, true);
        if (at >= html.length) return null;
        const quote = html[at];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, at + 1);
          if (close === -1) return null;
          value = html.slice(at + 1, close);
          at = close + 1;
        } else {
          const valueLength = spanOf(html, at, `${HTML_WHITESPACE}>`, false);
          value = html.slice(at, at + valueLength);
          at += valueLength;
        }
        attrEnd = at;
      }
      if (!isCloser) {
        const duplicate = attributes.some((attribute) => attribute.name === name);
        attributes.push({ name, start: attrStart, end: attrEnd, value, duplicate });
      }
    }
    const token: TagToken = {
      name: html.slice(nameStart, nameEnd).toUpperCase(),
      isCloser,
      start: lt,
      nameEnd,
      end: at + 1,
      attributes,
    };
    return token;
  }

  /** Skips the text contents of a raw-text element up to `</name` + whitespace, `/` or `>`. */
  private skipRawText(name: string): void {
    const lower = this.html.toLowerCase();
    const needle = `</${name.toLowerCase()}`;
    let from = this.at;
    for (;;) {
      const found = lower.indexOf(needle, from);
      if (found === -1) {
        this.at = this.html.length;
        return;
      }
      const after = this.html[found + needle.length];
      if (after === undefined || `${HTML_WHITESPACE}/>`.includes(after)) {
        this.at = found;
        return;
      }
      from = found + needle.length;
    }
  }
}
