import { describe, expect, it } from 'vitest';
import type { Db } from '../../../../src/db/create-db.js';
import { ContentRenderer, type RenderedPost } from '../../../../src/wp/text/content-renderer.js';
import { testContentSite } from '../../../setup/content-env.js';

/**
 * Texts one request rendered, taken by another (ContentRenderer.replay, what the record cache
 * relies on): only where rendering them there would give the very same HTML and leave the same
 * state behind. Every text here reads no record, so no database is needed.
 */

const NOW = new Date('2026-11-26T12:00:00Z');
/** A renderer of one request; its texts are scanned (collect) as the services do before rendering. */
function request(posts: readonly RenderedPost[]): ContentRenderer {
  const renderer = new ContentRenderer(undefined as unknown as Db, testContentSite(), NOW);
  renderer.collect(posts);
  return renderer;
}
const post = (ID: number, post_content: string): RenderedPost => ({ ID, post_content, post_excerpt: '' });

const plain = post(1, 'A plain text\n\nwith "quotes" -- and [caption]no image[/caption] two paragraphs.');
const blocks = post(2, '<!-- wp:paragraph -->\n<p>A text with blocks</p>\n<!-- /wp:paragraph -->');
const later = post(3, 'Rendered [after] the others\n\nin two paragraphs');
const counted = post(4, '[audio src="https://example.org/a.mp3"]');

describe('ContentRenderer.replay', () => {
  it('takes texts rendered from the same state: the same HTML as rendering them here', () => {
    const first = request([plain, later]);
    first.renderInOrder([plain]);
    const texts = first.renderedTexts(plain.ID)!;
    expect(texts).toMatchObject({ entry: '00', exit: '00' });

    const second = request([plain, later]);
    expect(second.replay([texts])).toBe(true);
    expect(second.description(plain)).toBe(first.description(plain));
  });

  it('moves the state as the texts moved it, so later texts render as after them', () => {
    const first = request([blocks, later]);
    first.renderInOrder([blocks]);
    const texts = first.renderedTexts(blocks.ID)!;
    expect(texts.exit).not.toBe(texts.entry);

    const replayed = request([blocks, later]);
    expect(replayed.replay([texts])).toBe(true);
    const rendered = request([blocks, later]);
    rendered.renderInOrder([blocks, later]);
    expect(replayed.description(later)).toBe(rendered.description(later));
  });

  it('refuses texts that began in another state, and changes nothing then', () => {
    const afterBlocks = request([blocks, plain]);
    afterBlocks.renderInOrder([blocks, plain]);
    const plainAfterBlocks = afterBlocks.renderedTexts(plain.ID)!;
    expect(plainAfterBlocks.entry).toBe(plainAfterBlocks.exit);

    const fresh = request([plain, later]);
    expect(fresh.replay([plainAfterBlocks])).toBe(false);
    const alone = request([plain, later]);
    alone.renderInOrder([plain, later]);
    expect(fresh.description(plain)).toBe(alone.description(plain));
    expect(fresh.description(later)).toBe(alone.description(later));
  });

  it('gives no texts to replay when rendering them moved a counter (their HTML is this request\'s alone)', () => {
    const renderer = request([counted]);
    renderer.renderInOrder([counted]);
    expect(renderer.description(counted)).toContain('audio');
    expect(renderer.renderedTexts(counted.ID)).toBeUndefined();
  });
});

describe('ContentRenderer.takeGeneratedExcerpt', () => {
  const long = post(5, `${'word '.repeat(40)}\n\nand a second paragraph`);
  const blocksThenExcerpt = (renderer: ContentRenderer) => {
    renderer.renderInOrder([blocks, long]);
    return renderer.theGeneratedExcerpt(long, 30);
  };

  it('takes an excerpt generated from the same state at the same length: the same HTML as generating it here', () => {
    const first = request([long]);
    first.renderInOrder([long]);
    const excerpt = first.theGeneratedExcerpt(long, 30);
    const generated = first.generatedExcerptOf(long.ID)!;
    expect(generated).toMatchObject({ excerpt, excerptLength: 30, entry: '00' });

    const second = request([long]);
    second.renderInOrder([long]);
    expect(second.takeGeneratedExcerpt(generated, 30)).toBe(true);
    expect(second.theGeneratedExcerpt(long, 30)).toBe(excerpt);
  });

  it('refuses one generated at another length, from another state, or generated here already, changing nothing', () => {
    const first = request([long]);
    first.renderInOrder([long]);
    first.theGeneratedExcerpt(long, 30);
    const generated = first.generatedExcerptOf(long.ID)!;

    const otherLength = request([long]);
    otherLength.renderInOrder([long]);
    expect(otherLength.takeGeneratedExcerpt(generated, 55)).toBe(false);
    expect(otherLength.theGeneratedExcerpt(long, 55)).not.toBe(generated.excerpt);

    // After a text with blocks the state is another: the excerpt is generated here, as it would be.
    const afterBlocks = request([blocks, long]);
    afterBlocks.renderInOrder([blocks, long]);
    expect(afterBlocks.takeGeneratedExcerpt(generated, 30)).toBe(false);
    expect(afterBlocks.theGeneratedExcerpt(long, 30)).toBe(blocksThenExcerpt(request([blocks, long])));

    const already = request([long]);
    already.renderInOrder([long]);
    const own = already.theGeneratedExcerpt(long, 30);
    expect(already.takeGeneratedExcerpt({ ...generated, excerpt: 'another' }, 30)).toBe(false);
    expect(already.theGeneratedExcerpt(long, 30)).toBe(own);
  });

  it('gives none to replay for a content that reads records (an image of the library)', () => {
    const withImage = post(6, `${'word '.repeat(40)}<img class="wp-image-12" src="https://example.org/a.jpg" alt="">`);
    const renderer = request([withImage, long]);
    renderer.renderInOrder([withImage, long]);
    expect(renderer.theGeneratedExcerpt(withImage, 30)).toContain('word');
    expect(renderer.generatedExcerptOf(withImage.ID)).toBeUndefined();
    // Nothing generated yet: nothing to replay either.
    expect(renderer.generatedExcerptOf(long.ID)).toBeUndefined();
  });
});
