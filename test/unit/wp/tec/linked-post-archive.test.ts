import { describe, expect, it } from 'vitest';
import { archiveLinks, likeSearchWords } from '../../../../src/wp/tec/linked-post-archive.js';

const BASE = 'http://example.test/wp-json/calendar/events/v1/venues/';

describe('likeSearchWords (Tribe__Duplicate__Strategy__Like::get_where_frags)', () => {
  it.each([
    ['Main St', ['main', 'st']],
    ['555-0100', ['555-0100']],
    ['a_b.c', ['a', 'b', 'c']],
    ['Zürich', ['z', 'rich']],
    ['0 hall 0', ['hall']],
    ['!!!', []],
  ])('cuts %j into %j', (search, words) => {
    expect(likeSearchWords(search)).toEqual(words);
  });
});

describe('archiveLinks (Archive_Base rest URLs)', () => {
  it('writes new values unencoded and re-encodes them in the neighbours, page last', () => {
    const links = archiveLinks(BASE, { page: 2, per_page: 1, has_events: 'a b', status: ['publish', 'draft'] }, 3);
    expect(links).toEqual({
      rest_url: `${BASE}?page=2&per_page=1&has_events=a b&status=publish,draft`,
      next_rest_url: `${BASE}?per_page=1&has_events=a+b&status=publish%2Cdraft&page=3`,
      previous_rest_url: `${BASE}?per_page=1&has_events=a+b&status=publish%2Cdraft`,
    });
  });

  it('writes an empty has_events as a bare key and a list as CSV', () => {
    expect(archiveLinks(BASE, { page: 1, per_page: 10, has_events: '', status: 'any' }, 0).rest_url).toBe(
      `${BASE}?page=1&per_page=10&has_events&status=any`,
    );
    expect(archiveLinks(BASE, { page: 1, per_page: 10, has_events: ['1', '0'], status: 'publish' }, 0).rest_url).toBe(
      `${BASE}?page=1&per_page=10&has_events=1,0&status=publish`,
    );
  });

  it('links a previous page only when it holds something', () => {
    expect(archiveLinks(BASE, { page: 5, per_page: 10, status: 'publish' }, 12).previous_rest_url).toBeUndefined();
    expect(archiveLinks(BASE, { page: 3, per_page: 10, status: 'publish' }, 12).previous_rest_url).toBe(
      `${BASE}?per_page=10&status=publish&page=2`,
    );
  });
});
