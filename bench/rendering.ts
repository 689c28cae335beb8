import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '../test/setup/database.js';
import { loadSiteSettings } from '../src/wp/site/site.js';
import { toSiteUrls } from '../src/wp/site/urls.js';
import { toContentSite } from '../src/wp/text/content-site.js';
import { ContentRenderer } from '../src/wp/text/content-renderer.js';
import { selectPostsByIds } from '../src/wp/posts/posts.repository.js';

/*
 * What rendering a description costs, per post, on the recorded site's rich-content posts (events
 * 254-263, venue 264, organizer 265: blocks, dynamic blocks, captions, galleries, embeds, media,
 * images with srcset) and on its plain seed events. Each round is one request's renderer: the
 * batch load (prepare) is timed apart from the rendering itself (the_content and the_excerpt of
 * every post, in order). Nothing is cached between rounds: every request renders its texts anew,
 * as WordPress does (its per-request counters make a text's HTML depend on what the request
 * rendered before it).
 *
 * Usage: npx tsx bench/rendering.ts [rounds, default 300]
 */

const ROUNDS = Number(process.argv[2] ?? 300);
const RICH_IDS = [254, 255, 256, 257, 260, 261, 262, 263, 264, 265];
const PLAIN_IDS = Array.from({ length: 10 }, (_, index) => 50 + index);

async function main(): Promise<void> {
  const database = await createTestDatabase({ dump: 'reference' });
  try {
    const settings = await loadSiteSettings(database.db);
    const site = toContentSite(settings, toSiteUrls(settings, '/wp-json', undefined));
    for (const [name, ids] of [
      ['rich content', RICH_IDS],
      ['plain paragraphs', PLAIN_IDS],
    ] as const) {
      const posts = await selectPostsByIds(database.db, ids);
      let loading = 0;
      let rendering = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const renderer = new ContentRenderer(database.db, site, new Date());
        const loadStart = performance.now();
        await renderer.prepare(posts);
        const renderStart = performance.now();
        renderer.renderInOrder(posts);
        const end = performance.now();
        loading += renderStart - loadStart;
        rendering += end - renderStart;
      }
      const perPost = (total: number) => ((total / ROUNDS / posts.length) * 1000).toFixed(1);
      console.log(
        `${name.padEnd(18)} ${posts.length} posts x ${ROUNDS} rounds: rendering ${perPost(rendering)} µs per post, ` +
          `batch load ${(loading / ROUNDS).toFixed(2)} ms per request`,
      );
    }
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
