import { describe, expect, it } from 'vitest';
import { parseSearchTerms } from '../../../../src/wp/posts/search.js';

describe('parseSearchTerms (WP_Query::parse_search)', () => {
  it('splits words and keeps short numbers', () => {
    expect(parseSearchTerms('seed event 05')).toEqual(['seed', 'event', '05']);
  });
  it('keeps quoted phrases whole', () => {
    expect(parseSearchTerms('"live music" hall')).toEqual(['live music', 'hall']);
  });
  it('drops stopwords and single letters, falling back to the whole string', () => {
    expect(parseSearchTerms('the concert a')).toEqual(['concert']);
    expect(parseSearchTerms('the a')).toEqual(['the a']);
  });
});
