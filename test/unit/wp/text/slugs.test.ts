import { describe, expect, it } from 'vitest';
import { sanitizeTitle, sanitizeTitleForQuery, sanitizeTitleWithDashes } from '../../../../src/wp/text/slugs.js';

/**
 * sanitizeTitle against WordPress's own expectations: the cases of wordpress-develop's
 * tests/phpunit/tests/formatting/sanitizeTitleWithDashes.php (input -> the slug WordPress gives),
 * the 'save' context where the PHP test passes it, on an en_US site (no locale rules).
 */
const WORDPRESS_CASES: ReadonlyArray<[name: string, input: string, slug: string]> = [
  ['strips html', 'Captain <strong>Awesome</strong>', 'captain-awesome'],
  ['makes title lowercase', 'ABC', 'abc'],
  ['replaces any amount of whitespace with one hyphen', 'a          t', 'a-t'],
  ['replaces newlines with one hyphen', 'a    \n\n\nt', 'a-t'],
  ['replaces any number of hyphens with one hyphen', 'a----t----t', 'a-t-t'],
  ['trims trailing hyphens', 'a----t----t----', 'a-t-t'],
  ['handles non-entity ampersands', 'penn & teller bull', 'penn-teller-bull'],
  ['strips nbsp, ndash and amp', 'No &nbsp; Entities &ndash; Here &amp;', 'no-entities-here'],
  ['strips encoded ampersand', 'One &amp; Two', 'one-two'],
  ['strips url-encoded ampersand', 'One &#123; Two;', 'one-two'],
  ['strips unencoded ampersand followed by encoded ampersand', 'One &&amp; Two;', 'one-two'],
  ['strips unencoded ampersand when not surrounded by spaces', 'One&Two', 'onetwo'],
  ['replaces nbsp', "don't\u00a0break\u00a0the\u00a0space", 'dont-break-the-space'],
  ['replaces ndash', 'Do – the Dash', 'do-the-dash'],
  ['replaces mdash', 'Do the — Dash', 'do-the-dash'],
  ['replaces ndash entities', 'Do &ndash; the &#8211; Dash', 'do-the-dash'],
  ['replaces mdash entities', 'Do &mdash; the &#8212; Dash', 'do-the-dash'],
  ['replaces iexcl', 'Just ¡a Slug', 'just-a-slug'],
  ['replaces iquest', 'Just a Slug¿', 'just-a-slug'],
  ['replaces single angle quotes', '‹Just a Slug›', 'just-a-slug'],
  ['replaces double angle quotes', '«Just a Slug»', 'just-a-slug'],
  ['replaces curly double quotes', 'Hey its “Curly Joe”', 'hey-its-curly-joe'],
  ['replaces curly single quotes', 'Hey its ‘Curly Joe’', 'hey-its-curly-joe'],
  ['replaces low double quotes', 'Hey its „Curly Joe“', 'hey-its-curly-joe'],
  ['replaces low single and reversed quotes', 'Hey its ‚Curly Joe‛', 'hey-its-curly-joe'],
  ['replaces low and reversed double quotes', 'Hey its „Curly Joe‟', 'hey-its-curly-joe'],
  ['replaces bullet', 'Fancy Title • Amazing', 'fancy-title-amazing'],
  ['replaces copy', 'Just © a Slug', 'just-a-slug'],
  ['replaces reg', '® Just a Slug', 'just-a-slug'],
  ['replaces deg', 'Just a ° Slug', 'just-a-slug'],
  ['replaces a slash followed by a hyphen', 'songs by Lennon/-McCartney', 'songs-by-lennon-mccartney'],
  ['replaces standalone diacritics', 'āáǎà', 'aaaa'],
  ['keeps escaped octets and drops a stray percent sign', 'fran%c3%a7%ois', 'fran%c3%a7ois'],
  ['strips trademark symbol', 'One Two™;', 'one-two'],
  ['strips a standalone trademark symbol', 'Just ™ a Slug', 'just-a-slug'],
  ['replaces nbsp entities', 'don\'t&nbsp;break&#160;the&nbsp;space', 'dont-break-the-space'],
  ['replaces forward slash', 'songs by Lennon/McCartney', 'songs-by-lennon-mccartney'],
  ['replaces multiply sign', '6×7 is 42', '6x7-is-42'],
  // a + combining acute, a + combining acute tone mark, a + spacing acute, a + modifier acute.
  ['replaces acute accents', 'a\u0301a\u0341a\u00b4a\u02ca', 'aaaa'],
  ['removes non-visible characters without width', '%e2%80%8bNonvisible at start of title', 'nonvisible-at-start-of-title'],
  ['removes them as characters too', 'Nonvisible\ufeff \u202erandomly \u200ein the \u200e title\u200e', 'nonvisible-randomly-in-the-title'],
  ['converts non-visible characters with width', 'Nonvisible %e2%80%82 in middle of title', 'nonvisible-in-middle-of-title'],
  ['converts them as characters too', 'Nonvisible\u2000 \u2029randomly \u2007in the \u2028 title\u202f', 'nonvisible-randomly-in-the-title'],
];

