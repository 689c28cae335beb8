import { describe, expect, it } from 'vitest';
import { capitalPDangit, convertChars } from '../../../../src/wp/text/char-fixes.js';
import { convertSmilies } from '../../../../src/wp/text/smilies.js';
import { escHtml, escJs } from '../../../../src/wp/text/escaping.js';
import { phpTrim } from '../../../../src/wp/php/php-values.js';
import { shortcodeUnautop, wpautop } from '../../../../src/wp/text/autop.js';
import { theTitle } from '../../../../src/wp/text/the-title.js';
import { wptexturize } from '../../../../src/wp/text/texturize.js';
import { renderTheContent, renderTheExcerpt } from '../../../../src/wp/text/the-content.js';
import { testContentEnv } from '../../../setup/content-env.js';

/** The whole the_content / the_excerpt chains on a site without preloaded records. */
const theContent = (raw: string, site: { useSmilies?: boolean } = {}) => renderTheContent(raw, testContentEnv(site));
const theExcerpt = (raw: string) => renderTheExcerpt(raw, testContentEnv());

const NBSP = '\u00a0';

/** Emoji from the UTF-8 bytes WordPress's tests spell out. */
const utf8 = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

describe('recorded from WordPress 7.1', () => {
  it('the_title curls an apostrophe', () => {
    expect(theTitle("Author's Book Reading")).toBe('Author&#8217;s Book Reading');
  });

  it('the_content curls quotes, makes -- an em dash and ... an ellipsis, and adds a paragraph', () => {
    expect(theContent('Reading from "the" new book -- with Q&amp;A...')).toBe(
      '<p>Reading from &#8220;the&#8221; new book &#8212; with Q&amp;A&#8230;</p>',
    );
  });

  it('the_content leaves a paragraph with inline markup and entities as it is', () => {
    const html = '<p>Description of seed event 1. <strong>Bold</strong> &amp; more.</p>';
    expect(theContent(html)).toBe(html);
  });

  it('the_excerpt wraps text in a paragraph and leaves an empty excerpt empty', () => {
    expect(theExcerpt('Live music')).toBe('<p>Live music</p>');
    expect(theExcerpt('')).toBe('');
  });

  it('the_content wraps plain text in a paragraph', () => {
    expect(theContent('Meetup with inline venue and organizer')).toBe('<p>Meetup with inline venue and organizer</p>');
    expect(theContent('<p>An evening of live music.</p>')).toBe('<p>An evening of live music.</p>');
  });

  it('esc_js of wpautop output escapes markup and writes the final newline as backslash-n', () => {
    expect(escJs(wpautop('Live music'))).toBe('&lt;p&gt;Live music&lt;/p&gt;\\n');
    expect(escJs(wpautop('Reading from "the" new book -- with Q&amp;A...'))).toBe(
      '&lt;p&gt;Reading from &quot;the&quot; new book -- with Q&amp;A...&lt;/p&gt;\\n',
    );
  });
});

