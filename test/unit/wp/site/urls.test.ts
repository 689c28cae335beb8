import { describe, expect, it } from 'vitest';
import { requestedRestRoute, restRootUrl, usingIndexPermalinks } from '../../../../src/wp/site/urls.js';

describe('usingIndexPermalinks (WP_Rewrite::using_index_permalinks)', () => {
  it('is true for structures starting with index.php after any slashes', () => {
    for (const structure of ['/index.php/%postname%/', 'index.php/%year%/', '//index.php/%postname%']) {
      expect(usingIndexPermalinks(structure)).toBe(true);
    }
  });

  it('lets the dot match any character, as WordPress’s unescaped pattern does', () => {
    expect(usingIndexPermalinks('/index_php/%postname%/')).toBe(true);
  });

  it('is false for plain and mod_rewrite structures', () => {
    for (const structure of ['', '/%postname%/', '/blog/index.php/%postname%/']) {
      expect(usingIndexPermalinks(structure)).toBe(false);
    }
  });

  it('puts the REST root under index.php for such structures', () => {
    expect(restRootUrl('https://x.test', '/wp-json', 'index.php/%postname%/')).toBe('https://x.test/index.php/wp-json/');
  });
});

describe('requestedRestRoute (rest_api_loaded)', () => {
  it('is no route for PHP-empty values, which WordPress leaves to the page', () => {
    expect(requestedRestRoute('')).toBeUndefined();
    expect(requestedRestRoute('0')).toBeUndefined();
  });

  it('untrailingslashes, an emptied route becoming the root', () => {
    expect(requestedRestRoute('/calendar/events/v1/events/')).toBe('/calendar/events/v1/events');
    expect(requestedRestRoute('/x/\\/')).toBe('/x');
    expect(requestedRestRoute('/')).toBe('/');
    expect(requestedRestRoute('0/')).toBe('/');
  });

  it('adds no leading slash', () => {
    expect(requestedRestRoute('events')).toBe('events');
    expect(requestedRestRoute('calendar/events/v1/')).toBe('calendar/events/v1');
  });
});
