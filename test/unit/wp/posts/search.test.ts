import { describe, expect, it } from 'vitest';
import { parsePostSearch } from '../../../../src/wp/posts/search.js';

const terms = (search: string) => parsePostSearch(search, true)?.terms;
const like = (text: string) => ({ text, exclude: false });
const notLike = (text: string) => ({ text, exclude: true });

describe('parsePostSearch (WP_Query::parse_search)', () => {
  it('splits words on spaces, tabs, commas and plus signs, and keeps short numbers', () => {
    expect(terms('seed event 05')).toEqual([like('seed'), like('event'), like('05')]);
    expect(terms('jazz,blues+soul\tfunk')).toEqual([like('jazz'), like('blues'), like('soul'), like('funk')]);
  });

  it('keeps quoted phrases whole, with their inner spaces', () => {
    expect(terms('"live music" hall')).toEqual([like('live music'), like('hall')]);
    expect(terms('" padded "')).toEqual([like(' padded ')]);
  });

  it('turns a leading dash into an exclusion, also on a quoted phrase', () => {
    expect(terms('-concert')).toEqual([notLike('concert')]);
    expect(terms('live -concert')).toEqual([like('live'), notLike('concert')]);
    expect(terms('--x')).toEqual([notLike('-x')]);
  });

  it('drops single letters, lone dashes, "0" and stopwords, falling back to the whole string', () => {
    expect(terms('the concert a')).toEqual([like('concert')]);
    expect(terms('the a')).toEqual([like('the a')]);
    expect(terms('0 jazz')).toEqual([like('jazz')]);
    // The fallback phrase starts with the prefix too, so it excludes " x".
    expect(terms('- x')).toEqual([notLike(' x')]);
  });

  it('searches ten or more terms as one phrase', () => {
    const ten = 'one two three four five six seven eight nine ten';
    expect(terms(ten)).toEqual([like(ten)]);
    expect(terms('one two three four five six seven eight nine')).toHaveLength(9);
  });

  it('strips slashes and removes line breaks without a space', () => {
    expect(terms('jaz\\z')).toEqual([like('jazz')]);
    expect(terms('con\r\ncert')).toEqual([like('concert')]);
  });

  it('searches nothing for an empty string', () => {
    expect(parsePostSearch('', false)).toBeUndefined();
  });

  it('leaves password-protected posts out for a visitor who is not logged in', () => {
    expect(parsePostSearch('secret', false)?.withoutPasswordProtected).toBe(true);
    expect(parsePostSearch('secret', true)?.withoutPasswordProtected).toBe(false);
  });
});