// The cases below come from WordPress's own PHPUnit suite (tests/phpunit/tests/formatting/),
// whose expectations were produced by the PHP code. That suite runs with the core shortcodes
// registered, as does every WordPress request.
describe('wptexturize (Functions_WpTexturize_Test)', () => {
  it.each([
    ['Hey -- boo?', 'Hey &#8212; boo?'],
    ['<a href="http://xx--xx">Hey -- boo?</a>', '<a href="http://xx--xx">Hey &#8212; boo?</a>'],
  ])('dashes: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    '<pre>---&</pre>',
    '<pre><code></code>--&</pre>',
    '<code>---&</code>',
    '<kbd>---&</kbd>',
    '<style>---&</style>',
    '<script>---&</script>',
    '<tt>---&</tt>',
    '<code>curl -s <a href="http://x/">baba</a> | grep sfive | cut -d "\\"" -f 10 &gt; topmp3.txt</code>',
    '<pre>"baba"<code>"baba"<pre></pre></code>"baba"</pre>',
    '<pre></code>"baba"</pre>',
  ])('leaves disabled elements alone: %j', (input) => {
    expect(wptexturize(input)).toBe(input);
  });

  it('texturizes again after a disabled element closes', () => {
    expect(wptexturize('<code>href="baba"</code> "baba"')).toBe('<code>href="baba"</code> &#8220;baba&#8221;');
  });

  it.each([
    ['("test")', '(&#8220;test&#8221;)'],
    ["('test')", '(&#8216;test&#8217;)'],
    ["('twas)", '(&#8217;twas)'],
    ['A dog ("Hubertus") was sent out.', 'A dog (&#8220;Hubertus&#8221;) was sent out.'],
    ["test's", 'test&#8217;s'],
    ["'quoted'", '&#8216;quoted&#8217;'],
    ['"quoted"', '&#8220;quoted&#8221;'],
    ["space before 'quoted' space after", 'space before &#8216;quoted&#8217; space after'],
    ['space before "quoted" space after', 'space before &#8220;quoted&#8221; space after'],
    ["('quoted')", '(&#8216;quoted&#8217;)'],
    ['{"quoted"}', '{&#8220;quoted&#8221;}'],
    ["'qu(ot)ed'", '&#8216;qu(ot)ed&#8217;'],
    ['"qu{ot}ed"', '&#8220;qu{ot}ed&#8221;'],
    [" 'test's quoted' ", ' &#8216;test&#8217;s quoted&#8217; '],
    [` "test's quoted" `, ' &#8220;test&#8217;s quoted&#8221; '],
    [
      "That means every moment you're working on something without it being in the public it's actually dying.",
      'That means every moment you&#8217;re working on something without it being in the public it&#8217;s actually dying.',
    ],
    ['"Quoted String"', '&#8220;Quoted String&#8221;'],
    [
      'Here is "<a href="http://example.com">a test with a link</a>" and a space.',
      'Here is &#8220;<a href="http://example.com">a test with a link</a>&#8221; and a space.',
    ],
    [
      'Here is "<a href="http://example.com">a test with a link</a> and some text quoted"',
      'Here is &#8220;<a href="http://example.com">a test with a link</a> and some text quoted&#8221;',
    ],
    ['A test with a finishing number, "like 23".', 'A test with a finishing number, &#8220;like 23&#8221;.'],
    ['A test with a number, "like 62", is nice to have.', 'A test with a number, &#8220;like 62&#8221;, is nice to have.'],
    ["'test's", '&#8216;test&#8217;s'],
    ["'test's'", '&#8216;test&#8217;s&#8217;'],
    ["'string'", '&#8216;string&#8217;'],
    ["'string's'", '&#8216;string&#8217;s&#8217;'],
    ["'<strong>", '&#8216;<strong>'],
    ['&nbsp;"Testing"', '&nbsp;&#8220;Testing&#8221;'],
    ["WordPress 3.5's release date", 'WordPress 3.5&#8217;s release date'],
  ])('quotes and apostrophes: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ["Class of '99", 'Class of &#8217;99'],
    ["Class of '99's", 'Class of &#8217;99&#8217;s'],
    ["'Class of '99'", '&#8216;Class of &#8217;99&#8217;'],
    ["'Class of '99' ", '&#8216;Class of &#8217;99&#8217; '],
    ["'Class of '99'.", '&#8216;Class of &#8217;99&#8217;.'],
    ["'Class of '99', she said", '&#8216;Class of &#8217;99&#8217;, she said'],
    ["'Class of '99':", '&#8216;Class of &#8217;99&#8217;:'],
    ["'Class of '99';", '&#8216;Class of &#8217;99&#8217;;'],
    ["'Class of '99'!", '&#8216;Class of &#8217;99&#8217;!'],
    ["'Class of '99'?", '&#8216;Class of &#8217;99&#8217;?'],
    ["'Class of '99's'", '&#8216;Class of &#8217;99&#8217;s&#8217;'],
    ["'Class of '99&#8217;s'", '&#8216;Class of &#8217;99&#8217;s&#8217;'],
    ['"Class of 99"', '&#8220;Class of 99&#8221;'],
    [`"Class of '99"`, '&#8220;Class of &#8217;99&#8221;'],
    [`{"Class of '99"}`, '{&#8220;Class of &#8217;99&#8221;}'],
    [` "Class of '99" `, ' &#8220;Class of &#8217;99&#8221; '],
    [` "Class of '99".`, ' &#8220;Class of &#8217;99&#8221;.'],
    [` "Class of '99", she said`, ' &#8220;Class of &#8217;99&#8221;, she said'],
    [` "Class of '99":`, ' &#8220;Class of &#8217;99&#8221;:'],
    [` "Class of '99";`, ' &#8220;Class of &#8217;99&#8221;;'],
    [` "Class of '99"!`, ' &#8220;Class of &#8217;99&#8221;!'],
    [` "Class of '99"?`, ' &#8220;Class of &#8217;99&#8221;?'],
    // Not a quotation, may be between two other quotations.
    [`}"Class of '99"{`, '}&#8221;Class of &#8217;99&#8243;{'],
  ])('quotes before numbers: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ['14x24', '14&#215;24'],
    ["9'", '9&#8242;'],
    ['9"', '9&#8243;'],
    ["a 9' b", 'a 9&#8242; b'],
    ['a 9" b', 'a 9&#8243; b'],
    [`"a 9' b"`, '&#8220;a 9&#8242; b&#8221;'],
    [`'a 9" b'`, '&#8216;a 9&#8243; b&#8217;'],
    ['"12345"', '&#8220;12345&#8221;'],
    ["'12345'", '&#8216;12345&#8217;'],
    [
      `"a 9' plus a '9', maybe a 9' '9'"`,
      '&#8220;a 9&#8242; plus a &#8216;9&#8217;, maybe a 9&#8242; &#8216;9&#8217;&#8221;',
    ],
    [
      "<p>'99<br />'123'<br />'tis<br />'s'</p>",
      '<p>&#8217;99<br />&#8216;123&#8217;<br />&#8217;tis<br />&#8216;s&#8217;</p>',
    ],
  ])('primes, numbers and the multiplication sign: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    '<!--[if !IE]>--><!--<![endif]-->',
    `<!--[if !IE]>"a 9' plus a '9', maybe a 9' '9' "<![endif]-->`,
    '<ul><li>Hello.</li><!--<li>Goodbye.</li>--></ul>',
  ])('leaves HTML comments alone: %j', (input) => {
    expect(wptexturize(input)).toBe(input);
  });

  it.each([
    [' - ', ' &#8211; '],
    ['&nbsp;-&nbsp;', '&nbsp;&#8211;&nbsp;'],
    [' -&nbsp;', ' &#8211;&nbsp;'],
    ['&nbsp;- ', '&nbsp;&#8211; '],
    [`${NBSP}-${NBSP}`, `${NBSP}&#8211;${NBSP}`],
    [` -${NBSP}`, ` &#8211;${NBSP}`],
    [`${NBSP}- `, `${NBSP}&#8211; `],
    [' -- ', ' &#8212; '],
    ['&nbsp;--&nbsp;', '&nbsp;&#8212;&nbsp;'],
    [' --&nbsp;', ' &#8212;&nbsp;'],
    ['&nbsp;-- ', '&nbsp;&#8212; '],
    [`${NBSP}--${NBSP}`, `${NBSP}&#8212;${NBSP}`],
    [` --${NBSP}`, ` &#8212;${NBSP}`],
    [`${NBSP}-- `, `${NBSP}&#8212; `],
    ['- ', '&#8211; '],
    ['- -', '&#8211; &#8211;'],
    [' -', ' &#8211;'],
    ['-- ', '&#8212; '],
    ['-- --', '&#8212; &#8212;'],
    [' --', ' &#8212;'],
  ])('hyphens between spaces (a non-breaking space counts): %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    [`stop. ${NBSP}"A quote after 2 spaces."`, `stop. ${NBSP}&#8220;A quote after 2 spaces.&#8221;`],
    [`stop.${NBSP}${NBSP}"A quote after 2 spaces."`, `stop.${NBSP}${NBSP}&#8220;A quote after 2 spaces.&#8221;`],
    [`stop. ${NBSP}'A quote after 2 spaces.'`, `stop. ${NBSP}&#8216;A quote after 2 spaces.&#8217;`],
    [`stop.${NBSP}${NBSP}'A quote after 2 spaces.'`, `stop.${NBSP}${NBSP}&#8216;A quote after 2 spaces.&#8217;`],
    ['stop. &nbsp;"A quote after 2 spaces."', 'stop. &nbsp;&#8220;A quote after 2 spaces.&#8221;'],
    ['stop.&nbsp;&nbsp;"A quote after 2 spaces."', 'stop.&nbsp;&nbsp;&#8220;A quote after 2 spaces.&#8221;'],
    ["stop. &nbsp;'A quote after 2 spaces.'", 'stop. &nbsp;&#8216;A quote after 2 spaces.&#8217;'],
    ["stop.&nbsp;&nbsp;'A quote after 2 spaces.'", 'stop.&nbsp;&nbsp;&#8216;A quote after 2 spaces.&#8217;'],
    ["Contraction: \u03a0's", 'Contraction: \u03a0&#8217;s'],
  ])('spaces around quotes: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it('never turns a quote after a non-breaking space into a closing quote', () => {
    expect(wptexturize(`${NBSP}"A`)).not.toBe(`${NBSP}&#8221;A`);
  });

  it.each([
    ["word '99 word", 'word &#8217;99 word'],
    ["word'99 word", 'word&#8217;99 word'],
    ["word '99word", 'word &#8217;99word'],
    ["word'99word", 'word&#8217;99word'],
    ["word '99&#8217;s word", 'word &#8217;99&#8217;s word'],
    [
      "according to our source, '33 students scored less than 50' on the test.",
      'according to our source, &#8217;33 students scored less than 50&#8242; on the test.',
    ],
  ])('apostrophe before digits: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ["word 'word word", 'word &#8216;word word'],
    ["word ('word word", 'word (&#8216;word word'],
    ["word ['word word", 'word [&#8216;word word'],
    ["word <'word word", "word <'word word"],
    ["word &lt;'word word", 'word &lt;&#8216;word word'],
    ["word {'word word", 'word {&#8216;word word'],
    [`word "'word word`, 'word &#8220;&#8216;word word'],
    ["'word word", '&#8216;word word'],
    ["word('word word", 'word(&#8216;word word'],
    ["word['word word", 'word[&#8216;word word'],
    ["word<'word word", "word<'word word"],
    ["word&lt;'word word", 'word&lt;&#8216;word word'],
    ["word{'word word", 'word{&#8216;word word'],
    [`word"'word word`, 'word&#8221;&#8216;word word'],
    ["word ' word word", 'word &#8216; word word'],
    ["word (' word word", 'word (&#8216; word word'],
    ["word [' word word", 'word [&#8216; word word'],
    ["word <' word word", "word <' word word"],
    ["word &lt;' word word", 'word &lt;&#8216; word word'],
    ["word {' word word", 'word {&#8216; word word'],
    [`word "' word word`, 'word &#8220;&#8216; word word'],
    ["' word word", '&#8216; word word'],
    ["word(' word word", 'word(&#8216; word word'],
    ["word[' word word", 'word[&#8216; word word'],
    ["word<' word word", "word<' word word"],
    ["word&lt;' word word", 'word&lt;&#8216; word word'],
    ["word{' word word", 'word{&#8216; word word'],
    [`word"' word word`, 'word&#8221;&#8216; word word'],
  ])('opening single quote: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ['word 99" word', 'word 99&#8243; word'],
    ['word 99"word', 'word 99&#8243;word'],
    ['word99" word', 'word99&#8243; word'],
    ['word99"word', 'word99&#8243;word'],
    ["word 99' word", 'word 99&#8242; word'],
    ["word 99'word", 'word 99&#8217;word'],
    ["word99' word", 'word99&#8242; word'],
    ["word99'word", 'word99&#8217;word'],
  ])('primes after digits: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ["word word's word", 'word word&#8217;s word'],
    ["word'[ word", "word'[ word"],
    ["word'( word", "word'( word"],
    ["word'{ word", "word'{ word"],
    ["word'&lt; word", "word'&lt; word"],
    ["word'< word", 'word&#8217;< word'],
  ])('contractions: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ['word "word word', 'word &#8220;word word'],
    ['word ("word word', 'word (&#8220;word word'],
    ['word ["word word', 'word [&#8220;word word'],
    ['word <"word word', 'word <"word word'],
    ['word &lt;"word word', 'word &lt;&#8220;word word'],
    ['word {"word word', 'word {&#8220;word word'],
    ['word -"word word', 'word -&#8220;word word'],
    ['word-"word word', 'word-&#8220;word word'],
    ['"word word', '&#8220;word word'],
    ['word("word word', 'word(&#8220;word word'],
    ['word["word word', 'word[&#8220;word word'],
    ['word<"word word', 'word<"word word'],
    ['word&lt;"word word', 'word&lt;&#8220;word word'],
    ['word{"word word', 'word{&#8220;word word'],
    ['word "99 word', 'word &#8220;99 word'],
  ])('opening double quote: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ['word word" word', 'word word&#8221; word'],
    ['word word") word', 'word word&#8221;) word'],
    ['word word"] word', 'word word&#8221;] word'],
    ['word word"} word', 'word word&#8221;} word'],
    ['word word"> word', 'word word&#8221;> word'],
    ['word word"&gt; word', 'word word&#8221;&gt; word'],
    ['word word"', 'word word&#8221;'],
    ['word word"word', 'word word&#8221;word'],
    ['word"word"word', 'word&#8221;word&#8221;word'],
    ['test sentence".', 'test sentence&#8221;.'],
    ['test sentence",', 'test sentence&#8221;,'],
    ['test sentence":', 'test sentence&#8221;:'],
    ['test sentence";', 'test sentence&#8221;;'],
    ['test sentence"!', 'test sentence&#8221;!'],
    ['test sentence"?', 'test sentence&#8221;?'],
    ['test sentence."', 'test sentence.&#8221;'],
    ['test sentence". word', 'test sentence&#8221;. word'],
    ['test sentence." word', 'test sentence.&#8221; word'],
  ])('closing double quote: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ["word word' word", 'word word&#8217; word'],
    ["word word'. word", 'word word&#8217;. word'],
    ["word word'.word", 'word word&#8217;.word'],
    ["word word', she said", 'word word&#8217;, she said'],
    ["word word': word", 'word word&#8217;: word'],
    ["word word'; word", 'word word&#8217;; word'],
    ["word word'! word", 'word word&#8217;! word'],
    ["word word'? word", 'word word&#8217;? word'],
    ["word word'- word", 'word word&#8217;- word'],
    ["word word') word", 'word word&#8217;) word'],
    ["word word'} word", 'word word&#8217;} word'],
    ["word word'] word", 'word word&#8217;] word'],
    ["word word'&gt; word", 'word word&#8217;&gt; word'],
    ["word word'", 'word word&#8217;'],
    ["test sentence'.", 'test sentence&#8217;.'],
    ["test sentence.'", 'test sentence.&#8217;'],
    ["test sentence'. word", 'test sentence&#8217;. word'],
    ["test sentence.' word", 'test sentence.&#8217; word'],
  ])('closing single quote: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ['9x9', '9&#215;9'],
    ['12x34', '12&#215;34'],
    ['-123x1=-123', '-123&#215;1=-123'],
    ['-123x-1', '-123x-1'],
    ['0.675x1=0.675', '0.675&#215;1=0.675'],
    ['9 x 9', '9 x 9'],
    ['0x70', '0x70'],
    ['3x2x1x0', '3x2x1x0'],
  ])('multiplication: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ['word & word', 'word &#038; word'],
    ['word&word', 'word&#038;word'],
    ['word &nbsp; word', 'word &nbsp; word'],
    ['word &#038; word', 'word &#038; word'],
    ['word &#xabc; word', 'word &#xabc; word'],
    ['word &#X394; word', 'word &#X394; word'],
    ['word &# word', 'word &#038;# word'],
    ['word &44; word', 'word &44; word'],
    ['word &&amp; word', 'word &#038;&amp; word'],
    ['word &!amp; word', 'word &#038;!amp; word'],
    ['word &#', 'word &#038;#'],
    ['word &', 'word &#038;'],
  ])('ampersands: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ["word 'tain't word", 'word &#8217;tain&#8217;t word'],
    ["word 'twere word", 'word &#8217;twere word'],
    ["word 'twas word", 'word &#8217;twas word'],
    ["word 'tis word", 'word &#8217;tis word'],
    ["word 'twill word", 'word &#8217;twill word'],
    ["word 'til word", 'word &#8217;til word'],
    ["word 'bout word", 'word &#8217;bout word'],
    ["word 'nuff word", 'word &#8217;nuff word'],
    ["word 'round word", 'word &#8217;round word'],
    ["word 'cause word", 'word &#8217;cause word'],
    ["word 'em word", 'word &#8217;em word'],
  ])('cockney: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ['word --- word', 'word &#8212; word'],
    ['word---word', 'word&#8212;word'],
    ['word -- word', 'word &#8212; word'],
    ['word--word', 'word&#8211;word'],
    ['word - word', 'word &#8211; word'],
    ['word-word', 'word-word'],
    ['word xn&#8211; word', 'word xn&#8211; word'],
    ['wordxn&#8211;word', 'wordxn&#8211;word'],
    ['wordxn--word', 'wordxn--word'],
    ['word ... word', 'word &#8230; word'],
    ['word...word', 'word&#8230;word'],
    ['word `` word', 'word &#8220; word'],
    ['word``word', 'word&#8220;word'],
    ["word '' word", 'word &#8221; word'],
    ["word''word", 'word&#8221;word'],
    ['word (tm) word', 'word &#8482; word'],
    ['word (tm)word', 'word &#8482;word'],
    ['word(tm) word', 'word(tm) word'],
    ['word(tm)word', 'word(tm)word'],
  ])('dashes and static replacements: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ['word "42.00" word', 'word &#8220;42.00&#8221; word'],
    ['word "42.00"word', 'word &#8220;42.00&#8221;word'],
    ["word '42.00' word", 'word &#8216;42.00&#8217; word'],
    ["word '42.00'word", 'word &#8216;42.00&#8217;word'],
    ['word "42" word', 'word &#8220;42&#8221; word'],
    ['word "42,00" word', 'word &#8220;42,00&#8221; word'],
    ['word "4,242.00" word', 'word &#8220;4,242.00&#8221; word'],
    ["word '99's word", 'word &#8217;99&#8217;s word'],
    ["word '99'samsonite", 'word &#8217;99&#8217;samsonite'],
    ['word---"quote"', 'word&#8212;&#8220;quote&#8221;'],
    ['word--"quote"', 'word&#8211;&#8220;quote&#8221;'],
    ['word-"quote"', 'word-&#8220;quote&#8221;'],
    ["word---'quote'", 'word&#8212;&#8216;quote&#8217;'],
    ["word--'quote'", 'word&#8211;&#8216;quote&#8217;'],
    ["word-'quote'", 'word-&#8216;quote&#8217;'],
    ['"quote"---word', '&#8220;quote&#8221;&#8212;word'],
    ['"quote"--word', '&#8220;quote&#8221;&#8211;word'],
    ['"quote"-word', '&#8220;quote&#8221;-word'],
    ["'quote'---word", '&#8216;quote&#8217;&#8212;word'],
    ["'quote'--word", '&#8216;quote&#8217;&#8211;word'],
    ["'quote'-word", '&#8216;quote&#8217;-word'],
  ])('quoted numbers, quotes and dashes: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ['[ ... ]', '[ &#8230; ]'],
    [
      '[ is it wise to <a title="allow user content ] here? hmm"> maybe </a> ]',
      '[ is it wise to <a title="allow user content ] here? hmm"> maybe </a> ]',
    ],
    [
      '[is it wise to <a title="allow user content ] here? hmm"> maybe </a> ]',
      '[is it wise to <a title="allow user content ] here? hmm"> maybe </a> ]',
    ],
    [
      '[caption - is it wise to <a title="allow user content ] here? hmm"> maybe </a> ]',
      '[caption &#8211; is it wise to <a title="allow user content ] here? hmm"> maybe </a> ]',
    ],
    [
      '[ photos by <a href="http://example.com/?a[]=1&a[]=2"> this guy & that guy </a> ]',
      '[ photos by <a href="http://example.com/?a[]=1&#038;a[]=2"> this guy &#038; that guy </a> ]',
    ],
    [
      '[photos by <a href="http://example.com/?a[]=1&a[]=2"> this guy & that guy </a>]',
      '[photos by <a href="http://example.com/?a[]=1&#038;a[]=2"> this guy &#038; that guy </a>]',
    ],
    ['& <script>&&</script>', '&#038; <script>&&</script>'],
    ['[gallery ...]', '[gallery ...]'],
    ['[[gallery ...]', '[[gallery ...]'],
    ['[gallery ...]]', '[gallery ...]]'],
    ['[/gallery ...]', '[/gallery ...]'],
    ['[[gallery]]...[[/gallery]]', '[[gallery]]&#8230;[[/gallery]]'],
    ['[[[gallery]]]...[[[/gallery]]]', '[[[gallery]]]&#8230;[[[/gallery]]]'],
    ['[gallery ...', '[gallery &#8230;'],
    ['[gallery <br ... /> ...]', '[gallery <br ... /> ...]'],
    ['<br [gallery ...] ... />', '<br [gallery ...] ... />'],
    ['<br [gallery ...] ... /', '<br [gallery ...] ... /'],
    ['<br ... />', '<br ... />'],
    ['<br ... />...<br ... />', '<br ... />&#8230;<br ... />'],
    ['[gallery ...]...[gallery ...]', '[gallery ...]&#8230;[gallery ...]'],
    ['[[gallery ...]]', '[[gallery ...]]'],
    ['[/gallery ...]]', '[/gallery ...]]'],
    ['[[gallery <br ... /> ...]]', '[[gallery <br ... /> ...]]'],
    ['<br [[gallery ...]] ... />', '<br [[gallery ...]] ... />'],
    ['<br [[gallery ...]] ... /', '<br [[gallery ...]] ... /'],
    ['[[gallery ...]]...[[gallery ...]]', '[[gallery ...]]&#8230;[[gallery ...]]'],
    ['[[gallery ...]...[/gallery]]', '[[gallery ...]&#8230;[/gallery]]'],
    ['<!-- ... -->', '<!-- ... -->'],
    ['<!--...-->', '<!--...-->'],
    ['<!-- ... -- > ...', '<!-- ... -- > ...'],
    ['<!-- ...', '<!-- ...'],
    ['a<!-->b', 'a<!-->b'],
    ['a<!--->b', 'a<!--->b'],
    ['a<!---->b', 'a<!---->b'],
    ['a<!----->b', 'a<!----->b'],
    ['a<!-- c --->b', 'a<!-- c --->b'],
    ['a<!-- c -- d -->b', 'a<!-- c -- d -->b'],
    ['a<!-- <!-- c --> -->b<!-- close -->', 'a<!-- <!-- c --> &#8211;>b<!-- close -->'],
    ['<!-- <br /> [gallery] ... -->', '<!-- <br /> [gallery] ... -->'],
    ['...<!-- ... -->...', '&#8230;<!-- ... -->&#8230;'],
    ['[gallery ...]...<!-- ... -->...<br ... />', '[gallery ...]&#8230;<!-- ... -->&#8230;<br ... />'],
    [
      'word <img src="http://example.com/wp-content/uploads/2014/06/image-300x216.gif" /> word',
      'word <img src="http://example.com/wp-content/uploads/2014/06/image-300x216.gif" /> word',
    ],
    ['[ do texturize "[quote]" here ]', '[ do texturize &#8220;[quote]&#8221; here ]'],
    ['[ regex catches this <a href="[quote]">here</a> ]', '[ regex catches this <a href="[quote]">here</a> ]'],
    [
      '[ but also catches the <b>styled "[quote]" here</b> ]',
      '[ but also catches the <b>styled &#8220;[quote]&#8221; here</b> ]',
    ],
    [
      `[Let's get crazy<input>[caption code="<a href='?a[]=100'>hello</a>"]</input>world]`,
      `[Let&#8217;s get crazy<input>[caption code=&#8221;<a href='?a[]=100'>hello</a>&#8220;]</input>world]`,
    ],
    ['<> ... <>', '<> &#8230; <>'],
    ['<> ... <> ... >', '<> &#8230; <> &#8230; >'],
    ['<> ... < ... > ... <>', '<> &#8230; < ... > &#8230; <>'],
    ['F--oo<', 'F&#8211;oo<'],
  ])('HTML and shortcode avoidance: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ["word '99 word", 'word &#8217;99 word'],
    ["word '99. word", 'word &#8217;99. word'],
    ["word '99, word", 'word &#8217;99, word'],
    ["word '99; word", 'word &#8217;99; word'],
    ["word '99' word", 'word &#8217;99&#8217; word'],
    ["word '99'. word", 'word &#8217;99&#8217;. word'],
    ["word '99', word", 'word &#8217;99&#8217;, word'],
    ["word '99.' word", 'word &#8217;99.&#8217; word'],
    ["word '99", 'word &#8217;99'],
    ["'99 word", '&#8217;99 word'],
    ["word '999 word", 'word &#8216;999 word'],
    ["word '99% word", 'word &#8216;99% word'],
    ["word '9 word", 'word &#8216;9 word'],
    ["word '99.9 word", 'word &#8216;99.9 word'],
    ["word '999", 'word &#8216;999'],
    ["word '9", 'word &#8216;9'],
    ["in '4 years, 3 months,' Obama cut the deficit", 'in &#8216;4 years, 3 months,&#8217; Obama cut the deficit'],
    ["testing's '4' through 'quotes'", 'testing&#8217;s &#8216;4&#8217; through &#8216;quotes&#8217;'],
  ])('year abbreviations: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ['<span>hello</code>---</span>', '<span>hello</code>&#8212;</span>'],
    ['</code>hello<span>---</span>', '</code>hello<span>&#8212;</span>'],
    ['<code>hello</code>---</span>', '<code>hello</code>&#8212;</span>'],
    ['<span>hello</span>---<code>', '<span>hello</span>&#8212;<code>'],
    ['<span>hello<code>---</span>', '<span>hello<code>---</span>'],
    ['<code>hello<span>---</span>', '<code>hello<span>---</span>'],
    ['<code>hello</span>---</span>', '<code>hello</span>---</span>'],
    ['<span><code>hello</code>---</span>', '<span><code>hello</code>&#8212;</span>'],
    ['<code>hello</code>world<span>---</span>', '<code>hello</code>world<span>&#8212;</span>'],
  ])('element stack: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });

  it.each([
    ["George's porch is 99' long.", 'George&#8217;s porch is 99&#8242; long.'],
    [
      'The best year "was that time in 2012" when everyone partied, he said.',
      'The best year &#8220;was that time in 2012&#8221; when everyone partied, he said.',
    ],
    ["I need 4 x 20' = 80' of trim.", 'I need 4 x 20&#8242; = 80&#8242; of trim.'],
    ['"Lorem ipsum dolor sit amet 1234"', '&#8220;Lorem ipsum dolor sit amet 1234&#8221;'],
    ["'Etiam eu egestas dui 1234'", '&#8216;Etiam eu egestas dui 1234&#8217;'],
    [
      'according to our source, "33% of all students scored less than 50" on the test.',
      'according to our source, &#8220;33% of all students scored less than 50&#8221; on the test.',
    ],
    [
      "The doctor said, 'An average height is between 5' and 6' in study group 7'.  He then produced a 6' chart of averages.  A man of 7', incredibly, is very possible.",
      'The doctor said, &#8216;An average height is between 5&#8242; and 6&#8242; in study group 7&#8217;.  He then produced a 6&#8242; chart of averages.  A man of 7&#8242;, incredibly, is very possible.',
    ],
  ])('primes versus closing quotes: %j', (input, output) => {
    expect(wptexturize(input)).toBe(output);
  });
});

