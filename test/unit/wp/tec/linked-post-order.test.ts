import { describe, expect, it } from 'vitest';
import { linksUnchanged } from '../../../../src/wp/tec/linked-post-order.js';

// Linked_Posts::maybe_reorder_linked_posts_ids returns at `$old_order === $new_order`: PHP arrays
// identical in keys, values and order after absint / array_filter / array_unique on both sides.
describe('linksUnchanged', () => {
  it('the same venue, stored as a string, named as a number', () => {
    expect(linksUnchanged(['21'], [21], false)).toBe(true);
  });

  it('another venue, or none stored', () => {
    expect(linksUnchanged(['21'], [19], false)).toBe(false);
    expect(linksUnchanged([], [19], false)).toBe(false);
  });

  it('the same organizers in the same order; another order is a change', () => {
    expect(linksUnchanged(['30', '31'], [30, 31], true)).toBe(true);
    expect(linksUnchanged(['30', '31'], [31, 30], true)).toBe(false);
  });

  it('none stored and none named', () => {
    expect(linksUnchanged([], [], true)).toBe(true);
  });

  it('a repeat leaves a gap in the keys array_unique keeps, so the arrays differ', () => {
    expect(linksUnchanged(['30', '31'], [30, 30, 31], true)).toBe(false);
    // Stored repeats and zeros are read the same way: [0 => 30, 2 => 31] is not [0 => 30, 1 => 31].
    expect(linksUnchanged(['30', '0', '31'], [30, 31], true)).toBe(false);
    expect(linksUnchanged(['21', '21'], [21], false)).toBe(true);
  });

  it('a kind that allows one link keeps the value at key 0 only', () => {
    expect(linksUnchanged(['21'], [21, 22], false)).toBe(true);
  });
});
