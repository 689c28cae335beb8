import { describe, expect, it } from 'vitest';
import { captionShortcode } from '../../../../src/wp/shortcodes/caption.js';
import {
  doShortcode,
  doShortcodeNested,
  getShortcodeRegex,
  ksesAttrParse,
  phpOrderedEntries,
  shortcodeAtts,
  shortcodeParseAtts,
  stripcslashes,
  stripShortcodes,
} from '../../../../src/wp/shortcodes/shortcodes.js';
import type { ShortcodeHandler } from '../../../../src/wp/text/content-env.js';
import { referenceEnv } from './reference-env.js';

/*
 * Ported from wordpress-develop tests/phpunit/tests/shortcode.php (Tests_Shortcode): the same
 * shortcodes registered, the same inputs and expected outputs.
 */

interface Seen {
  atts: Record<string, string> | '' | null;
  content: string | undefined | null;
  tag: string | null;
}

function registry() {
  const seen: Seen = { atts: null, content: null, tag: null };
  const record: ShortcodeHandler = (atts, content, tag) => {
    seen.atts = atts;
    seen.content = content;
    seen.tag = tag;
    return '';
  };
  const named = (name: string): ShortcodeHandler => () => name;
  const handlers: Record<string, ShortcodeHandler> = {
    'test-shortcode-tag': record,
    // [footag foo="bar"]
    footag: (atts) => `foo = ${typeof atts === 'object' ? (atts.foo ?? '') : ''}`,
    // [bartag foo="bar"]
    bartag: (atts) => `foo = ${shortcodeAtts({ foo: 'no foo', baz: 'default baz' }, atts).foo}`,
    // [baztag]content[/baztag]
    baztag: (_atts, content, _tag, env) => `content = ${doShortcodeNested(content ?? '', env)}`,
    dumptag: (atts) => phpOrderedEntries(typeof atts === 'object' ? atts : {}).map(([k, v]) => `${k} = ${v}\n`).join(''),
    hyphen: named('_shortcode_hyphen'),
    'hyphen-foo': named('_shortcode_hyphen_foo'),
    'hyphen-foo-bar': named('_shortcode_hyphen_foo_bar'),
    url: () => 'http://www.wordpress.org/',
    img: (atts) => `<img${phpOrderedEntries(typeof atts === 'object' ? atts : {}).map(([k, v]) => ` ${k}="${v}"`).join('')} />`,
    // The core shortcodes the escaping cases use: a gallery of post 0 shows nothing here.
    gallery: () => '',
    caption: captionShortcode,
  };
  return { seen, handlers };
}

function run(content: string) {
  const { seen, handlers } = registry();
  const out = doShortcode(content, handlers, referenceEnv());
  return { out, seen };
}

