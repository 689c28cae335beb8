import { describe, expect, it } from 'vitest';
import { isEmptyParam, isPhpEmpty, phpArrayFilter } from '../../../../src/wp/php/php-empty.js';

describe('isPhpEmpty and isEmptyParam (empty())', () => {
  it('call PHP’s empty values empty', () => {
    for (const value of [undefined, null, false, '', '0', 0, -0, []]) {
      expect(isPhpEmpty(value)).toBe(true);
      expect(isEmptyParam(value)).toBe(true);
    }
  });

  it('call anything else not empty', () => {
    for (const value of ['0.0', ' ', 'a', 1, NaN, true, [''], { a: '' }]) {
      expect(isPhpEmpty(value)).toBe(false);
      expect(isEmptyParam(value)).toBe(false);
    }
  });

  it('take an empty JSON object for an empty request array', () => {
    expect(isEmptyParam({})).toBe(true);
    expect(isPhpEmpty({})).toBe(false);
  });

  it('filter a record the way array_filter does', () => {
    expect(phpArrayFilter({ a: '', b: '0', c: 'x', d: 0, e: [1] })).toEqual({ c: 'x', e: [1] });
    // The kept entries keep their order (JSON answers print them in it).
    expect(Object.keys(phpArrayFilter({ z: 'x', a: '', m: 1, b: true }))).toEqual(['z', 'm', 'b']);
  });
});
