import { describe, expect, it } from 'vitest';
import { decodeModifiedFields, encodeModifiedFields, phpLooseStringEquals } from '../../../../src/wp/tec/tracker.js';
import { truncatePostSlug } from '../../../../src/wp/write/post-slugs.js';
import { wpUnslash } from '../../../../src/wp/php/slashes.js';

describe('wpUnslash (stripslashes)', () => {
  it('drops one level of backslashes, keeps an escaped one, turns \\0 into NUL', () => {
    expect(wpUnslash('He said \\o/ it\\\'s')).toBe("He said o/ it's");
    expect(wpUnslash('C:\\\\path')).toBe('C:\\path');
    expect(wpUnslash('a\\0b')).toBe('a\0b');
    expect(wpUnslash('trailing\\')).toBe('trailing');
    expect(wpUnslash('plain')).toBe('plain');
  });
});

describe('truncatePostSlug (_truncate_post_slug)', () => {
  it('leaves short slugs alone and drops trailing dashes', () => {
    expect(truncatePostSlug('short-slug')).toBe('short-slug');
    expect(truncatePostSlug('ends-with-dash-')).toBe('ends-with-dash');
    expect(truncatePostSlug(`${'a'.repeat(197)}-bb`, 198)).toBe('a'.repeat(197));
  });

  it('cuts a percent-encoded slug between whole characters', () => {
    const emoji = '%f0%9f%8e%89'; // 12 bytes encoded
    const slug = `x${emoji.repeat(20)}`; // 241 bytes
    const cut = truncatePostSlug(slug, 30);
    expect(cut).toBe(`x${emoji.repeat(2)}`);
  });
});

describe("the tracker's serialized array", () => {
  it('keeps the order of keys and re-encodes what it decoded byte for byte', () => {
    const stored = 'a:2:{s:12:"_VenueOrigin";i:1795539401;s:10:"_VenueCity";i:1795539402;}';
    const fields = decodeModifiedFields(stored);
    expect([...fields.keys()]).toEqual(['_VenueOrigin', '_VenueCity']);
    expect(encodeModifiedFields(fields)).toBe(stored);
    fields.set('_VenueOrigin', 7);
    fields.set('post_title', 8);
    expect(encodeModifiedFields(fields)).toBe('a:3:{s:12:"_VenueOrigin";i:7;s:10:"_VenueCity";i:1795539402;s:10:"post_title";i:8;}');
  });

  it('reads anything that is not a PHP array as no stamps', () => {
    expect(decodeModifiedFields('').size).toBe(0);
    expect(decodeModifiedFields('s:3:"abc";').size).toBe(0);
    expect(decodeModifiedFields(undefined).size).toBe(0);
  });
});

describe('phpLooseStringEquals (PHP 8 string == string)', () => {
  it('compares numeric strings as numbers and others exactly', () => {
    expect(phpLooseStringEquals('1', '1.0')).toBe(true);
    expect(phpLooseStringEquals(' 1', '1')).toBe(true);
    expect(phpLooseStringEquals('abc', 'ABC')).toBe(false);
    expect(phpLooseStringEquals('', '0')).toBe(false);
    expect(phpLooseStringEquals('1e1', '10')).toBe(true);
  });
});
