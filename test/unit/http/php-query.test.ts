import { describe, expect, it } from 'vitest';
import { parsePhpQuery } from '../../../src/http/php-query.js';

describe('parsePhpQuery', () => {
  it('reads plain keys, keeping the last of repeated ones', () => {
    expect(parsePhpQuery('a=1&b=x+y&a=2')).toEqual({ a: '2', b: 'x y' });
  });
  it('reads a[] as a list and a[k] as a map', () => {
    expect(parsePhpQuery('categories%5B%5D=family&categories%5B%5D=food-drink&m[x]=1')).toEqual({
      categories: ['family', 'food-drink'],
      m: { x: '1' },
    });
  });
  it('keeps empty values', () => {
    expect(parsePhpQuery('search=&strict_dates')).toEqual({ search: '', strict_dates: '' });
  });
});
