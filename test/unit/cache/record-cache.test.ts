import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/feed/change-feed.js';
import { everythingChanged, type DataChange } from '../../../src/feed/data-change.js';
import { DependencyTag } from '../../../src/feed/dependencies.js';
import { RecordCache } from '../../../src/cache/record-cache.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const event = (id: number) => ({ kind: 'event', id, variant: 'list\ncalendar/events/v1\nuser:0' });
const rendering = (title: string, ...tags: string[]) => ({ fragment: { title, nested: { items: [1] } }, tags: new Set(tags) });

/** A change that touched exactly `tags` (as a binlog row or an own write reports it). */
function touching(...tags: string[]): DataChange {
  return { ...everythingChanged('binlog', 'f:1', NOW), everything: false, touched: new Set(tags) };
}

describe('RecordCache', () => {
  it('keeps a rendering under kind, ID and variant until a change touches a tag it read', () => {
    const feed = new ChangeFeed();
    const cache = new RecordCache(feed, 1_000_000);
    cache.set(event(6), feed.generation, rendering('six', DependencyTag.post(6), DependencyTag.post(5)), 100);
    cache.set(event(7), feed.generation, rendering('seven', DependencyTag.post(7), DependencyTag.post(5)), 100);
    cache.set(event(38), feed.generation, rendering('thirty-eight', DependencyTag.post(38), DependencyTag.post(23)), 100);
    expect(cache.get(event(6), feed.generation)?.fragment).toEqual({ title: 'six', nested: { items: [1] } });
    expect(cache.get({ ...event(6), variant: 'list\ntribe/events/v1\nuser:0' }, feed.generation)).toBeUndefined();

    // Venue 5 changed: the two events that embed it go, the third stays.
    feed.publish(touching(DependencyTag.post(5), DependencyTag.list('tribe_venue')));
    expect(cache.get(event(6), feed.generation)).toBeUndefined();
    expect(cache.get(event(7), feed.generation)).toBeUndefined();
    expect(cache.get(event(38), feed.generation)?.fragment).toMatchObject({ title: 'thirty-eight' });

    // A change the source cannot describe drops everything.
    feed.publish(everythingChanged('probe', '2', NOW));
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('does not keep a rendering whose reads began before a change that touched what it read', () => {
    const feed = new ChangeFeed();
    const cache = new RecordCache(feed, 1_000_000);
    const readsBegan = feed.generation;
    feed.publish(touching(DependencyTag.post(6)));
    cache.set(event(6), readsBegan, rendering('stale', DependencyTag.post(6)), 100);
    cache.set(event(7), readsBegan, rendering('fresh', DependencyTag.post(7)), 100);
    expect(cache.get(event(6), feed.generation)).toBeUndefined();
    expect(cache.get(event(7), feed.generation)?.fragment).toMatchObject({ title: 'fresh' });
  });

  it('freezes what it keeps, since every answer that shows a record shares it', () => {
    const feed = new ChangeFeed();
    const cache = new RecordCache(feed, 1_000_000);
    const kept = rendering('six', DependencyTag.post(6));
    cache.set(event(6), feed.generation, kept, 100);
    expect(() => {
      (kept.fragment.nested.items as number[]).push(2);
    }).toThrow(TypeError);
  });

  it('keeps within its byte budget, the least recently used going first', () => {
    const feed = new ChangeFeed();
    const cache = new RecordCache(feed, 1_000);
    cache.set(event(1), feed.generation, rendering('one', DependencyTag.post(1)), 300);
    cache.set(event(2), feed.generation, rendering('two', DependencyTag.post(2)), 300);
    expect(cache.get(event(1), feed.generation)).toBeDefined();
    cache.set(event(3), feed.generation, rendering('three', DependencyTag.post(3)), 300);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
    expect(cache.get(event(2), feed.generation)).toBeUndefined();
    expect(cache.get(event(1), feed.generation)).toBeDefined();
    expect(cache.get(event(3), feed.generation)).toBeDefined();
  });
});
