import { describe, expect, it } from 'vitest';
import { wptexturize } from '../../../../src/wp/text/texturize.js';

const NBSP = '\u00a0';

// The cases come from WordPress's own PHPUnit suite (tests/phpunit/tests/formatting/), whose
// expectations were produced by the PHP code. That suite runs with the core shortcodes registered,
// as does every WordPress request.

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
