import { describe, expect, it } from 'vitest';
import { capitalPDangit, convertChars } from '../../../../src/wp/text/char-fixes.js';
import { theTitle } from '../../../../src/wp/text/the-title.js';

// The cases come from WordPress's own PHPUnit suite (tests/phpunit/tests/formatting/), whose
// expectations were produced by the PHP code. That suite runs with the core shortcodes registered,
// as does every WordPress request.

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