describe('do_shortcode: attributes and content handed to the callback', () => {
  it.each([
    ['[test-shortcode-tag /]', '', ''],
    ['[test-shortcode-tag foo="asdf" /]', { foo: 'asdf' }, ''],
    ['[test-shortcode-tag foo="asdf" bar="bing" /]', { foo: 'asdf', bar: 'bing' }, ''],
    ['[test-shortcode-tag]content[/test-shortcode-tag]', '', 'content'],
    ['[test-shortcode-tag foo="bar"]content[/test-shortcode-tag]', { foo: 'bar' }, 'content'],
    ['[test-shortcode-tag foo="bar" baz="bing"]content[/test-shortcode-tag]', { foo: 'bar', baz: 'bing' }, 'content'],
    ['[test-shortcode-tag]', '', ''],
    ['[test-shortcode-tag 123]', { 0: '123' }, ''],
    ['[test-shortcode-tag http://www.youtube.com/watch?v=eBGIQ7ZuuiU]', { 0: 'http://www.youtube.com/watch?v=eBGIQ7ZuuiU' }, ''],
    ['[test-shortcode-tag "something in quotes" "something else"]', { 0: 'something in quotes', 1: 'something else' }, ''],
    ['[test-shortcode-tag 123 https://wordpress.org/ 0 "foo" bar]', { 0: '123', 1: 'https://wordpress.org/', 2: '0', 3: 'foo', 4: 'bar' }, ''],
    ['[test-shortcode-tag 123 url=https://wordpress.org/ foo bar="baz"]', { 0: '123', url: 'https://wordpress.org/', 1: 'foo', bar: 'baz' }, ''],
    // Ticket 6562: NO-BREAK SPACE and ZERO WIDTH SPACE separate attributes.
    ['[test-shortcode-tag foo="bar" \u00a0baz="123"]', { foo: 'bar', baz: '123' }, ''],
    ['[test-shortcode-tag foo="bar" \u200babc="def"]', { foo: 'bar', abc: 'def' }, ''],
    // Ticket 37304.
    ['[test-shortcode-tag a="foo" b=\'bar\' c=baz foo \'bar\' "baz" ]test empty atts[/test-shortcode-tag]', { a: 'foo', b: 'bar', c: 'baz', 0: 'foo', 1: 'bar', 2: 'baz' }, 'test empty atts'],
    ["[test-shortcode-tag 'something in quotes' 'something else']", { 0: 'something in quotes', 1: 'something else' }, ''],
    ['[test-shortcode-tag \'something in quotes\' "something else" 123 foo bar=\'baz\' example="test" ]', { 0: 'something in quotes', 1: 'something else', 2: '123', 3: 'foo', bar: 'baz', example: 'test' }, ''],
  ])('%s', (input, atts, content) => {
    const { out, seen } = run(input);
    expect(out).toBe('');
    expect(seen.tag).toBe('test-shortcode-tag');
    expect(seen.atts).toEqual(atts);
    expect(seen.content).toBe(content);
  });

  it('reads hyphenated attribute names (ticket 9405)', () => {
    const { seen } = run(
      '[test-shortcode-tag foo="foo" foo-bar="foo-bar" foo-bar-="foo-bar-" -foo-bar="-foo-bar" -foo-bar-="-foo-bar-" foo-bar-baz="foo-bar-baz" -foo-bar-baz="-foo-bar-baz" foo--bar="foo--bar" /]',
    );
    expect(seen.atts).toEqual({
      foo: 'foo', 'foo-bar': 'foo-bar', 'foo-bar-': 'foo-bar-', '-foo-bar': '-foo-bar', '-foo-bar-': '-foo-bar-',
      'foo-bar-baz': 'foo-bar-baz', '-foo-bar-baz': '-foo-bar-baz', 'foo--bar': 'foo--bar',
    });
  });
});

describe('do_shortcode: output', () => {
  it.each([
    ['[not-a-shortcode-tag]', '[not-a-shortcode-tag]'],
    ['[dumptag-notreal]', '[dumptag-notreal]'],
    ['[dumptag_notreal]', '[dumptag_notreal]'],
    ['[dumptagnotreal]', '[dumptagnotreal]'],
    ['[hyphen]', '_shortcode_hyphen'],
    ['[hyphen-foo]', '_shortcode_hyphen_foo'],
    ['[hyphen-foo-bar]', '_shortcode_hyphen_foo_bar'],
    ['[hyphen-baz]', '[hyphen-baz]'],
    ['[hyphen-foo-bar-baz]', '[hyphen-foo-bar-baz]'],
    ['[footag]', 'foo = '],
    ['[footag foo="x7Yq2"]', 'foo = x7Yq2'],
    ['[baztag][dumptag abc="foo" def=123 https://wordpress.org/][/baztag]', 'content = abc = foo\ndef = 123\n0 = https://wordpress.org\n'],
    // Ticket 6518: escaped tags.
    ['[[footag]] [[bartag foo="bar"]]', '[footag] [bartag foo="bar"]'],
    ['[[footag /]] [[bartag foo="bar" /]]', '[footag /] [bartag foo="bar" /]'],
    ['[[baztag foo="bar"]the content[/baztag]]', '[baztag foo="bar"]the content[/baztag]'],
    ['[[[footag]]] [[[bartag foo="bar"]]]', '[[footag]] [[bartag foo="bar"]]'],
    // Square brackets on either end that do not escape.
    ['[[footag] [bartag foo="bar"]]', '[foo =  foo = bar]'],
    ['[[footag /] [bartag foo="bar" /]]', '[foo =  foo = bar]'],
    ['[[baztag foo="bar"]the content[/baztag]', '[content = the content'],
    ['[[not-a-tag]]', '[[not-a-tag]]'],
    ['[[[footag] [bartag foo="bar"]]]', '[[foo =  foo = bar]]'],
    // Ticket 34939: the [shortcode=XXX] form.
    ['[dumptag=https://wordpress.org/]', '0 = =https://wordpress.org\n'],
  ])('%s', (input, expected) => {
    expect(run(input).out).toBe(expected);
  });

  it('runs a post of mixed tags (test_mixed_tags, whitespace ignored)', () => {
    const input =
      'So this is a post with [footag foo="some stuff"] and a bunch of tags.\n\n[bartag]\n\n[baztag]\nHere\'s some content\non more than one line\n[/baztag]\n\n[bartag foo=1] [baztag] [footag foo="2"] [baztag]\n\n[baztag]\nmore content\n[/baztag]\n\n';
    const expected =
      'So this is a post with foo = some stuff and a bunch of tags.\n\nfoo = no foo\n\ncontent =\nHere\'s some content\non more than one line\n\n\nfoo = 1 content =  foo = 2 content =\ncontent =\nmore content\n\n';
    const stripWs = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line !== '').join('\n');
    expect(stripWs(run(input).out)).toBe(stripWs(expected));
  });

  it('leaves unregistered tags exactly as written (event 256)', () => {
    const text = '<p>[unknown_shortcode foo=&#8221;bar&#8221;]inner[/unknown_shortcode]</p>';
    expect(run(text).out).toBe(text);
  });
});

