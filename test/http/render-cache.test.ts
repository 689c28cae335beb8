import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { RenderCache } from '../../src/cache/render-cache.js';
import { ContentRenderer } from '../../src/wp/text/content-renderer.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { testContentSite } from '../setup/content-env.js';
import { compareCase, loadCases, replayCase } from '../contract/captures.js';
import { recordedAt } from '../contract/suite.js';

/**
 * The app keeps rendered texts across requests (RenderCache) only where that cannot change an
 * answer: every recorded read, replayed twice through ONE app (the second time from the cache
 * wherever a text was cacheable), answers identically both times.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  await database?.drop();
});

const READS = loadCases().filter((testCase) => !testCase.mutates && testCase.method === 'GET');

describe('rendered texts cached across requests', () => {
  it('leave every recorded read identical when the same app answers them all twice', async () => {
    let instant = new Date(0);
    const clock: Clock = { now: () => instant };
    const handler = createHandler({ db: database.db, config: loadConfig({ DATABASE_URL: database.url }), clock });
    const agent = supertest(handler);
    const mismatched: string[] = [];
    for (const pass of [1, 2]) {
      for (const testCase of READS) {
        instant = new Date(recordedAt(testCase));
        const comparison = compareCase(testCase, await replayCase(agent, testCase));
        if (!comparison.pass) mismatched.push(`pass ${pass} ${testCase.id}: ${comparison.mismatches.slice(0, 2).join('; ')}`);
      }
    }
    expect(READS.length).toBeGreaterThan(200);
    expect(mismatched).toEqual([]);
  }, 120_000);
});

describe('ContentRenderer with a RenderCache', () => {
  const post = (ID: number, post_content: string) => ({ ID, post_content, post_excerpt: '' });
  const render = async (cache: RenderCache, posts: ReturnType<typeof post>[]) => {
    const renderer = new ContentRenderer(database.db, testContentSite(), new Date(), cache);
    await renderer.prepare(posts);
    renderer.renderInOrder(posts);
    return posts.map((p) => renderer.description(p));
  };

  it('keeps a plain text, and a later request gets the same HTML from it', async () => {
    const cache = new RenderCache();
    const [first] = await render(cache, [post(1, 'Hello "world" -- :)')]);
    const entries = cache.count;
    expect(entries).toBeGreaterThan(0);
    const [second] = await render(cache, [post(1, 'Hello "world" -- :)')]);
    expect(second).toBe(first);
    expect(cache.count).toBe(entries);
  });

  it('never keeps a text that bumps a request counter or reads records', async () => {
    const cache = new RenderCache();
    await render(cache, [post(1, '[audio src="http://127.0.0.1:8080/a.mp3"]'), post(2, '<img class="wp-image-252" src="http://127.0.0.1:8080/x.jpg">')]);
    // Only the two empty excerpts were cacheable.
    expect(cache.count).toBe(1);
    const [first, again] = await render(cache, [post(1, '[audio src="http://127.0.0.1:8080/a.mp3"]'), post(3, '[audio src="http://127.0.0.1:8080/a.mp3"]')]);
    // Each request counts its own players: the first is audio 1 again, the second audio 2.
    expect(first).toContain('id="audio-0-1"');
    expect(again).toContain('id="audio-0-2"');
  });

  it('moves wpautop for the rest of the request when a cached text with blocks is served', async () => {
    const cache = new RenderCache();
    const blocks = '<!-- wp:paragraph -->\n<p>Blocks</p>\n<!-- /wp:paragraph -->';
    const caption = '[caption width="10"]<img src="http://127.0.0.1:8080/x.png" width="10" height="10" /> C[/caption]';
    await render(cache, [post(1, blocks)]);
    const [, captioned] = await render(cache, [post(1, blocks), post(2, caption)]);
    expect(captioned!.startsWith('<p><figure')).toBe(true);
  });
});

describe('RenderCache', () => {
  const CONTEXT = 'the_content\u00000\u0000site';
  it('drops the least recently used entries beyond its size', () => {
    const cache = new RenderCache(20_000);
    cache.set('a', CONTEXT, { html: 'x'.repeat(150), movesWpautop: false });
    cache.set('b', CONTEXT, { html: 'y'.repeat(150), movesWpautop: false });
    // Keep reading `a` while filling: when the cache overflows, `b` (least recently used) goes,
    // although `a` was stored first.
    let filler = 0;
    for (; filler < 1_000; filler += 1) {
      expect(cache.get('a', CONTEXT)).toBeDefined();
      const before = cache.count;
      cache.set(`k${filler}`, CONTEXT, { html: 'z'.repeat(150), movesWpautop: false });
      if (cache.count === before) break; // this one pushed an entry out
    }
    expect(filler).toBeGreaterThan(100);
    expect(cache.get('b', CONTEXT)).toBeUndefined();
    expect(cache.get('a', CONTEXT)?.html).toHaveLength(150);
  });

  it('keeps one text rendered in different contexts apart, and counts each rendering', () => {
    const cache = new RenderCache(20_000);
    cache.set('a', CONTEXT, { html: '<p>a</p>', movesWpautop: false });
    cache.set('a', 'the_excerpt\u00000\u0000site', { html: 'a', movesWpautop: true });
    cache.set('a', CONTEXT, { html: '<p>a again</p>', movesWpautop: false });
    expect(cache.get('a', CONTEXT)?.html).toBe('<p>a again</p>');
    expect(cache.get('a', 'the_excerpt\u00000\u0000site')).toEqual({ html: 'a', movesWpautop: true });
    expect(cache.get('a', 'the_content\u00001\u0000site')).toBeUndefined();
    expect(cache.count).toBe(2);
    expect([cache.hits, cache.misses]).toEqual([2, 1]);
  });

  it('tells apart long texts that begin and end alike, and keeps the last one stored', () => {
    const cache = new RenderCache(100_000);
    const text = (middle: string) => `${'a'.repeat(60)}${middle}${'z'.repeat(60)}`;
    cache.set(text('one'), CONTEXT, { html: 'one', movesWpautop: false });
    expect(cache.get(text('two'), CONTEXT)).toBeUndefined();
    cache.set(text('two'), CONTEXT, { html: 'two', movesWpautop: false });
    expect(cache.get(text('two'), CONTEXT)?.html).toBe('two');
    expect(cache.get(text('one'), CONTEXT)).toBeUndefined();
    expect(cache.count).toBe(1);
  });

  it('does not keep a text larger than a hundredth of its size', () => {
    const cache = new RenderCache(1000);
    cache.set('big', '', { html: 'x'.repeat(20), movesWpautop: false });
    expect(cache.get('big', '')).toBeUndefined();
  });
});
