import { describe, expect, it } from 'vitest';
import {
  phpLooseStringEquals,
  phpStrtolower,
  sanitizeTermDescription,
  sanitizeTermInt,
  sanitizeTermName,
  sanitizeTextField,
} from '../../../../src/wp/terms/term-fields.js';
import { serializeHierarchy } from '../../../../src/wp/terms/term-writes.js';

describe('sanitize_term in the db context', () => {
  it('names: tags stripped, & escaped once, entities kept, quotes left alone', () => {
    expect(sanitizeTermName('Arts & <b>Crafts</b>')).toBe('Arts &amp; Crafts');
    expect(sanitizeTermName('Food &amp; Drink')).toBe('Food &amp; Drink');
    expect(sanitizeTermName(`Rock 'n' "Roll"`)).toBe(`Rock 'n' "Roll"`);
    expect(sanitizeTermName('a < b')).toBe('a &lt; b');
    expect(sanitizeTermName('&bogus; x')).toBe('&amp;bogus; x');
  });

  it('sanitize_text_field: whitespace runs collapsed, trimmed, percent octets removed', () => {
    expect(sanitizeTextField('  Late\n\tNight  ')).toBe('Late Night');
    expect(sanitizeTextField('100%25 fun %41')).toBe('100 fun');
    expect(sanitizeTextField('<script>alert(1)</script>Safe')).toBe('Safe');
  });

  it('descriptions keep the few tags kses allows there, with rel on links', () => {
    expect(sanitizeTermDescription('<p>Live <strong>music</strong></p><script>x</script>')).toBe('Live <strong>music</strong>x');
    expect(sanitizeTermDescription('<a href="https://example.org" rel="nofollow" onclick="x()">go</a>')).toBe(
      '<a href="https://example.org" rel="nofollow">go</a>',
    );
    expect(sanitizeTermDescription('Food & Drink')).toBe('Food &amp; Drink');
  });

  it('integer fields: intval, negatives made 0', () => {
    expect(sanitizeTermInt('7')).toBe(7);
    expect(sanitizeTermInt('7abc')).toBe(7);
    expect(sanitizeTermInt(-3)).toBe(0);
    expect(sanitizeTermInt(undefined)).toBe(0);
  });
});

describe('PHP comparisons wp_insert_term relies on', () => {
  it("in_array's loose ==: numeric strings compare as numbers", () => {
    expect(phpLooseStringEquals('10', '1e1')).toBe(true);
    expect(phpLooseStringEquals('Music', 'music')).toBe(false);
    expect(phpLooseStringEquals('abc', 'abc')).toBe(true);
  });

  it('strtolower lowers ASCII letters only', () => {
    expect(phpStrtolower('MÜSIC')).toBe('mÜsic');
  });
});

describe('the {taxonomy}_children option (_get_term_hierarchy)', () => {
  it('is serialized with parents in the order their first child comes, not sorted', () => {
    expect(serializeHierarchy(new Map([[7, [18]]]))).toBe('a:1:{i:7;a:1:{i:0;i:18;}}');
    expect(serializeHierarchy(new Map([[9, [5, 11]], [2, [6]]]))).toBe('a:2:{i:9;a:2:{i:0;i:5;i:1;i:11;}i:2;a:1:{i:0;i:6;}}');
    expect(serializeHierarchy(new Map())).toBe('a:0:{}');
  });
});
