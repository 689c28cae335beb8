import { describe, expect, it } from 'vitest';
import {
  parseBlocks,
  phpJsonEncode,
  serializeBlock,
  serializeBlocks,
  type ParsedBlock,
} from '../../../../src/wp/blocks/parser.js';

/**
 * Gutenberg's shared parser tests (packages/block-serialization-spec-parser/shared-tests.js),
 * which it runs against both the PHP WP_Block_Parser and the JavaScript default parser, plus
 * cases for the PHP parser's error paths (wp-includes/class-wp-block-parser.php).
 */
const first = (html: string) => parseBlocks(html)[0]!;

describe('output structure', () => {
  it('parses blocks of various types', () => {
    for (const html of [
      '<!-- wp:void /-->',
      '<!-- wp:void {} /-->',
      '<!-- wp:void {"value":true} /-->',
      '<!-- wp:void {"a":{}} /-->',
      '<!-- wp:void { "value" : true } /-->',
      '<!-- wp:void {\n\t"value" : true\n} /-->',
    ]) {
      expect(first(html).blockName).toBe('core/void');
    }
    for (const html of [
      '<!-- wp:block --><!-- /wp:block -->',
      '<!-- wp:block {} --><!-- /wp:block -->',
      '<!-- wp:block {"value":true} --><!-- /wp:block -->',
      '<!-- wp:block {} -->inner<!-- /wp:block -->',
      '<!-- wp:block {"value":{"a" : "true"}} -->inner<!-- /wp:block -->',
    ]) {
      expect(first(html).blockName).toBe('core/block');
    }
  });

  it('blockName is a namespaced string, null for freeform', () => {
    expect(first('freeform has null name').blockName).toBeNull();
    expect(first('<!-- wp:more /-->').blockName).toBe('core/more');
    expect(first('<!-- wp:core/more /-->').blockName).toBe('core/more');
    expect(first('<!-- wp:my/more /-->').blockName).toBe('my/more');
  });

  it('JSON attributes are a key/value object', () => {
    expect(first('freeform has empty attrs').attrs).toEqual({});
    expect(first('<!-- wp:void /-->').attrs).toEqual({});
    expect(first('<!-- wp:void {} /-->').attrs).toEqual({});
    expect(first('<!-- wp:void {"key": "value"} /-->').attrs).toEqual({ key: 'value' });
    expect(first('<!-- wp:block --><!-- /wp:block -->').attrs).toEqual({});
    expect(first('<!-- wp:block {"key": "value"} --><!-- /wp:block -->').attrs).toEqual({ key: 'value' });
  });

  it('innerBlocks is a list', () => {
    expect(first('freeform has empty innerBlocks').innerBlocks).toEqual([]);
    expect(first('<!-- wp:void /-->').innerBlocks).toEqual([]);
    expect(first('<!-- wp:block --><!-- wp:inner /--><!-- /wp:block -->').innerBlocks).toHaveLength(1);
    expect(
      first('<!-- wp:block -->a<!-- wp:first /-->b<!-- wp:second /-->c<!-- /wp:block -->').innerBlocks,
    ).toHaveLength(2);
  });
});

