import { describe, expect, it } from 'vitest';
import { idsAlongPath, postIdInMetaValue } from '../../../../src/wp/posts/meta-paths.js';

describe('postIdInMetaValue', () => {
  it('reads plain decimals only, as both the statement and the code read them alike', () => {
    expect(postIdInMetaValue('12')).toBe(12);
    for (const value of ['', '0', '012', '12abc', ' 12', '1e3', '-4', '9007199254740993']) expect(postIdInMetaValue(value)).toBeUndefined();
  });
});

describe('idsAlongPath', () => {
  const meta = new Map<number, Map<string, string[]>>([
    [1, new Map([['venue', ['10']], ['organizer', ['20', '21', 'x']]])],
    [2, new Map([['venue', ['10']]])],
    [10, new Map([['image', ['100']]])],
    [20, new Map([['image', ['200']]])],
  ]);
  it('collects every step\'s IDs, each once, and stops where a post was not found', () => {
    const reached = idsAlongPath({ postIds: [1, 2], steps: [['venue', 'organizer'], ['image']] }, (id) => meta.get(id));
    // 21 names no loaded post: nothing is followed from it.
    expect([...reached].sort((a, b) => a - b)).toEqual([10, 20, 21, 100, 200]);
  });
});