describe('wptexturize (further cases)', () => {
  it('returns "0" and "" untouched, as PHP empty() does', () => {
    expect(wptexturize('0')).toBe('0');
    expect(wptexturize('')).toBe('');
  });

  it('texturizes the contents of an unregistered shortcode, and of any shortcode when none are registered', () => {
    expect(wptexturize('[note "x"]')).toBe('[note &#8220;x&#8221;]');
    expect(wptexturize('[gallery ...]', [])).toBe('[gallery &#8230;]');
  });

  it('only disables lowercase tag names followed by a space or >', () => {
    expect(wptexturize('<PRE>"a"</PRE>')).toBe('<PRE>&#8220;a&#8221;</PRE>');
    expect(wptexturize('<pre class="x">"a"</pre>"b"')).toBe('<pre class="x">"a"</pre>&#8220;b&#8221;');
  });

  it('leaves a lone & inside a tag as &#038; but keeps entities there', () => {
    expect(wptexturize('<a href="?a=1&b=2&amp;c=3">x</a>')).toBe('<a href="?a=1&#038;b=2&amp;c=3">x</a>');
  });
});

describe('capitalPDangit (Functions_CapitalPDangit_Test)', () => {
  it.each([
    ['Something about Wordpress', 'Something about WordPress'],
    ['Something about (Wordpress', 'Something about (WordPress'],
    ['Something about &#8216;Wordpress', 'Something about &#8216;WordPress'],
    ['Something about &#8220;Wordpress', 'Something about &#8220;WordPress'],
    ['Something about >Wordpress', 'Something about >WordPress'],
    ['Wordpress', 'Wordpress'],
  ])('in content only after a space, quote, > or (: %j', (input, output) => {
    expect(capitalPDangit(input)).toBe(output);
  });

  it('replaces every occurrence on the_title', () => {
    expect(capitalPDangit('Wordpress', 'the_title')).toBe('WordPress');
    expect(theTitle('Wordpress meetup')).toBe('WordPress meetup');
  });
});

