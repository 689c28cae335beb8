import { describe, expect, it } from 'vitest';
import { isTribeTruthy } from '../../../../src/wp/tec/truthy.js';

describe('isTribeTruthy (tribe_is_truthy)', () => {
  it('takes TEC’s yes-words in any letter case', () => {
    for (const value of ['1', 'enable', 'Enabled', 'ON', 'y', 'Yes', 'TRUE', true]) expect(isTribeTruthy(value)).toBe(true);
  });

  it('does not trim: a padded yes-word is false, as in PHP', () => {
    expect(isTribeTruthy(' yes')).toBe(false);
    expect(isTribeTruthy('true\n')).toBe(false);
  });

  it('calls every other string false', () => {
    for (const value of ['', '0', 'no', 'false', '2', 'yess']) expect(isTribeTruthy(value)).toBe(false);
  });

  it('casts other values as PHP’s (bool) does', () => {
    expect([1, 2, 0, null, undefined, false, [], ['0'], {}, { a: 1 }].map(isTribeTruthy)).toEqual([
      true, true, false, false, false, false, false, true, false, true,
    ]);
  });
});
