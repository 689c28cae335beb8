import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from '../../../src/http/conditional-get.js';

describe('matchesIfNoneMatch', () => {
  const etag = '"abc"';
  it('matches the tag itself, in a list, weakly, and *', () => {
    expect(matchesIfNoneMatch('"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
  });
  it('does not match another tag, an unquoted one, or nothing', () => {
    expect(matchesIfNoneMatch('"abd"', etag)).toBe(false);
    expect(matchesIfNoneMatch('abc', etag)).toBe(false);
    expect(matchesIfNoneMatch('', etag)).toBe(false);
  });
});