describe('convertChars', () => {
  it.each([
    ['Q&A', 'Q&#038;A'],
    ['Q&amp;A', 'Q&amp;A'],
    ['&#8217;', '&#8217;'],
    ['a & b', 'a &#038; b'],
    // The pattern consumes the character after &, so the entity after a double & is never checked.
    ['&&amp;', '&&amp;'],
    ['&a;', '&#038;a;'],
    ['no ampersand', 'no ampersand'],
  ])('%j', (input, output) => {
    expect(convertChars(input)).toBe(output);
  });
});

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

describe('convertSmilies (Functions_ConvertSmilies_Test)', () => {
  const includesUrl = 'http://example.org/wp-includes/';
  const mrgreen = `<img src="${includesUrl}images/smilies/mrgreen.png" alt=":mrgreen:" class="wp-smiley" style="height: 1em; max-height: 1em;" />`;

  it.each([
    [
      'Lorem ;-) Praesent :lol: Vivamus a, :eek: mauris. Nullam wisi magna, :mrgreen: tincidunt. Mauris purus :?:',
      `Lorem ${utf8('f09f9889')} Praesent ${utf8('f09f9886')} Vivamus a, ${utf8('f09f98ae')} mauris. Nullam wisi magna, ${mrgreen} tincidunt. Mauris purus ${utf8('e29d93')}`,
    ],
    [
      '<strong>Welcome to the jungle!</strong> We got fun n games! :) We got everything you want 8-) <em>Honey we know the names :)</em>',
      `<strong>Welcome to the jungle!</strong> We got fun n games! ${utf8('f09f9982')} We got everything you want ${utf8('f09f988e')} <em>Honey we know the names ${utf8('f09f9982')}</em>`,
    ],
    [
      '<strong;)>a little bit of this\na little bit:other: of that :D\n:D a little bit of good\nyeah with a little bit of bad8O',
      `<strong;)>a little bit of this\na little bit:other: of that ${utf8('f09f9880')}\n${utf8('f09f9880')} a little bit of good\nyeah with a little bit of bad8O`,
    ],
    [`<strong style="here comes the sun :-D">and I say it's alright:D:D`, `<strong style="here comes the sun :-D">and I say it's alright:D:D`],
    [`<!-- Woo-hoo, I'm a comment, baby! :x > -->`, `<!-- Woo-hoo, I'm a comment, baby! :x > -->`],
    [':?:P:?::-x:mrgreen:::', ':?:P:?::-x:mrgreen:::'],
    ['8-O :-(', `${utf8('f09f98af')} ${utf8('f09f9981')}`],
    ['8-) 8O', `${utf8('f09f988e')} ${utf8('f09f98af')}`],
    [
      '8O :twisted: :( :? :roll: :mrgreen:',
      `${utf8('f09f98af')} ${utf8('f09f9888')} ${utf8('f09f9981')} ${utf8('f09f9895')} ${utf8('f09f9984')} ${mrgreen}`,
    ],
    ['test :) smile', `test ${utf8('f09f9982')} smile`],
    ['test &nbsp;:)&nbsp;smile', `test &nbsp;${utf8('f09f9982')}&nbsp;smile`],
    [`test ${NBSP}:)${NBSP}smile`, `test ${NBSP}${utf8('f09f9982')}${NBSP}smile`],
  ])('%j', (input, output) => {
    expect(convertSmilies(input, { includesUrl })).toBe(output);
    expect(convertSmilies(input, { useSmilies: false })).toBe(input);
  });

  it.each(['pre', 'code', 'script', 'style', 'textarea'])('ignores smilies inside <%s>', (element) => {
    const input = `Do we ignore smilies ;-) in ${element} tags <${element} class="foo">My Content Here :?: </${element}>`;
    expect(convertSmilies(input)).toBe(
      `Do we ignore smilies ${utf8('f09f9889')} in ${element} tags <${element} class="foo">My Content Here :?: </${element}>`,
    );
  });

  it('leaves image smilies as typed when the includes URL is unknown', () => {
    expect(convertSmilies(':mrgreen: :)')).toBe(`:mrgreen: ${utf8('f09f9982')}`);
  });
});

