import { describe, expect, it } from 'vitest';
import { bodyEtag, conditionalGet, knownBodyTag, matchesIfNoneMatch } from '../../../src/http/conditional-get.js';

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

describe('conditionalGet with a known body tag', () => {
  /** Just what the middleware reads and writes of a Koa context. */
  const fakeContext = () => {
    const headers: Record<string, string> = {};
    return {
      method: 'GET',
      status: 200,
      state: {} as Record<string, unknown>,
      body: undefined as unknown,
      set: (name: string, value: string) => (headers[name] = value),
      get: (name: string) => (name === 'If-None-Match' ? '' : ''),
      headers,
    };
  };
  const run = async (ctx: ReturnType<typeof fakeContext>, inner: () => void) =>
    conditionalGet()(ctx as unknown as Parameters<ReturnType<typeof conditionalGet>>[0], async () => inner());

  it('uses the tag the response cache keeps for the very body sent, hashing nothing', async () => {
    const ctx = fakeContext();
    let asked = 0;
    await run(ctx, () => {
      ctx.body = '{"a":1}';
      knownBodyTag(ctx, '{"a":1}', () => {
        asked += 1;
        return bodyEtag('{"a":1}');
      });
    });
    expect(asked).toBe(1);
    expect(ctx.headers.ETag).toBe(bodyEtag('{"a":1}'));
  });

  it('hashes the body actually sent when it is not the one the tag was kept for', async () => {
    const ctx = fakeContext();
    await run(ctx, () => {
      knownBodyTag(ctx, '{"a":1}', () => '"kept"');
      // Something after the cache (the global parameters, say) changed the body.
      ctx.body = '{"a":2}';
    });
    expect(ctx.headers.ETag).toBe(bodyEtag('{"a":2}'));
    expect(ctx.headers.ETag).not.toBe('"kept"');
  });
});