describe('generic tests', () => {
  it('accepts inputs with multiple reusable blocks', () => {
    const blocks = parseBlocks('<!-- wp:block {"ref":313} /--><!-- wp:block {"ref":482} /-->');
    expect(blocks.map((block) => [block.blockName, block.attrs])).toEqual([
      ['core/block', { ref: 313 }],
      ['core/block', { ref: 482 }],
    ]);
  });

  it('treats void blocks and empty blocks identically', () => {
    expect(parseBlocks('<!-- wp:block /-->')).toEqual(parseBlocks('<!-- wp:block --><!-- /wp:block -->'));
    expect(parseBlocks('<!-- wp:my/bus { "is": "fast" } /-->')).toEqual(
      parseBlocks('<!-- wp:my/bus { "is": "fast" } --><!-- /wp:my/bus -->'),
    );
  });

  it('grabs HTML soup before block openers', () => {
    for (const html of ['<p>Break me</p><!-- wp:block /-->', '<p>Break me</p><!-- wp:block --><!-- /wp:block -->']) {
      const blocks = parseBlocks(html);
      expect(blocks.map((block) => [block.blockName, block.innerHTML])).toEqual([
        [null, '<p>Break me</p>'],
        ['core/block', ''],
      ]);
    }
  });

  it('grabs HTML soup before inner block openers', () => {
    for (const html of [
      '<!-- wp:outer --><p>Break me</p><!-- wp:block /--><!-- /wp:outer -->',
      '<!-- wp:outer --><p>Break me</p><!-- wp:block --><!-- /wp:block --><!-- /wp:outer -->',
    ]) {
      const blocks = parseBlocks(html);
      expect(blocks).toHaveLength(1);
      expect(blocks[0]!.innerHTML).toBe('<p>Break me</p>');
      expect(blocks[0]!.innerBlocks.map((block) => [block.blockName, block.innerHTML])).toEqual([['core/block', '']]);
    }
  });

  it('grabs HTML soup after blocks', () => {
    for (const html of ['<!-- wp:block /--><p>Break me</p>', '<!-- wp:block --><!-- /wp:block --><p>Break me</p>']) {
      expect(parseBlocks(html).map((block) => [block.blockName, block.innerHTML])).toEqual([
        ['core/block', ''],
        [null, '<p>Break me</p>'],
      ]);
    }
  });
});

describe('innerBlock placemarkers', () => {
  it('innerContent holds the HTML with null where blocks go', () => {
    expect(first('test').innerContent).toEqual(['test']);
    expect(first('<!-- wp:void /-->').innerContent).toEqual([]);
    expect(first('<!-- wp:block -->Inner<!-- /wp:block -->').innerContent).toEqual(['Inner']);
    expect(first('<!-- wp:block --><!-- wp:void /--><!-- /wp:block -->').innerContent).toEqual([null]);
    expect(first('<!-- wp:block --><!-- wp:void /-->After<!-- /wp:block -->').innerContent).toEqual([null, 'After']);
    expect(first('<!-- wp:block -->Before<!-- wp:void /--><!-- /wp:block -->').innerContent).toEqual(['Before', null]);
    expect(first('<!-- wp:block --><!-- wp:void /--><!-- wp:void /--><!-- /wp:block -->').innerContent).toEqual([
      null,
      null,
    ]);
  });
});

describe('attack vectors', () => {
  it('parses really long JSON attribute sections', () => {
    const as = 'a'.repeat(100000);
    expect((first(`<!-- wp:fake {"a":"${as}"} /-->`).attrs as { a: string }).a).toHaveLength(100000);
  });

  it('an extra space after the void closer is no block', () => {
    expect(first('<!-- wp:block / -->').blockName).toBeNull();
  });
});

