import { describe, expect, it } from 'vitest';
import { blogIdFromPrefixes, cacheKey, keyspaceFor } from '../../../../src/wp/object-cache/keys.js';

/** The examples of object-cache.md §1 (redis-cache 2.6.3's build_key). */

const single = (prefix: string, tablePrefix = 'wp_') => keyspaceFor({ prefix, tablePrefix, baseTablePrefix: tablePrefix });

describe('cacheKey on a single site', () => {
  it('prepends WP_REDIS_PREFIX as is, with no separator of its own', () => {
    expect(cacheKey(single('site:'), 'posts', 37)).toBe('site:wp:posts:37');
    expect(cacheKey(single('site'), 'posts', 37)).toBe('sitewp:posts:37');
    expect(cacheKey(single(''), 'posts', 37)).toBe('wp:posts:37');
  });

  it('trims whitespace around the prefix as PHP trim() does', () => {
    expect(cacheKey(single(' \tsite:\n'), 'posts', 37)).toBe('site:wp:posts:37');
  });

  it('trims _ - : $ from both ends of the table prefix', () => {
    expect(cacheKey(single('', 'wp_'), 'terms', 7)).toBe('wp:terms:7');
    expect(cacheKey(single('', '_my_site__'), 'terms', 7)).toBe('my_site:terms:7');
  });

  it('replaces a colon inside the group or key by a dash', () => {
    const keyspace = single('site:');
    expect(cacheKey(keyspace, 'posts', 'post_parent:37')).toBe('site:wp:posts:post_parent-37');
    expect(cacheKey(keyspace, 'post-queries', 'wp_query:0123abcd')).toBe('site:wp:post-queries:wp_query-0123abcd');
    expect(cacheKey(keyspace, 'term-queries', 'get_terms:0123abcd')).toBe('site:wp:term-queries:get_terms-0123abcd');
    expect(cacheKey(keyspace, 'timeinfo', 'lastpostmodified:server')).toBe('site:wp:timeinfo:lastpostmodified-server');
  });

  it('gives global groups the same table prefix as site groups', () => {
    const keyspace = single('site:');
    expect(cacheKey(keyspace, 'user_meta', 1)).toBe('site:wp:user_meta:1');
    expect(cacheKey(keyspace, 'users', 'last_changed')).toBe('site:wp:users:last_changed');
  });

  it('names the default group when none is given', () => {
    expect(cacheKey(single(''), '', 'x')).toBe('wp:default:x');
  });
});

describe('cacheKey on a multisite sub-site', () => {
  const keyspace = keyspaceFor({ prefix: 'site:', tablePrefix: 'wp_3_', baseTablePrefix: 'wp_' });

  it('puts the blog id before site groups', () => {
    expect(cacheKey(keyspace, 'posts', 37)).toBe('site:3:posts:37');
    expect(cacheKey(keyspace, 'options', 'alloptions')).toBe('site:3:options:alloptions');
  });

  it('leaves P empty for global groups', () => {
    expect(cacheKey(keyspace, 'users', 1)).toBe('site::users:1');
    expect(cacheKey(keyspace, 'user_meta', 1)).toBe('site::user_meta:1');
  });

  it('refuses prefixes that name no blog id', () => {
    expect(() => keyspaceFor({ prefix: '', tablePrefix: 'blog_', baseTablePrefix: 'wp_' })).toThrow(/blog id/);
  });
});

describe('blogIdFromPrefixes', () => {
  it('reads the number between the base prefix and the last underscore', () => {
    expect(blogIdFromPrefixes('wp_2_', 'wp_')).toBe(2);
    expect(blogIdFromPrefixes('site_12_', 'site_')).toBe(12);
    expect(blogIdFromPrefixes('wp_2', 'wp_')).toBeUndefined();
    expect(blogIdFromPrefixes('wp_x_', 'wp_')).toBeUndefined();
    expect(blogIdFromPrefixes('other_2_', 'wp_')).toBeUndefined();
  });
});
