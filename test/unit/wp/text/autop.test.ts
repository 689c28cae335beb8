import { describe, expect, it } from 'vitest';
import { phpTrim } from '../../../../src/wp/php/php-values.js';
import { shortcodeUnautop, wpautop } from '../../../../src/wp/text/autop.js';

const NBSP = '\u00a0';

// The cases come from WordPress's own PHPUnit suite (tests/phpunit/tests/formatting/), whose
// expectations were produced by the PHP code. That suite runs with the core shortcodes registered,
// as does every WordPress request.

describe('wpautop (Functions_WpAutop_Test)', () => {
  it('formats the old first post', () => {
    const input = `
Welcome to WordPress!  This post contains important information.  After you read it, you can make it private to hide it from visitors but still have the information handy for future reference.

First things first:
<ul>
<li><a href="%1$s" title="Subscribe to the WordPress mailing list for Release Notifications">Subscribe to the WordPress mailing list for release notifications</a></li>
</ul>
As a subscriber, you will receive an email every time an update is available (and only then).  This will make it easier to keep your site up to date, and secure from evildoers.
When a new version is released, <a href="%2$s" title="If you are already logged in, this will take you directly to the Dashboard">log in to the Dashboard</a> and follow the instructions.
Upgrading is a couple of clicks!

Then you can start enjoying the WordPress experience:
<ul>
<li>Edit your personal information at <a href="%3$s" title="Edit settings like your password, your display name and your contact information">Users &#8250; Profile</a></li>
</ul>
To keep this post for reference, <a href="%11$s" title="Click to edit the content and settings of this post">click to edit it</a>, go to the Publish box and change its Visibility from Public to Private.

Thank you for selecting WordPress.  We wish you happy publishing!
`;
    const expected = `<p>Welcome to WordPress!  This post contains important information.  After you read it, you can make it private to hide it from visitors but still have the information handy for future reference.</p>
<p>First things first:</p>
<ul>
<li><a href="%1$s" title="Subscribe to the WordPress mailing list for Release Notifications">Subscribe to the WordPress mailing list for release notifications</a></li>
</ul>
<p>As a subscriber, you will receive an email every time an update is available (and only then).  This will make it easier to keep your site up to date, and secure from evildoers.<br />
When a new version is released, <a href="%2$s" title="If you are already logged in, this will take you directly to the Dashboard">log in to the Dashboard</a> and follow the instructions.<br />
Upgrading is a couple of clicks!</p>
<p>Then you can start enjoying the WordPress experience:</p>
<ul>
<li>Edit your personal information at <a href="%3$s" title="Edit settings like your password, your display name and your contact information">Users &#8250; Profile</a></li>
</ul>
<p>To keep this post for reference, <a href="%11$s" title="Click to edit the content and settings of this post">click to edit it</a>, go to the Publish box and change its Visibility from Public to Private.</p>
<p>Thank you for selecting WordPress.  We wish you happy publishing!</p>
`;
    expect(wpautop(input)).toBe(expected);
  });

  it('leaves <pre> contents alone', () => {
    const input =
      'Look at this code\n\n<pre>Line1<br />Line2<br>Line3<br/>Line4\nActual Line 2\nActual Line 3</pre>\n\nCool, huh?';
    expect(phpTrim(wpautop(input))).toBe(
      '<p>Look at this code</p>\n<pre>Line1<br />Line2<br>Line3<br/>Line4\nActual Line 2\nActual Line 3</pre>\n<p>Cool, huh?</p>',
    );
  });

  it.each([
    'Username: <input type="text" id="username" name="username" /><br />Password: <input type="password" id="password1" name="password1" />',
    '<math><mrow><msup><mi>a</mi><mn>2</mn></msup><mo>+</mo><msup><mi>b</mi><mn>2</mn></msup><mo>=</mo><msup><mi>c</mi><mn>2</mn></msup></mrow></math>',
    'Country: <select id="state" name="state"><option value="1">Alabama</option><option value="2">Alaska</option></select>',
    '<svg xmlns="http://www.w3.org/2000/svg">\n\t\t\t\t<circle cx="50" cy="50" r="30" fill="blue">\n\t\t\t\t</circle>\n\t\t\t</svg>',
    '<script type="text/javascript">\n\t\t\t\tvar dummy = 1;\n\t\t\t</script>',
    '<math display="block">\n\t<mtable>\n\t\t<mtr><mtd><mi>a</mi></mtd></mtr>\n\t</mtable>\n</math>',
  ])('wraps inline content in one paragraph without <br /> inside: %j', (input) => {
    expect(phpTrim(wpautop(input))).toBe(`<p>${input}</p>`);
  });

  it('leaves <source> and <track> inside <video> on one line', () => {
    const input =
      'Paragraph one.\n\n<video controls="controls">\n\t<source type="video/mp4" src="a.mp4" />\n\t<!-- WebM -->\n\t<track kind="subtitles" src="s.srt" />\n</video>\n\nParagraph two.';
    expect(phpTrim(wpautop(input))).toBe(
      '<p>Paragraph one.</p>\n<p><video controls="controls"><source type="video/mp4" src="a.mp4" /><!-- WebM --><track kind="subtitles" src="s.srt" /></video></p>\n<p>Paragraph two.</p>',
    );
  });

  const blocks = [
    'table', 'thead', 'tfoot', 'caption', 'col', 'colgroup', 'tbody', 'tr', 'td', 'th', 'div', 'dl', 'dd', 'dt',
    'ul', 'ol', 'li', 'pre', 'form', 'map', 'area', 'address', 'style', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'fieldset', 'legend', 'section', 'article', 'aside', 'hgroup', 'header', 'footer', 'nav', 'figure', 'details',
    'menu', 'summary',
  ]; // prettier-ignore

  it('treats block-level elements as blocks', () => {
    const content = blocks.map((block) => `<${block}>foo</${block}>`);
    expect(phpTrim(wpautop(content.join('\n\n')))).toBe(content.join('\n'));
    expect(phpTrim(wpautop(content.join('')))).toBe(content.join('\n'));

    const empty = blocks.map((block) => `<${block}/>`);
    expect(phpTrim(wpautop(empty.join('')))).toBe(empty.join('\n'));

    const withAttributes = blocks.map((block) => `<${block} attr='value'>foo</${block}>`);
    expect(phpTrim(wpautop(withAttributes.join('')))).toBe(withAttributes.join('\n'));
  });

  it('treats inline elements as inline', () => {
    const inlines = ['a', 'em', 'strong', 'small', 's', 'cite', 'q', 'dfn', 'abbr', 'data', 'time', 'code', 'var',
      'samp', 'kbd', 'sub', 'sup', 'i', 'b', 'u', 'mark', 'span', 'del', 'ins', 'noscript', 'select']; // prettier-ignore
    const content = inlines.map((inline) => `<${inline}>foo</${inline}>`);
    const expected = inlines.map((inline) => `<p><${inline}>foo</${inline}></p>`);
    expect(phpTrim(wpautop(content.join('\n\n')))).toBe(expected.join('\n'));
  });

  it('autops the contents of a blockquote but not the blockquote', () => {
    expect(phpTrim(wpautop('<blockquote>foo</blockquote>'))).toBe('<blockquote><p>foo</p></blockquote>');
  });

  it.each([
    ["Hello <a\nhref='world'>", "<p>Hello <a\nhref='world'></p>\n"],
    ["Hello <!-- a\nhref='world' -->", "<p>Hello <!-- a\nhref='world' --></p>\n"],
    [
      'Hello <!-- <object>\n<param>\n<param>\n<embed>\n</embed>\n</object>\n -->',
      '<p>Hello <!-- <object>\n<param>\n<param>\n<embed>\n</embed>\n</object>\n --></p>\n',
    ],
    [
      'Hello <!-- <object>\n<param/>\n<param/>\n<embed>\n</embed>\n</object>\n -->',
      '<p>Hello <!-- <object>\n<param/>\n<param/>\n<embed>\n</embed>\n</object>\n --></p>\n',
    ],
    [
      'Hello <![CDATA[ a\nhttps://youtu.be/jgz0uSaOZbE\n ]]>',
      '<p>Hello <![CDATA[ a\nhttps://youtu.be/jgz0uSaOZbE\n ]]></p>\n',
    ],
    [
      'Hello <![CDATA[ <!-- a\nhttps://youtu.be/jgz0uSaOZbE\n a\n9 ]]> -->',
      '<p>Hello <![CDATA[ <!-- a\nhttps://youtu.be/jgz0uSaOZbE\n a\n9 ]]> --></p>\n',
    ],
    [
      'Hello <![CDATA[ <!-- a\nhttps://youtu.be/jgz0uSaOZbE\n a\n9 --> a\n9 ]]>',
      '<p>Hello <![CDATA[ <!-- a\nhttps://youtu.be/jgz0uSaOZbE\n a\n9 --> a\n9 ]]></p>\n',
    ],
  ])('keeps newlines inside elements, comments and CDATA: %j', (input, output) => {
    expect(wpautop(input)).toBe(output);
  });

  it('does not add <br /> after an existing one, and normalizes it', () => {
    expect(phpTrim(wpautop('\nline 1<br>\nline 2<br/>\nline 3<br />\nline 4\nline 5\n'))).toBe(
      '<p>line 1<br />\nline 2<br />\nline 3<br />\nline 4<br />\nline 5</p>',
    );
  });

  it('turns two <br> in a row, in any spelling, into a paragraph break', () => {
    expect(phpTrim(wpautop('\nline 1<br>\n<br/>\nline 2<br/>\n<br />\n'))).toBe('<p>line 1</p>\n<p>line 2</p>');
  });

  it('wraps text before a block in a paragraph', () => {
    expect(phpTrim(wpautop('a<div>b</div>'))).toBe('<p>a</p>\n<div>b</div>');
  });

  it('adds no extra </p> before <figcaption>', () => {
    const oneLine = '<figure><img src="example.jpg" /><figcaption>Caption</figcaption></figure>';
    expect(phpTrim(wpautop(oneLine))).toBe(oneLine);
    expect(
      phpTrim(wpautop('<figure>\n<img src="example.jpg" />\n<figcaption>Caption</figcaption>\n</figure>')),
    ).toBe('<figure>\n<img src="example.jpg" /><figcaption>Caption</figcaption></figure>');
  });

  it('does not wrap <hr> in a paragraph', () => {
    expect(phpTrim(wpautop('paragraph1<hr>paragraph2'))).toBe('<p>paragraph1</p>\n<hr>\n<p>paragraph2</p>');
  });
});

