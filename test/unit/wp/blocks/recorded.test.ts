import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectBlockNeeds, doBlocks } from '../../../../src/wp/blocks/do-blocks.js';
import { loadBlockQueries } from '../../../../src/wp/blocks/dynamic-blocks.repository.js';
import type { PostRow } from '../../../../src/wp/posts/posts.repository.js';
import {
  emptyContentNeeds,
  newContentRenderState,
  type ContentEnv,
} from '../../../../src/wp/text/content-env.js';
import { wptexturize } from '../../../../src/wp/text/texturize.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';

/**
 * The block markup of events 254 and 255 and venue 264 (post_content in the reference
 * database) rendered by doBlocks, against the `description` WordPress 7.1 recorded for them.
 * After do_blocks, `the_content` runs wptexturize (applied here too), wpautop is skipped for
 * block texts, and wp_filter_content_tags adds loading/decoding/width/height/srcset/sizes to
 * the images: those <img> tags are compared as the block wrote them.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const HOME = 'http://127.0.0.1:8080';

function env(queries: ReadonlyMap<string, unknown>): ContentEnv {
  return {
    site: {
      home: HOME,
      siteUrl: HOME,
      uploadsUrl: `${HOME}/wp-content/uploads`,
      imageSizes: new Map(),
      useSmilies: true,
      permalink: (post: PostRow) => `${HOME}/${post.post_name}/`,
      monthLink: (year: number, month: number) => `${HOME}/${year}/${String(month).padStart(2, '0')}/`,
    },
    records: { posts: new Map(), oembedCache: new Map(), queries },
    state: newContentRenderState(),
    now: new Date('2026-11-24T12:00:00Z'),
  };
}

/** The recorded description with each image put back as the stored block markup wrote it. */
function withStoredImages(recorded: string, stored: string): string {
  const storedImages = stored.match(/<img [^>]*\/>/g) ?? [];
  let index = 0;
  return recorded.replace(/<img [^>]*\/>/g, () => storedImages[index++]!);
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
}, 120_000);
afterAll(() => database?.drop());

async function render(content: string): Promise<string> {
  const needs = emptyContentNeeds();
  collectBlockNeeds(content, needs);
  const answers = await loadBlockQueries(database.db, needs.queries);
  return doBlocks(content, env(answers));
}

describe('doBlocks on the recorded rich-content posts', () => {
  it('event 254 "Blocks Night": paragraph, heading, list, image, quote, separator, columns, code, html, group', async () => {
    const stored = fixture('post-254.html');
    const recorded = fixture('post-254.description.html');
    expect(wptexturize(await render(stored)).trim()).toBe(withStoredImages(recorded, stored));
  });

  it('event 255 "Dynamic Blocks": latest-posts and archives from the database', async () => {
    const stored = fixture('post-255.html');
    expect(wptexturize(await render(stored)).trim()).toBe(fixture('post-255.description.html'));
  });

  it('venue 264 "Block Venue": paragraph and image', async () => {
    const stored = fixture('post-264.html');
    const recorded = fixture('post-264.description.html');
    expect(wptexturize(await render(stored)).trim()).toBe(withStoredImages(recorded, stored));
  });

  it('the dynamic blocks of 255 ask for two queries, the same ones however often the text is scanned, and latest-posts finds post 1', async () => {
    const needs = emptyContentNeeds();
    collectBlockNeeds(fixture('post-255.html'), needs);
    collectBlockNeeds(fixture('post-255.html'), needs);
    expect([...needs.queries.values()]).toEqual([
      { kind: 'latest-posts', limit: 5, order: 'DESC', orderBy: 'date', categories: [], author: null },
      { kind: 'archives', type: 'monthly' },
    ]);
    const answers = await loadBlockQueries(database.db, needs.queries);
    const posts = [...answers.values()][0] as PostRow[];
    expect(posts.map((post) => post.ID)).toEqual([1]);
  });

  it('a text with blocks sets wpautop to run after shortcode_unautop for later texts', () => {
    const context = env(new Map());
    doBlocks('<p>classic</p>', context);
    expect(context.state.wpautopAfterUnautop).toBe(false);
    doBlocks('<!-- wp:paragraph --><p>x</p><!-- /wp:paragraph -->', context);
    expect(context.state.wpautopAfterUnautop).toBe(true);
  });
});
