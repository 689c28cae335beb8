import { describe, expect, it } from 'vitest';
import { addQueryArgs, removeQueryArg } from '../../../../src/wp/site/query-args.js';
import { phpUrlencode } from '../../../../src/wp/php/php-values.js';

describe('add_query_arg', () => {
  it('adds new values unencoded, in order, skipping null and false', () => {
    expect(addQueryArgs('http://x/events/', { page: 1, start_date: '2026-09-01 00:00:00', search: null, ticketed: false })).toBe(
      'http://x/events/?page=1&start_date=2026-09-01 00:00:00',
    );
  });
  it('re-encodes what was already there the PHP way', () => {
    expect(addQueryArgs('http://x/e/?page=1&start_date=2026-09-01 00:00:00', { venue: '19,20' })).toBe(
      'http://x/e/?page=1&start_date=2026-09-01+00%3A00%3A00&venue=19,20',
    );
  });
  it('writes true as 1 and leaves empty values as bare keys', () => {
    expect(addQueryArgs('http://x/', { featured: true, a: '' })).toBe('http://x/?featured=1&a');
  });
  it('removes a key and re-encodes the rest', () => {
    expect(removeQueryArg('http://x/?page=2&search=a b', 'page')).toBe('http://x/?search=a+b');
  });
  it('encodes like PHP urlencode', () => {
    expect(phpUrlencode("a b:c,~*")).toBe('a+b%3Ac%2C%7E%2A');
  });
});