describe('the_title, the_content and the_excerpt pipelines', () => {
  it('trims the title with PHP trim(), which keeps a non-breaking space', () => {
    expect(theTitle('  Gala night \n')).toBe('Gala night');
    expect(theTitle(`${NBSP}Gala`)).toBe(`${NBSP}Gala`);
  });

  it('makes a lone & in a title &#038; and keeps entities', () => {
    expect(theTitle('Rock & Roll &amp; Blues')).toBe('Rock &#038; Roll &amp; Blues');
  });

  it('runs capital_P_dangit after wptexturize and wpautop on the content', () => {
    expect(theContent('"Wordpress" and Wordpress')).toBe('<p>&#8220;WordPress&#8221; and WordPress</p>');
    // wpautop (10) runs first, so the paragraph's '>' lets capital_P_dangit (11) match.
    expect(theContent('Wordpress at the start')).toBe('<p>WordPress at the start</p>');
  });

  it('does not run capital_P_dangit on the excerpt', () => {
    expect(theExcerpt('About Wordpress')).toBe('<p>About Wordpress</p>');
  });

  it('leaves <code> contents alone in the content', () => {
    expect(theContent('Type <code>"--help"</code> -- it\'s easy')).toBe(
      '<p>Type <code>"--help"</code> &#8212; it&#8217;s easy</p>',
    );
  });

  it('converts smilies in the content after wpautop, and in the excerpt', () => {
    expect(theContent('Great fun :)')).toBe(`<p>Great fun ${utf8('f09f9982')}</p>`);
    expect(theContent('Great fun :)', { useSmilies: false })).toBe('<p>Great fun :)</p>');
    expect(theExcerpt('Great fun :)')).toBe(`<p>Great fun ${utf8('f09f9982')}</p>`);
  });

  it('builds paragraphs and line breaks from a multi-line description', () => {
    expect(theContent('Doors open at 7.\nBring a friend!\n\nTickets: $10 & up')).toBe(
      '<p>Doors open at 7.<br />\nBring a friend!</p>\n<p>Tickets: $10 &#038; up</p>',
    );
  });

  it('keeps a registered shortcode out of texturize and of its paragraph in the excerpt', () => {
    expect(theExcerpt('[gallery ids="1,2"]')).toBe('[gallery ids="1,2"]');
  });

  it('gives "" for a whitespace-only content or excerpt', () => {
    expect(theContent(' \n ')).toBe('');
    expect(theExcerpt('\n')).toBe('');
  });
});

describe('phpTrim', () => {
  it('strips only space, tab, newline, carriage return, NUL and vertical tab by default', () => {
    expect(phpTrim(' \t\n\r\0\x0Bx\x0B\0\r\n\t ')).toBe('x');
    expect(phpTrim(`\f${NBSP}x${NBSP}\f`)).toBe(`\f${NBSP}x${NBSP}\f`);
    expect(phpTrim('\n\nx \n', '\n')).toBe('x ');
  });
});