describe('sanitizeTitle (sanitize_title in the save context)', () => {
  it.each(WORDPRESS_CASES)('%s', (_name, input, slug) => {
    expect(sanitizeTitle(input)).toBe(slug);
  });
});

describe('sanitizeTitle: remove_accents() before the dashes', () => {
  it.each([
    ['folds accented Latin letters', 'Crème Brûlée à la Ŧŵő', 'creme-brulee-a-la-two'],
    ['spells out ligatures and thorn', 'Æsir Œuvre Þing', 'aesir-oeuvre-thing'],
    ['folds sharp s to one s outside German', 'Straße', 'strase'],
    ['folds umlauts to the bare vowel outside German', 'Über', 'uber'],
    ['folds decomposed letters as their composed form (NFC first)', 'Cafe\u0301 Zu\u0308rich', 'cafe-zurich'],
    ['folds Vietnamese vowels', 'Tiếng Việt Ở Đây', 'tieng-viet-o-day'],
    ['drops the pound sign and spells the euro E', '£5 or 5€', '5-or-5e'],
  ])('%s', (_name, input, slug) => {
    expect(sanitizeTitle(input)).toBe(slug);
  });

  it.each([
    ['de_DE', 'Straße', 'strasse'],
    ['de_DE', 'Über Öl und Ärger', 'ueber-oel-und-aerger'],
    ['de_AT', 'Über', 'ueber'],
    ['de_CH_informal', 'Über', 'ueber'],
    ['de_DE', 'GROẞ', 'gross'],
    ['da_DK', 'Ærø Å', 'aeroe-aa'],
    ['ca', 'Col·lecció', 'colleccio'],
    ['sr_RS', 'Đorđe', 'djordje'],
    ['bs_BA', 'Đorđe', 'djordje'],
  ])('follows the %s locale rules: %s', (locale, input, slug) => {
    expect(sanitizeTitle(input, locale)).toBe(slug);
  });

  it('applies no locale rules for en_US or an empty locale', () => {
    expect(sanitizeTitle('Über Straße', 'en_US')).toBe('uber-strase');
    expect(sanitizeTitle('Ærø', '')).toBe('aero');
    // Outside Catalan the flown dot is no letter: it stays as an encoded octet.
    expect(sanitizeTitle('Col·lecció')).toBe('col%c2%b7leccio');
    // Capital sharp s has no entry outside German; it lower-cases to ß and is encoded.
    expect(sanitizeTitle('GROẞ')).toBe('gro%c3%9f');
  });
});

describe('sanitizeTitle: characters remove_accents() leaves alone are percent-encoded', () => {
  it('encodes Cyrillic as lower-case UTF-8 octets', () => {
    expect(sanitizeTitle('Привет мир')).toBe('%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82-%d0%bc%d0%b8%d1%80');
  });

  it('encodes CJK and keeps the ASCII words', () => {
    expect(sanitizeTitle('東京 Event')).toBe('%e6%9d%b1%e4%ba%ac-event');
  });

  it('stops at 200 encoded characters, before a character that would not fit whole', () => {
    // Each 東 is nine characters encoded: 22 fit in 200.
    expect(sanitizeTitle('東'.repeat(30))).toBe('%e6%9d%b1'.repeat(22));
  });
});

describe('sanitizeTitle: PHP details', () => {
  it("strips tags as PHP's strip_tags does, keeping a `<` followed by whitespace", () => {
    expect(sanitizeTitle('penn < teller > bull')).toBe('penn-teller-bull');
    expect(sanitizeTitle('Live <!-- hidden --> Music')).toBe('live-music');
  });

  it('removes an entity that spans a carriage return, as PCRE `.` matches it', () => {
    expect(sanitizeTitle('a&b\rc;d')).toBe('ad');
  });

  it('turns a non-breaking hyphen into a dash', () => {
    expect(sanitizeTitle('non\u2011breaking &#8209; hyphen')).toBe('non-breaking-hyphen');
  });
});

describe('sanitizeTitleWithDashes: the context decides the special characters', () => {
  it("strips combining marks left in the text in the 'save' context", () => {
    expect(sanitizeTitleWithDashes('a\u0304a\u0301a\u030ca\u0300', 'save')).toBe('aaaa');
  });

  it("keeps them, encoded, in the 'query' and 'display' contexts", () => {
    expect(sanitizeTitleWithDashes('a\u0301 One Two™', 'query')).toBe('a%cc%81-one-two%e2%84%a2');
    expect(sanitizeTitleWithDashes('Lennon/McCartney')).toBe('lennonmccartney');
  });

  it('sanitizeTitleForQuery keeps accents and non-visible octets, unlike sanitizeTitle', () => {
    expect(sanitizeTitleForQuery('Café')).toBe('caf%c3%a9');
    expect(sanitizeTitle('Café')).toBe('cafe');
    expect(sanitizeTitleForQuery('%e2%80%8bNonvisible at start of title')).toBe('%e2%80%8bnonvisible-at-start-of-title');
  });
});
