import { describe, expect, it } from 'vitest';
import { maybeUnserialize, PhpFloat, phpSerialize } from '../../../../src/wp/php/php-values.js';

describe('phpSerialize (serialize)', () => {
  it('writes scalars as PHP does, string lengths in bytes', () => {
    expect(phpSerialize(null)).toBe('N;');
    expect(phpSerialize(true)).toBe('b:1;');
    expect(phpSerialize(12)).toBe('i:12;');
    expect(phpSerialize(1.5)).toBe('d:1.5;');
    expect(phpSerialize('ä☃')).toBe('s:5:"ä☃";');
  });

  it('writes a PHP float as a float even when it is whole', () => {
    expect(phpSerialize(new PhpFloat(25))).toBe('d:25;');
    expect(phpSerialize({ regular_price: new PhpFloat(12.5), price: 0 })).toBe('a:2:{s:13:"regular_price";d:12.5;s:5:"price";i:0;}');
  });

  it('writes lists with integer keys and records with integer-looking keys as integers', () => {
    expect(phpSerialize(['a', 'b'])).toBe('a:2:{i:0;s:1:"a";i:1;s:1:"b";}');
    expect(phpSerialize({ '0': 'a', '2': 'b', x: true, '01': 1 })).toBe(
      'a:4:{i:0;s:1:"a";i:2;s:1:"b";s:1:"x";b:1;s:2:"01";i:1;}',
    );
  });

  it('round-trips what WordPress stored', () => {
    const stored = 'a:1:{s:64:"91429f19c0881ee22cd606c3d180832b5bf85ed717be413145a9583a5650168d";a:4:{s:10:"expiration";i:1893456000;s:2:"ip";s:9:"127.0.0.1";s:2:"ua";s:4:"test";s:5:"login";i:1763770000;}}';
    expect(phpSerialize(maybeUnserialize(stored))).toBe(stored);
  });

  it('throws on values PHP cannot hold', () => {
    expect(() => phpSerialize(undefined)).toThrow(TypeError);
  });
});
