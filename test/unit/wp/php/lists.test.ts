import { describe, expect, it } from 'vitest';
import { listToArray, parseList, toList } from '../../../../src/wp/php/lists.js';

describe('listToArray (Tribe__Utils__Array::list_to_array)', () => {
  it('drops the empty item a trailing comma leaves', () => {
    expect(listToArray('1,2,')).toEqual([1, 2]);
    expect(listToArray('publish,')).toEqual(['publish']);
    expect(listToArray(',')).toEqual([]);
  });

  it('URL-decodes a string before splitting it', () => {
    expect(listToArray('%31,2')).toEqual([1, 2]);
    expect(listToArray('a%2Cb')).toEqual(['a', 'b']);
    expect(listToArray('live+music,%zz')).toEqual(['live music', '%zz']);
  });

  it('splits on commas with their surrounding whitespace only', () => {
    expect(listToArray(' a , b\t,c ')).toEqual([' a', 'b', 'c ']);
    expect(listToArray('a b')).toEqual(['a b']);
  });

  it('turns numeric items into numbers', () => {
    expect(listToArray('7, 1e3,.5,08,0x1A')).toEqual([7, 1000, 0.5, 8, '0x1A']);
    expect(listToArray(['3', 4, 'x', ''])).toEqual([3, 4, 'x']);
  });

  it('gives nothing for a PHP-empty value', () => {
    for (const value of ['', '0', 0, null, undefined, false, [], {}]) expect(listToArray(value)).toEqual([]);
  });

  it('reads maps, scalars and nested lists as PHP does', () => {
    expect(listToArray({ a: '5', b: 'x' })).toEqual([5, 'x']);
    expect(listToArray(12)).toEqual([12]);
    expect(listToArray(true)).toEqual([1]);
    expect(listToArray([['1'], true])).toEqual([['1'], true]);
  });
});

describe('parseList (wp_parse_list)', () => {
  it('splits a string on runs of commas and PCRE whitespace', () => {
    expect(parseList('a, b,,c\td')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseList('a\u00a0b')).toEqual(['a\u00a0b']);
    expect(parseList('')).toEqual([]);
  });

  it('keeps only the scalar items of a list or map, unsplit', () => {
    expect(parseList(['a,b', 1, null, ['x'], true])).toEqual(['a,b', 1, true]);
    expect(parseList({ x: 'id', y: { z: 1 } })).toEqual(['id']);
  });

  it('reads other scalars as their strings', () => {
    expect(parseList(5)).toEqual(['5']);
    expect(parseList(true)).toEqual(['1']);
    expect(parseList(false)).toEqual([]);
    expect(parseList(null)).toEqual([]);
  });
});

describe('toList (Tribe__Utils__Array::to_list)', () => {
  it('joins a list or map with commas, as implode writes its items', () => {
    expect(toList(['5', 6, ''])).toEqual('5,6,');
    expect(toList({ a: 1, b: true, c: false, d: ['x'] })).toEqual('1,1,,Array');
  });

  it('leaves strings and empty values as they are', () => {
    expect(toList('5, 6')).toBe('5, 6');
    expect(toList([])).toEqual([]);
    expect(toList(undefined)).toBeUndefined();
  });
});
