import { describe, expect, it } from 'vitest';
import { holdsLoneSurrogate, jsonDecodeRefusal } from '../../../src/http/json-body.js';

describe('holdsLoneSurrogate (what PHP json_decode refuses as JSON_ERROR_UTF16)', () => {
  it('finds half a pair in a string, an array or a key', () => {
    expect(holdsLoneSurrogate(JSON.parse('"\\ud800"'))).toBe(true);
    expect(holdsLoneSurrogate(JSON.parse('{"title": ["ok", "x\\udc00y"]}'))).toBe(true);
    expect(holdsLoneSurrogate(JSON.parse('{"\\udbff": 1}'))).toBe(true);
  });

  it('keeps whole pairs, emoji and plain values', () => {
    expect(holdsLoneSurrogate(JSON.parse('"\\ud83d\\ude00 party 💥"'))).toBe(false);
    expect(holdsLoneSurrogate({ title: 'Jazz & Wine', n: 1, ok: true, none: null })).toBe(false);
  });
});

describe('jsonDecodeRefusal (what PHP json_decode refuses)', () => {
  const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}1${']'.repeat(levels)}`);
  it('takes arrays and objects nested up to json_decode\'s depth of 512, and refuses deeper ones with JSON_ERROR_DEPTH', () => {
    expect(jsonDecodeRefusal(nested(512))).toBeUndefined();
    expect(jsonDecodeRefusal(nested(513))).toEqual({ code: 1, message: 'Maximum stack depth exceeded' });
    expect(jsonDecodeRefusal(JSON.parse(`${'{"a":'.repeat(600)}1${'}'.repeat(600)}`))?.code).toBe(1);
  });

  it('walks any depth without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(() => jsonDecodeRefusal(deep)).not.toThrow();
    expect(jsonDecodeRefusal(deep)?.code).toBe(1);
  });

  it('reports an unpaired surrogate inside the allowed depth', () => {
    expect(jsonDecodeRefusal(JSON.parse('[[["\\ud800"]]]'))?.code).toBe(10);
  });
});
