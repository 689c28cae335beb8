/**
 * WordPress's block parser (WP_Block_Parser, wp-includes/class-wp-block-parser.php) and the
 * block serializer (serialize_block / get_comment_delimited_block_content, wp-includes/blocks.php).
 *
 * The output has the shape parse_blocks() returns: a list of blocks, each
 * `{ blockName, attrs, innerBlocks, innerHTML, innerContent }`, where HTML outside any block
 * comes back as "freeform" blocks with a null name, and `innerContent` holds the block's HTML
 * pieces with `null` wherever an inner block goes.
 */

import { isEmptyParam, isPhpEmpty } from '../php/php-empty.js';

/** Attributes as PHP's json_decode( $json, true ) gives them; null when the JSON is invalid. */
export type BlockAttributes = Record<string, unknown>;

export interface ParsedBlock {
  blockName: string | null;
  /** `{}` without a JSON part; null when the JSON part does not decode (PHP keeps that null). */
  attrs: BlockAttributes | null;
  innerBlocks: ParsedBlock[];
  innerHTML: string;
  innerContent: (string | null)[];
  /** The parent's `attrs.layout`, added by wp_add_parent_layout_to_parsed_block() at render time. */
  parentLayout?: unknown;
}

/**
 * The block comment delimiter. PHP's pattern is
 * `<!--\s+(?P<closer>\/)?wp:(?P<namespace>[a-z][a-z0-9_-]*\/)?(?P<name>[a-z][a-z0-9_-]*)\s+
 * (?P<attrs>{(?:(?:[^}]+|}+(?=})|(?!}\s+\/?-->).)*+)?}\s+)?(?P<void>\/)?-->` with the `s` flag
 * and no `u` flag. Two things need care in JavaScript:
 * - PCRE's `\s` without `u` is ASCII whitespace only (space, \t, \n, \v, \f, \r); JavaScript's
 *   `\s` also takes NBSP and other Unicode spaces, so the class is spelled out.
 * - The attribute body uses a possessive `*+` (no backtracking into it), which JavaScript lacks.
 *   The usual emulation of an atomic group, `(?=(X*))\1`, gives the same matches: the lookahead
 *   takes as much as the loop can, and the backreference then consumes exactly that.
 */
const WS = '[ \\t\\n\\x0B\\f\\r]';
const BLOCK_TOKEN = new RegExp(
  `<!--${WS}+(\\/)?wp:([a-z][a-z0-9_-]*\\/)?([a-z][a-z0-9_-]*)${WS}+` +
    `(\\{(?=((?:[^}]+|\\}+(?=\\})|(?!\\}${WS}+\\/?-->)[\\s\\S])*))\\5\\}${WS}+)?(\\/)?-->`,
  'g',
);

type Token =
  | { type: 'no-more-tokens' }
  | { type: 'void-block' | 'block-opener'; name: string; attrs: BlockAttributes | null; start: number; length: number }
  | { type: 'block-closer'; name: string; start: number; length: number };

interface Frame {
  block: ParsedBlock;
  tokenStart: number;
  tokenLength: number;
  prevOffset: number;
  leadingHtmlStart: number | null;
}

/**
 * PHP json_decode( $json, true ) of the attribute part. Both follow RFC 8259, so JSON.parse
 * accepts and refuses the same texts; PHP gives null for what it refuses, and so does this.
 * (A difference that remains: PHP keeps the written order of keys like "2", JavaScript puts
 * integer-like keys first.)
 */
function decodeAttributes(json: string): BlockAttributes | null {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as BlockAttributes) : null;
  } catch {
    return null;
  }
}

function newBlock(name: string | null, attrs: BlockAttributes | null): ParsedBlock {
  return { blockName: name, attrs, innerBlocks: [], innerHTML: '', innerContent: [] };
}

function freeform(html: string): ParsedBlock {
  return { blockName: null, attrs: {}, innerBlocks: [], innerHTML: html, innerContent: [html] };
}

class BlockParser {
  private offset = 0;
  private readonly output: ParsedBlock[] = [];
  private readonly stack: Frame[] = [];

  constructor(private readonly document: string) {}

  parse(): ParsedBlock[] {
    while (this.proceed()) {
      // WP_Block_Parser::parse() loops on proceed() until it says stop.
    }
    return this.output;
  }

