import { describe, expect, it } from 'vitest';
import { sanitizeTitleForQuery } from '../../../../src/wp/text/slugs.js';

describe('sanitizeTitleForQuery (sanitize_title_for_query)', () => {
  it('lower-cases and dashes as sanitize_title does', () => {
    expect(sanitizeTitleForQuery('  Live Music.Night  ')).toBe('live-music-night');
    expect(sanitizeTitleForQuery('<b>Bold</b> & co!')).toBe('bold-co');
  });

  it('keeps non-ASCII letters as lower-case UTF-8 octets, as post names store them', () => {
    expect(sanitizeTitleForQuery('Café')).toBe('caf%c3%a9');
    expect(sanitizeTitleForQuery('caf%C3%A9')).toBe('caf%c3%a9');
  });

  it('drops a percent sign that starts no octet', () => {
    expect(sanitizeTitleForQuery('100%-sure')).toBe('100-sure');
  });

  it('stops at 200 characters, before a character that would not fit whole', () => {
    expect(sanitizeTitleForQuery('a'.repeat(250))).toBe('a'.repeat(200));
    expect(sanitizeTitleForQuery(`${'a'.repeat(195)}éé`)).toBe(`${'a'.repeat(195)}`);
  });
});
