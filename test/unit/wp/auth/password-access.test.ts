import { describe, expect, it } from 'vitest';
import { canAccessPasswordContent, postPasswordRequired } from '../../../../src/wp/auth/password-access.js';
import { ANONYMOUS } from '../../../../src/wp/auth/capabilities.js';

const post = (post_password: string) => ({ ID: 1, post_type: 'tribe_events', post_status: 'publish', post_author: 1, post_password });

describe('post passwords, in PHP empty() terms', () => {
  it('treats "" and "0" as no password, anything else as one', () => {
    expect(postPasswordRequired(post(''))).toBe(false);
    expect(postPasswordRequired(post('0'))).toBe(false);
    expect(postPasswordRequired(post('letmein'))).toBe(true);
  });

  it('unlocks only with the exact password', () => {
    expect(canAccessPasswordContent(post('letmein'), ANONYMOUS, { password: 'letmein' })).toBe(true);
    expect(canAccessPasswordContent(post('letmein'), ANONYMOUS, { password: 'letmeIn' })).toBe(false);
    expect(canAccessPasswordContent(post('letmein'), ANONYMOUS, { password: ['letmein'] })).toBe(false);
    expect(canAccessPasswordContent(post('letmein'), ANONYMOUS, { context: 'edit' })).toBe(false);
  });
});
