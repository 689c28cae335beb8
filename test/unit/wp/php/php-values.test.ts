import { describe, expect, it } from 'vitest';
import {
  absint,
  isPhpArray,
  isPhpNumeric,
  phpIndex,
  phpValues,
  phpFloatval,
  phpIntval,
  phpRawurlencode,
  phpTrim,
  phpUrldecode,
  phpUrlencode,
} from '../../../../src/wp/php/php-values.js';

describe('isPhpNumeric (PHP 8 is_numeric)', () => {
  it('accepts one decimal number with PHP whitespace around it', () => {
    for (const value of ['1', '-1.5', '+.5', '5.', '1e3', '1E-3', ' 12', '12 ', '\t\n\r\v\f7\f', 0, 2.5]) {
      expect(isPhpNumeric(value)).toBe(true);
    }
  });

  it('refuses what PHP refuses, a non-breaking space included', () => {
    for (const value of ['', ' ', '.', '1e', '0x1A', '1,5', '12abc', '\u00a012', '12\u00a0', '1 2', Infinity, NaN, true, null, ['1']]) {
      expect(isPhpNumeric(value)).toBe(false);
    }
  });
});

describe('phpIntval ((int) cast)', () => {
  it('reads the leading number of a string, exponent included', () => {
    expect(phpIntval('6abc')).toBe(6);
    expect(phpIntval('1e3')).toBe(1000);
    expect(phpIntval(' -7.9')).toBe(-7);
    expect(phpIntval('abc')).toBe(0);
    expect(phpIntval('-0.5')).toBe(0);
  });

  it('saturates past the integer range and gives 0 past the float range, as PHP 8 casts strings', () => {
    expect(phpIntval('99999999999999999999')).toBe(9223372036854775807);
    expect(phpIntval('-99999999999999999999')).toBe(-9223372036854775807);
    expect(phpIntval('1e400')).toBe(0);
    expect(phpIntval('-1e400')).toBe(0);
  });

  it('skips only PHP whitespace', () => {
    expect(phpIntval('\v\f 42')).toBe(42);
    expect(phpIntval('\u00a042')).toBe(0);
  });

  it('casts other request values as PHP does', () => {
    expect([true, false, null, undefined, [], ['x'], {}, { a: 1 }, 3.9, NaN].map(phpIntval)).toEqual([1, 0, 0, 0, 0, 1, 0, 1, 3, 0]);
  });
});

describe('phpFloatval ((float) cast)', () => {
  it('reads the leading number of a string, or 0', () => {
    expect(phpFloatval('15.50 dollars')).toBe(15.5);
    expect(phpFloatval('1e3')).toBe(1000);
    expect(phpFloatval('.5')).toBe(0.5);
    expect(phpFloatval('Free')).toBe(0);
    expect(phpFloatval('\u00a05')).toBe(0);
  });

  it('casts null, booleans and arrays as PHP does', () => {
    expect([null, undefined, true, false, [], [0], 1700000000].map(phpFloatval)).toEqual([0, 0, 1, 0, 0, 1, 1700000000]);
  });
});

describe('phpTrim (trim)', () => {
  it('strips only PHP’s default characters', () => {
    expect(phpTrim(' \t\n\r\0\x0Bx y\x0B ')).toBe('x y');
    expect(phpTrim('\fx\u00a0')).toBe('\fx\u00a0');
  });

  it('strips the given characters instead', () => {
    expect(phpTrim('--a-b--', '-')).toBe('a-b');
    expect(phpTrim('/path/', '/')).toBe('path');
    expect(phpTrim('\n\nx \n', '\n')).toBe('x ');
  });
});

describe('phpUrldecode (urldecode)', () => {
  it('decodes plus signs and escaped UTF-8 bytes', () => {
    expect(phpUrldecode('a+b%20c')).toBe('a b c');
    expect(phpUrldecode('caf%C3%A9')).toBe('café');
    expect(phpUrldecode('%31,2')).toBe('1,2');
  });

  it('keeps a malformed escape and still decodes the rest', () => {
    expect(phpUrldecode('100%+sure%21')).toBe('100% sure!');
    expect(phpUrldecode('%zz%41%')).toBe('%zzA%');
  });

  it('leaves characters outside ASCII whole', () => {
    expect(phpUrldecode('😀+é')).toBe('😀 é');
  });

  it('gives a text with nothing to decode back as it is, and a lone surrogate as U+FFFD', () => {
    expect(phpUrldecode('start_date=2026-01-01&per_page=12')).toBe('start_date=2026-01-01&per_page=12');
    expect(phpUrldecode('😀é')).toBe('😀é');
    expect(phpUrldecode('a\ud800b')).toBe('a\ufffdb');
  });
});

describe('phpUrlencode (urlencode) and phpRawurlencode (rawurlencode)', () => {
  it('encode every byte but letters, digits and -_.', () => {
    expect(phpUrlencode('a b:c,~*é')).toBe('a+b%3Ac%2C%7E%2A%C3%A9');
    expect(phpRawurlencode('a b:c,~*é')).toBe('a%20b%3Ac%2C~%2A%C3%A9');
  });

  it('do not throw on a lone surrogate', () => {
    expect(phpUrlencode('x\ud800')).toBe('x%EF%BF%BD');
    expect(phpRawurlencode('\udc00')).toBe('%EF%BF%BD');
  });
});

describe('PHP array access of decoded values (is_array, $a[$k], foreach, absint)', () => {
  it('treats lists and maps as arrays and scalars as not', () => {
    expect(isPhpArray([])).toBe(true);
    expect(isPhpArray({ a: 1 })).toBe(true);
    expect(isPhpArray(null)).toBe(false);
    expect(isPhpArray('a')).toBe(false);
  });
  it('reads a missing key or a non-array as null', () => {
    expect(phpIndex({ width: 300 }, 'width')).toBe(300);
    expect(phpIndex({ width: 300 }, 'height')).toBeNull();
    expect(phpIndex('300', 'width')).toBeNull();
    expect(phpIndex({}, 'toString')).toBeNull();
    expect(phpValues({ b: 2, a: 1 })).toEqual([2, 1]);
    expect(phpValues(false)).toEqual([]);
  });
  it('absint is abs((int) value)', () => {
    expect(absint('-12px')).toBe(12);
    expect(absint(3.9)).toBe(3);
    expect(absint('abc')).toBe(0);
  });
});
