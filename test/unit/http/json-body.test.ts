import { describe, expect, it } from 'vitest';
import { holdsLoneSurrogate } from '../../../src/http/json-body.js';

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