describe('wpautop (further cases)', () => {
  it('splits paragraphs on blank lines, even ones holding spaces, and turns single newlines into <br />', () => {
    expect(wpautop('First line\nsecond line\n\n\n  \nNext paragraph')).toBe(
      '<p>First line<br />\nsecond line</p>\n<p>Next paragraph</p>\n',
    );
  });

  it('keeps single newlines without $br', () => {
    expect(wpautop('a\nb', false)).toBe('<p>a\nb</p>\n');
  });

  it('normalizes CRLF line endings', () => {
    expect(wpautop('a\r\nb\r\n\r\nc')).toBe('<p>a<br />\nb</p>\n<p>c</p>\n');
  });

  it('returns "" only for PHP-whitespace, so a lone non-breaking space still gets a paragraph', () => {
    expect(wpautop(' \t\n\r\0\x0B')).toBe('');
    expect(wpautop(NBSP)).toBe(`<p>${NBSP}</p>\n`);
  });

  it('does not count a non-breaking space as whitespace between line breaks', () => {
    expect(wpautop(`a\n${NBSP}\nb`)).toBe(`<p>a<br />\n${NBSP}<br />\nb</p>\n`);
  });

  it('drops the newline before a final </p>, since PCRE $ also matches before the last newline', () => {
    expect(wpautop('a\n<br>')).toBe('<p>a<br /></p>\n');
  });

  it('adds a second <br /> when spaces separate an existing one from the newline, as PHP does', () => {
    expect(wpautop('a<br />  \nb')).toBe('<p>a<br /> <br />\nb</p>\n');
  });

  it('keeps a CDATA section whole even when it contains a ]', () => {
    expect(wpautop('Hello <![CDATA[ a]b\nc ]]>')).toBe('<p>Hello <![CDATA[ a]b\nc ]]></p>\n');
  });

  it('handles every <figcaption>, not only the first', () => {
    const two =
      '<figure><img src="a.jpg" />\n<figcaption>A</figcaption>\n</figure>\n<figure><img src="b.jpg" />\n<figcaption>B</figcaption>\n</figure>';
    expect(wpautop(two)).toBe(
      '<figure><img src="a.jpg" /><figcaption>A</figcaption></figure>\n<figure><img src="b.jpg" /><figcaption>B</figcaption></figure>\n',
    );
  });
});

describe('shortcodeUnautop', () => {
  it('unwraps a registered shortcode standing alone in a paragraph', () => {
    expect(shortcodeUnautop('<p>[gallery ids="1,2"]</p>\n')).toBe('[gallery ids="1,2"]\n');
    expect(shortcodeUnautop('<p> [caption]Text[/caption] </p>')).toBe('[caption]Text[/caption]');
  });

  it('leaves unregistered shortcodes, shortcodes among text, and everything when none are registered', () => {
    expect(shortcodeUnautop('<p>[note]</p>')).toBe('<p>[note]</p>');
    expect(shortcodeUnautop('<p>See [gallery]</p>')).toBe('<p>See [gallery]</p>');
    expect(shortcodeUnautop('<p>[gallery]</p>', [])).toBe('<p>[gallery]</p>');
  });
});
