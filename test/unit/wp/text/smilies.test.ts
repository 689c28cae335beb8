import { describe, expect, it } from 'vitest';
import { convertSmilies } from '../../../../src/wp/text/smilies.js';

const NBSP = '\u00a0';

/** Emoji from the UTF-8 bytes WordPress's tests spell out. */
const utf8 = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

// The cases come from WordPress's own PHPUnit suite (tests/phpunit/tests/formatting/), whose
// expectations were produced by the PHP code. That suite runs with the core shortcodes registered,
// as does every WordPress request.

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