describe("the PHP parser's own behaviour", () => {
  it('keeps whitespace between top-level blocks as freeform blocks', () => {
    const blocks = parseBlocks('<!-- wp:a /-->\n\n<!-- wp:b /-->');
    expect(blocks.map((block) => block.blockName)).toEqual(['core/a', null, 'core/b']);
    expect(blocks[1]!.innerContent).toEqual(['\n\n']);
  });

  it('gives null attributes when the JSON does not decode', () => {
    expect(first('<!-- wp:a {"a":} /-->').attrs).toBeNull();
  });

  it('needs the whitespace PCRE calls \\s without the u flag: a no-break space is not one', () => {
    expect(first('<!--\u00a0wp:a /-->').blockName).toBeNull();
    expect(first('<!--\twp:a\n/-->').blockName).toBe('core/a');
  });

  it('closes an unclosed block at the end of the document', () => {
    expect(parseBlocks('<!-- wp:a -->text')).toEqual([
      { blockName: 'core/a', attrs: {}, innerBlocks: [], innerHTML: 'text', innerContent: ['text'] },
    ]);
  });

  it('a closer without an opener ends parsing: the rest is freeform', () => {
    const blocks = parseBlocks('<!-- wp:a /--><!-- /wp:b --><!-- wp:c /-->');
    expect(blocks.map((block) => [block.blockName, block.innerHTML])).toEqual([
      ['core/a', ''],
      [null, '<!-- /wp:b --><!-- wp:c /-->'],
    ]);
  });

  it('drops an inner HTML chunk of "0" (PHP empty())', () => {
    expect(first('<!-- wp:a -->0<!-- wp:b /-->0<!-- /wp:a -->').innerContent).toEqual([null]);
  });

  it('matches the parse of a columns block as parse_blocks() returns it', () => {
    const html =
      '<!-- wp:columns {"columns":3} -->\n<div class="wp-block-columns has-3-columns"><!-- wp:column -->\n<div class="wp-block-column"><!-- wp:paragraph -->\n<p>Column One</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:column --></div>\n<!-- /wp:columns -->';
    const paragraph: ParsedBlock = {
      blockName: 'core/paragraph',
      attrs: {},
      innerBlocks: [],
      innerHTML: '\n<p>Column One</p>\n',
      innerContent: ['\n<p>Column One</p>\n'],
    };
    const column: ParsedBlock = {
      blockName: 'core/column',
      attrs: {},
      innerBlocks: [paragraph],
      innerHTML: '\n<div class="wp-block-column"></div>\n',
      innerContent: ['\n<div class="wp-block-column">', null, '</div>\n'],
    };
    expect(parseBlocks(html)).toEqual([
      {
        blockName: 'core/columns',
        attrs: { columns: 3 },
        innerBlocks: [column],
        innerHTML: '\n<div class="wp-block-columns has-3-columns"></div>\n',
        innerContent: ['\n<div class="wp-block-columns has-3-columns">', null, '</div>\n'],
      },
    ]);
  });
});

describe('serialize_block (tests/phpunit/tests/blocks/serialize.php)', () => {
  it('serializes parsed blocks back to the same markup', () => {
    for (const original of [
      '<!-- wp:void /-->',
      '<!-- wp:void {"a":"b"} /-->',
      '<!-- wp:dynamic {"a":"b"} -->Inner content<!-- /wp:dynamic -->',
      '<!-- wp:outer --><!-- wp:inner {"key":"value"} -->Example.<!-- /wp:inner -->\n\nExample.\n\n<!-- wp:void /--><!-- /wp:outer -->',
      'Freeform <p>text</p>',
    ]) {
      expect(serializeBlocks(parseBlocks(original))).toBe(original);
    }
  });

  it('drops the core/ namespace and escapes what could end the comment', () => {
    const block: ParsedBlock = {
      blockName: 'core/test',
      attrs: { text: '--></p><a href="x">&amp;', path: 'a/b', word: 'Café' },
      innerBlocks: [],
      innerHTML: '',
      innerContent: [],
    };
    expect(serializeBlock(block)).toBe(
      '<!-- wp:test {"text":"\\u002d\\u002d\\u003e\\u003c/p\\u003e\\u003ca href=\\u0022x\\u0022\\u003e\\u0026amp;","path":"a/b","word":"Café"} /-->',
    );
  });
});

describe('phpJsonEncode (wp_json_encode of decoded JSON)', () => {
  it('writes empty objects and 0..n-1 keyed objects as lists, escapes slashes and unicode', () => {
    expect(phpJsonEncode({})).toBe('[]');
    expect(phpJsonEncode({ 0: 'a', 1: 'b' })).toBe('["a","b"]');
    expect(phpJsonEncode({ a: 'x/y', b: 'é', c: null, d: [true, 1.5] })).toBe('{"a":"x\\/y","b":"\\u00e9","c":null,"d":[true,1.5]}');
  });
});
