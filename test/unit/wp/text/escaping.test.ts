import { describe, expect, it } from 'vitest';
import { escHtml, escJs } from '../../../../src/wp/text/escaping.js';

// The cases come from WordPress's own PHPUnit suite (tests/phpunit/tests/formatting/), whose
// expectations were produced by the PHP code. That suite runs with the core shortcodes registered,
// as does every WordPress request.

describe('escJs (Functions_EscJs_Test)', () => {
  it.each([
    ['foo bar baz();', 'foo bar baz();'],
    [`foo "bar" 'baz'`, "foo &quot;bar&quot; \\'baz\\'"],
    // A backslash before a letter is dropped (\t becomes t); a doubled one survives as one, re-escaped.
    ['foo \\t bar \\\\ baz', 'foo t bar \\\\ baz'],
    ['foo & bar &baz; &nbsp;', 'foo &amp; bar &amp;baz; &nbsp;'],
    ['foo &#x27; bar &#39; baz &#x26;', "foo \\' bar \\' baz &#x26;"],
    ['foo\rbar\nbaz\r', 'foobar\\nbaz'],
    ['foo\r\nbar\nbaz\r\n', 'foo\\nbar\\nbaz\\n'],
  ])('%j', (input, output) => {
    expect(escJs(input)).toBe(output);
  });
});

describe('escHtml (Functions_EscHtml_Test)', () => {
  it.each([
    ['The quick brown fox.', 'The quick brown fox.'],
    [
      'http://localhost/trunk/wp-login.php?action=logout&_wpnonce=cd57d75985',
      'http://localhost/trunk/wp-login.php?action=logout&amp;_wpnonce=cd57d75985',
    ],
    [
      "SELECT meta_key FROM wp_sitemeta WHERE meta_key IN ('site_name', 'siteurl') AND site_id = 1",
      'SELECT meta_key FROM wp_sitemeta WHERE meta_key IN (&#039;site_name&#039;, &#039;siteurl&#039;) AND site_id = 1',
    ],
    ['penn & teller & at&t', 'penn &amp; teller &amp; at&amp;t'],
    ['this > that < that <randomhtml />', 'this &gt; that &lt; that &lt;randomhtml /&gt;'],
    ['&#038; &#x00A3; &#x22; &amp;', '&#038; &#xA3; &#x22; &amp;'],
  ])('%j', (input, output) => {
    expect(escHtml(input)).toBe(output);
  });
});

describe('escHtml (entity normalization quirks of wp_kses_normalize_entities)', () => {
  it.each([
    ['&#65;', '&#065;'],
    ['&#0065;', '&#065;'],
    ['&#0;', ''],
    ['&#00;', '&amp;#00;'],
    ['&#x0;', ''],
    ['&#1114112;', '&amp;#1114112;'],
    ['&bogus;', '&amp;bogus;'],
    ['&hellip; &eacute;', '&hellip; &eacute;'],
    // Allowed by kses, but PHP's HTML 4.01 table has no &apos;.
    ['&apos;', '&amp;apos;'],
    ['"quoted"', '&quot;quoted&quot;'],
  ])('%j', (input, output) => {
    expect(escHtml(input)).toBe(output);
  });

  it('empties a string that cannot be UTF-8, as wp_check_invalid_utf8() does', () => {
    expect(escHtml('a\uD800b')).toBe('');
    expect(escJs('a\uDC00')).toBe('');
    expect(escHtml('emoji \u{1F642} & more')).toBe('emoji \u{1F642} &amp; more');
  });
});