describe('do_shortcode: escaping (data_escaping)', () => {
  it.each([
    ['<!--[if lt IE 7]>', '<!--[if lt IE 7]>'],
    ['1 <a href="[test-shortcode-tag]"> 2 <a href="[test-shortcode-tag]" >', '1 <a href=""> 2 <a href="" >'],
    ['1 <a noise="[test-shortcode-tag]"> 2 <a noise=" [test-shortcode-tag] " >', '1 <a noise="[test-shortcode-tag]"> 2 <a noise=" [test-shortcode-tag] " >'],
    ['[gallery title="<div>hello</div>"]', ''],
    // WordPress's table expects the pre-HTML5 markup; this site's theme supports html5 captions.
    [
      '[caption caption="test" width="2"]<div>hello</div>[/caption]',
      '<figure style="width: 2px" class="wp-caption alignnone"><div>hello</div><figcaption class="wp-caption-text">test</figcaption></figure>',
    ],
    ['<div [gallery]>', '<div >'],
    ['<div [[gallery]]>', '<div [gallery]>'],
    ['<[[gallery]]>', '<[gallery]>'],
    ['<div style="selector:url([[gallery]])">', '<div style="selector:url([[gallery]])">'],
    ['[gallery]<div>Hello</div>[/gallery]', ''],
    ['[url]', 'http://www.wordpress.org/'],
    ['<a href="[url]">', '<a href="http://www.wordpress.org/">'],
    ['<a href=[url] >', '<a href=http://www.wordpress.org/ >'],
    ['<a href="[url]plugins/">', '<a href="http://www.wordpress.org/plugins/">'],
    ['<a href="bad[url]">', '<a href="//www.wordpress.org/">'],
    ['<a onclick="bad[url]">', '<a onclick="bad[url]">'],
  ])('%s', (input, expected) => {
    expect(run(input).out).toBe(expected);
  });

  it('encodes nothing it does not restore: entities that look like placeholders are kept', () => {
    expect(run('<p title="&#91;x&#93;">[footag]</p>').out).toBe('<p title="&#091;x&#093;">foo = </p>');
  });

  it('skips shortcodes inside HTML when asked to (ignore_html)', () => {
    const { handlers } = registry();
    expect(doShortcode('<a href="[url]">[url]</a>', handlers, referenceEnv(), true)).toBe(
      '<a href="[url]">http://www.wordpress.org/</a>',
    );
  });
});