  /** WP_Block_Parser::next_token(): the next block delimiter from the current offset. */
  private nextToken(): Token {
    BLOCK_TOKEN.lastIndex = this.offset;
    const match = BLOCK_TOKEN.exec(this.document);
    if (!match) return { type: 'no-more-tokens' };
    const start = match.index;
    const length = match[0].length;
    const isCloser = match[1] !== undefined;
    const isVoid = match[6] !== undefined;
    const name = `${match[2] ?? 'core/'}${match[3]}`;
    const hasAttrs = match[4] !== undefined;
    // The attribute group spans `{...}` and the whitespace after it; PHP decodes the whole group
    // (json_decode ignores the trailing whitespace).
    const attrs = hasAttrs ? decodeAttributes(match[4]!) : {};
    if (isVoid) return { type: 'void-block', name, attrs, start, length };
    if (isCloser) return { type: 'block-closer', name, start, length };
    return { type: 'block-opener', name, attrs, start, length };
  }

  /** WP_Block_Parser::proceed(). */
  private proceed(): boolean {
    const token = this.nextToken();
    const depth = this.stack.length;

    if (token.type === 'no-more-tokens') {
      if (depth === 0) {
        this.addFreeform();
        return false;
      }
      // An unclosed block: an implicit closer at the end of the document. With several open,
      // WordPress closes them one by one, each going to the top-level output.
      while (this.stack.length > 0) this.addBlockFromStack();
      return false;
    }

    // HTML soup between the previous token and this one.
    const leadingHtmlStart = token.start > this.offset ? this.offset : null;

    switch (token.type) {
      case 'void-block': {
        const block = newBlock(token.name, token.attrs);
        if (depth === 0) {
          if (leadingHtmlStart !== null) {
            this.output.push(freeform(this.document.slice(leadingHtmlStart, token.start)));
          }
          this.output.push(block);
        } else {
          this.addInnerBlock(block, token.start, token.length);
        }
        this.offset = token.start + token.length;
        return true;
      }
      case 'block-opener':
        this.stack.push({
          block: newBlock(token.name, token.attrs),
          tokenStart: token.start,
          tokenLength: token.length,
          prevOffset: token.start + token.length,
          leadingHtmlStart,
        });
        this.offset = token.start + token.length;
        return true;
      case 'block-closer': {
        if (depth === 0) {
          // A closer without an opener: WordPress gives up and outputs the rest as freeform.
          this.addFreeform();
          return false;
        }
        if (depth === 1) {
          this.addBlockFromStack(token.start);
          this.offset = token.start + token.length;
          return true;
        }
        const top = this.stack.pop()!;
        const html = this.document.slice(top.prevOffset, token.start);
        top.block.innerHTML += html;
        top.block.innerContent.push(html);
        top.prevOffset = token.start + token.length;
        this.addInnerBlock(top.block, top.tokenStart, top.tokenLength, token.start + token.length);
        this.offset = token.start + token.length;
        return true;
      }
    }
  }

  /** WP_Block_Parser::add_freeform(): the rest of the document as a freeform block. */
  private addFreeform(): void {
    if (this.offset >= this.document.length) return;
    this.output.push(freeform(this.document.slice(this.offset)));
  }

  /** WP_Block_Parser::add_inner_block(). */
  private addInnerBlock(block: ParsedBlock, tokenStart: number, tokenLength: number, lastOffset?: number): void {
    const parent = this.stack[this.stack.length - 1]!;
    parent.block.innerBlocks.push(block);
    const html = this.document.slice(parent.prevOffset, tokenStart);
    if (!isPhpEmpty(html)) {
      parent.block.innerHTML += html;
      parent.block.innerContent.push(html);
    }
    parent.block.innerContent.push(null);
    // PHP's `$last_offset ? $last_offset : ...`: an offset of 0 counts as none.
    parent.prevOffset = lastOffset ? lastOffset : tokenStart + tokenLength;
  }

  /** WP_Block_Parser::add_block_from_stack(): the top of the stack goes to the output. */
  private addBlockFromStack(endOffset?: number): void {
    const top = this.stack.pop()!;
    const html =
      endOffset !== undefined ? this.document.slice(top.prevOffset, endOffset) : this.document.slice(top.prevOffset);
    if (!isPhpEmpty(html)) {
      top.block.innerHTML += html;
      top.block.innerContent.push(html);
    }
    if (top.leadingHtmlStart !== null) {
      this.output.push(freeform(this.document.slice(top.leadingHtmlStart, top.tokenStart)));
    }
    this.output.push(top.block);
  }
}

