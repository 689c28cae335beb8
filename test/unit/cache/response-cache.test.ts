import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/feed/change-feed.js';
import { everythingChanged } from '../../../src/feed/data-change.js';
import { ResponseCache, type CachedResponse } from '../../../src/cache/response-cache.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const answer = (body: string): CachedResponse => ({ status: 200, headers: { 'content-type': 'application/json; charset=UTF-8' }, body });

describe('ResponseCache', () => {
  it('serves what was stored under the current generation, and nothing once the feed reports a change', () => {
    const feed = new ChangeFeed();
    const cache = new ResponseCache(feed, 1_000_000);
    const generation = feed.generation;
    cache.set('a', generation, answer('{"a":1}'));
    expect(cache.get('a', generation)?.body).toBe('{"a":1}');
    feed.publish(everythingChanged('service', '1', NOW));
    expect(cache.get('a', generation)).toBeUndefined();
    expect(cache.get('a', feed.generation)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('does not store an answer whose reads began before a change it may have missed', () => {
    const feed = new ChangeFeed();
    const cache = new ResponseCache(feed, 1_000_000);
    const readStartedAt = feed.generation;
    // A change commits while the answer is being computed...
    feed.publish(everythingChanged('binlog', 'f:1', NOW));
    // ...and the answer arrives afterwards: it must not be kept for the new generation.
    cache.set('a', readStartedAt, answer('stale'));
    expect(cache.get('a', feed.generation)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps within its byte budget, evicting the least recently used first', () => {
    const feed = new ChangeFeed();
    const body = 'x'.repeat(1000);
    // Room for two entries of ~2.2 KB, not three.
    const cache = new ResponseCache(feed, 5_000);
    const generation = feed.generation;
    cache.set('first', generation, answer(body));
    cache.set('second', generation, answer(body));
    // Reading `first` makes `second` the least recently used.
    expect(cache.get('first', generation)).toBeDefined();
    cache.set('third', generation, answer(body));
    expect(cache.bytes).toBeLessThanOrEqual(5_000);
    expect(cache.get('second', generation)).toBeUndefined();
    expect(cache.get('first', generation)).toBeDefined();
    expect(cache.get('third', generation)).toBeDefined();
  });

  it('resized smaller, evicts the least recently used until the rest fit', () => {
    const feed = new ChangeFeed();
    const cache = new ResponseCache(feed, 10_000);
    const body = 'x'.repeat(1000);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, feed.generation, answer(body));
    // `a` used last: `b` is now the least recently used.
    cache.get('a', feed.generation);
    const entry = cache.bytes / 4;
    cache.resize(Math.floor(entry * 2.5));
    expect(cache.maxBytes).toBe(Math.floor(entry * 2.5));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    expect(cache.get('b', feed.generation)).toBeUndefined();
    expect(cache.get('c', feed.generation)).toBeUndefined();
    expect(cache.get('a', feed.generation)?.body).toBe(body);
    expect(cache.get('d', feed.generation)?.body).toBe(body);
    // Resized larger, it keeps what it holds and takes more.
    cache.resize(10_000);
    cache.set('e', feed.generation, answer(body));
    expect(cache.size).toBe(3);
  });

  it('refuses an answer larger than the whole budget, and replaces an entry without counting it twice', () => {
    const feed = new ChangeFeed();
    const cache = new ResponseCache(feed, 3_000);
    cache.set('huge', feed.generation, answer('y'.repeat(5_000)));
    expect(cache.size).toBe(0);
    cache.set('a', feed.generation, answer('1'));
    const once = cache.bytes;
    cache.set('a', feed.generation, answer('1'));
    expect(cache.bytes).toBe(once);
    expect(cache.size).toBe(1);
  });

  it('counts hits and misses for the metrics', () => {
    const feed = new ChangeFeed();
    const cache = new ResponseCache(feed, 10_000);
    cache.get('a', feed.generation);
    cache.set('a', feed.generation, answer('1'));
    cache.get('a', feed.generation);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 1 });
  });
});

describe('ChangeFeed modes', () => {
  it('vouches for no generation while off, or while the binlog is not followed', async () => {
    const feed = new ChangeFeed();
    const db = {} as never;
    expect(await feed.freshGeneration(db, NOW)).toBeUndefined();
    let connected = false;
    feed.useBinlog(() => connected, NOW);
    expect(feed.mode).toBe('binlog');
    expect(await feed.freshGeneration(db, NOW)).toBeUndefined();
    connected = true;
    expect(await feed.freshGeneration(db, NOW)).toBe(feed.generation);
    feed.turnOff(NOW);
    expect(await feed.freshGeneration(db, NOW)).toBeUndefined();
  });

  it('moves the generation on every mode switch, so nothing learnt before is served after', () => {
    const feed = new ChangeFeed();
    const before = feed.generation;
    feed.useBinlog(() => true, NOW);
    expect(feed.generation).toBeGreaterThan(before);
  });
});
