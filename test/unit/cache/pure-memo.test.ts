import { describe, expect, it } from 'vitest';
import { PureMemo } from '../../../src/cache/pure-memo.js';

describe('PureMemo', () => {
  it('computes a key once and gives the same value after', () => {
    const memo = new PureMemo<string>(10);
    let calls = 0;
    const upper = (text: string) => memo.get(text, () => ((calls += 1), text.toUpperCase()));
    expect(upper('a')).toBe('A');
    expect(upper('a')).toBe('A');
    expect(calls).toBe(1);
  });

  it('keeps at most maxEntries, dropping the oldest first', () => {
    const memo = new PureMemo<number>(2);
    let calls = 0;
    const length = (text: string) => memo.get(text, () => ((calls += 1), text.length));
    length('a');
    length('bb');
    length('ccc');
    expect(memo.size).toBe(2);
    length('bb');
    expect(calls).toBe(3);
    length('a');
    expect(calls).toBe(4);
  });

  it('computes keys past maxKeyLength each time, keeping nothing', () => {
    const memo = new PureMemo<number>(10, 3);
    let calls = 0;
    memo.get('long key', () => ((calls += 1), 1));
    memo.get('long key', () => ((calls += 1), 1));
    expect(calls).toBe(2);
    expect(memo.size).toBe(0);
  });

  it('remembers undefined as a value', () => {
    const memo = new PureMemo<undefined>(10);
    let calls = 0;
    memo.get('k', () => void (calls += 1));
    memo.get('k', () => void (calls += 1));
    expect(calls).toBe(1);
  });
});