/** parse_blocks(): the blocks of a text (WP_Block_Parser::parse). */
export function parseBlocks(content: string): ParsedBlock[] {
  return new BlockParser(content).parse();
}

/** has_blocks() on a string: whether it holds a block comment opener. */
export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

/**
 * strip_core_block_namespace(): `core/paragraph` is written `paragraph` in block comments.
 */
function stripCoreNamespace(name: string): string {
  return name.startsWith('core/') ? name.slice(5) : name;
}

/**
 * serialize_block_attributes(): JSON of the attributes as wp_json_encode() writes them, with
 * `--`, `<`, `>`, `&` and `"` escaped as unicode so the JSON cannot end the HTML comment or be
 * read as markup (and `\"` is written `\u0022`).
 */
export function serializeBlockAttributes(attrs: BlockAttributes): string {
  // wp_json_encode( $attrs, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ).
  let json = phpJsonEncode(attrs, { unescapedSlashes: true, unescapedUnicode: true });
  json = json.replace(/--/g, '\\u002d\\u002d');
  json = json.replace(/</g, '\\u003c');
  json = json.replace(/>/g, '\\u003e');
  json = json.replace(/&/g, '\\u0026');
  // WordPress's `/\\"/`: every backslash followed by a quote, as written in the JSON.
  json = json.replace(/\\"/g, '\\u0022');
  return json;
}

/** get_comment_delimited_block_content(). */
function commentDelimitedBlockContent(blockName: string | null, attrs: BlockAttributes | null, content: string): string {
  if (blockName === null) return content;
  const name = stripCoreNamespace(blockName);
  const serializedAttrs = attrs === null || isEmptyParam(attrs) ? '' : `${serializeBlockAttributes(attrs)} `;
  // PHP's empty(): a content of "0" is written as a void block too.
  if (isPhpEmpty(content)) return `<!-- wp:${name} ${serializedAttrs}/-->`;
  return `<!-- wp:${name} ${serializedAttrs}-->${content}<!-- /wp:${name} -->`;
}

/** serialize_block(): a parsed block back to its block markup. */
export function serializeBlock(block: ParsedBlock): string {
  let content = '';
  let index = 0;
  for (const chunk of block.innerContent) {
    content += typeof chunk === 'string' ? chunk : serializeBlock(block.innerBlocks[index++]!);
  }
  return commentDelimitedBlockContent(block.blockName, block.attrs, content);
}

/** serialize_blocks(). */
export function serializeBlocks(blocks: readonly ParsedBlock[]): string {
  return blocks.map(serializeBlock).join('');
}

/**
 * wp_json_encode() with default flags of a value that came from json_decode( ..., true ):
 * a PHP array is written as a JSON list when its keys are 0..n-1 in order (so an empty object
 * becomes `[]`), as an object otherwise; `/` is escaped as `\/`, and every non-ASCII character
 * as `\uXXXX` (lowercase hex, UTF-16 units). Floats with no fraction cannot be told from
 * integers after JSON.parse, so `1.0` is written `1` (PHP writes `1.0`).
 */
export interface PhpJsonFlags {
  /** JSON_UNESCAPED_SLASHES. */
  unescapedSlashes?: boolean;
  /** JSON_UNESCAPED_UNICODE. */
  unescapedUnicode?: boolean;
}

export function phpJsonEncode(value: unknown, flags: PhpJsonFlags = {}): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  if (typeof value === 'string') return phpJsonString(value, flags);
  if (Array.isArray(value)) return `[${value.map((item) => phpJsonEncode(item, flags)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const isList = entries.every(([key], index) => key === String(index));
    if (isList) return `[${entries.map(([, item]) => phpJsonEncode(item, flags)).join(',')}]`;
    const members = entries.map(([key, item]) => `${phpJsonString(key, flags)}:${phpJsonEncode(item, flags)}`);
    return `{${members.join(',')}}`;
  }
  return 'null';
}

function phpJsonString(text: string, flags: PhpJsonFlags): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const char = text[i]!;
    if (char === '"') out += '\\"';
    else if (char === '\\') out += '\\\\';
    else if (char === '/') out += flags.unescapedSlashes ? '/' : '\\/';
    else if (char === '\b') out += '\\b';
    else if (char === '\f') out += '\\f';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || (code > 0x7f && !flags.unescapedUnicode)) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}
