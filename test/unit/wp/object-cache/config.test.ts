import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/config.js';
import { configErrorMessage } from '../../../setup/config-error.js';

const DATABASE_URL = 'mysql://user:secret@127.0.0.1:3306/wordpress';

function configError(env: Record<string, string>): string {
  return configErrorMessage({ DATABASE_URL, ...env });
}

describe('object cache settings', () => {
  it('are off unless OBJECT_CACHE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL }).objectCache).toBeUndefined();
    expect(loadConfig({ DATABASE_URL, OBJECT_CACHE_URL: '' }).objectCache).toBeUndefined();
  });

  it('read the URL and the prefix as given, the prefix empty by default', () => {
    expect(loadConfig({ DATABASE_URL, OBJECT_CACHE_URL: 'redis://127.0.0.1:6379/7', OBJECT_CACHE_PREFIX: 'site:' }).objectCache).toEqual({
      url: 'redis://127.0.0.1:6379/7',
      prefix: 'site:',
    });
    expect(loadConfig({ DATABASE_URL, OBJECT_CACHE_URL: 'rediss://user:pw@cache.internal' }).objectCache).toEqual({
      url: 'rediss://user:pw@cache.internal',
      prefix: '',
    });
  });

  it('refuse a URL that is not redis://host:port/db', () => {
    for (const url of ['127.0.0.1:6379', 'http://127.0.0.1:6379', 'redis://127.0.0.1:6379/seven', 'redis:///7']) {
      expect(configError({ OBJECT_CACHE_URL: url })).toMatch(/OBJECT_CACHE_URL: OBJECT_CACHE_URL must look like redis:\/\/host:port\/db/);
    }
  });

  it('refuse a prefix without a URL', () => {
    expect(configError({ OBJECT_CACHE_PREFIX: 'site:' })).toMatch(/OBJECT_CACHE_PREFIX: is set, but OBJECT_CACHE_URL is not/);
  });

  it('on a multisite sub-site, need a table prefix that names the blog id', () => {
    expect(loadConfig({ DATABASE_URL, TABLE_PREFIX: 'wp_2_', OBJECT_CACHE_URL: 'redis://127.0.0.1:6379/0' }).objectCache).toBeDefined();
    expect(configError({ TABLE_PREFIX: 'blog_', BASE_TABLE_PREFIX: 'wp_', OBJECT_CACHE_URL: 'redis://127.0.0.1:6379/0' })).toMatch(
      /blog id of TABLE_PREFIX "blog_" cannot be told under BASE_TABLE_PREFIX "wp_"/,
    );
  });
});