describe('strip_shortcodes (data_test_strip_shortcodes, data_escaping2)', () => {
  const tags = ['test-shortcode-tag', 'footag', 'bartag', 'baztag', 'dumptag', 'gallery', 'caption'];
  it.each([
    ['before', 'before[gallery]'],
    ['after', '[gallery]after'],
    ['beforeafter', 'before[gallery]after'],
    ['before[after', 'before[after'],
    ['beforeafter', 'beforeafter'],
    ['beforeafter', 'before[gallery id="123" size="medium"]after'],
    ['before[unregistered_shortcode]after', 'before[unregistered_shortcode]after'],
    ['beforeafter', 'before[footag]after'],
    ['before  after', 'before [footag]content[/footag] after'],
    ['before  after', 'before [footag foo="123"]content[/footag] after'],
    ['<!--[if lt IE 7]>', '<!--[if lt IE 7]>'],
    ['', '[gallery title="<div>hello</div>"]'],
    ['', '[caption caption="test" width="2"]<div>hello</div>[/caption]'],
    ['<div [gallery]>', '<div [gallery]>'],
    ['<div [[gallery]]>', '<div [[gallery]]>'],
    ['<[[gallery]]>', '<[[gallery]]>'],
    ['', '[gallery]<div>Hello</div>[/gallery]'],
  ])('%s <- %s', (expected, input) => {
    expect(stripShortcodes(input, tags)).toBe(expected);
  });

  it('keeps the tags the list leaves out (test_strip_shortcodes_filter)', () => {
    expect(stripShortcodes('before[gallery]middle [footag]after', ['gallery'])).toBe('beforemiddle [footag]after');
  });
});

describe('shortcode_parse_atts', () => {
  it.each([
    ['', ''],
    ['\t', ''],
    ['""', {}],
    ["''", {}],
    ['title="unittest" link="https://unit.test/"', { title: 'unittest', link: 'https://unit.test/' }],
    ['  lead', { 0: 'lead' }],
    ['A="x" b="y"', { a: 'x', b: 'y' }],
    ['t="a\\tb" u="\\x41\\101"', { t: 'a\tb', u: 'AA' }],
    ['v="<b>ok</b>" w="<b"', { v: '<b>ok</b>', w: '' }],
  ])('%j', (text, expected) => {
    expect(shortcodeParseAtts(text)).toEqual(expected);
  });

  it('keeps the PHP key order for positional values among named ones', () => {
    const atts = shortcodeParseAtts('abc="foo" def=123 https://wordpress.org/') as Record<string, string>;
    expect(phpOrderedEntries(atts)).toEqual([['abc', 'foo'], ['def', '123'], ['0', 'https://wordpress.org/']]);
  });

  it('gives the text itself, left-trimmed, when nothing in it is an attribute', () => {
    expect(shortcodeParseAtts(' \u00a0')).toBe('');
  });
});

describe('shortcode_atts', () => {
  it('keeps only the known keys, filling defaults (test_shortcode_atts_filter_passes_original_arguments)', () => {
    expect(shortcodeAtts({ foo: 'no foo', baz: 'default baz' }, { foo: 'foo1', other: 'x' })).toEqual({
      foo: 'foo1',
      baz: 'default baz',
    });
    expect(shortcodeAtts({ foo: 'no foo' }, '')).toEqual({ foo: 'no foo' });
  });
});

describe('pieces', () => {
  it('stripcslashes reads C escapes and drops other backslashes', () => {
    expect(stripcslashes('a\\nb\\\\c\\qd\\101\\x42')).toBe('a\nb\\cqdAB');
  });

  it('get_shortcode_regex matches [[escaped]] tags with the extra brackets in groups 1 and 6', () => {
    const m = new RegExp(getShortcodeRegex(['gallery'])).exec('x [[gallery ids="1"]] y')!;
    expect([m[1], m[2], m[3], m[6]]).toEqual(['[', 'gallery', ' ids="1"', ']']);
  });

  it('wp_kses_attr_parse keeps every character of the tag', () => {
    expect(ksesAttrParse('<a href="x" title=\'y\' data-z=1 />')).toEqual(['<a ', 'href="x" ', "title='y' ", 'data-z=1', ' />']);
    expect(ksesAttrParse('</a>')).toBe(false);
    expect(ksesAttrParse('<a "oops">')).toBe(false);
  });

  it('doShortcodeNested outside do_shortcode changes nothing', () => {
    expect(doShortcodeNested('[footag]', referenceEnv())).toBe('[footag]');
  });
});
