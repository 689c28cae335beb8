import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gravatarUrl, restAvatarUrls } from '../../../../src/wp/auth/avatars.js';

/** get_avatar_url() as WordPress 6.8+ builds it for a user's address. */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('gravatarUrl', () => {
  it('hashes the trimmed, lower-cased address with SHA-256 and picks the http host from its first digit', () => {
    const hash = sha256('someone@example.org');
    const host = Number.parseInt(hash[0]!, 16) % 3;
    expect(gravatarUrl('  SomeOne@Example.org ', 48, { avatarDefault: 'mystery', avatarRating: 'G' }, false)).toBe(
      `http://${host}.gravatar.com/avatar/${hash}?s=48&d=mm&r=g`,
    );
  });

  it('uses secure.gravatar.com over https, drops an empty rating and the gravatar_default image', () => {
    const hash = sha256('a@b.co');
    expect(gravatarUrl('a@b.co', 96, { avatarDefault: 'gravatar_default', avatarRating: '' }, true)).toBe(`https://secure.gravatar.com/avatar/${hash}?s=96`);
  });

  it('rawurlencodes a custom default image URL, and falls back to the mystery man', () => {
    const url = gravatarUrl('a@b.co', 24, { avatarDefault: 'https://example.org/a b.png', avatarRating: 'PG' }, true);
    expect(url.endsWith('?s=24&d=https%3A%2F%2Fexample.org%2Fa%20b.png&r=pg')).toBe(true);
    expect(gravatarUrl('a@b.co', 24, { avatarDefault: undefined, avatarRating: undefined }, true)).toContain('?s=24&d=mm');
  });

  it('lists the three REST sizes', () => {
    expect(Object.keys(restAvatarUrls('a@b.co', { avatarDefault: 'mm', avatarRating: 'G' }, true))).toEqual(['24', '48', '96']);
  });
});
